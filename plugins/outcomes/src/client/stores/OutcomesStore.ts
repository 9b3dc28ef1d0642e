import { SavedChartList, segmentsEndpoints, type ActiveFilter, type HostTab, type SegmentDto, type TabConfigEntry, addFilters } from '@discovery/insights-kit';
import { createToken } from '@discovery/plugin-api';
import { growEndpoints, type MekkoDto, type MekkoSummaryDto } from '@discovery/plugin-insights-grow/common';
import { insightsEndpoints } from '@discovery/plugin-insights/common';
import { isAbortError, Resource, type ApiClient, type ToastStore } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  chronological,
  DEFAULT_TAB,
  forcedTab,
  fromWire,
  keepSelection,
  keyOf,
  NO_FILTER,
  NOTIFICATION_MS,
  OUTCOMES_MESSAGES as M,
  outcomesEndpoints as E,
  pickSelection,
  toggleMarket,
  toggleSubMarket,
  toWire,
  defaultSelection,
  inRange,
  firstThirteen,
  type MarketFilter,
  type Selection,
  type Timeframe,
} from '../../common';

export const OutcomesStoreToken = createToken<OutcomesStore>('outcomes:OutcomesStore');

/**
 * The Measure screen's state (001 §4.4): the product's charts and the selected one, its stored
 * timeframes with the live Current Timeframe, the selection (comparison or range), the tab and
 * its forcing rules, the market > sub-market filter and the kit's filter bar, and the admin
 * panel's saves. Rules are the pure functions of ./common.
 */
export class OutcomesStore {
  context = '';
  readonly charts = new SavedChartList<MekkoSummaryDto>();
  mekko: MekkoDto | null = null;
  /** Stored timeframes (UI months 1-12), oldest first. */
  readonly stored = new Resource<Timeframe[]>([]);
  /** OUT-049: the live timeframe of this month. */
  readonly current = new Resource<Timeframe | null>(null);
  tabsConfig: TabConfigEntry[] = [];
  tabsLoading = false;
  segmentsLoading = false;
  segments: Record<string, SegmentDto> = {};
  tab: HostTab = DEFAULT_TAB;
  selection: Selection = { previous: null, current: null, isRangeMode: false };
  selectionError: string | null = null;
  marketFilter: MarketFilter = NO_FILTER;
  /** The kit's filter bar: the Current Timeframe's counts are taken within it. */
  filters: ActiveFilter[] = [];
  groupByMarket = false;
  adminOpen = false;
  error: string | null = null;
  private seq = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly toasts: Pick<ToastStore, 'show'>,
    readonly now: () => Date = () => new Date(),
  ) {
    makeAutoObservable<OutcomesStore, 'api' | 'toasts' | 'seq'>(this, {
      api: false,
      toasts: false,
      seq: false,
      charts: false,
      stored: false,
      current: false,
      now: false,
    });
  }

  get list(): MekkoSummaryDto[] | null {
    return this.charts.items;
  }

  /** Every timeframe the selector offers: the stored ones and the Current Timeframe (OUT-049), oldest first. */
  get timeframes(): Timeframe[] {
    const cur = this.current.data;
    const stored = this.stored.data.filter((t) => !cur || keyOf(t) !== keyOf(cur));
    return chronological(cur ? [...stored, cur] : stored);
  }

  byKey(k: number | null): Timeframe | null {
    return k === null ? null : (this.timeframes.find((t) => keyOf(t) === k) ?? null);
  }

  get previousTf(): Timeframe | null {
    return this.byKey(this.selection.previous);
  }

  get currentTf(): Timeframe | null {
    return this.byKey(this.selection.current);
  }

  /** OUT-028 / OUT-029: the range's timeframes, at most the first 13. */
  get rangeTimeframes(): Timeframe[] {
    return firstThirteen(inRange(this.timeframes, this.selection));
  }

  /** OUT-008: any of the four fetch states. */
  get loading(): boolean {
    return this.stored.loading || this.tabsLoading || this.current.loading || this.segmentsLoading;
  }

  async open(context: string, routeId: number | null): Promise<number | null> {
    this.context = context;
    const { fresh, loaded } = this.charts.open(context, (signal) => this.api.call(growEndpoints.list, {}, { signal }).then((r) => r.data));
    if (fresh) {
      this.seq++;
      this.mekko = null;
      this.stored.reset();
      this.current.reset();
      this.clearFilters();
    }
    const list = await loaded;
    if (!list || context !== this.context) return null;
    const id = this.charts.pick(routeId);
    if (id === null) {
      runInAction(() => (this.mekko = null));
      return null;
    }
    if (id !== this.mekko?.id) await this.select(id);
    return id;
  }

  /** OUT-006: a chart change resets the market filters and loads the chart's timeframes and tab configuration. */
  async select(id: number): Promise<void> {
    const seq = ++this.seq;
    this.marketFilter = NO_FILTER;
    this.tabsLoading = true;
    try {
      const [chart, config] = await Promise.all([
        this.api.call(growEndpoints.get, { params: { id } }),
        this.api
          .call(insightsEndpoints.tabsConfig, { query: { resource_id: id, resource_type: 'Mekko', insights_context: 'grow' } }, { silent: true })
          .catch(() => [] as TabConfigEntry[]),
      ]);
      if (seq !== this.seq) return;
      runInAction(() => {
        this.mekko = chart.data;
        this.tabsConfig = config;
        this.tab = forcedTab(this.tab, config);
        this.charts.remember(id);
      });
      await Promise.all([this.loadTimeframes(), this.loadCurrent(), this.loadSegments()]);
    } catch (e) {
      if (seq === this.seq && !isAbortError(e)) runInAction(() => (this.error = (e as Error).message));
    } finally {
      if (seq === this.seq) runInAction(() => (this.tabsLoading = false));
    }
  }

  private failed(message: string): void {
    this.toasts.show('error', message, { timeout: NOTIFICATION_MS });
  }

  /** SRV-099 then OUT-034 (the selection is kept or re-defaulted); a failure shows OUT-065's notice. */
  async loadTimeframes(): Promise<void> {
    const m = this.mekko;
    if (!m) return;
    const r = await this.stored.load(async (signal) => (await this.api.call(E.list, { params: { id: m.id } }, { signal, silent: true })).data.map(fromWire));
    if (r !== undefined) runInAction(() => (this.selection = defaultSelection(this.timeframes)));
    else if (this.stored.error) this.failed(M.loadFailed);
  }

  /** OUT-049/050: the live timeframe, counted by chart id within the filter bar; counts failures fall back to zeros (OUT-065). */
  async loadCurrent(): Promise<void> {
    const m = this.mekko;
    if (!m) return;
    const filters = this.filters.map(({ group, short_id }) => ({ group, short_id }));
    const r = await this.current.load(async (signal) =>
      fromWire((await this.api.call(E.current, { params: { id: m.id }, body: { filters } }, { signal, silent: true })).data),
    );
    if (r === undefined && this.current.error) this.failed(M.loadFailed);
    runInAction(() => (this.selection = keepSelection(this.selection, this.timeframes)));
  }

  /** OUT-053: audience names of the chart's segments for the tooltips. */
  async loadSegments(): Promise<void> {
    const ids = [
      ...new Set(
        (this.mekko?.markets ?? []).flatMap((k) => k.sub_markets.flatMap((s) => [s.matched_short_id, s.modeled_short_id])).filter((x): x is string => !!x),
      ),
    ];
    const missing = ids.filter((x) => !this.segments[x]);
    if (!missing.length) return;
    this.segmentsLoading = true;
    try {
      const res = await this.api.call(segmentsEndpoints.byIdentifiers, { body: { identifiers: missing } }, { silent: true });
      runInAction(() => {
        for (const s of res.data) this.segments[s.identifier] = s;
      });
    } catch {
      // Tooltips then read 'N/A' (OUT-024).
    } finally {
      runInAction(() => (this.segmentsLoading = false));
    }
  }

  setTab(tab: HostTab): void {
    this.tab = forcedTab(tab, this.tabsConfig);
  }

  /** OUT-036/037/039: two picks from the selector. */
  pick(a: number, b: number, rangeMode: boolean): void {
    const r = pickSelection(a, b, rangeMode);
    this.selection = r.selection;
    this.selectionError = r.error;
  }

  applyPreset(previous: number, current: number): void {
    this.selection = { previous, current, isRangeMode: this.selection.isRangeMode };
    this.selectionError = null;
  }

  setRangeMode(on: boolean): void {
    this.pick(this.selection.previous ?? 0, this.selection.current ?? 0, on);
  }

  clearSelectionError(): void {
    this.selectionError = null;
  }

  toggleMarket(id: number): void {
    this.marketFilter = toggleMarket(this.marketFilter, id);
  }

  toggleSubMarket(marketId: number, id: number): void {
    this.marketFilter = toggleSubMarket(this.marketFilter, marketId, id);
  }

  setWithinMarket(on: boolean): void {
    this.marketFilter = { ...this.marketFilter, withinMarket: on };
  }

  clearMarketFilter(): void {
    this.marketFilter = NO_FILTER;
  }

  addFilters(filters: ActiveFilter[]): void {
    this.filters = addFilters(this.filters, filters);
    this.loadCurrent().catch(() => undefined);
  }

  removeFilter(shortId: string): void {
    this.filters = this.filters.filter((f) => f.short_id !== shortId);
    this.loadCurrent().catch(() => undefined);
  }

  /** OUT-007: leaving the page clears the filters. */
  clearFilters(): void {
    this.marketFilter = NO_FILTER;
    this.filters = [];
  }

  setGroupByMarket(on: boolean): void {
    this.groupByMarket = on;
  }

  setAdminOpen(open: boolean): void {
    this.adminOpen = open;
  }

  /** OUT-068 / OUT-069: a new month for the chart (zero-filled), then the list reloads. */
  async addTimeframe(year: number, month: number): Promise<boolean> {
    const m = this.mekko;
    if (!m) return false;
    const blank: Timeframe = {
      id: null,
      mekko_id: m.id,
      year,
      month,
      current: false,
      total: 0,
      matched: 0,
      modeled: 0,
      market_outcomes: [],
      submarket_outcomes: [],
    };
    try {
      await this.api.call(E.create, { params: { id: m.id }, body: { outcome_timeframe: toWire(blank) } }, { silent: true });
      await this.loadTimeframes();
      return true;
    } catch {
      this.failed(M.saveFailed);
      return false;
    }
  }

  /** OUT-063 / OUT-064: PUT with the nested outcomes; a failure shows the notice (the card leaves edit mode either way). */
  async saveTimeframe(t: Timeframe): Promise<boolean> {
    if (t.id === null) return false;
    try {
      await this.api.call(E.update, { params: { id: t.id }, body: { outcome_timeframe: toWire(t) } }, { silent: true });
      await this.loadTimeframes();
      return true;
    } catch {
      this.failed(M.saveFailed);
      return false;
    }
  }

  /** OUT-059 / OUT-069. */
  async deleteTimeframe(t: Timeframe): Promise<boolean> {
    if (t.id === null) return false;
    try {
      await this.api.call(E.remove, { params: { id: t.id } }, { silent: true });
      await this.loadTimeframes();
      return true;
    } catch {
      this.failed(M.loadFailed);
      return false;
    }
  }
}
