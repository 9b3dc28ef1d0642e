import {
  addFilters,
  pickSavedChart,
  SavedChartList,
  segmentsEndpoints,
  type ActiveFilter,
  type SegmentDto,
  levelForHostTab,
  visibleHostTabs,
  visibleLevels,
  type HostTab,
  type InsightsLevel,
  type TabConfigEntry,
} from '@discovery/insights-kit';
import { createToken } from '@discovery/plugin-api';
import { insightsEndpoints } from '@discovery/plugin-insights/common';
import { ApiError, isAbortError, Resource, settle, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  dedupeRightToLeft,
  gaugeDiameter,
  gaugePercent,
  journeyEndpoints as E,
  MESSAGE_MS,
  STAGE_MIN_WIDTH,
  transitionPercent,
  type TransitionValue,
  type JourneyCountsDto,
  type JourneyMessageKey,
  type JourneyDto,
  type JourneyStageDto,
  type JourneySubMarketDto,
  type JourneySummaryDto,
} from '../../common';

export const JourneyStoreToken = createToken<JourneyStore>('insights-journey:JourneyStore');

/** The tabs in the spec's order (JRN-008). */
export const JOURNEY_TABS: readonly HostTab[] = ['total', 'matched', 'modeled'];

/** A filter of the filter bar: the kit's one meaning (OR within a category, AND across categories). */
export type JourneyFilter = ActiveFilter;

/** What a stage column shows for the selected brand and tab. */
export interface StageView {
  stage: JourneyStageDto;
  cell: JourneySubMarketDto | null;
  /** The segment of the tab (matched or modeled; JRN-009: the matched one on Modeled in tier 3). */
  segmentId: string | null;
  /** JRN-017: the stage's deduplicated count. */
  count: number;
  /** JRN-018. */
  percent: number;
  diameter: number;
  /** JRN-021: an audience is mapped and counts nobody. */
  zero: boolean;
}

export interface Toasts {
  show(intent: 'success' | 'error', message: string, opts: { timeout: number }): unknown;
}

const STORED_PREFIX = 'discovery.journey.';

/** JRN-020: stage columns of 300 px side by side; wider than the room they have, the row starts at the left and scrolls. */
export function leftJustified(stages: number, windowWidth: number): boolean {
  return stages * STAGE_MIN_WIDTH > windowWidth;
}

/**
 * Issue 27 §3: when the stages scroll, as many whole columns (at least 300 px, JRN-020) as the
 * width holds share it, so no stage, and no compare bar in it, is cut at the edge.
 */
export function stageColumns(width: number): { perView: number; width: number } {
  const perView = Math.max(1, Math.floor(width / STAGE_MIN_WIDTH));
  return { perView, width: Math.max(STAGE_MIN_WIDTH, Math.floor(width / perView)) };
}

/**
 * The Journey viewer's state (001 §2.3, §4.2): the product's journeys and the selected one (with
 * JRN-006's fallbacks and the stored selection), its tabs and their configuration, the brand, stage
 * filter, mini panels, transition bubbles, the filter bar, one counts call per view, the segment
 * names, the invalid-audience state, duplicate and delete. The maths are ../../common's.
 */
export class JourneyStore {
  product = '';
  /** The product's journeys (the kit's saved-chart list: the latest product's answer wins). */
  readonly charts = new SavedChartList<JourneySummaryDto>();
  journey: JourneyDto | null = null;
  error: string | null = null;
  busy = false;
  tabsConfig: TabConfigEntry[] = [];
  tab: HostTab = 'matched';
  level: InsightsLevel = 'person';
  brandId: number | null = null;
  /** JRN-011: the stage the chart is filtered by (the others dim). */
  stageFilter: number | null = null;
  /** JRN-012: stages whose mini panel is open. */
  miniPanels: number[] = [];
  compare = false;
  /** JRN-013: the transition bubbles expanded (keyed by their left stage's id). */
  expanded: number[] = [];
  filters: JourneyFilter[] = [];
  /** The journey's counts by its id, within the filters; a newer request aborts the older. */
  readonly countsRes = new Resource<JourneyCountsDto | null>(null);
  segments: Record<string, SegmentDto> = {};
  /** JRN-024: the journey that cannot be selected while its audiences are invalid. */
  pendingInvalid: JourneySummaryDto | null = null;
  tier3 = false;
  private countsKey = '';
  private seq = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly toasts: Toasts,
    /** A message of the spec in the user's language. */
    private readonly t: (message: string, values?: Record<string, string>) => string = (m) => m,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = typeof sessionStorage === 'undefined' ? null : sessionStorage,
  ) {
    makeAutoObservable<JourneyStore, 'api' | 'toasts' | 't' | 'storage' | 'seq' | 'countsKey'>(this, {
      api: false,
      toasts: false,
      t: false,
      storage: false,
      seq: false,
      countsKey: false,
      charts: false,
      countsRes: false,
    });
  }

  get list(): JourneySummaryDto[] | null {
    return this.charts.items;
  }

  get counts(): JourneyCountsDto | null {
    return this.countsRes.data;
  }

  get countsLoading(): boolean {
    return this.countsRes.loading;
  }

  get countsError(): string | null {
    return this.countsRes.error?.message ?? null;
  }

  // ---- derived ----

  /** JRN-008: the tabs the journey's tab configuration leaves visible, in the spec's order. */
  get tabs(): HostTab[] {
    const visible = visibleHostTabs(this.tabsConfig);
    return JOURNEY_TABS.filter((t) => visible.includes(t));
  }

  /** JRN-053: Person Level visible (the builder's audience section and the Matched / Modeled tabs). */
  get personLevelVisible(): boolean {
    return visibleLevels(this.tabsConfig).includes('person');
  }

  get brands() {
    return [...(this.journey?.brands ?? [])].sort((a, b) => a.order - b.order);
  }
  get stages() {
    return [...(this.journey?.stages ?? [])].sort((a, b) => a.priority - b.priority);
  }

  get brand() {
    return this.brands.find((b) => b.id === this.brandId) ?? this.brands[0] ?? null;
  }

  /** JRN-012: mini panels only with several brands and compare mode off. */
  get miniPanelsAllowed(): boolean {
    return this.brands.length > 1 && !this.compare;
  }

  cellOf(brandId: number, stageId: number): JourneySubMarketDto | null {
    return this.journey?.sub_markets.find((c) => c.journey_brand_id === brandId && c.journey_stage_id === stageId) ?? null;
  }

  /** JRN-009: on Modeled a tier 3 deployment counts the matched segment. */
  segmentOf(cell: JourneySubMarketDto | null, tab: HostTab = this.tab): string | null {
    if (!cell || tab === 'total') return null;
    return tab === 'modeled' && !this.tier3 ? cell.modeled_id : cell.matched_id;
  }

  /** A stage's raw count on the tab (population on Total Population). */
  private rawCount(brandId: number, stageId: number): { count: number; deduped: number | null } {
    const cell = this.cellOf(brandId, stageId);
    if (this.tab === 'total') return { count: cell?.population ?? 0, deduped: null };
    const c = this.counts?.cells.find((x) => x.journey_brand_id === brandId && x.journey_stage_id === stageId);
    if (!c || !this.segmentOf(cell)) return { count: 0, deduped: 0 };
    const modeled = this.tab === 'modeled' && !this.tier3;
    return modeled ? { count: c.modeled, deduped: c.modeled_deduped } : { count: c.matched, deduped: c.matched_deduped };
  }

  /**
   * JRN-017 / JRN-018: the brand's stages, each deduplicated right to left (the engine's figure on
   * Matched and Modeled, the shared rule on the populations), its share of the total and its
   * gauge's diameter.
   */
  stageViews(brandId: number): StageView[] {
    const stages = this.stages;
    const raw = stages.map((s) => this.rawCount(brandId, s.id));
    const deduped = this.tab === 'total' ? dedupeRightToLeft(raw.map((r) => r.count)) : raw.map((r) => r.deduped ?? 0);
    const total = deduped.reduce((a, b) => a + b, 0);
    return stages.map((stage, i) => {
      const cell = this.cellOf(brandId, stage.id);
      const segmentId = this.segmentOf(cell);
      const percent = gaugePercent(deduped[i], total);
      return {
        stage,
        cell,
        segmentId,
        count: deduped[i],
        percent,
        diameter: gaugeDiameter(percent),
        zero: this.tab !== 'total' && !!segmentId && !!this.counts && raw[i].count === 0,
      };
    });
  }

  /** JRN-016 (issue 27 §3): the bubbles between adjacent stages of the selected brand: later ÷ earlier, 'N/A', or 'larger'. */
  get transitions(): { from: StageView; to: StageView; percent: TransitionValue }[] {
    const b = this.brand;
    if (!b || !this.journey?.has_transition_data) return [];
    const views = this.stageViews(b.id);
    return views.slice(1).map((to, i) => ({ from: views[i], to, percent: transitionPercent(views[i].count, to.count) }));
  }

  /** The audience the Insights panel profiles and Save Audience saves: the filtered stage's segment. */
  get focusedSegment(): { id: string; name: string } | null {
    const b = this.brand;
    if (!b || this.stageFilter === null) return null;
    const id = this.segmentOf(this.cellOf(b.id, this.stageFilter));
    if (!id) return null;
    return { id, name: this.segments[id]?.name ?? id };
  }

  // ---- loading ----

  private storedKey() {
    return STORED_PREFIX + this.product;
  }
  private stored(): number | null {
    const v = Number(this.storage?.getItem(this.storedKey()) ?? NaN);
    return Number.isInteger(v) ? v : null;
  }

  /** Opens a product's journeys: JRN-006 picks one (route, stored, default, first); answers the id the URL should show (JRN-005). */
  open(product: string, routeId: number | null, opts: { tier3: boolean }): Settled<number | null> {
    return settle(this.openJourney(product, routeId, opts), (e) => this.failed(e, null));
  }

  /** A failure no screen state holds yet lands in `error` (the page's error state); an aborted call is none. */
  private failed<F>(e: unknown, value: F): F {
    if (!isAbortError(e)) runInAction(() => (this.error = (e as Error).message));
    return value;
  }

  private async openJourney(product: string, routeId: number | null, opts: { tier3: boolean }): Promise<number | null> {
    this.product = product;
    this.tier3 = opts.tier3;
    const { fresh, loaded } = this.charts.open(product, (signal) => this.api.call(E.list, {}, { signal, silent: true }).then((r) => r.data));
    if (fresh) {
      this.seq++;
      this.journey = null;
      this.filters = [];
      this.pendingInvalid = null;
      this.countsRes.reset();
      this.countsKey = '';
    }
    const list = await loaded;
    if (product !== this.product) return null;
    if (!list) {
      runInAction(() => (this.error = this.charts.error?.message ?? null));
      return null;
    }
    runInAction(() => (this.error = null));
    const stored = this.stored();
    if (stored !== null && this.charts.has(stored)) this.charts.remember(stored);
    const id = this.charts.pick(routeId);
    if (id === null) {
      runInAction(() => (this.journey = null));
      return null;
    }
    if (id === this.journey?.id && !this.pendingInvalid) return id;
    return (await this.select(id)) ? id : null;
  }

  /** JRN-005 / JRN-024: loads the journey; one whose audiences are invalid is not selected, the modal asks instead. */
  select(id: number): Settled<boolean> {
    return settle(this.selectJourney(id), (e) => this.failed(e, false));
  }

  private async selectJourney(id: number): Promise<boolean> {
    const seq = ++this.seq;
    const summary = this.list?.find((j) => j.id === id) ?? null;
    if (summary?.invalid) {
      this.pendingInvalid = summary;
      return false;
    }
    this.busy = true;
    try {
      // One round trip (issue 24): the journey, its tab configuration and its counts at once.
      const counts = this.loadCountsOf(id);
      const [res, config] = await Promise.all([
        this.api.call(E.get, { params: { id } }),
        this.api
          .call(insightsEndpoints.tabsConfig, { query: { resource_id: id, resource_type: 'Journey', insights_context: 'journey' } }, { silent: true })
          .catch(() => [] as TabConfigEntry[]),
      ]);
      if (seq !== this.seq) return false;
      if (res.data.invalid_identifiers.length > 0) {
        this.countsRes.abort();
        runInAction(() => (this.pendingInvalid = summary ?? { ...res.data, invalid: true }));
        return false;
      }
      runInAction(() => {
        this.pendingInvalid = null;
        this.journey = res.data;
        this.tabsConfig = config;
        // JRN-010: the first brand is selected on load.
        this.brandId = this.brands[0]?.id ?? null;
        this.stageFilter = null;
        this.miniPanels = [];
        this.expanded = [];
        this.compare = false;
        const tabs = this.tabs;
        this.tab = tabs.includes(this.tab) ? this.tab : tabs.includes('matched') ? 'matched' : (tabs[0] ?? 'matched');
        this.level = levelForHostTab(this.tab);
        this.storage?.setItem(this.storedKey(), String(id));
        this.charts.remember(id);
        // The counts asked with the journey are this version's: the view's effect does not ask again.
        this.countsKey = JSON.stringify([id, res.data.updated_at, this.filters.map((f) => f.short_id)]);
      });
      await Promise.all([counts, this.loadSegments()]);
      return true;
    } catch (e) {
      if (seq === this.seq) runInAction(() => (this.error = (e as Error).message));
      return false;
    } finally {
      if (seq === this.seq) runInAction(() => (this.busy = false));
    }
  }

  /** One counts call per view of a journey (and filter set); tabs, brands and stages read the same answer. */
  loadCounts(): Settled<unknown> {
    const j = this.journey;
    if (!j) return Promise.resolve();
    return this.loadCountsOf(j.id, j.updated_at);
  }

  /** Counting by journey id within the filters; the same view asked again is not asked twice. */
  private loadCountsOf(id: number, updatedAt = this.journey?.id === id ? this.journey.updated_at : ''): Settled<unknown> {
    const key = JSON.stringify([id, updatedAt, this.filters.map((f) => f.short_id)]);
    if (key === this.countsKey && (this.counts || this.countsRes.loading)) return Promise.resolve();
    this.countsKey = key;
    const filters = this.filters.map(({ group, short_id }) => ({ group, short_id }));
    return this.countsRes.load((signal) => this.api.call(E.counts, { params: { id }, body: { filters } }, { signal, silent: true }).then((r) => r.data));
  }

  /** JRN-056: the cells' segments by identifier (names and counts). */
  async loadSegments(): Promise<void> {
    const ids = [...new Set((this.journey?.sub_markets ?? []).flatMap((c) => [c.matched_id, c.modeled_id]).filter((x): x is string => !!x))];
    const missing = ids.filter((x) => !this.segments[x]);
    if (!missing.length) return;
    try {
      const res = await this.api.call(segmentsEndpoints.byIdentifiers, { body: { identifiers: missing } }, { silent: true });
      runInAction(() => {
        for (const s of res.data) this.segments[s.identifier] = s;
      });
    } catch {
      // Names are a nicety: the identifiers show instead.
    }
  }

  private async reloadList(): Promise<void> {
    await this.charts.reload((signal) => this.api.call(E.list, {}, { signal, silent: true }).then((r) => r.data));
  }

  // ---- view state ----

  /** JRN-008: the panel's top-level tab follows (Total Population = Market Level). */
  setTab(tab: HostTab): void {
    this.tab = tab;
    this.level = levelForHostTab(tab);
  }

  /** JRN-008: the panel's top-level tab chosen in the panel moves the chart to a tab of that level. */
  setLevel(level: InsightsLevel): void {
    this.level = level;
    if (levelForHostTab(this.tab) === level) return;
    const next = level === 'market' ? 'total' : this.tabs.includes('matched') ? 'matched' : 'modeled';
    if (this.tabs.includes(next)) this.tab = next;
  }

  /** JRN-010. */
  selectBrand(id: number): void {
    this.brandId = id;
  }

  /** JRN-011: a click on a stage filters by it; again clears it. */
  toggleStage(id: number): void {
    this.stageFilter = this.stageFilter === id ? null : id;
  }

  /** JRN-012: refused unless several brands and compare mode off. */
  toggleMiniPanel(id: number): boolean {
    if (!this.miniPanelsAllowed) return false;
    this.miniPanels = this.miniPanels.includes(id) ? this.miniPanels.filter((x) => x !== id) : [...this.miniPanels, id];
    return true;
  }

  setCompare(on: boolean): void {
    this.compare = on;
    if (on) this.miniPanels = [];
  }

  /** JRN-013: a bubble expands and collapses. */
  toggleTransition(fromStageId: number): void {
    this.expanded = this.expanded.includes(fromStageId) ? this.expanded.filter((x) => x !== fromStageId) : [...this.expanded, fromStageId];
  }

  addFilters(filters: JourneyFilter[]): void {
    this.filters = addFilters(this.filters, filters);
    this.loadCounts();
  }
  removeFilter(id: string): void {
    this.filters = this.filters.filter((f) => f.short_id !== id);
    this.loadCounts();
  }
  clearFilters(): void {
    this.filters = [];
    this.loadCounts();
  }

  // ---- actions ----

  private notify(intent: 'success' | 'error', message: JourneyMessageKey, values?: Record<string, string>) {
    this.toasts.show(intent, this.t(message, values), { timeout: MESSAGE_MS });
  }

  /** JRN-027..029: the copy opens; its failure says why for 5 s. Blocked while the journey is invalid (JRN-026). */
  async duplicate(id: number): Promise<number | null> {
    if (this.list?.find((j) => j.id === id)?.invalid) return null;
    try {
      const res = await this.api.call(E.duplicate, { params: { id } }, { silent: true });
      this.notify('success', 'duplicated');
      await this.reloadList();
      await this.select(res.journey.id);
      return res.journey.id;
    } catch (e) {
      // JRN-028: the error names the copy's (taken) name.
      const named = e instanceof ApiError && !!(e.body as { error?: { name?: unknown } } | undefined)?.error?.name;
      this.notify('error', named ? 'duplicateExists' : 'duplicateFailed');
      return null;
    }
  }

  /** JRN-030: deleted, the next journey (JRN-006) is selected; answers its id, null for none, false on failure. */
  async remove(id: number): Promise<number | null | false> {
    try {
      await this.api.call(E.remove, { params: { id } }, { silent: true });
    } catch {
      this.notify('error', 'deleteFailed');
      return false;
    }
    this.notify('success', 'deleted');
    runInAction(() => {
      if (this.pendingInvalid?.id === id) this.pendingInvalid = null;
      if (this.journey?.id === id) this.journey = null;
      if (this.stored() === id) this.storage?.removeItem(this.storedKey());
    });
    this.charts.remove(id);
    await this.reloadList();
    const next = pickSavedChart(
      (this.list ?? []).filter((j) => !j.invalid),
      null,
      null,
    );
    if (next !== null) await this.select(next);
    return next;
  }

  /** JRN-024: the invalid segments are cleared, then the journey is selected. */
  async removeInvalid(id: number): Promise<boolean> {
    try {
      await this.api.call(E.removeInvalidIdentifiers, { params: { id } }, { silent: true });
    } catch {
      this.notify('error', 'saveFailed');
      return false;
    }
    runInAction(() => (this.pendingInvalid = null));
    await this.reloadList();
    return this.select(id);
  }

  /** Closing the modal without a fix: the journey on screen stays, else the default or first valid one. */
  async dismissInvalid(): Promise<number | null> {
    const bad = this.pendingInvalid?.id;
    this.pendingInvalid = null;
    if (this.journey && this.journey.id !== bad) return this.journey.id;
    const next = pickSavedChart(
      (this.list ?? []).filter((j) => j.id !== bad && !j.invalid),
      null,
      null,
    );
    if (next !== null && (await this.select(next))) return next;
    return null;
  }

  /** After the builder saved: the list and the journey again (its counts too). */
  async reload(id: number): Promise<void> {
    await this.reloadList();
    runInAction(() => (this.countsKey = ''));
    await this.select(id);
  }
}
