import { clickWhenSettled } from '../shell/Shell';
import { waitForToast as toastShown } from '../shell/Toasts';

/** Brand Management ({client}/brands/admin): toolbar, brand and product cards, mapping overlay. */
export class BrandsAdminPage {
  get root() {
    return $('[data-testid="brands-admin-page"]');
  }
  get addBrandButton() {
    return $('[data-testid="add-brand"]');
  }
  get count() {
    return $('[data-testid="brands-count"]');
  }
  get toasts() {
    return $('[data-testid="toasts"]');
  }
  /** The Site Visit Segments Mapping drawer. */
  get mapper() {
    return $('.bp6-drawer');
  }

  async open(path: string) {
    await browser.url(path);
    await this.root.waitForDisplayed({ timeout: 20000 });
    await $('[data-testid="brand-list"], [data-testid="no-brands"]').waitForDisplayed({ timeout: 20000 });
  }

  /** A saved brand's card, by name. */
  card(name: string) {
    return $(`[data-testid="brand-card"][data-brand="${name}"]`);
  }
  /** The unsaved brand at the top. */
  get newCard() {
    return $('[data-testid="brand-card"][data-brand=""]');
  }
  product(card: ChainablePromiseElement, name: string) {
    return card.$(`[data-testid="product-card"][data-product="${name}"]`);
  }

  async waitForToast(text: string) {
    await toastShown(text);
  }

  /** Fills the open product card at `index` of a brand card: name and regions by label. */
  async fillProduct(card: ChainablePromiseElement, index: number, name: string, regions: string[]) {
    const p = card.$$('[data-testid="product-card"][data-mode="edit"]')[index];
    await p.$('[data-testid="product-name-input"]').setValue(name);
    for (const r of regions) await clickWhenSettled(() => p.$(`label=${r}`));
  }

  async openMenu(card: ChainablePromiseElement, item: 'brand-edit' | 'brand-delete') {
    await clickWhenSettled(
      () => card.$('[data-testid="brand-menu-button"]'),
      async () => $('[data-testid="brand-menu"]').isDisplayed(),
    );
    await clickWhenSettled(
      () => $(`[data-testid="${item}"]`),
      async () => !(await $('[data-testid="brand-menu"]').isDisplayed()),
    );
  }

  /** Confirms the open delete Alert. */
  async confirmDelete(expectedText: string) {
    const alert = $('.bp6-alert');
    await alert.waitForDisplayed();
    await expect(alert.$('[data-testid="confirm-text"]')).toHaveText(expectedText);
    await clickWhenSettled(
      () => alert.$('button=Delete'),
      async () => !(await alert.isDisplayed()),
    );
  }

  /** Waits until the count engine has its population (the segment picker needs it). */
  async waitForSegments() {
    await browser.waitUntil(
      async () =>
        browser.execute(async () => {
          const res = await fetch('/api/v1/counts/status', { headers: { 'x-csrf-token': localStorage.getItem('csrf-token') ?? '' } });
          return res.ok && ((await res.json()) as { data: { state: string } }).data.state === 'ready';
        }),
      { timeout: 60000, interval: 1000, timeoutMsg: 'the audience population never became ready' },
    );
  }
}

type ChainablePromiseElement = ReturnType<typeof $>;
