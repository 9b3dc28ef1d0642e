import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { clickWhenSettled } from '../../pageobjects/shell/Shell';
import { Toolbox } from '../../pageobjects/toolbox/Toolbox';

const HOME = '/acme/us/fizz-cola/fizz-zero/home';

describe('toolbox', () => {
  const toolbox = new Toolbox();

  before(async () => {
    await new LoginPage().loginAs('admin@example.com');
  });

  it('TBX-001 TBX-003 shows the units of the region in the nav; a UK-only unit is hidden in the US and shown in the UK', async () => {
    await browser.url(HOME);
    await toolbox.shell.waitForShell();
    await toolbox.navItem('Demo App').waitForDisplayed({ timeout: 15000 });
    await expect(toolbox.navItem('Product Planner')).toBeDisplayed();
    // An external unit is a link that opens a new tab.
    await expect(toolbox.navItem('Media Calculator')).toHaveAttribute('target', '_blank');
    // Issue 14 §5: a real page (the demo application's), not a placeholder host.
    await expect(toolbox.navItem('Media Calculator')).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/toolbox-demo\/link\?name=Media%20Calculator$/);
    await expect(toolbox.navItem('UK Retail Portal')).not.toBeExisting();
    await expect(toolbox.navItem('Retired Dashboard')).not.toBeExisting();

    await toolbox.shell.choose('region', 'United Kingdom');
    await browser.waitUntil(async () => (await browser.getUrl()).includes('/acme/uk/'));
    await toolbox.navItem('UK Retail Portal').waitForDisplayed({ timeout: 15000 });
    await expect(toolbox.navItem('Demo App')).toBeDisplayed();
  });

  it('TBX-014 TBX-017 TBX-019 opens the demo application in a frame, which validates the SSO token and greets the signed-in user', async () => {
    await browser.url(HOME);
    await toolbox.shell.waitForShell();
    await clickWhenSettled(() => toolbox.navItem('Demo App'));
    await browser.waitUntil(async () => (await browser.getUrl()).endsWith('/acme/us/fizz-cola/fizz-zero/toolbox-app/Demo%20App'));
    await toolbox.inFrame(async () => {
      await toolbox.waitForDemoText('greeting', 'Hello, Ada Admin');
      await toolbox.waitForDemoText('email', 'admin@example.com');
      await toolbox.waitForDemoText('status', 'Signed in with single sign-on');
      await toolbox.waitForDemoText('context', 'acme / us / fizz-cola / fizz-zero');
      await toolbox.waitForDemoText('token-count', '1');
    });
  });

  it('TBX-021 tells the frame about a product change without reloading it', async () => {
    await toolbox.shell.choose('product', 'Fizz Classic');
    await browser.waitUntil(async () => (await browser.getUrl()).endsWith('/acme/us/fizz-cola/fizz-classic/toolbox-app/Demo%20App'));
    await toolbox.inFrame(async () => {
      await toolbox.waitForDemoText('context', 'acme / us / fizz-cola / fizz-classic');
      // the same document: the greeting and the one token it got are still there
      await expect(toolbox.demo('greeting')).toHaveText('Hello, Ada Admin');
      await expect(toolbox.demo('token-count')).toHaveText('1');
    });
  });

  it('TBX-020 answers a token request from the frame, ignores one from a page of another origin', async () => {
    await toolbox.inFrame(async () => {
      await toolbox.demo('intruder').click();
      const intruder = $('[data-testid="demo-intruder-frame"]');
      await intruder.waitForDisplayed();
      await browser.switchFrame(await intruder.getElement());
      await browser.waitUntil(async () => (await $('[data-testid="intruder-state"]').getText()).startsWith('Asked the app for a token from'), {
        timeout: 10000,
      });
      await browser.switchFrame(null);
      await browser.switchFrame(await toolbox.frame.getElement());
      // A window for what must not come (a token for the frame's page from the intruder's request), not a wait for a state.
      await browser.pause(1500);
      await expect(toolbox.demo('token-count')).toHaveText('1');
      await toolbox.demo('ask').click();
      await toolbox.waitForDemoText('token-count', '2');
      await toolbox.waitForDemoText('status', 'Signed in with single sign-on');
    });
  });

  it('TBX-015 sends a unit that is not iframed, or unknown, to home', async () => {
    await browser.url('/acme/us/fizz-cola/fizz-zero/toolbox-app/Media%20Calculator');
    await browser.waitUntil(async () => (await browser.getUrl()).endsWith('/home'), { timeout: 15000 });
    await browser.url('/acme/uk/toolbox-app/No%20Such%20Unit');
    await browser.waitUntil(async () => (await browser.getUrl()).endsWith('/home'), { timeout: 15000 });
  });

  it('TBX-025 TBX-026 a client and region without brands shows the notice page', async () => {
    await browser.url('/initech/ca/some-brand/some-product/home');
    await browser.waitUntil(async () => (await browser.getUrl()).endsWith('/notice'), { timeout: 15000 });
    await expect(toolbox.noticePage.$('h1')).toHaveText('Oops...');
    await expect($('[data-testid="notice-text"]')).toHaveText(
      'The selected client and region has no brand or product associated with it. Please contact your Agency Admin.',
    );
    // The support address the e2e server configures (DISCOVERY_SUPPORT_URL, scripts/e2e.ts).
    await expect($('[data-testid="notice-support"]')).toHaveAttribute('href', 'https://support.discovery.test/');
  });

  it('TBX-012 TBX-007 TBX-008 the management screen adds a UK-only link (not in the US nav) and hides a unit (it leaves the nav)', async () => {
    await browser.url('/acme/us/fizz-cola/fizz-zero/toolbox');
    await toolbox.adminPage.waitForDisplayed({ timeout: 15000 });
    await toolbox.unitRow('Demo App').waitForDisplayed();
    await expect(toolbox.unitRow('Retired Dashboard')).toHaveText(expect.stringContaining('Hidden'));
    await toolbox.addUnit({ name: 'E2E Portal', url: 'https://e2e-portal.example.com/', embedded: false, regions: ['United Kingdom'] });
    await toolbox.unitRow('E2E Portal').waitForDisplayed();
    await expect(toolbox.unitRow('E2E Portal')).toHaveText(expect.stringContaining('United Kingdom'));
    await expect(toolbox.unitRow('E2E Portal')).toHaveText(expect.stringContaining('New tab'));
    await expect(toolbox.navItem('E2E Portal')).not.toBeExisting();

    await toolbox.navItem('Media Calculator').waitForDisplayed();
    await clickWhenSettled(() => $('button[aria-label="Hide Media Calculator"]'));
    await browser.waitUntil(async () => (await toolbox.unitRow('Media Calculator').getText()).includes('Hidden'), { timeout: 10000 });
    await toolbox.navItem('Media Calculator').waitForExist({ reverse: true, timeout: 10000 });

    await toolbox.shell.choose('region', 'United Kingdom');
    await toolbox.navItem('E2E Portal').waitForDisplayed({ timeout: 15000 });
    await expect(toolbox.navItem('E2E Portal')).toHaveAttribute('href', 'https://e2e-portal.example.com/');
  });

  it('TBX-023 on logout the frame is told {type: logout} before the app leaves', async () => {
    await browser.url('/acme/us/toolbox-app/Demo%20App');
    await toolbox.inFrame(() => toolbox.waitForDemoText('greeting', 'Hello, Ada Admin'));
    const demo = new URL((await toolbox.frame.getAttribute('src')) ?? '');
    const events = async () => ((await (await fetch(`${demo.origin}/toolbox-demo/events`)).json()) as { data: { type: string; origin: string }[] }).data;
    const before = (await events()).filter((e) => e.type === 'logout').length;
    await toolbox.shell.chooseUserMenu('Logout');
    await browser.waitUntil(async () => (await browser.getUrl()).includes('/login'), { timeout: 15000 });
    const logouts = (await events()).filter((e) => e.type === 'logout');
    expect(logouts.length).toBe(before + 1);
    // sent by the app itself (the frame's parent), at the frame's origin
    expect(logouts[logouts.length - 1].origin).toBe(new URL(await browser.getUrl()).origin);
  });
});
