import type { ChainablePromiseElement } from 'webdriverio';
import { FilterBar } from '../shared/FilterBar';
import { clickWhenSettled } from '../shell/Shell';
import { waitForToast as toastShown } from '../shell/Toasts';

/** The Grow screen (insights/grow): chart picker and actions, filters, tabs, markets and the forms. */
export class GrowPage {
  /** GROW-007: the filter bar (the selected audiences' tags, segment filters). */
  readonly filters = new FilterBar('grow');
  get root() {
    return $('[data-testid="grow-page"]');
  }
  get dropdown() {
    return $('[data-testid="grow-chart-dropdown"]');
  }
  get create() {
    return $('[data-testid="grow-create"]');
  }
  get copy() {
    return $('[data-testid="grow-copy"]');
  }
  get remove() {
    return $('[data-testid="grow-delete"]');
  }
  get mekko() {
    return $('[data-testid="grow-mekko"]');
  }
  get filterTags() {
    return $$('[data-testid="grow-filter-tag"]');
  }
  get saveAudience() {
    return $('[data-testid="grow-save-audience"]');
  }
  get dialog() {
    return $('[data-testid="grow-dialog"]');
  }
  get chartForm() {
    return $('[data-testid="grow-chart-form"]');
  }
  get marketForm() {
    return $('[data-testid="grow-market-form"]');
  }
  get audienceForm() {
    return $('[data-testid="grow-audience-form"]');
  }
  tab(tab: 'total' | 'matched' | 'modeled') {
    return $(`[data-testid="grow-tab-${tab}"]`);
  }
  market(name: string) {
    return $(`[data-testid="grow-markets"]`).$(`h2=${name}`).parentElement().parentElement();
  }
  async marketNames(): Promise<string[]> {
    return Promise.all(await $$('[data-testid="grow-market-name"]').map((e) => e.getText()));
  }
  async audienceNames(market: string): Promise<string[]> {
    return Promise.all(
      await this.market(market)
        .$$('[data-testid="grow-audience-name"]')
        .map((e) => e.getText()),
    );
  }
  audience(market: string, name: string) {
    // span (the name) < label (the checkbox) < li (the row)
    return this.market(market).$(`span=${name}`).parentElement().parentElement();
  }

  async open(context: string, id?: number) {
    await browser.url(`/${context}/insights/grow${id ? `/${id}` : ''}`);
    await this.root.waitForDisplayed({ timeout: 20000 });
  }
  async chartId(): Promise<number> {
    const m = /insights\/grow\/(\d+)/.exec(await browser.getUrl());
    return m ? Number(m[1]) : NaN;
  }
  async chartName(): Promise<string> {
    return this.dropdown.getText();
  }
  async pick(name: string) {
    await clickWhenSettled(
      () => this.dropdown,
      () => $('[data-testid="grow-chart-search"]').isDisplayed(),
    );
    await $('[data-testid="grow-chart-search"]').setValue(name);
    await clickWhenSettled(
      () => $('[data-testid="grow-chart-menu"]').$(`button*=${name}`),
      async () => (await this.chartName()) === name,
    );
  }
  /** A toast shown since the page loaded (GROW-055's last 2.5 s: recorded as they show, shell/Toasts). */
  async waitForToast(text: string) {
    await toastShown(text);
  }
  /** The mekko's blocks as drawn: each block's opacity (dimmed 0.35) and outline width (highlighted 2). */
  async blocks(): Promise<{ opacity: number[]; outline: number[] }> {
    return (await browser.execute(() => {
      const g = document.querySelector('[data-testid="grow-mekko"] .js-plotly-plot') as
        (HTMLElement & { data?: { marker: { opacity: number[]; line: { width: number[] } } }[] }) | null;
      const bars = g?.data?.[0];
      return { opacity: bars?.marker.opacity ?? [], outline: bars?.marker.line.width ?? [] };
    })) as { opacity: number[]; outline: number[] };
  }
  /** GROW-018: the x axis's last tick label and whether it is whole inside the drawing. */
  async xAxisEnd(): Promise<{ text: string; inside: boolean }> {
    return (await browser.execute(() => {
      const svg = document.querySelector('[data-testid="grow-mekko"] .main-svg');
      const ticks = Array.from(document.querySelectorAll('[data-testid="grow-mekko"] .xtick text'));
      const last = ticks[ticks.length - 1];
      if (!svg || !last) return { text: '', inside: false };
      const a = last.getBoundingClientRect();
      const b = svg.getBoundingClientRect();
      return { text: last.textContent ?? '', inside: a.left >= b.left && a.right <= b.right };
    })) as { text: string; inside: boolean };
  }
  async toggle(market: string, name: string) {
    const before = (await this.filterTags).length;
    await this.audience(market, name).$('label').click();
    await browser.waitUntil(async () => (await this.filterTags).length !== before || (await this.dialog.isDisplayed()), { timeout: 5000 });
  }
  async edit() {
    await clickWhenSettled(
      () => $('[data-testid="grow-mode-edit"]'),
      async () => (await $('[data-testid="grow-mode-edit"]').getAttribute('class'))!.includes('active'),
    );
  }

  /** Drags a market card (or an audience row) onto another, as HTML5 drag and drop does in the browser. */
  async drag(from: ChainablePromiseElement | WebdriverIO.Element, to: ChainablePromiseElement | WebdriverIO.Element) {
    await browser.execute(
      (a: HTMLElement, b: HTMLElement) => {
        const data = new DataTransfer();
        a.dispatchEvent(new DragEvent('dragstart', { bubbles: true, cancelable: true, dataTransfer: data }));
        b.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: data }));
        b.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }));
        b.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
        a.dispatchEvent(new DragEvent('dragend', { bubbles: true, cancelable: true, dataTransfer: data }));
      },
      from as unknown as HTMLElement,
      to as unknown as HTMLElement,
    );
  }
}
