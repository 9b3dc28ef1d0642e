import {
  addFilters,
  SavedChartList,
  type ActiveFilter,
  segmentsEndpoints,
  type SegmentDto,
  levelForHostTab,
  visibleHostTabs,
  type HostTab,
  type InsightsLevel,
  type TabConfigEntry,
} from '@discovery/insights-kit';
import { createToken } from '@discovery/plugin-api';
import { insightsEndpoints } from '@discovery/plugin-insights/common';
import { ApiError, isAbortError, Resource, settle, type ApiClient, type Settled, type ToastStore } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  GROW_TABS,
  growEndpoints as E,
  invalidAfterTabChange,
  marketCount,
  moveItem,
  hasSegments,
  NOTIFICATION_MS,
  subMarketCount,
  toggleBlocked,
  ZERO_COUNTS,
  type Blocked,
  type GrowCounts,
  type InvalidIdentifiersDto,
  type MarketInput,
  type MekkoDto,
  type MekkoInput,
  type MekkoSummaryDto,
  type SubMarketDto,
  type SubMarketInput,
  type TvSettingsDto,
  type VerticalDto,
} from '../../common';

export const GrowStoreToken = createToken<GrowStore>('insights-grow:GrowStore');

/** GROW-006: what is kept while navigating away and back (session storage, keyed by the product's fullSlug). */
interface Kept {
  mekkoId: number | null;
  selected: number[];
  tab: HostTab;
}
const KEPT_PREFIX = 'discovery.grow.';

/** The notices' keys (locales/en.json `notices`: 'Created', 'Grow chart could not be saved. Please try again.', ...). */
export const GROW_NOTICES = {
  created: 'notices.created',
  saved: 'notices.saved',
  copied: 'notices.copied',
  deleted: 'notices.deleted',
  saveFailed: 'notices.saveFailed',
  copyFailed: 'notices.copyFailed',
  deleteFailed: 'notices.deleteFailed',
  changeFailed: 'notices.changeFailed',
} as const;

/** A save that failed without a field to blame (its notice is shown). */
const failedSave = (message: string) => ({ ok: false as const, fields: {} as Record<string, string>, message });

/** A chart that cannot be selected (GROW-077) and the answer of the check. */
export interface PendingInvalid {
  mekko: MekkoSummaryDto;
  invalid: InvalidIdentifiersDto;
}

/**
 * The Grow screen's state and rules: the product's charts and the selected one, its counts (one
 * engine mekko call per view, zeros without a call), tabs and their visibility, selected
 * audiences and the dialogs that refuse them, edit mode, and every save with its notice.
 */
export class GrowStore {
  context = '';
  /** The product's charts (the kit's saved-chart list: the latest product's answer wins). */
  readonly charts = new SavedChartList<MekkoSummaryDto>();
  mekko: MekkoDto | null = null;
  /** The selected chart's counts, by chart id (one request; a newer one aborts the older). */
  readonly countsRes = new Resource<GrowCounts>(ZERO_COUNTS);
  busy = false;
  error: string | null = null;
  tab: HostTab = 'matched';
  level: InsightsLevel = 'person';
  selected: number[] = [];
  /** GROW-007: the filter bar's segments (the kit's one meaning); every count of the chart is taken within them. */
  filters: ActiveFilter[] = [];
  mode: 'view' | 'edit' = 'view';
  tabsConfig: TabConfigEntry[] = [];
  segments: Record<string, SegmentDto> = {};
  pendingInvalid: PendingInvalid | null = null;
  dialog: Blocked | null = null;
  tv: TvSettingsDto | null = null;
  verticals: VerticalDto[] = [];
  showChart = true;
  showInsights = true;
  tier3 = false;
  weightsSuffix = '';
  private seq = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly toasts: Pick<ToastStore, 'show'>,
    private readonly t: (key: string) => string = (key) => key,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null = typeof sessionStorage === 'undefined' ? null : sessionStorage,
  ) {
    makeAutoObservable<GrowStore, 'api' | 'toasts' | 't' | 'storage' | 'seq'>(this, {
      api: false,
      toasts: false,
      t: false,
      storage: false,
      seq: false,
      charts: false,
      countsRes: false,
    });
  }

  get list(): MekkoSummaryDto[] | null {
    return this.charts.items;
  }

  get counts(): GrowCounts {
    return this.countsRes.data;
  }

  get countsLoading(): boolean {
    return this.countsRes.loading;
  }

  // ---- derived ----

  /** GROW-013: the tabs the chart's tab configuration leaves visible. */
  get tabs(): HostTab[] {
    return visibleHostTabs(this.tabsConfig);
  }

  get selectedSubMarkets(): SubMarketDto[] {
    const all = this.mekko?.markets.flatMap((m) => m.sub_markets) ?? [];
    return this.selected.map((id) => all.find((s) => s.id === id)).filter((s): s is SubMarketDto => !!s);
  }

  subCount(s: SubMarketDto): number {
    return subMarketCount(s, this.tab, this.counts);
  }

  marketCount(m: MekkoDto['markets'][number]): number {
    return marketCount(m, this.tab, this.counts);
  }

  get isTv(): boolean {
    return this.mekko?.count_type === 'tv_panelists' && this.tv !== null;
  }

  // ---- loading ----

  private keep(): void {
    if (!this.storage || !this.context) return;
    const kept: Kept = { mekkoId: this.mekko?.id ?? null, selected: this.selected, tab: this.tab };
    this.storage.setItem(KEPT_PREFIX + this.context, JSON.stringify(kept));
  }

  private kept(): Kept | null {
    try {
      const raw = this.storage?.getItem(KEPT_PREFIX + this.context);
      return raw ? (JSON.parse(raw) as Kept) : null;
    } catch {
      return null;
    }
  }

  /** Opens the screen for a product: its charts, then the route's (or kept, default, first) chart (GROW-005). */
  open(context: string, routeId: number | null, opts: { tier3: boolean; weightsSuffix: string }): Settled<number | null> {
    return settle(this.openChart(context, routeId, opts), (e) => this.failed(e, null));
  }

  /** A failure no screen state holds yet lands in `error` (the page's error state); an aborted call is none. */
  private failed<F>(e: unknown, value: F): F {
    if (!isAbortError(e)) runInAction(() => (this.error = (e as Error).message));
    return value;
  }

  private async openChart(context: string, routeId: number | null, opts: { tier3: boolean; weightsSuffix: string }): Promise<number | null> {
    this.context = context;
    this.tier3 = opts.tier3;
    this.weightsSuffix = opts.weightsSuffix;
    const { fresh, loaded } = this.charts.open(context, (signal) => this.api.call(E.list, {}, { signal }).then((r) => r.data));
    if (fresh) {
      this.seq++;
      this.mekko = null;
      this.countsRes.reset();
      this.selected = [];
      this.filters = [];
      this.mode = 'view';
      this.tv = null;
      this.error = null;
      this.loadTv();
    }
    const list = await loaded;
    if (!list || context !== this.context) {
      runInAction(() => {
        if (context === this.context && this.charts.error) this.error = this.charts.error.message;
      });
      return null;
    }
    const kept = fresh ? this.kept() : null;
    if (kept?.mekkoId && this.charts.has(kept.mekkoId)) this.charts.remember(kept.mekkoId);
    const id = this.charts.pick(routeId);
    if (id === null) {
      runInAction(() => (this.mekko = null));
      return null;
    }
    if (id === this.mekko?.id) return id;
    const ok = await this.select(id, kept && kept.mekkoId === id ? kept : null);
    return ok ? id : null;
  }

  /** The region's TV panelist settings; none when the region has none (the count type then stays people). */
  private loadTv(): Settled<void> {
    return settle(
      this.api.call(E.tvSettings, {}, { silent: true }).then((res) => {
        runInAction(() => (this.tv = res.data));
      }),
      () => {
        runInAction(() => (this.tv = null));
      },
    );
  }

  /** GROW-041: the verticals of a pre-populated chart; a failure shows the ApiClient's banner and leaves the list empty. */
  loadVerticals(): Settled<void> {
    if (this.verticals.length) return Promise.resolve();
    return settle(
      this.api.call(E.verticals).then((res) => {
        runInAction(() => (this.verticals = res));
      }),
      () => undefined,
    );
  }

  /**
   * Selects a chart (GROW-077): one whose audiences name segments the provider dropped is not
   * selected; the invalid-identifiers modal is shown instead. Returns whether it was selected.
   */
  select(id: number, kept: Kept | null = null): Settled<boolean> {
    return settle(this.selectChart(id, kept), (e) => this.failed(e, false));
  }

  private async selectChart(id: number, kept: Kept | null): Promise<boolean> {
    const seq = ++this.seq;
    this.busy = true;
    try {
      // One round trip (issue 24): the chart with its invalid identifiers, its tabs and its counts at once.
      const counts = this.loadCountsOf(id);
      const [chart, config] = await Promise.all([
        this.api.call(E.get, { params: { id } }),
        this.api
          .call(insightsEndpoints.tabsConfig, { query: { resource_id: id, resource_type: 'Mekko', insights_context: 'grow' } }, { silent: true })
          .catch(() => [] as TabConfigEntry[]),
      ]);
      if (seq !== this.seq) return false;
      if (chart.invalid.identifiers.length) {
        this.countsRes.abort();
        const summary = this.list?.find((m) => m.id === id);
        runInAction(() => (this.pendingInvalid = summary ? { mekko: summary, invalid: chart.invalid } : null));
        return false;
      }
      runInAction(() => {
        this.pendingInvalid = null;
        this.mekko = chart.data;
        this.tabsConfig = config;
        this.mode = 'view';
        const ids = new Set(chart.data.markets.flatMap((m) => m.sub_markets.map((s) => s.id)));
        this.selected = (kept?.selected ?? []).filter((x) => ids.has(x));
        const tabs = this.tabs;
        const wanted = kept?.tab ?? (tabs.includes('matched') ? 'matched' : tabs[0]);
        this.tab = tabs.includes(wanted) ? wanted : (tabs[0] ?? 'matched');
        this.level = levelForHostTab(this.tab);
        this.charts.remember(id);
        this.keep();
      });
      await Promise.all([counts, this.loadSegments()]);
      return true;
    } catch (e) {
      if (seq === this.seq && !isAbortError(e)) runInAction(() => (this.error = (e as Error).message));
      return false;
    } finally {
      if (seq === this.seq) runInAction(() => (this.busy = false));
    }
  }

  /**
   * 001 §7 / SRV-081: the chart's counts by its id (the server's one mekko call); a newer request
   * aborts an older one, so counts of a chart left or an older edit never land over newer ones.
   */
  loadCounts(): Settled<unknown> {
    const m = this.mekko;
    if (!m) return Promise.resolve();
    if (!hasSegments(m)) {
      this.countsRes.abort();
      this.countsRes.set(ZERO_COUNTS);
      return Promise.resolve();
    }
    return this.loadCountsOf(m.id);
  }

  private loadCountsOf(id: number): Settled<unknown> {
    const filters = this.filters.map(({ group, short_id }) => ({ group, short_id }));
    return this.countsRes.load((signal) => this.api.call(E.counts, { params: { id }, body: { filters } }, { signal, silent: true }));
  }

  addFilters(filters: ActiveFilter[]): void {
    this.filters = addFilters(this.filters, filters);
    this.loadCounts();
  }

  removeFilter(shortId: string): void {
    this.filters = this.filters.filter((f) => f.short_id !== shortId);
    this.loadCounts();
  }

  /** GROW-076: names, paths and data permissions of the chart's segments (a failure leaves them unnamed: the chart still draws). */
  loadSegments(): Settled<void> {
    return settle(this.fetchSegments(), () => undefined);
  }

  private async fetchSegments(): Promise<void> {
    const ids = [
      ...new Set(
        (this.mekko?.markets ?? []).flatMap((m) => m.sub_markets.flatMap((s) => [s.matched_short_id, s.modeled_short_id])).filter((x): x is string => !!x),
      ),
    ];
    const missing = ids.filter((x) => !this.segments[x]);
    if (!missing.length) return;
    const res = await this.api.call(segmentsEndpoints.byIdentifiers, { body: { identifiers: missing } }, { silent: true });
    runInAction(() => {
      for (const s of res.data) this.segments[s.identifier] = s;
    });
  }

  /** Reloads the chart after a change (and its counts when segments may have changed). */
  private async refresh(counts = true): Promise<void> {
    const m = this.mekko;
    if (!m) return;
    const res = await this.api.call(E.get, { params: { id: m.id } });
    runInAction(() => {
      this.mekko = res.data;
      const ids = new Set(res.data.markets.flatMap((k) => k.sub_markets.map((s) => s.id)));
      this.selected = this.selected.filter((x) => ids.has(x));
      this.keep();
    });
    if (counts) await Promise.all([this.loadCounts(), this.loadSegments()]);
  }

  private async reloadList(): Promise<void> {
    await this.charts.reload((signal) => this.api.call(E.list, {}, { signal }).then((r) => r.data));
  }

  // ---- tabs, filters, modes ----

  /** GROW-014 / GROW-038. */
  setTab(tab: HostTab): void {
    if (tab === this.tab) return;
    this.tab = tab;
    this.level = tab === 'total' ? 'market' : this.level === 'market' ? 'person' : this.level;
    this.dialog = invalidAfterTabChange(this.selectedSubMarkets, tab, this.tier3);
    this.keep();
  }

  setLevel(level: InsightsLevel): void {
    this.level = level;
  }

  /** GROW-036 / GROW-037: returns false when refused (the dialog says why). */
  toggle(sub: SubMarketDto): boolean {
    const on = this.selected.includes(sub.id);
    const blocked = toggleBlocked(sub, this.tab, this.tier3, on);
    if (blocked) {
      this.dialog = blocked;
      return false;
    }
    this.selected = on ? this.selected.filter((x) => x !== sub.id) : [...this.selected, sub.id];
    this.keep();
    return true;
  }

  clearSelection(): void {
    this.selected = [];
    this.keep();
  }

  /** GROW-007: 'Clear all' clears the selected audiences and the filters. */
  clearAll(): void {
    const had = this.filters.length > 0;
    this.selected = [];
    this.filters = [];
    this.keep();
    if (had) this.loadCounts();
  }

  closeDialog(): void {
    this.dialog = null;
  }

  setMode(mode: 'view' | 'edit'): void {
    this.mode = mode;
  }

  /** GROW-010: the gutter's toggles; one of the two always shows. */
  toggleChart(): void {
    this.showChart = !this.showChart;
    if (!this.showChart) this.showInsights = true;
  }

  toggleInsights(): void {
    this.showInsights = !this.showInsights;
    if (!this.showInsights) this.showChart = true;
  }

  // ---- saves ----

  /** GROW-055: every notice lasts 2500 ms. */
  private notify(key: string, intent: 'success' | 'danger'): void {
    this.toasts.show(intent === 'success' ? 'success' : 'error', this.t(key), { timeout: NOTIFICATION_MS });
  }

  /** An action whose follow-up (the reload after a save) failed: the notice, and the action reads as failed. */
  private guard<R, F>(action: Promise<R>, notice: string, failed: F): Settled<R | F> {
    return settle(action, () => {
      runInAction(() => (this.busy = false));
      this.notify(notice, 'danger');
      return failed;
    });
  }

  /** 422 messages by field, for the forms; other failures get the spec's notice. */
  private async run<T>(
    fn: () => Promise<T>,
    failure: string,
  ): Promise<{ ok: true; value: T } | { ok: false; fields: Record<string, string>; message: string }> {
    this.busy = true;
    try {
      return { ok: true, value: await fn() };
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) return { ok: false, fields: e.fields ?? {}, message: e.message };
      this.notify(failure, 'danger');
      return { ok: false, fields: {}, message: failure };
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** GROW-047 / GROW-048 / GROW-051: create or edit; a new chart is selected. */
  saveChart(input: MekkoInput, id: number | null) {
    return this.guard(this.saveChartNow(input, id), GROW_NOTICES.saveFailed, failedSave(GROW_NOTICES.saveFailed));
  }

  private async saveChartNow(input: MekkoInput, id: number | null) {
    const r = await this.run(
      () =>
        id
          ? this.api.call(E.update, { params: { id }, body: { mekko: input } }, { silent: true })
          : this.api.call(E.create, { body: { mekko: input } }, { silent: true }),
      GROW_NOTICES.saveFailed,
    );
    if (!r.ok) return r;
    await this.reloadList();
    // The dropdown's edit icon may edit another chart than the one on screen.
    if (id) runInAction(() => this.mekko?.id === id && (this.mekko = { ...this.mekko, ...r.value.result.mekko }));
    else await this.select(r.value.result.mekko.id);
    // The notice once the new chart is on screen.
    this.notify(id ? GROW_NOTICES.saved : GROW_NOTICES.created, 'success');
    return r;
  }

  /** GROW-049 / GROW-052. */
  copyChart(id: number): Settled<number | null> {
    return this.guard(this.copyChartNow(id), GROW_NOTICES.copyFailed, null);
  }

  private async copyChartNow(id: number): Promise<number | null> {
    const r = await this.run(() => this.api.call(E.copy, { params: { id } }, { silent: true }), GROW_NOTICES.copyFailed);
    if (!r.ok) {
      if (r.message !== GROW_NOTICES.copyFailed) this.notify(GROW_NOTICES.copyFailed, 'danger');
      return null;
    }
    await this.reloadList();
    await this.select(r.value.result.mekko.id);
    this.notify(GROW_NOTICES.copied, 'success');
    return r.value.result.mekko.id;
  }

  /** GROW-050 / GROW-053: then the default chart (or the first) is selected. */
  deleteChart(id: number): Settled<number | null> {
    return this.guard(this.deleteChartNow(id), GROW_NOTICES.deleteFailed, null);
  }

  private async deleteChartNow(id: number): Promise<number | null> {
    const r = await this.run(() => this.api.call(E.remove, { params: { id } }, { silent: true }), GROW_NOTICES.deleteFailed);
    if (!r.ok) {
      if (r.message !== GROW_NOTICES.deleteFailed) this.notify(GROW_NOTICES.deleteFailed, 'danger');
      return null;
    }
    this.notify(GROW_NOTICES.deleted, 'success');
    runInAction(() => {
      this.pendingInvalid = null;
      if (this.mekko?.id === id) {
        this.mekko = null;
        this.selected = [];
      }
    });
    this.charts.remove(id);
    await this.reloadList();
    const next = this.charts.pick(null);
    if (next !== null) await this.select(next);
    return next;
  }

  /** GROW-078: clears the dropped segments, then selects the chart. */
  removeInvalid(id: number): Settled<boolean> {
    return this.guard(this.removeInvalidNow(id), GROW_NOTICES.changeFailed, false);
  }

  private async removeInvalidNow(id: number): Promise<boolean> {
    const r = await this.run(() => this.api.call(E.removeInvalidIdentifiers, { params: { id } }, { silent: true }), GROW_NOTICES.changeFailed);
    if (!r.ok) return false;
    runInAction(() => (this.pendingInvalid = null));
    return this.select(id);
  }

  /** GROW-080: closing without a fix selects the default or first valid chart. */
  dismissInvalid(): Settled<number | null> {
    return this.guard(this.dismissInvalidNow(), GROW_NOTICES.changeFailed, null);
  }

  private async dismissInvalidNow(): Promise<number | null> {
    const bad = this.pendingInvalid?.mekko.id;
    this.pendingInvalid = null;
    if (this.mekko && this.mekko.id !== bad) return this.mekko.id;
    const next = this.charts.pick(null, bad);
    if (next !== null && (await this.select(next))) return next;
    return null;
  }

  saveMarket(input: MarketInput, id: number | null) {
    return this.guard(this.saveMarketNow(input, id), GROW_NOTICES.changeFailed, failedSave(GROW_NOTICES.changeFailed));
  }

  private async saveMarketNow(input: MarketInput, id: number | null) {
    const m = this.mekko!;
    const r = await this.run(
      () =>
        id
          ? this.api.call(E.updateMarket, { params: { id }, body: { market: input } }, { silent: true })
          : this.api.call(E.createMarket, { params: { id: m.id }, body: { market: input } }, { silent: true }),
      GROW_NOTICES.changeFailed,
    );
    if (r.ok) {
      this.notify(GROW_NOTICES.saved, 'success');
      await this.refresh(false);
    }
    return r;
  }

  deleteMarket(id: number): Settled<boolean> {
    return this.guard(this.deleteMarketNow(id), GROW_NOTICES.changeFailed, false);
  }

  private async deleteMarketNow(id: number): Promise<boolean> {
    const r = await this.run(() => this.api.call(E.removeMarket, { params: { id } }, { silent: true }), GROW_NOTICES.changeFailed);
    if (r.ok) {
      this.notify(GROW_NOTICES.deleted, 'success');
      await this.refresh();
    }
    return r.ok;
  }

  /** GROW-075: a changed audience reloads the chart and its counts. */
  saveSubMarket(input: SubMarketInput, id: number | null, marketId: number) {
    return this.guard(this.saveSubMarketNow(input, id, marketId), GROW_NOTICES.changeFailed, failedSave(GROW_NOTICES.changeFailed));
  }

  private async saveSubMarketNow(input: SubMarketInput, id: number | null, marketId: number) {
    const r = await this.run(
      () =>
        id
          ? this.api.call(E.updateSubMarket, { params: { id }, body: { sub_market: input } }, { silent: true })
          : this.api.call(E.createSubMarket, { params: { id: marketId }, body: { sub_market: input } }, { silent: true }),
      GROW_NOTICES.changeFailed,
    );
    if (r.ok) {
      this.notify(GROW_NOTICES.saved, 'success');
      await this.refresh();
    }
    return r;
  }

  deleteSubMarket(id: number): Settled<boolean> {
    return this.guard(this.deleteSubMarketNow(id), GROW_NOTICES.changeFailed, false);
  }

  private async deleteSubMarketNow(id: number): Promise<boolean> {
    const r = await this.run(() => this.api.call(E.removeSubMarket, { params: { id } }, { silent: true }), GROW_NOTICES.changeFailed);
    if (r.ok) {
      this.notify(GROW_NOTICES.deleted, 'success');
      await this.refresh();
    }
    return r.ok;
  }

  /**
   * GROW-035 / GROW-054: a drop reorders the list 0..n at once (optimistic) and saves it; on
   * failure the previous order comes back with the notice.
   */
  reorder(kind: 'markets' | 'sub_markets', from: number, to: number, marketId?: number): Settled<boolean> {
    return settle(this.move(kind, from, to, marketId), () => false);
  }

  private async move(kind: 'markets' | 'sub_markets', from: number, to: number, marketId?: number): Promise<boolean> {
    const m = this.mekko;
    if (!m || from === to) return false;
    const before = m;
    const list: readonly { id: number }[] = kind === 'markets' ? m.markets : (m.markets.find((k) => k.id === marketId)?.sub_markets ?? []);
    const order = moveItem(list, from, to);
    const rank = new Map(order.map((o) => [o.id, o.order]));
    const byRank = <T extends { id: number }>(xs: T[]) =>
      [...xs].sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0)).map((x) => ({ ...x, order: rank.get(x.id) ?? 0 }));
    this.mekko =
      kind === 'markets'
        ? { ...m, markets: byRank(m.markets) }
        : { ...m, markets: m.markets.map((k) => (k.id === marketId ? { ...k, sub_markets: byRank(k.sub_markets) } : k)) };
    try {
      const res = await this.api.call(
        E.reorder,
        { params: { id: m.id }, body: kind === 'markets' ? { markets: order } : { sub_markets: order } },
        { silent: true },
      );
      runInAction(() => (this.mekko = res.data));
      return true;
    } catch {
      runInAction(() => (this.mekko = before));
      this.notify(GROW_NOTICES.changeFailed, 'danger');
      return false;
    }
  }

  /** The tab order the spec gives (GROW-012), restricted to the visible ones. */
  get orderedTabs(): HostTab[] {
    return GROW_TABS.filter((t) => this.tabs.includes(t));
  }
}
