import { clickWhenSettled } from '../shell/Shell';

/** Grow's Predictions view (EXP-044): the chart's snapshots and the table comparing the chart with the loaded one. */
export class PredictionsView {
  get root() {
    return $('[data-testid="grow-predictions"]');
  }
  get empty() {
    return $('[data-testid="grow-predictions-empty"]');
  }
  get table() {
    return $('[data-testid="grow-predictions-table"]');
  }
  get select() {
    return $('[data-testid="grow-snapshot-select"]');
  }
  get rows() {
    return $$('[data-testid="grow-prediction-row"]');
  }

  async open() {
    await clickWhenSettled(
      () => $('[data-testid="grow-view-predictions"]'),
      () => this.root.isDisplayed(),
    );
  }
  async backToChart() {
    await clickWhenSettled(
      () => $('[data-testid="grow-view-chart"]'),
      () => $('[data-testid="grow-mekko"]').isDisplayed(),
    );
  }
  /** Saves a snapshot of the chart under `name`; it becomes the loaded one. */
  async save(name: string) {
    await clickWhenSettled(
      () => $('[data-testid="grow-snapshot-save"]'),
      () => $('[data-testid="grow-snapshot-name"]').isDisplayed(),
    );
    const input = $('[data-testid="grow-snapshot-name"]');
    await input.clearValue();
    await input.setValue(name);
    await $('[data-testid="grow-snapshot-name-save"]').click();
    await this.waitLoaded(name);
  }
  async waitLoaded(name: string) {
    await browser.waitUntil(async () => (await this.table.isDisplayed()) && (await this.table.$('caption').getText()).includes(name), {
      timeout: 20000,
      timeoutMsg: `snapshot ${name} not loaded`,
    });
  }
  /** The snapshots offered, by their option text. */
  async options(): Promise<string[]> {
    return Promise.all(await this.select.$$('option').map((o) => o.getText()));
  }
  async load(name: string) {
    const label = (await this.options()).find((o) => o.startsWith(`${name} (`));
    if (!label) throw new Error(`no snapshot ${name}`);
    await this.select.selectByVisibleText(label);
    await this.waitLoaded(name);
  }
  /** Each row's cells as shown: market, audience, snapshot, now, change, change %. */
  async cells(): Promise<string[][]> {
    return Promise.all(await this.rows.map(async (r) => Promise.all(await r.$$('td, th').map((c) => c.getText()))));
  }
  confidence(row: number) {
    return this.rows[row].$('[data-testid="grow-prediction-confidence"]');
  }
  async clear() {
    await $('[data-testid="grow-snapshot-clear"]').click();
    await this.empty.waitForDisplayed({ timeout: 10000 });
  }
  async deleteLoaded() {
    const confirm = () => $('[data-testid="grow-snapshot-confirm-delete"]');
    await clickWhenSettled(
      () => $('[data-testid="grow-snapshot-delete"]'),
      () => confirm().isDisplayed(),
    );
    await clickWhenSettled(
      () => $('.bp6-alert-footer .bp6-intent-danger'),
      async () => !(await confirm().isDisplayed()),
    );
    await this.empty.waitForDisplayed({ timeout: 10000 });
  }
}
