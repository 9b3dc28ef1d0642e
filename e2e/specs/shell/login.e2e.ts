import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { Shell } from '../../pageobjects/shell/Shell';

const login = new LoginPage();
const shell = new Shell();

describe('sign-in', () => {
  it('SHELL-033 shows a card with the Current Users and Request Access tabs', async () => {
    await login.open();
    await expect(login.card).toBeDisplayed();
    await expect(login.currentUsersTab).toHaveText('Current Users');
    await expect(login.requestAccessTab).toHaveText('Request Access');
    await expect(login.card).toHaveText(expect.stringContaining(`© ${new Date().getFullYear()}`));
  });

  it('refuses a wrong password with the server message and stays on /login', async () => {
    await login.open();
    await login.signIn('admin@example.com', 'wrong-password');
    await expect(login.error).toHaveText('Invalid email or password');
    expect(await browser.getUrl()).toContain('/login');
  });

  for (const [email, name] of [
    ['admin@example.com', 'Ada Admin'],
    ['planner@example.com', 'Pat Planner'],
    ['viewer@example.com', 'Vic Viewer'],
  ]) {
    it(`signs in ${email} and greets them on their home page`, async () => {
      await login.loginAs(email);
      await shell.waitForShell();
      await expect($('h1')).toHaveText(`Welcome, ${name}`);
      expect(await browser.getUrl()).toMatch(/\/[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+\/home$/);
    });
  }

  it('SHELL-038 sends a user without clients to the Request Access tab', async () => {
    await browser.deleteAllCookies();
    await login.open();
    await login.signIn('norole@example.com');
    await expect(login.requestAccessTab).toHaveAttribute('aria-selected', 'true');
    // SHELL-035: the configured service desk (the e2e server configures one; unset, there is no button).
    await expect($('[data-testid="request-access-button"]')).toBeDisplayed();
  });

  it('SHELL-024 SHELL-038 round-trips the returnUrl of a guarded page', async () => {
    await browser.url('/login');
    await browser.deleteAllCookies();
    await browser.execute(() => localStorage.clear());
    await browser.url('/acme/uk/fizz-cola/fizz-classic/home');
    await browser.waitUntil(async () => (await browser.getUrl()).includes('/login?returnUrl='));
    expect(decodeURIComponent(await browser.getUrl())).toContain('returnUrl=/acme/uk/fizz-cola/fizz-classic/home');
    await login.signIn('admin@example.com');
    await browser.waitUntil(async () => (await browser.getUrl()).endsWith('/acme/uk/fizz-cola/fizz-classic/home'));
    await expect($('h1')).toHaveText('Welcome, Ada Admin');
  });
});
