import { LoginPage } from '../../pageobjects/shell/LoginPage';

describe('public and fallback pages', () => {
  it('SHELL-015 SHELL-016 shows the not-found page for an unknown path', async () => {
    await new LoginPage().loginAs('admin@example.com');
    await browser.url('/no/such/page/at/all/here');
    await expect($('h1=404')).toBeDisplayed();
    await expect($('body')).toHaveText(expect.stringContaining('No page matches that URL'));
    const link = $('a=Go to Home');
    await expect(link).toHaveAttribute('href', '/home');
  });

  it('SHELL-014 redirects the empty path to /home and on to the default context', async () => {
    await browser.url('/');
    await browser.waitUntil(async () => /\/home$/.test(await browser.getUrl()));
    expect(await browser.getUrl()).not.toMatch(/\/\/home$/);
  });

  it('SHELL-092 SHELL-093 lists the eight services as OK on the health page, without signing in', async () => {
    await browser.deleteAllCookies();
    await browser.url('/health');
    await $('[data-testid="health-table"]').waitForDisplayed();
    const rows = await $$('[data-testid^="health-"]:not([data-testid="health-table"])');
    expect(rows.length).toBe(8);
    for (const key of ['apiGateway', 'auth', 'clients', 'insights', 'idAnalytics', 'toolkit', 'plans', 'segments']) {
      await expect($(`[data-testid="health-${key}"] .bp6-tag`)).toHaveText('OK');
    }
    await expect($('[data-testid="health-idAnalytics"]')).toHaveText(expect.stringContaining('ID analytics'));
  });

  it('SHELL-095 SHELL-096 privacy policy: 11 linked sections and Back to Top after 400 px', async () => {
    await browser.url('/privacy-policy');
    await $('[data-testid="privacy-toc"]').waitForDisplayed();
    const links = await $$('[data-testid="privacy-toc"] li a');
    expect(links.length).toBe(11);
    await expect($('button*=Back to Top')).not.toBeExisting();
    await links[10].click();
    await browser.waitUntil(async () => (await browser.execute(() => window.scrollY)) > 400);
    const back = $('button*=Back to Top');
    await back.waitForDisplayed();
    await back.click();
    await browser.waitUntil(async () => (await browser.execute(() => window.scrollY)) === 0);
    await expect($('body')).toHaveText(expect.stringContaining('last updated April 30, 2018'));
  });
});
