import { NotificationCenter } from '../../pageobjects/notifications/NotificationCenter';
import { Builder } from '../../pageobjects/audiences/Audiences';
import { Layout } from '../../pageobjects/shell/Layout';
import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { clickWhenSettled, Shell } from '../../pageobjects/shell/Shell';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const POPOVER_REACT19 = '<Popover> positions content incorrectly under React 19';

/**
 * What a new user meets (issue 14 'Fix' list), walked in Chromium at a laptop's 1440 × 900:
 * console, sizes, scrolling and the entry points each demo user is offered. The walk's
 * screenshots are written to .e2e-output/walk/.
 */
/** Signs out and in as another user in the same browser, keeping what local storage remembers. */
async function switchUser(login: LoginPage, email: string) {
  await browser.deleteAllCookies();
  await login.open();
  await login.signIn(email);
  await browser.waitUntil(async () => !(await browser.getUrl()).includes('/login'), { timeoutMsg: `still on /login after signing in as ${email}` });
}

describe('what a new user meets (issue 14)', () => {
  const login = new LoginPage();
  const shell = new Shell();
  const layout = new Layout();
  const notifications = new NotificationCenter();

  before(async () => {
    await layout.viewport(1440, 900);
  });

  it('§12 the sign-in page logs no failed request: a signed-out visit is not an error', async () => {
    await browser.url('/login');
    await browser.deleteAllCookies();
    await browser.execute(() => localStorage.clear());
    await layout.console();
    await browser.url('/');
    await login.email.waitForDisplayed();
    await browser.url('/login');
    await login.email.waitForDisplayed();
    // A window for what must not come (a failed request logged late), not a wait for a state.
    await browser.pause(500);
    expect(await layout.consoleErrors()).toEqual([]);
    await layout.screenshot('01-sign-in');
  });

  it('§5 Request Access opens the configured service desk in a new tab', async () => {
    await clickWhenSettled(
      () => login.requestAccessTab,
      async () => (await login.requestAccessTab.getAttribute('aria-selected')) === 'true',
    );
    const button = $('[data-testid="request-access-button"]');
    await expect(button).toHaveAttribute('href', 'https://servicedesk.discovery.test/request-access');
    await expect(button).toHaveAttribute('target', '_blank');
  });

  it('§6 at 1440 × 900 the nav starts collapsed, the 1280 px main area fits without sideways scrolling and New Audience is in view', async () => {
    await login.loginAs('admin@example.com');
    await shell.waitForShell();
    await browser.url(`/${ACME}/audiences/overview`);
    const newAudience = $('[data-testid="audiences-new"]');
    await newAudience.waitForDisplayed({ timeout: 15000 });
    expect((await layout.box('nav[data-testid="left-nav"]')).width).toBe(56);
    expect((await layout.box('main')).width).toBeGreaterThanOrEqual(1280);
    expect(await layout.horizontalOverflow()).toBe(0);
    const button = await layout.box('[data-testid="audiences-new"]');
    expect(button.right).toBeLessThanOrEqual(await layout.clientWidth());
    expect(await newAudience.isClickable()).toBe(true);
    await layout.screenshot('02-overview-1440');
  });

  it('§6 the user’s own choice is remembered for them, and only for them', async () => {
    await clickWhenSettled(
      () => shell.navToggle,
      async () => (await layout.box('nav[data-testid="left-nav"]')).width === 200,
    );
    await browser.refresh();
    await shell.waitForShell();
    await browser.waitUntil(async () => (await layout.box('nav[data-testid="left-nav"]')).width === 200, { timeoutMsg: 'the expanded nav was not remembered' });
    // Expanded by choice at 1440: the spec's minimum stands, so the page scrolls sideways (SHELL-010).
    expect((await layout.box('main')).width).toBeGreaterThanOrEqual(1280);
    await layout.screenshot('03-overview-1440-expanded-by-choice');
    await switchUser(login, 'planner@example.com');
    await shell.waitForShell();
    expect((await layout.box('nav[data-testid="left-nav"]')).width).toBe(56);
    await switchUser(login, 'admin@example.com');
    await shell.waitForShell();
    await browser.waitUntil(async () => (await layout.box('nav[data-testid="left-nav"]')).width === 200, { timeoutMsg: "admin's choice was lost" });
    // Back to the default for the walk that follows.
    await clickWhenSettled(
      () => shell.navToggle,
      async () => (await layout.box('nav[data-testid="left-nav"]')).width === 56,
    );
  });

  it('§11 menus open where they belong (PopoverNext), with no React 19 positioning warning on the way', async () => {
    await layout.console();
    await browser.url(`/${ACME}/home`);
    await shell.waitForShell();
    await shell.userMenuButton.click();
    const menu = $('[data-testid="user-menu-items"]');
    await menu.waitForDisplayed();
    const popover = await layout.settledBox('.bp6-popover:has([data-testid="user-menu-items"])');
    const button = await layout.box('[data-testid="user-menu"]');
    // 'bottom-end': just below the button, right edges aligned.
    expect(popover.top).toBeGreaterThanOrEqual(button.bottom);
    expect(popover.top - button.bottom).toBeLessThan(20);
    expect(Math.abs(popover.right - button.right)).toBeLessThan(4);
    await layout.screenshot('04-user-menu');
    await browser.keys('Escape');
    await shell.selector('brand').click();
    await $('.bp6-popover .bp6-menu').$('a*=Peak Water').waitForDisplayed();
    const list = await layout.settledBox('.bp6-popover:has(.bp6-menu)');
    const select = await layout.box('[data-testid="hierarchy-brand"]');
    expect(list.top).toBeGreaterThanOrEqual(select.bottom - 1);
    expect(Math.abs(list.left - select.left)).toBeLessThan(4);
    await browser.keys('Escape');
    const warnings = (await layout.console()).filter((l) => l.message.includes(POPOVER_REACT19));
    expect(warnings).toEqual([]);
  });

  it('§5 the help entries link to the configured addresses, in a new tab', async () => {
    await shell.userMenuButton.click();
    const menu = $('[data-testid="user-menu-items"]');
    await menu.waitForDisplayed();
    await expect(menu.$('a*=Help Center')).toHaveAttribute('href', 'https://help.discovery.test/');
    await expect(menu.$('a*=Help Center')).toHaveAttribute('target', '_blank');
    await expect(menu.$('a*=Request Support')).toHaveAttribute('href', 'https://support.discovery.test/');
    await expect(menu.$('a*=Help on this Page')).toHaveAttribute('href', `https://help.discovery.test/pages?page=${encodeURIComponent(`/${ACME}/home`)}`);
    await browser.keys('Escape');
  });

  it('§10 the badge shows promptly after load, and follows a change of client at once', async () => {
    await browser.url(`/${ACME}/home`);
    const loaded = Date.now();
    // How soon is printed, not asserted: a busy CI machine is no measure of it (a bench's job).
    await notifications.badge.waitForDisplayed({ timeout: 20000, timeoutMsg: 'no badge after loading' });
    console.log(`badge shown ${Date.now() - loaded} ms after the page was opened`);
    expect(await notifications.badgeNumber()).toBeGreaterThan(0);
    // In the collapsed nav the badge sits on the bell, whole (not cut off at the nav's edge).
    const badge = await layout.box('[data-testid="notification-badge"]');
    expect(badge.right).toBeLessThanOrEqual((await layout.box('nav[data-testid="left-nav"]')).right);
    await layout.screenshot('05a-badge-collapsed-nav');
    await shell.choose('client', 'Globex Retail');
    await browser.waitUntil(async () => (await browser.getUrl()).includes('/globex/'));
    // Globex has no notifications for admin: the Acme count must not stay.
    await notifications.badge.waitForExist({ reverse: true, timeout: 15000, timeoutMsg: "the previous client's count stayed" });
  });

  it('§1 the empty notification panel shows its whole text inside its scroll box', async () => {
    await notifications.open();
    const text = $('[data-testid="notifications-empty"]');
    await text.waitForDisplayed();
    await expect(text).toHaveText(expect.stringContaining('Notifications are automatically removed after 15 days.'));
    const box = await layout.box('[data-testid="notifications-panel"]');
    const empty = await layout.box('[data-testid="notifications-empty"]');
    expect(empty.bottom).toBeLessThanOrEqual(box.bottom);
    expect(
      await browser.execute(() => {
        const p = document.querySelector('[data-testid="notifications-panel"]')!;
        return p.scrollHeight - p.clientHeight;
      }),
    ).toBe(0);
    await layout.screenshot('05-notifications-empty');
    await notifications.close();
  });

  it('§10 an index report is requested from the audience detail and arrives in the notification center', async () => {
    await browser.url(`/${ACME}/audiences/overview`);
    const first = $('[data-testid="audiences-table"] a');
    await first.waitForDisplayed({ timeout: 15000 });
    const name = await first.getText();
    await first.click();
    const request = $('[data-testid="request-index-report"]');
    await request.waitForClickable({ timeout: 15000 });
    await layout.screenshot('06-audience-detail');
    await request.click();
    await $(`*=Index report '${name} index report' requested`).waitForDisplayed();
    await notifications.open();
    await notifications.row(`${name} index report`).waitForDisplayed();
    await layout.screenshot('07-report-requested');
    await expect(notifications.row(`${name} index report`)).toHaveText(expect.stringContaining(`IN-PROGRESS: ${name} index report`));
    await notifications.close();
    // The e2e server takes at least 4 s to build it (after the seeded ones); reopening the panel refreshes it.
    await browser.waitUntil(
      async () => {
        await notifications.open();
        const ready = await notifications.row(`${name} index report`).$('[data-testid="notification-download"]').isEnabled();
        await notifications.close();
        return ready;
      },
      { timeout: 90_000, interval: 2000, timeoutMsg: 'the report never completed' },
    );
  });

  it('§9 the picker labels its figures and counts the region of the builder, named', async () => {
    const builder = new Builder();
    await builder.open(ACME);
    await clickWhenSettled(
      () => $('[data-testid="include-add-0"]'),
      () => builder.picker.search.isDisplayed(),
    );
    await builder.picker.search.setValue('age 18');
    const scope = $('[data-testid="picker-scope"]');
    await expect(scope).toHaveText('Matched and modeled people in United States');
    await $('[data-testid="picker-matched"]').waitForDisplayed();
    await expect($('[data-testid="picker-matched"]')).toHaveText(expect.stringMatching(/^Matched [\d,]+$/));
    await expect($('[data-testid="picker-modeled"]')).toHaveText(expect.stringMatching(/^Modeled [\d,]+$/));
    await layout.screenshot('08-picker');
    await browser.keys('Escape');
  });

  it('§8 on an embedded application page one nav entry is lit: the application’s', async () => {
    await browser.url(`/${ACME}/toolbox-app/Demo%20App`);
    await $('[data-testid="nav-item-demo-app"]').waitForDisplayed({ timeout: 15000 });
    await browser.waitUntil(async () => (await $$('[aria-current="page"]').length) > 0);
    const lit = await browser.execute(() => Array.from(document.querySelectorAll('nav [aria-current="page"]')).map((e) => e.getAttribute('data-testid')));
    expect(lit).toEqual(['nav-item-demo-app']);
  });

  it('§2 Initech Media > Canada (no brands) offers no product page, and a 404 keeps the shell and the way home', async () => {
    await browser.url('/initech/ca/home');
    await $('[data-testid="region-without-brands"]').waitForDisplayed({ timeout: 15000 });
    await expect($('[data-testid="home-cards"]')).not.toBeExisting();
    await expect($('a*=Go to Audiences')).not.toBeExisting();
    await layout.screenshot('09-initech-home');
    await browser.url('/initech/ca/audiences/overview');
    const notFound = $('[data-testid="not-found"]');
    await notFound.waitForDisplayed();
    await expect(notFound.$('h1')).toHaveText('404');
    await expect(shell.nav).toBeDisplayed();
    await expect(shell.topBar).toBeDisplayed();
    await layout.screenshot('10-not-found-in-shell');
    await notFound.$('a=Go to Home').click();
    await browser.waitUntil(async () => (await browser.getUrl()).endsWith('/home'));
    await shell.waitForShell();
  });

  it('§7 the Edit client dialog says each flag’s own state', async () => {
    await browser.url('/global/admin/dashboard');
    await clickWhenSettled(
      () => $('[data-testid="client-edit-initech"]'),
      () => $('[data-testid="client-form"]').isDisplayed(),
    );
    const states = await browser.execute(() =>
      Array.from(document.querySelectorAll('[data-testid="client-flag"]')).map((row) => {
        const input = row.querySelector('input[type="checkbox"]') as HTMLInputElement;
        return [
          (row.querySelector('input:not([type])') as HTMLInputElement | null)?.value ?? (row.querySelector('input') as HTMLInputElement).value,
          input.checked,
          input.closest('label')!.textContent,
        ];
      }),
    );
    // Initech has only 'explore' on.
    expect(states.filter(([, on]) => on).map(([key, , label]) => [key, label])).toEqual([['explore', 'On']]);
    expect(states.filter(([, on]) => !on).every(([, , label]) => label === 'Off')).toBe(true);
    await layout.screenshot('11-edit-client-flags');
    await $('[data-testid="client-cancel"]').click();
  });

  it('§3 a viewer is not offered Optimized Audience, New-to-brand or the Builder', async () => {
    await login.loginAs('viewer@example.com');
    await shell.waitForShell();
    const cards = $('[data-testid="home-cards"]');
    await cards.waitForDisplayed({ timeout: 15000 });
    await expect(cards).toHaveText(expect.stringContaining('Audiences'));
    await expect($('[data-testid="home-card-pve"]')).not.toBeExisting();
    await expect($('[data-testid="home-card-nlrr"]')).not.toBeExisting();
    await expect($('[data-testid="nav-item-audiences-nav-builder"]')).not.toBeExisting();
    await layout.screenshot('12-viewer-home');
  });

  it('§4 a planner opening the segment mapper sees it read-only, told why', async () => {
    await login.loginAs('planner@example.com');
    await browser.url('/acme/us/brands/admin');
    await clickWhenSettled(
      () => $('[data-testid="open-mapper"]'),
      () => $('[data-testid="mapping-body"]').isDisplayed(),
    );
    await expect($('[data-testid="mapping-read-only"]')).toHaveText('You can view this mapping. Changing it needs permission to update brands.');
    await expect($('[data-testid="mapping-save"]')).not.toBeExisting();
    await layout.screenshot('13-mapper-read-only');
  });
});
