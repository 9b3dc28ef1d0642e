import { installPageProbe, serverStrings, settle } from '../../pageobjects/a11y/PageProbe';
import { UntranslatedReport, useLanguage, usePseudoLocale } from '../../pageobjects/a11y/PseudoLocale';
import { LoginPage } from '../../pageobjects/shell/LoginPage';

// Issue 13 §8: with the pseudo-locale on, every text of every page is pseudo-localized or data.
// The pages after sign-in (every route of the build, the shell pages, the chart screens' states and
// the overlays) are read in axe.e2e.ts's admin walk, which runs in the pseudo-locale: one walk
// checks both, instead of two walks over the same pages (issue 26).
describe('every string goes through i18next (pseudo-locale en-XA)', () => {
  before(async () => {
    await installPageProbe();
  });
  after(async () => {
    // The session's storage outlives this file only within it; leave English behind regardless.
    await useLanguage('en').catch(() => undefined);
  });

  it('the sign-in page, both tabs', async () => {
    const report = new UntranslatedReport();
    const login = new LoginPage();
    await browser.url('/login');
    await browser.deleteAllCookies();
    await usePseudoLocale();
    await login.open();
    await settle();
    await expect(login.submit).toHaveText(expect.stringMatching(/^⟦.*⟧$/));
    await report.check('/login (Current Users)', await serverStrings());
    await login.requestAccessTab.click();
    await report.check('/login (Request Access)', await serverStrings());
    report.expectEmpty();
  });
});
