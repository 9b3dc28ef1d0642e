import { FilterBar } from '../shared/FilterBar';
import { SegmentPicker } from '../shared/SegmentPicker';
import { clickWhenSettled, waitForShown } from '../shell/Shell';
import { waitForToast as toastShown } from '../shell/Toasts';

const tid = (id: string) => $(`[data-testid="${id}"]`);

/** The Journey viewer: the picker and its buttons, the filter bar, tabs, brands and stages. */
export class JourneyViewer {
  /** The filter bar (the kit's) the counts are restricted to. */
  readonly filters = new FilterBar('journey');
  get root() {
    return tid('journey-page');
  }
  get dropdown() {
    return tid('journey-dropdown');
  }
  get create() {
    return tid('journey-create');
  }
  get edit() {
    return tid('journey-edit');
  }
  get copy() {
    return tid('journey-copy');
  }
  get remove() {
    return tid('journey-delete');
  }
  get deleteConfirm() {
    return tid('journey-delete-confirm');
  }
  get insights() {
    return tid('journey-insights');
  }
  get stages() {
    return $$('li[data-testid^="journey-stage-"]');
  }
  stage(i: number) {
    return tid(`journey-stage-${i}`);
  }
  stageToggle(i: number) {
    return tid(`journey-stage-${i}-toggle`);
  }
  stageCount(i: number) {
    return tid(`journey-stage-${i}-count`);
  }
  /** The stage's count as shown, without the small-base mark ('*', issue 27 §2) that follows a count under the threshold. */
  async stageCountText(i: number): Promise<string> {
    return (await this.stageCount(i).getText()).replace(/\*$/, '');
  }
  smallBaseMark(i: number) {
    return tid(`journey-stage-${i}-small-base`);
  }
  stageName(i: number) {
    return tid(`journey-stage-${i}-name`);
  }
  brand(i: number) {
    return tid(`journey-brand-${i}`);
  }
  tab(name: 'total' | 'matched' | 'modeled') {
    return tid(`journey-tab-${name}`);
  }
  transition(i: number) {
    return tid(`journey-transition-${i}`);
  }
  get scrollCue() {
    return tid('journey-scroll-cue');
  }
  get scrollOn() {
    return tid('journey-scroll-on');
  }
  get compare() {
    return tid('journey-compare');
  }

  /**
   * Issue 27 §3: where each stage sits in the chart's visible width ('shown' whole, 'cut' partly,
   * 'hidden'), and whether a compare bar of a shown stage ends past the visible edge.
   */
  async stageLayout(): Promise<{ stages: ('shown' | 'cut' | 'hidden')[]; barsCut: number; perView: number; insightsBeside: boolean }> {
    return browser.execute(() => {
      const box = document.querySelector<HTMLElement>('[data-testid="journey-chart"]')!.getBoundingClientRect();
      const lis = [...document.querySelectorAll<HTMLElement>('li[data-testid^="journey-stage-"]')];
      const stages = lis.map((li) => {
        const r = li.getBoundingClientRect();
        if (r.left >= box.left - 1 && r.right <= box.right + 1) return 'shown' as const;
        return r.right <= box.left + 1 || r.left >= box.right - 1 ? ('hidden' as const) : ('cut' as const);
      });
      let barsCut = 0;
      for (const li of lis)
        for (const bar of li.querySelectorAll<HTMLElement>('[data-testid$="-mini"] span[aria-hidden]')) {
          const r = bar.getBoundingClientRect();
          if (r.left < box.right && r.right > box.right + 1) barsCut++;
        }
      const chart = document.querySelector<HTMLElement>('[data-testid="journey-chart-card"]')!.getBoundingClientRect();
      const insights = document.querySelector<HTMLElement>('[data-testid="journey-insights"]')?.getBoundingClientRect();
      return {
        stages,
        barsCut,
        perView: Number(document.querySelector('[data-testid="journey-chart"]')!.getAttribute('data-per-view')),
        insightsBeside: !!insights && insights.top < chart.bottom && insights.left >= chart.right,
      };
    });
  }
  get toasts() {
    return tid('toasts');
  }

  async open(context: string, id?: number) {
    await browser.url(`/${context}/insights/journey${id ? `/${id}` : ''}`);
    await waitForShown('[data-testid="journey-page"]', 20000);
  }

  /** JRN-005: the journey id the URL shows. */
  async journeyId(): Promise<number> {
    let id = NaN;
    await browser.waitUntil(
      async () => {
        const m = /\/insights\/journey\/(\d+)$/.exec(new URL(await browser.getUrl()).pathname);
        id = m ? Number(m[1]) : NaN;
        return !Number.isNaN(id);
      },
      { timeout: 15000, timeoutMsg: 'no journey id in the URL' },
    );
    return id;
  }

  async waitForToast(text: string) {
    await toastShown(text);
  }

  /** Waits until every stage shows a count (the counts call answered). */
  async waitForCounts(stages: number) {
    await browser.waitUntil(
      async () => {
        if ((await this.stages.length) !== stages) return false;
        for (let i = 0; i < stages; i++) if (!/^[\d,.]+[KMB]?$/.test(await this.stageCountText(i))) return false;
        return true;
      },
      { timeout: 20000, timeoutMsg: `the chart did not show ${stages} stages with counts` },
    );
  }
}

/** The journey builder and its mapping pane. */
export class JourneyBuilder {
  readonly picker = new SegmentPicker();
  get root() {
    return tid('journey-builder');
  }
  get name() {
    return tid('journey-builder-name');
  }
  get save() {
    return tid('journey-builder-save');
  }
  get cancel() {
    return tid('journey-builder-cancel');
  }
  get addBrand() {
    return tid('journey-builder-add-brand');
  }
  get pane() {
    return tid('journey-mapping-pane');
  }
  stage(i: number, part: string) {
    return tid(`journey-builder-stage-${i}-${part}`);
  }
  brand(i: number, part: string) {
    return tid(`journey-builder-brand-${i}-${part}`);
  }
  cell(brand: number, stage: number) {
    return tid(`journey-builder-cell-${brand}-${stage}`);
  }
  get stageCount() {
    return $$('[data-testid^="journey-builder-stage-"][data-testid$="-name"]').length;
  }

  async waitForOpen() {
    await waitForShown('[data-testid="journey-builder"]', 20000);
  }

  async setValue(el: ChainablePromiseElement, value: string) {
    await el.waitForDisplayed();
    await el.click();
    await browser.keys(['Control', 'a']);
    await browser.keys('Backspace');
    await el.setValue(value);
    // Leave the field: the blur messages (JRN-047/048).
    await browser.keys('Tab');
  }

  /** Maps a cell's matched (or modeled) audience through the pane's segment picker (JRN-050/051). */
  async mapAudience(brand: number, stage: number, kind: 'matched' | 'modeled', query: string, id: string) {
    await clickWhenSettled(
      () => this.cell(brand, stage),
      () => this.pane.isDisplayed(),
    );
    await clickWhenSettled(
      () => tid(`journey-pane-${kind}-choose`),
      () => this.picker.search.isDisplayed(),
    );
    await this.picker.choose(query, [id]);
    await browser.waitUntil(async () => (await tid(`journey-pane-${kind}-name`).getText()) !== 'None', { timeoutMsg: 'the audience was not mapped' });
  }

  async closePane() {
    await clickWhenSettled(
      () => tid('journey-pane-done'),
      async () => !(await this.pane.isExisting()),
    );
  }
}
