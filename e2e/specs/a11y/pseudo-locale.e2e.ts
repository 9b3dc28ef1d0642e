import { CHART_SCREENS, eachChartState } from '../../pageobjects/a11y/ChartStates';
import { eachOverlay, PLUGIN_OVERLAYS, SHELL_OVERLAYS } from '../../pageobjects/a11y/Overlays';
import { installPageProbe, serverStrings, settle } from '../../pageobjects/a11y/PageProbe';
import { shownTexts, untranslated, useLanguage, usePseudoLocale, type ShownText } from '../../pageobjects/a11y/PseudoLocale';
import { landingProduct, pagesOfBuild, visit, WALK_TIMEOUT_MS } from '../../pageobjects/a11y/RouteCatalog';
import { LoginPage } from '../../pageobjects/shell/LoginPage';

/** Untranslated texts by text, with where they showed. */
class Report {
  private readonly byText = new Map<string, Set<string>>();
  add(page: string, found: ShownText[]) {
    for (const f of found) {
      const key = `${f.kind === 'text' ? '' : `${f.kind}: `}'${f.text}'`;
      if (!this.byText.has(key)) this.byText.set(key, new Set());
      this.byText.get(key)!.add(`${page} (${f.where})`);
    }
  }
  /** Fails listing every untranslated text and the pages that show it. */
  expectEmpty() {
    if (this.byText.size === 0) return;
    const lines = [...this.byText.entries()].map(([text, where]) => `${text}\n${[...where].map((w) => `    ${w}`).join('\n')}`);
    throw new Error(`${this.byText.size} text(s) on screen did not go through i18next:\n${lines.join('\n')}`);
  }
}

async function check(report: Report, page: string) {
  report.add(page, untranslated(await shownTexts(), await serverStrings()));
}

// Issue 13 §8: with the pseudo-locale on, every text of every page is pseudo-localized or data.
describe('every string goes through i18next (pseudo-locale en-XA)', () => {
  before(async () => {
    await installPageProbe();
  });
  after(async () => {
    // The session's storage outlives this file only within it; leave English behind regardless.
    await useLanguage('en').catch(() => undefined);
  });

  it('the sign-in page, both tabs', async () => {
    const report = new Report();
    const login = new LoginPage();
    await browser.url('/login');
    await browser.deleteAllCookies();
    await usePseudoLocale();
    await login.open();
    await settle();
    await expect(login.submit).toHaveText(expect.stringMatching(/^⟦.*⟧$/));
    await check(report, '/login (Current Users)');
    await login.requestAccessTab.click();
    await check(report, '/login (Request Access)');
    report.expectEmpty();
  });

  it('every route of the build as admin, the shell pages and the overlays', async () => {
    const report = new Report();
    await new LoginPage().loginAs('admin@example.com');
    await usePseudoLocale();
    const pages = await pagesOfBuild();
    const shellPages = [
      { url: '/no/such/page', label: 'not-found', routeId: '' },
      { url: '/logout-confirm', label: 'logout-confirm', routeId: '' },
      // SHELL-028: the routing warning of a client the user does not have.
      { url: '/no-such-client/us/home', label: 'invalid client warning', routeId: '' },
    ];
    const seen = new Set<string>();
    const screens = [...CHART_SCREENS];
    for (const page of [...pages, ...shellPages]) {
      const { landed } = await visit(page.url);
      if (seen.has(landed)) continue;
      seen.add(landed);
      // The pseudo-locale is on: the tab's title is pseudo-localized.
      if (seen.size === 1) expect(await browser.getTitle()).toMatch(/^⟦.*⟧$/);
      await check(report, `${page.label} at ${landed}`);
      // The chart screens' states (issue 27 §5), on the chart just loaded.
      const screen = screens.find((s) => s.routeIds.includes(page.routeId));
      if (!screen) continue;
      screens.splice(screens.indexOf(screen), 1);
      await eachChartState(screen, (state) => check(report, `${page.label} at ${landed}, ${state.name}`));
    }
    await eachOverlay([...SHELL_OVERLAYS, ...PLUGIN_OVERLAYS], await landingProduct(), async (c) => {
      await check(report, `overlay '${c.name}'`);
    });
    report.expectEmpty();
  }).timeout(WALK_TIMEOUT_MS);
});
