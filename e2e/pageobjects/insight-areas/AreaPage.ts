import { clickWhenSettled, waitForShown } from '../shell/Shell';

/** Page object for an insight area (plugins/insight-areas): customer-value, site-visitation, ... */
export class AreaPage {
  constructor(readonly area: string) {}

  get root() {
    return $(`[data-testid="area-page-${this.area}"]`);
  }
  get navItem() {
    return $(`[data-testid="nav-item-insight-areas-areas-${this.area}-title"]`);
  }
  get rows() {
    return $$('[data-testid="area-segments"] tbody tr');
  }
  get summary() {
    return $('[data-testid="area-summary"]');
  }
  get chart() {
    return $('[data-testid="area-chart-card"] figure');
  }
  get saveAudience() {
    return $('[data-testid="area-save-audience"]');
  }

  /** Opens the area from the left nav, in the context the browser is in. */
  async openFromNav() {
    await clickWhenSettled(() => this.navItem);
    await waitForShown(`[data-testid="area-page-${this.area}"]`);
    await waitForShown('[data-testid="area-segments"] tbody tr');
  }

  /** Ticks the i-th row's checkbox (a DOM click: Blueprint hides the input under its indicator). */
  async selectRow(i: number) {
    const box = await this.rows[i].$('input[type="checkbox"]').getElement();
    await browser.execute((e: HTMLElement) => e.click(), box as unknown as HTMLElement);
    await browser.waitUntil(async () => box.isSelected(), { timeout: 5000, timeoutMsg: 'the row was not selected' });
  }

  /** The identifier of the i-th segment row. */
  async rowId(i: number) {
    return String(await this.rows[i].getAttribute('data-testid')).replace('area-segment-', '');
  }
}

/** The shell's calls from the browser, with the session's CSRF token (test set-up only). */
export async function apiFromBrowser<T>(method: string, path: string, context: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  return browser.execute(
    async (m: string, p: string, ctx: string | null, b: string | null) => {
      const headers: Record<string, string> = { 'x-csrf-token': localStorage.getItem('csrf-token') ?? '' };
      if (ctx) headers['x-context'] = ctx;
      if (b !== null) headers['content-type'] = 'application/json';
      const res = await fetch(p, { method: m, headers, body: b ?? undefined });
      return { status: res.status, body: await res.json() };
    },
    method,
    path,
    context,
    body === undefined ? null : JSON.stringify(body),
  ) as unknown as Promise<{ status: number; body: T }>;
}
