import type { ChainablePromiseElement } from 'webdriverio';

/**
 * Clicks an element found afresh on each try: popovers animate in and lists re-render as their
 * data arrives, so a reference taken a moment earlier can go stale.
 */
export async function clickWhenSettled(find: () => ChainablePromiseElement) {
  await browser.waitUntil(
    async () => {
      try {
        const el = find();
        await el.waitForClickable({ timeout: 2000 });
        await el.click();
        return true;
      } catch {
        return false;
      }
    },
    { timeout: 15000, timeoutMsg: 'element never took the click' },
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

  async waitForShell() {
    await this.nav.waitForDisplayed({ timeout: 20000 });
    await this.topBar.waitForDisplayed({ timeout: 20000 });
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
    await this.userMenuButton.click();
    await clickWhenSettled(() => $('[data-testid="user-menu-items"]').$(`a*=${text}`));
  }

  /** Opens one of the four selects and picks the item with this text. */
  async choose(level: 'client' | 'region' | 'brand' | 'product', text: string) {
    await this.selector(level).click();
    const item = $(`.bp6-popover .bp6-menu`).$(`a*=${text}`);
    await item.waitForDisplayed();
    await item.click();
  }
}
