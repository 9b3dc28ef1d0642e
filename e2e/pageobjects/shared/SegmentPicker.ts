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
