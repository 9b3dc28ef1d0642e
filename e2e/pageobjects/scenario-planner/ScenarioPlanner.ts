import { apiCall } from '../discussions/DiscussionsUploadPage';
import { Chart } from '../shared/Chart';
import { clickWhenSettled, Shell } from '../shell/Shell';
import { waitForToast as toastShown } from '../shell/Toasts';

/** Scenario Planner Management (plans/admin): the import form and list, the curve modes and table. */
export class ScenarioPlanner {
  readonly shell = new Shell();
  readonly plot = new Chart('Response curves');

  async open(productPath = '/acme/us/fizz-cola/fizz-zero') {
    await browser.url(`${productPath}/plans/admin`);
    await $('[data-testid="scenario-planner-page"]').waitForDisplayed({ timeout: 20000 });
  }

  get projectId() {
    return $('[data-testid="project-id"]');
  }
  get importButton() {
    return $('[data-testid="import-button"]');
  }
  importRow(projectId: string) {
    return $(`[data-testid="import-row-${projectId}"]`);
  }
  importStatus(projectId: string) {
    return this.importRow(projectId).$('[data-status]');
  }

  async importPlan(projectId: string) {
    await this.projectId.waitForDisplayed();
    await this.projectId.setValue(projectId);
    await clickWhenSettled(
      () => this.importButton,
      async () => this.importRow(projectId).isExisting(),
    );
  }

  /**
   * Waits, without reloading, until the server says the import is no longer submitted; returns its
   * state then (the page's own re-poll must show it within 3 s, issue 27 §6).
   */
  async waitForServerStatus(projectId: string, context = 'acme/us/fizz-cola/fizz-zero', timeout = 60000): Promise<'complete' | 'failed'> {
    let state: 'complete' | 'failed' | null = null;
    await browser.waitUntil(
      async () => {
        const r = await apiCall<{ data: { scenario_planner_id: string; import_success: boolean | null }[] }>(
          'GET',
          '/api/v1/scenario-planner/status_import',
          context,
        );
        const rec = r.body?.data?.find((i) => i.scenario_planner_id === projectId);
        if (rec && rec.import_success !== null) state = rec.import_success ? 'complete' : 'failed';
        return state !== null;
      },
      { timeout, interval: 250, timeoutMsg: `the server never finished import ${projectId}` },
    );
    return state!;
  }

  /** The badge's state as the page shows it now. */
  async shownStatus(projectId: string): Promise<string | null> {
    return this.importStatus(projectId)
      .getAttribute('data-status')
      .catch(() => null);
  }

  /** Reads the list again (a reload) until the import shows `status`. */
  async waitForStatus(projectId: string, status: 'submitted' | 'complete' | 'failed', timeout = 30000) {
    await browser.waitUntil(
      async () => {
        if (
          (await this.importStatus(projectId)
            .getAttribute('data-status')
            .catch(() => null)) === status
        )
          return true;
        await browser.refresh();
        await this.importRow(projectId).waitForExist({ timeout: 10000 });
        return (await this.importStatus(projectId).getAttribute('data-status')) === status;
      },
      { timeout, interval: 2000, timeoutMsg: `import ${projectId} never became ${status}` },
    );
  }

  /** The badge's tooltip, as the pointer shows it. */
  async tooltipOf(projectId: string): Promise<string> {
    await this.importStatus(projectId).moveTo();
    const tip = $('.bp6-tooltip');
    await tip.waitForDisplayed({ timeout: 5000 });
    return tip.getText();
  }

  /**
   * How many pixels the select's longest option needs beyond what the select gives it (0 or less
   * when every option fits beside the arrow).
   */
  async selectShortfall(el: ChainablePromiseElement): Promise<number> {
    return browser.execute(
      (s: HTMLSelectElement) => {
        const style = getComputedStyle(s);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const widest = Math.max(...[...s.options].map((o) => ctx.measureText(o.text).width));
        const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return Math.ceil(widest - room);
      },
      (await el.getElement()) as unknown as HTMLSelectElement,
    );
  }

  get genericMode() {
    return $('[data-testid="mode-generic"]');
  }
  get uploadMode() {
    return $('[data-testid="mode-upload"]');
  }
  /** Clicks a Blueprint checkbox where a user does, on its label (its indicator covers the input). */
  async toggle(box: ChainablePromiseElement) {
    await box.parentElement().click();
  }
  /** Blueprint puts the test id on the checkbox's input. */
  async isChecked(box: ChainablePromiseElement) {
    return box.isSelected();
  }
  mediaType(name: string) {
    return $(`[data-testid="generic-${name}"]`);
  }
  get applyButton() {
    return $('[data-testid="apply"]');
  }
  get addSet() {
    return $('[data-testid="add-set"]');
  }
  field(row: number, name: string) {
    return $(`[data-testid="curve-${row}-${name}"]`);
  }
  fieldError(row: number, name: string) {
    return $(`[data-testid="curve-${row}-${name}-error"]`);
  }
  get confirm() {
    return $('[data-testid="apply-confirm"]');
  }

  async fillRow(
    row: number,
    values: { media: string; type: string; Base: string; Slope: string; Acceleration: string; Asymptote: string; Asymmetry: string; CPP?: string },
  ) {
    await this.field(row, 'media_type').setValue(values.media);
    await this.field(row, 'curve_type_name').selectByVisibleText(values.type);
    for (const p of ['Base', 'Slope', 'Acceleration', 'Asymptote', 'Asymmetry'] as const) await this.field(row, p).setValue(values[p]);
    if (values.CPP !== undefined) await this.field(row, 'CPP').setValue(values.CPP);
  }

  /** Apply; with a confirmation, returns its text after answering yes. */
  async apply(confirm: boolean): Promise<string | null> {
    await this.applyButton.click();
    if (!confirm) return null;
    await this.confirm.waitForDisplayed({ timeout: 5000 });
    const text = await this.confirm.getText();
    await $('button=Yes, apply').click();
    return text;
  }

  get toasts() {
    return $('[data-testid="toasts"]');
  }
  async waitForToast(text: string) {
    await toastShown(text);
  }
}

type ChainablePromiseElement = ReturnType<typeof $>;
