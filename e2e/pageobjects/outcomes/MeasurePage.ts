import { clickWhenSettled } from '../shell/Shell';

/** Page object for Outcomes Measure and its Admin Outcomes panel. */
export class MeasurePage {
  get root() {
    return $('[data-testid="outcomes-page"]');
  }
  get timeSelector() {
    return $('[data-testid="outcomes-time-selector"]');
  }
  get menu() {
    return $('[data-testid="outcomes-time-menu"]');
  }
  get admin() {
    return $('[data-testid="outcomes-admin"]');
  }
  get mekko() {
    return $('[data-testid="outcomes-mekko"]');
  }
  get range() {
    return $('[data-testid="outcomes-range"]');
  }
  get changePercent() {
    return $('[data-testid="outcomes-change-percent"]');
  }
  get previousPanel() {
    return $('[data-testid="outcomes-previous-panel"]');
  }
  card(year: number, month: number) {
    return $(`[data-testid="outcomes-card-${year}-${month}"]`);
  }
  async open(context: string) {
    await browser.url(`/${context}/outcomes/measure`);
    await this.root.waitForDisplayed();
    await $('[data-testid="outcomes-tab-count-matched"]').waitForDisplayed();
  }
  /**
   * Opens the selector. A menu still fading out after the last pick reads as displayed, so wait
   * for any popover's exit transition to end before deciding whether to click.
   */
  async openSelector() {
    await browser.waitUntil(async () => (await $$('.bp6-popover-exit').length) === 0, {
      timeoutMsg: 'a popover never finished closing',
    });
    if (!(await this.menu.isDisplayed()))
      await clickWhenSettled(
        () => this.timeSelector,
        () => this.menu.isDisplayed(),
      );
    await this.menu.waitForDisplayed();
  }
  /** Two clicks in the selector; the months must be in the year it shows. */
  async pick(mode: 'comparison' | 'range', a: { year: number; month: number }, b: { year: number; month: number }) {
    await this.openSelector();
    await $(`[data-testid="outcomes-mode-${mode}"]`).click();
    await $(`[data-testid="outcomes-month-${a.year}-${a.month}"]`).click();
    await $(`[data-testid="outcomes-month-${b.year}-${b.month}"]`).click();
    // The second click applies the pick and closes the menu (OUT-038).
    await this.menu.waitForDisplayed({ reverse: true });
  }
  async groupByMarket() {
    await clickWhenSettled(
      () => $('[data-testid="outcomes-view-menu"]'),
      () => $('[data-testid="outcomes-group-market"]').isDisplayed(),
    );
    await clickWhenSettled(() => $('[data-testid="outcomes-group-market"]'));
  }
  async openAdmin() {
    await this.openSelector();
    await $('[data-testid="outcomes-timeframe-settings"]').click();
    await this.admin.waitForDisplayed();
  }
  async chooseYear(year: number) {
    await $('[data-testid="outcomes-admin-year"] select, select[data-testid="outcomes-admin-year"]').selectByAttribute('value', String(year));
  }
  async addTimeframe(month: number) {
    await $('[data-testid="outcomes-add-timeframe"]').click();
    await $('[data-testid="outcomes-admin-month"] select, select[data-testid="outcomes-admin-month"]').selectByAttribute('value', String(month));
    await $('[data-testid="outcomes-add-apply"]').click();
  }
  /** The delete confirmation ('Delete the {month} timeframe?'): its text, then its Delete answer. */
  get deleteConfirmation() {
    return $('[data-testid="outcomes-confirm-delete"]');
  }
  async confirmDelete() {
    await this.deleteConfirmation.waitForDisplayed();
    await $('.bp6-alert-footer').$('button=Delete').click();
    await this.deleteConfirmation.waitForDisplayed({ reverse: true });
  }
}
