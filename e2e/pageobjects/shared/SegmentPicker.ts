import { clickWhenSettled } from '../shell/Shell';

/** The SegmentPicker dialog of core/ui, wherever a page opens it. */
export class SegmentPicker {
  get dialog() {
    return $('.bp6-dialog*=Choose segments');
  }
  get search() {
    return $('[data-testid="picker-search"]');
  }
  get confirm() {
    return $('[data-testid="picker-confirm"]');
  }
  /** The segment's checkbox (or radio) input; Blueprint hides the input behind its label. */
  segment(id: string) {
    return $(`[data-testid="picker-segment-${id}"]`);
  }
  label(id: string) {
    return this.segment(id).parentElement();
  }

  /** Searches, ticks each segment found by its identifier, and confirms. */
  async choose(query: string, ids: string[]) {
    await this.search.waitForDisplayed();
    await this.search.setValue(query);
    await this.tick(ids);
  }

  /** Searches, ticks the first segment found that may be chosen, and confirms; returns its identifier. */
  async chooseFirst(query: string): Promise<string> {
    await this.search.waitForDisplayed();
    await this.search.setValue(query);
    const first = $('[data-testid="picker-results"] input[data-testid^="picker-segment-"]:not([disabled])');
    await first.waitForExist({ timeout: 15000, timeoutMsg: `the picker found no segment to choose for '${query}'` });
    const id = ((await first.getAttribute('data-testid')) ?? '').replace('picker-segment-', '');
    await this.tick([id]);
    return id;
  }

  private async tick(ids: string[]) {
    for (const id of ids) {
      await clickWhenSettled(
        () => this.label(id),
        async () => (await this.segment(id).isSelected()) === true,
      );
    }
    await clickWhenSettled(
      () => this.confirm,
      async () => !(await this.search.isDisplayed()),
    );
  }
}
