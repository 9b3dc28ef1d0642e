/** The sign-in page: 'Current Users' (email/password) and 'Request Access' tabs. */
export const DEMO_PASSWORD = process.env.DISCOVERY_DEMO_PASSWORD ?? 'discovery-demo';

export class LoginPage {
  get email() {
    return $('input[name="email"]');
  }
  get password() {
    return $('input[name="password"]');
  }
  get submit() {
    return $('button[type="submit"]');
  }
  get error() {
    return $('[data-testid="login-error"]');
  }
  get currentUsersTab() {
    return $('[role="tab"][id$="current"]');
  }
  get requestAccessTab() {
    return $('[role="tab"][id$="request"]');
  }
  get card() {
    return $('[data-testid="login-card"]');
  }

  async open(query = '') {
    await browser.url(`/login${query}`);
    await this.email.waitForDisplayed();
  }

  async signIn(email: string, password = DEMO_PASSWORD) {
    await this.email.setValue(email);
    await this.password.setValue(password);
    await this.submit.click();
  }

  /**
   * Fresh session: clears cookies and storage, signs in, waits to leave /login. A browser session
   * that has not opened a page yet (each spec file gets a new one) has neither, and opens /login once.
   */
  async loginAs(email: string, password = DEMO_PASSWORD) {
    const url = await browser.getUrl();
    if (url !== 'about:blank' && !url.startsWith('data:')) {
      await browser.url('/login');
      await browser.deleteAllCookies();
      await browser.execute(() => localStorage.clear());
    }
    await this.open();
    await this.signIn(email, password);
    await browser.waitUntil(async () => !(await browser.getUrl()).includes('/login'), {
      timeoutMsg: `still on /login after signing in as ${email}`,
    });
  }
}
