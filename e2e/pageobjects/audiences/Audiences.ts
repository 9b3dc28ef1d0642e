import { clickWhenSettled } from '../shell/Shell';
import { SegmentPicker } from '../shared/SegmentPicker';

/** Digits of a formatted count ('12,345' → 12345); NaN while none is shown. */
const toNumber = (text: string) => Number(text.replace(/[^0-9]/g, '') || NaN);

/** The audience builder page. */
export class Builder {
  readonly picker = new SegmentPicker();
  get root() {
    return $('[data-testid="audience-builder"]');
  }
  get name() {
    return $('[data-testid="builder-name"]');
  }
  get save() {
    return $('[data-testid="builder-save"]');
  }
  get people() {
    return $('[data-testid="count-people"]');
  }
  get global() {
    return $('[data-testid="count-global"]');
  }

  async open(context: string, query = 'action=create') {
    await browser.url(`/${context}/audiences/builder?${query}`);
    await this.root.waitForDisplayed();
  }

  /** Adds segments to include group `group` (a new AND group when group is 'new'). */
  async include(group: number | 'new', query: string, ids: string[]) {
    const button = group === 'new' ? '[data-testid="include-add-group"]' : `[data-testid="include-add-${group}"]`;
    await clickWhenSettled(
      () => $(button),
      () => this.picker.search.isDisplayed(),
    );
    await this.picker.choose(query, ids);
  }

  /** The live count once it has settled on a value different from `previous`. */
  async countAfter(previous: number | null): Promise<number> {
    let value = NaN;
    await browser.waitUntil(
      async () => {
        if (!(await this.people.isExisting())) return false;
        value = toNumber(await this.people.getText());
        return !Number.isNaN(value) && value !== previous;
      },
      { timeout: 10000, timeoutMsg: 'the live count did not change' },
    );
    return value;
  }

  async globalCount(): Promise<number> {
    return toNumber(await this.global.getText());
  }
}

/** The overview list and the detail page. */
export class Overview {
  get root() {
    return $('[data-testid="audiences-overview"]');
  }
  get search() {
    return $('[data-testid="audiences-search"]');
  }
  row(name: string) {
    return $(`[data-testid="audiences-table"]`).$(`tr*=${name}`);
  }
  async open(context: string) {
    await browser.url(`/${context}/audiences/overview`);
    await this.root.waitForDisplayed();
  }
  async peopleOf(name: string): Promise<number> {
    return toNumber(await this.row(name).$('[data-testid="people"]').getText());
  }
}

export class Detail {
  get root() {
    return $('[data-testid="audience-detail"]');
  }
  get name() {
    return $('[data-testid="detail-name"]');
  }
  get rules() {
    return $('[data-testid="detail-rules"]');
  }
  /** The insight profile: the Insights panel when the build has it (the full build does). */
  get profile() {
    return $('[data-testid="insights-panel"]');
  }
}

/** 'Shared with you' on the overview (EXP-052): what other clients shared with the context's client. */
export class SharedWithYou {
  get root() {
    return $('[data-testid="audiences-shared"]');
  }
  get table() {
    return $('[data-testid="audiences-shared-table"]');
  }
  get empty() {
    return $('[data-testid="audiences-shared-empty"]');
  }
  /** Each row as shown: name, type, shared by, from, people, shared. */
  async rows(): Promise<string[][]> {
    await browser.waitUntil(async () => (await this.table.isDisplayed()) || (await this.empty.isDisplayed()), {
      timeout: 20000,
      timeoutMsg: "'Shared with you' never loaded",
    });
    if (!(await this.table.isDisplayed())) return [];
    return Promise.all(await this.table.$$('[data-testid="audiences-shared-row"]').map(async (r) => Promise.all(await r.$$('th, td').map((c) => c.getText()))));
  }
}
