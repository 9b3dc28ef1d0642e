import { Chart } from '../shared/Chart';
import { SegmentPicker } from '../shared/SegmentPicker';
import { clickWhenSettled } from '../shell/Shell';

/** The Insights panel wherever a page places it (beside the audience detail today). */
export class InsightsPanel {
  readonly picker = new SegmentPicker();
  get root() {
    return $('[data-testid="insights-panel"]');
  }
  level(name: 'Market Level' | 'Person Level') {
    return this.root.$(`[role="tab"]=${name}`);
  }
  /** A tab of the inner tab list of a level (Demographics, a custom tab, the region survey). */
  innerTab(name: string, level: 'market' | 'person' = 'person') {
    return this.root.$(`[data-testid="insights-${level}-tabs"]`).$(`[role="tab"]=${name}`);
  }
  get addWidget() {
    return $('[data-testid="insights-add-widget"]');
  }
  get regionForm() {
    return $('[data-testid="insights-region-form"]');
  }
  chart(title: string) {
    return new Chart(title);
  }
  /** The open slide-in form (a named dialog). */
  get form() {
    return $('[data-testid="widget-form"]');
  }
  async waitForPanel() {
    await this.root.waitForDisplayed({ timeout: 20000 });
  }
  /** Waits until Person Level has profiled the audiences (no load in flight). */
  async waitForProfile() {
    const person = this.root.$('[data-testid="insights-person"]');
    await person.waitForDisplayed({ timeout: 30000 });
    await browser.waitUntil(async () => (await person.getAttribute('aria-busy')) === 'false', { timeout: 30000, timeoutMsg: 'Person Level is still loading' });
  }
  async selectLevel(name: 'Market Level' | 'Person Level') {
    await clickWhenSettled(
      () => this.level(name),
      async () => (await this.level(name).getAttribute('aria-selected')) === 'true',
    );
  }
  async selectTab(name: string, level: 'market' | 'person' = 'person') {
    await clickWhenSettled(
      () => this.innerTab(name, level),
      async () => (await this.innerTab(name, level).getAttribute('aria-selected')) === 'true',
    );
  }
  /** The form's accessible name (its dialog's label) and its width on screen. */
  async formNameAndWidth(): Promise<{ name: string; width: number }> {
    await this.form.waitForDisplayed();
    const drawer = this.form.parentElement();
    return { name: await this.form.getComputedLabel(), width: Math.round((await drawer.getSize()).width) };
  }
  async fillField(label: string, value: string) {
    const input = this.form.$(`aria/${label}`);
    await input.setValue(value);
  }
}
