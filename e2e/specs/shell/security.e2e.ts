import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { clickWhenSettled, Shell } from '../../pageobjects/shell/Shell';
import { Toolbox } from '../../pageobjects/toolbox/Toolbox';

const HOME = '/acme/us/fizz-cola/fizz-zero/home';

/** What Chromium reported against the page's Content-Security-Policy since the last call. */
async function cspViolations(): Promise<string[]> {
  const logs = (await browser.getLogs('browser')) as { message: string }[];
  return logs.map((l) => l.message).filter((m) => /Content Security Policy/i.test(m));
}

/**
 * Issue 12 §4 and §5 in Chromium: the app works under its Content-Security-Policy (no violation on
 * the pages, overlays and the embedded application), and the logout address reached from another
 * site asks before it signs the user out.
 */
describe('security in the browser', () => {
  const login = new LoginPage();
  const shell = new Shell();
  const toolbox = new Toolbox();

  it('the detector works: an inline style attribute is reported under the policy', async () => {
    await login.open();
    await cspViolations();
    await browser.execute(() => {
      const d = document.createElement('div');
      d.setAttribute('style', 'color: red');
      document.body.appendChild(d);
    });
    await browser.waitUntil(async () => (await cspViolations()).some((m) => m.includes("style-src 'self'")), {
      timeout: 5000,
      timeoutMsg: 'no CSP report for an inline style',
    });
  });

  it('every page answer carries the CSP: scripts from self, frames from self and the demo application, framed by self only', async () => {
    const res = await fetch(`${browser.options.baseUrl}/acme/us/home`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/frame-src 'self' http:\/\/127\.0\.0\.1:\d+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('signs in, opens the pages, overlays and the embedded application without a CSP violation', async () => {
    await login.loginAs('admin@example.com');
    await shell.waitForShell();
    const visited: Record<string, string[]> = {};
    const check = async (where: string) => {
      visited[where] = await cspViolations();
    };
    for (const path of [
      HOME,
      '/acme/us/fizz-cola/fizz-zero/audiences/overview',
      '/acme/us/fizz-cola/fizz-zero/audiences/builder',
      '/acme/us/brands/admin',
      '/global/admin/dashboard',
      '/health',
      '/privacy-policy',
      '/dev/charts',
      '/acme/us/fizz-cola/fizz-zero/audiences/overview/audience/1',
    ]) {
      await browser.url(path);
      // the page's heading has rendered (its chunk loaded, its data arrived)
      await browser.waitUntil(
        () => browser.execute(() => Array.from(document.querySelectorAll('main h1, main h2')).some((h) => h.getClientRects().length > 0 && !!h.textContent)),
        {
          timeout: 15000,
          timeoutMsg: `${path} showed no heading`,
        },
      );
      await check(path);
    }
    await browser.url(HOME);
    await shell.waitForShell();
    await shell.selector('product').click();
    const productMenu = $('.bp6-popover .bp6-menu');
    await productMenu.waitForDisplayed();
    await browser.keys('Escape');
    await productMenu.waitForExist({ reverse: true });
    await shell.userMenuButton.click();
    await $('[data-testid="user-menu-items"]').waitForDisplayed();
    await browser.keys('Escape');
    await $('[data-testid="nav-item-notifications"]').click();
    await $('.bp6-drawer').waitForDisplayed();
    await browser.keys('Escape');
    await check('overlays');
    await browser.url('/acme/us/fizz-cola/fizz-zero/toolbox');
    await toolbox.adminPage.waitForDisplayed({ timeout: 15000 });
    await clickWhenSettled(
      () => $('[data-testid="add-unit"]'),
      async () => $('[data-testid="unit-dialog"]').isDisplayed(),
    );
    await browser.keys('Escape');
    await check('toolbox dialog');
    await clickWhenSettled(() => toolbox.navItem('Demo App'));
    await toolbox.inFrame(() => toolbox.waitForDemoText('status', 'Signed in with single sign-on'));
    await check('embedded application');
    expect(visited).toEqual(Object.fromEntries(Object.keys(visited).map((k) => [k, []])));
  });

  it('SRV-012 the logout address reached from another site asks first; Stay signed in keeps the session, Sign out ends it', async () => {
    await browser.url(HOME);
    await toolbox.navItem('Demo App').waitForDisplayed({ timeout: 15000 });
    await clickWhenSettled(() => toolbox.navItem('Demo App'));
    await toolbox.frame.waitForDisplayed({ timeout: 20000 });
    const demoPage = (await toolbox.frame.getAttribute('src'))!;
    const appOrigin = new URL(await browser.getUrl()).origin;
    const logoutFromDemo = async () => {
      // A top-level page of the demo application's origin (another site's page) sends the browser to the logout address.
      await browser.url(demoPage);
      await browser.execute((u) => window.location.assign(u), `${appOrigin}/api/v1/adfs/logout?returnUrl=${encodeURIComponent('/acme/us/home')}`);
      await $('[data-testid="logout-confirm"]').waitForDisplayed({ timeout: 15000 });
    };

    await logoutFromDemo();
    await expect($('h1')).toHaveText('Sign out of Discovery?');
    await $('button*=Stay signed in').click();
    await browser.waitUntil(async () => (await browser.getUrl()).endsWith('/acme/us/home'));
    await shell.waitForShell();

    await logoutFromDemo();
    await $('button*=Sign out').click();
    await browser.waitUntil(async () => (await browser.getUrl()).includes(`/login?returnUrl=${encodeURIComponent('/acme/us/home')}`), { timeout: 15000 });
    await browser.url(HOME);
    await browser.waitUntil(async () => (await browser.getUrl()).includes('/login?returnUrl='));
  });
});
