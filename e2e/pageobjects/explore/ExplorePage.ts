import { SegmentPicker } from '../shared/SegmentPicker';
import { clickWhenSettled } from '../shell/Shell';
import { waitForToast as toastShown } from '../shell/Toasts';

/** The Insights Explore page: the persona dropdown and its actions, the matched count, the Insights panel. */
export class ExplorePage {
  async open(context: string, personaId?: number) {
    await browser.url(`/${context}/insights/explore${personaId ? `/${personaId}` : ''}`);
    await this.root.waitForDisplayed({ timeout: 20000 });
  }
  get root() {
    return $('[data-testid="explore-page"]');
  }
  get title() {
    return $('h1');
  }
  get dropdown() {
    return $('[data-testid="explore-dropdown"]');
  }
  get create() {
    return $('[data-testid="explore-create"]');
  }
  get more() {
    return $('[data-testid="explore-more"]');
  }
  get matched() {
    return $('[data-testid="explore-matched-count"]');
  }
  get insights() {
    return $('[data-testid="insights-panel"]');
  }
  get toasts() {
    return $('[data-testid="toasts"]');
  }
  async waitForToast(text: string) {
    await toastShown(text);
  }

  /** The persona id the URL shows. */
  async personaId(): Promise<number> {
    let id = 0;
    await browser.waitUntil(
      async () => {
        const m = /insights\/explore\/(\d+)$/.exec(new URL(await browser.getUrl()).pathname);
        id = m ? Number(m[1]) : 0;
        return id > 0;
      },
      { timeout: 15000, timeoutMsg: 'no persona id in the URL' },
    );
    return id;
  }

  /** The matched count once it is a number. */
  async matchedPeople(): Promise<number> {
    let n = NaN;
    await browser.waitUntil(
      async () => {
        const text = await this.matched.getText();
        n = Number(text.replace(/^Matched:\s*/, '').replace(/,/g, ''));
        return Number.isFinite(n);
      },
      { timeout: 20000, timeoutMsg: 'the matched count stayed N/A' },
    );
    return n;
  }

  /** Opens the persona menu and clicks an item (the menu re-renders as the page's fetches settle: found afresh each try). */
  async menuItem(testId: string, opened: () => Promise<boolean>) {
    await clickWhenSettled(
      () => this.more,
      () => $(`[data-testid="${testId}"]`).isDisplayed(),
    );
    await clickWhenSettled(() => $(`[data-testid="${testId}"]`), opened);
  }

  /** The Person Level widgets' titles (the built-in Demographics tab: one per category). */
  async personLevelWidgets(): Promise<string[]> {
    await $('[data-testid="insights-person"]').waitForDisplayed({ timeout: 20000 });
    await browser.waitUntil(async () => (await $$('[data-testid="insights-person"] figcaption').length) > 0, { timeout: 20000 });
    return $$('[data-testid="insights-person"] figcaption').map((f) => f.getText());
  }

  /** A built-in Person Level widget's rows, read from its table view. */
  async demographicRows(category: string): Promise<string[]> {
    const figure = $(`[data-testid="insights-widget-demographics:${category}"]`);
    await clickWhenSettled(
      () => figure.$('[data-testid="chart-view-table"]'),
      () => figure.$('[data-testid="chart-table"]').isDisplayed(),
    );
    return figure.$$('[data-testid="chart-table"] tr').map((r) => r.getText());
  }
}

/** The persona builder (insights/explore/builder). */
export class PersonaBuilder {
  readonly picker = new SegmentPicker();
  get root() {
    return $('[data-testid="explore-builder"]');
  }
  get name() {
    return $('[data-testid="explore-builder-name"]');
  }
  get select() {
    return $('[data-testid="explore-builder-select"]');
  }
  get save() {
    return $('[data-testid="explore-builder-save"]');
  }
  async chooseSegments(query: string, ids: string[]) {
    await clickWhenSettled(
      () => this.select,
      () => this.picker.search.isDisplayed(),
    );
    await this.picker.choose(query, ids);
  }
}

/** The index report drawer (EXP-024). */
export class IndexReportDrawer {
  get root() {
    return $('[data-testid="explore-index-report"]');
  }
  get name() {
    return $('[data-testid="explore-index-report-name"]');
  }
  get submit() {
    return $('[data-testid="explore-index-report-submit"]');
  }
}

/** A motivation audience's row as the list showed it at one moment. */
export interface MotivationRowState {
  status: string;
  statusText: string;
  people: string;
}

/** The motivation-audience builder and its list (insights/motivation-audience/builder, tier 3, EXP-018). */
export class MotivationBuilder {
  get root() {
    return $('[data-testid="motivation-builder"]');
  }
  get name() {
    return $('[data-testid="motivation-name"]');
  }
  get persona() {
    return $('[data-testid="motivation-persona"]');
  }
  get submit() {
    return $('[data-testid="motivation-submit"]');
  }

  /**
   * Records every state the list shows for each row (by name) from now on, in the page: a job may
   * pass through a state between two polls of the test, so the page itself keeps the history.
   */
  async recordStates() {
    await browser.execute(() => {
      const w = window as unknown as { __motivationStates: Record<string, string[]> };
      w.__motivationStates = {};
      const record = () => {
        document.querySelectorAll('[data-testid="motivation-list"] tbody tr').forEach((tr) => {
          const name = tr.querySelector('td')?.textContent ?? '';
          const state = JSON.stringify({
            status: tr.getAttribute('data-status') ?? '',
            statusText: tr.querySelector('[data-testid="motivation-status"]')?.textContent ?? '',
            people: tr.querySelector('[data-testid="motivation-people"]')?.textContent ?? '',
          });
          const seen = (w.__motivationStates[name] ??= []);
          if (seen[seen.length - 1] !== state) seen.push(state);
        });
      };
      record();
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }

  /** The states recorded for the row named `name`, in the order the list showed them. */
  async states(name: string): Promise<MotivationRowState[]> {
    const states = await browser.execute(
      (n: string) => (window as unknown as { __motivationStates?: Record<string, string[]> }).__motivationStates?.[n] ?? [],
      name,
    );
    return states.map((s) => JSON.parse(s) as MotivationRowState);
  }

  /** Waits until the row named `name` shows one of `statuses` (the list is polled while a job is in flight). */
  async waitForStatus(name: string, statuses: string[], timeout = 120_000): Promise<MotivationRowState> {
    let last: MotivationRowState | undefined;
    await browser.waitUntil(
      async () => {
        const states = await this.states(name);
        last = states[states.length - 1];
        return !!last && statuses.includes(last.status);
      },
      { timeout, interval: 500, timeoutMsg: `motivation audience '${name}' never reached ${statuses.join(' or ')} (last: ${JSON.stringify(last)})` },
    );
    return last!;
  }
}
