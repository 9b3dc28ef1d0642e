import type { ChainablePromiseElement } from 'webdriverio';

/**
 * Clicks an element found afresh on each try, with a DOM click: popovers scale in and lists
 * re-render as their data arrives, so a pointer click aimed a moment earlier can miss. `done`
 * says whether the click was taken (a click that reloads the page cannot report it itself).
 */
export async function clickWhenSettled(find: () => ChainablePromiseElement, done?: () => Promise<boolean>) {
  let attempted = false;
  const isDone = async () => (done ? done().catch(() => false) : true);
  await browser.waitUntil(
    async () => {
      // A click already taken (its effect may lag, or it reloaded the page): do not click twice.
      if (attempted && (await isDone())) return true;
      try {
        const el = await find().getElement();
        await el.waitForDisplayed({ timeout: 2000 });
        await browser.execute((e: HTMLElement) => e.click(), el as unknown as HTMLElement);
        attempted = true;
      } catch {
        return false;
      }
      // Paces the next try; not a wait for a state (that is isDone). A wait for isDone instead (up to
      // 3 s) was tried: TBX-012 then failed 2 of 9 runs of first-walk + toolbox, cause not found.
      await browser.pause(300);
      return isDone();
    },
    // The effect of a taken click (a page it opens) can take a while to show on a busy machine.
    { timeout: 30000, timeoutMsg: 'element never took the click' },
  );
}

/**
 * Waits until an element matching `selector` is displayed, finding it afresh on every poll. A page
 * that renders one element and then replaces it (a redirect to the default chart, the shell
 * re-rendering once the session is known) leaves WebdriverIO's `waitForDisplayed` polling the
 * removed element, which never shows: the screenshots of such failures showed the page complete.
 */
export async function waitForShown(selector: string, timeout = 20000): Promise<void> {
  await browser.waitUntil(
    async () =>
      $(selector)
        .isDisplayed()
        .catch(() => false),
    {
      timeout,
      interval: 200,
      timeoutMsg: `${selector} was not displayed within ${timeout} ms`,
    },
  );
}

/** The application shell: left nav, top bar, hierarchy selector, user menu, banner. */
export class Shell {
  get nav() {
    return $('nav[data-testid="left-nav"]');
  }
  get navToggle() {
    return $('[data-testid="nav-toggle"]');
  }
  get topBar() {
    return $('header[data-testid="top-bar"]');
  }
  get main() {
    return $('main');
  }
  get banner() {
    return $('[data-testid="error-banner"]');
  }
  get userMenuButton() {
    return $('[data-testid="user-menu"]');
  }
  selector(level: 'client' | 'region' | 'brand' | 'product') {
    return $(`[data-testid="hierarchy-${level}"]`);
  }

  /**
   * The first page after signing in: a server just started (seeding, a population loading) on a
   * busy 2-core machine can take longer than 20 s; the screenshots of such failures showed the shell.
   */
  async waitForShell() {
    await waitForShown('nav[data-testid="left-nav"]', 60000);
    await waitForShown('header[data-testid="top-bar"]', 60000);
  }

  async navLabels(): Promise<string[]> {
    const items = await this.nav.$$('[data-testid^="nav-item-"]');
    const out: string[] = [];
    for (const i of items) out.push((await i.getAttribute('data-testid')) ?? '');
    return out;
  }

  async openUserMenu(): Promise<string[]> {
    await this.userMenuButton.click();
    const menu = $('.bp6-popover .bp6-menu');
    await menu.waitForDisplayed();
    const items = await menu.$$(':scope > li > a .bp6-text-overflow-ellipsis, :scope > li > a .bp6-fill');
    const texts: string[] = [];
    for (const i of items) texts.push((await i.getText()).trim());
    return texts.filter(Boolean);
  }

  /** Opens the user menu and clicks an entry once it can take the click (the popover animates in). */
  async chooseUserMenu(text: string) {
    const items = $('[data-testid="user-menu-items"]');
    if (!(await items.isDisplayed())) await this.userMenuButton.click();
    // The menu closes (or the page reloads) when an entry took the click.
    await clickWhenSettled(
      () => items.$(`a*=${text}`),
      async () => !(await items.isDisplayed()),
    );
  }

  /** Opens one of the four selects and picks the item with this text. */
  async choose(level: 'client' | 'region' | 'brand' | 'product', text: string) {
    await this.selector(level).click();
    const item = $(`.bp6-popover .bp6-menu`).$(`a*=${text}`);
    await item.waitForDisplayed();
    await item.click();
  }
}
