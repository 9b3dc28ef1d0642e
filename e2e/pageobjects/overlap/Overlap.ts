import { FilterBar } from '../shared/FilterBar';
import { SegmentPicker } from '../shared/SegmentPicker';
import { clickWhenSettled, waitForShown } from '../shell/Shell';
import { waitForToast as toastShown } from '../shell/Toasts';

/** The Insights Overlap page: the chart picker and its buttons, the grid, the filter bar. */
export class OverlapPage {
  /** OVL-013: the filter bar above the grid. */
  readonly filters = new FilterBar('overlap');
  get root() {
    return $('[data-testid="overlap-page"]');
  }
  get title() {
    return $('h1');
  }
  get dropdown() {
    return $('[data-testid="overlap-dropdown"]');
  }
  get create() {
    return $('[data-testid="overlap-create"]');
  }
  get edit() {
    return $('[data-testid="overlap-edit"]');
  }
  get duplicate() {
    return $('[data-testid="overlap-duplicate"]');
  }
  get remove() {
    return $('[data-testid="overlap-delete"]');
  }
  /** The chart's one Export control (its frame's menu, issue 27 §6). */
  get exportButton() {
    return $('[data-testid="overlap-chart-card"]').$('[data-testid="chart-export"]');
  }
  /** OVL-024: Export, then .xlsx (the server's workbook). */
  async exportWorkbook() {
    await clickWhenSettled(
      () => this.exportButton,
      () => $('[data-testid="chart-export-xlsx"]').isDisplayed(),
    );
    await clickWhenSettled(() => $('[data-testid="chart-export-xlsx"]'));
  }
  get saveAudience() {
    return $('[data-testid="overlap-save-audience"]');
  }
  get peopleCount() {
    return $('[data-testid="overlap-people-count"]');
  }
  get insights() {
    return $('[data-testid="overlap-insights"]');
  }
  get toasts() {
    return $('[data-testid="toasts"]');
  }
  async waitForToast(text: string) {
    await toastShown(text);
  }
  get grid() {
    return $('[data-testid="overlap-grid"]');
  }
  get cells() {
    return $$('[data-testid^="heat-cell-"]');
  }
  cell(x: string, y: string) {
    return $(`[data-testid="heat-cell-${x}:${y}"]`);
  }
  label(axis: 'x' | 'y', id: string) {
    return $(`[data-testid="heat-label-${axis}-${id}"]`);
  }

  /** The Y segments in the order the rows show them. */
  async rowOrder(): Promise<string[]> {
    return this.axisOrder('y');
  }
  /** The X segments in the order the columns show them. */
  async columnOrder(): Promise<string[]> {
    return this.axisOrder('x');
  }
  private async axisOrder(axis: 'x' | 'y'): Promise<string[]> {
    const labels = await $$(`[data-testid^="heat-label-${axis}-"]`).map((l) => l.getAttribute('data-testid'));
    return labels.map((t) => (t ?? '').replace(`heat-label-${axis}-`, ''));
  }

  async open(context: string, id?: number) {
    await browser.url(`/${context}/insights/overlap${id ? `/${id}` : ''}`);
    await waitForShown('[data-testid="overlap-page"]', 30000);
  }

  /** The chart id in the URL (OVL-007). */
  async chartId(): Promise<number> {
    let id = NaN;
    await browser.waitUntil(
      async () => {
        const m = /\/insights\/overlap\/(\d+)$/.exec(new URL(await browser.getUrl()).pathname);
        id = m ? Number(m[1]) : NaN;
        return !Number.isNaN(id);
      },
      { timeout: 10000, timeoutMsg: 'no chart id in the URL' },
    );
    return id;
  }

  async selected(): Promise<string> {
    return this.dropdown.getText();
  }

  /** Waits for the grid's cells with their text. */
  async waitForCells(n: number) {
    await browser.waitUntil(async () => (await this.cells.length) === n && (await this.cells[0].getText()) !== '', {
      timeout: 15000,
      timeoutMsg: `the grid did not show ${n} cells`,
    });
  }
}

/** The edit form in its slide-in panel. */
export class OverlapForm {
  readonly picker = new SegmentPicker();
  get root() {
    return $('[data-testid="overlap-form"]');
  }
  get heading() {
    return this.root.$('h2');
  }
  get title() {
    return $('[data-testid="overlap-title"]');
  }
  get save() {
    return $('[data-testid="overlap-form-save"]');
  }
  counter(axis: 'x' | 'y') {
    return $(`[data-testid="overlap-counter-${axis}"]`);
  }
  entries(axis: 'x' | 'y') {
    return $$(`[data-testid^="overlap-entry-${axis}-"]`);
  }

  async pick(axis: 'x' | 'y', query: string, ids: string[]) {
    await clickWhenSettled(
      () => $(`[data-testid="overlap-select-${axis}"]`),
      () => this.picker.search.isDisplayed(),
    );
    await this.picker.choose(query, ids);
  }
}
