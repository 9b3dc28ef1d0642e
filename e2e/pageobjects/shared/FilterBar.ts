import { clickWhenSettled } from '../shell/Shell';
import { SegmentPicker } from './SegmentPicker';

/**
 * The insights kit's filter bar on a chart screen (Grow, Overlap, Journeys): its add button opens
 * the segment picker, each filter shows as a tag. `prefix` is the screen's testid prefix
 * (`{prefix}-add-filter`, `{prefix}-filter-{id}`, `{prefix}-clear-filters`).
 */
export class FilterBar {
  readonly picker = new SegmentPicker();
  constructor(readonly prefix: string) {}

  get add() {
    return $(`[data-testid="${this.prefix}-add-filter"]`);
  }
  get clear() {
    return $(`[data-testid="${this.prefix}-clear-filters"]`);
  }
  tag(id: string) {
    return $(`[data-testid="${this.prefix}-filter-${id}"]`);
  }

  /** Adds the first segment the picker finds for `query` as a filter; resolves once its tag shows. */
  async addFirst(query: string): Promise<string> {
    await clickWhenSettled(
      () => this.add,
      () => this.picker.search.isDisplayed(),
    );
    const id = await this.picker.chooseFirst(query);
    await this.tag(id).waitForDisplayed({ timeout: 10000, timeoutMsg: `no filter tag for ${id}` });
    return id;
  }
}
