import { addFilters, SavedChartList, type ActiveFilter } from '@discovery/insights-kit';
import { createToken } from '@discovery/plugin-api';
import { ApiError, Resource, settle, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  cellName,
  focusedPeople,
  MESSAGES,
  overlapEndpoints as E,
  toggleCell,
  toggleLine,
  withoutInvalid,
  type Axis,
  type ComparisonCountsDto,
  type ComparisonDto,
  type ComparisonValues,
  type FocusedCell,
} from '../../common';

export const OverlapStoreToken = createToken<OverlapStore>('overlap:OverlapStore');

/** A filter of the filter bar: a segment and the category it belongs to (the kit's one meaning, OVL-031). */
export type { ActiveFilter };

export interface OverlapServices {
  api: ApiClient;
  toast: { success(message: string): void; error(message: string, timeout?: number): void };
  storage?: Storage;
}

/** OVL-050: the save and duplicate error lasts 6000 ms. */
export const SAVE_ERROR_MS = 6000;
export const HINT_KEY = 'overlap.hintDismissed';

/**
 * The Overlap screen's state (002 §4): the product's comparisons and this user's default, the
 * selection, the counts of the selected chart, focused cells, filters, the expanded modal, the
 * hint, the sort and the invalid-audience state. Rules are the pure functions of ../../common.
 */
export class OverlapStore {
  /** The product's comparisons (the kit's saved-chart list: the latest product's answer wins, OVL-005's memory). */
  readonly charts = new SavedChartList<ComparisonDto>();
  selectedId: number | null = null;
  /** The selected chart's counts by its id, within the filters; a newer request aborts the older. */
  readonly countsRes = new Resource<ComparisonCountsDto | null>(null);
  focused: FocusedCell[] = [];
  filters: ActiveFilter[] = [];
  expanded = false;
  hintDismissed: boolean;
  sort: { axis: Axis; key: string } | null = null;
  /** The invalid-audience modal was closed for this chart by an action (not dismissable otherwise). */
  private countsFor = '';

  constructor(private readonly s: OverlapServices) {
    this.hintDismissed = (s.storage ?? globalThis.localStorage)?.getItem(HINT_KEY) === 'true';
    makeAutoObservable<OverlapStore, 's'>(this, { s: false, charts: false, countsRes: false });
  }

  get list(): ComparisonDto[] {
    return this.charts.items ?? [];
  }

  get defaultId(): number {
    return this.charts.defaultId;
  }

  /** The list is in (or failed: `listError`). */
  get loaded(): boolean {
    return this.charts.items !== null;
  }

  get listError(): Error | null {
    return this.charts.error;
  }

  get counts(): ComparisonCountsDto | null {
    return this.countsRes.data;
  }

  get countsError(): string | null {
    return this.countsRes.error?.message ?? null;
  }

  get selected(): ComparisonDto | null {
    return this.list.find((c) => c.id === this.selectedId) ?? null;
  }

  /** OVL-053: a chart with invalid identifiers cannot be shown; the modal asks what to do. */
  get invalid(): boolean {
    return (this.selected?.invalid_identifiers.length ?? 0) > 0;
  }

  get peopleCount(): number {
    return focusedPeople(this.focused, this.counts?.cells ?? []);
  }

  /** The product's charts; selects per OVL-005 and answers the id the URL should show (OVL-007). */
  load(product: string, routeId: number | null): Settled<number | null> {
    // The list's failure is the kit list's error state (the page's LoadError).
    return settle(this.open(product, routeId), () => null);
  }

  private async open(product: string, routeId: number | null): Promise<number | null> {
    const { fresh, loaded } = this.charts.open(product, (signal) =>
      this.s.api.call(E.list, {}, { signal, silent: true }).then((res) => {
        // The default is per user (SRV-107): the list's flags follow the answer's default_id.
        return res.data.map((c) => ({ ...c, default: c.id === res.default_id }));
      }),
    );
    if (fresh) {
      this.selectedId = null;
      this.filters = [];
      this.clearChartState();
    }
    const list = await loaded;
    if (!list || product !== this.charts.context) return null;
    const id = this.charts.pick(routeId);
    this.select(id);
    return id;
  }

  /** The list again after it failed (the error state's retry). */
  retry(): void {
    this.load(this.charts.context, this.selectedId);
  }

  select(id: number | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    if (id !== null) this.charts.remember(id);
    this.clearChartState();
  }

  private clearChartState() {
    this.countsRes.reset();
    this.focused = [];
    this.sort = null;
    this.countsFor = '';
  }

  /** Counting by chart id (SRV-105 by id, issue 24): the selected chart's cells within the filters; skipped while it is invalid. */
  loadCounts(): Settled<unknown> {
    const c = this.selected;
    if (!c || this.invalid) return Promise.resolve();
    const key = JSON.stringify([c.id, c.updated_at, this.filters.map((f) => f.short_id)]);
    if (key === this.countsFor && (this.counts || this.countsError || this.countsRes.loading)) return Promise.resolve();
    this.countsFor = key;
    const filters = this.filters.map(({ group, short_id }) => ({ group, short_id }));
    return this.countsRes.load((signal) => this.s.api.call(E.chartCounts, { params: { id: c.id }, body: { filters } }, { signal, silent: true }));
  }

  private cell(x: string, y: string): FocusedCell {
    const c = this.selected!;
    const xn = c.x_segments.find((e) => e.short_id === x)?.name ?? x;
    const yn = c.y_segments.find((e) => e.short_id === y)?.name ?? y;
    return { x, y, name: cellName(xn, yn) };
  }

  /** OVL-026 / OVL-023: a click toggles the cell, except in the expanded modal. */
  toggleCell(x: string, y: string): void {
    if (this.expanded || !this.selected) return;
    this.focused = toggleCell(this.focused, this.cell(x, y));
  }

  /** OVL-027: a row (a Y segment) or a column (an X segment). */
  toggleLine(axis: Axis, key: string): void {
    const c = this.selected;
    if (this.expanded || !c) return;
    const line = axis === 'x' ? c.y_segments.map((y) => this.cell(key, y.short_id)) : c.x_segments.map((x) => this.cell(x.short_id, key));
    this.focused = toggleLine(this.focused, line);
  }

  clearFocus(): void {
    this.focused = [];
  }

  addFilters(filters: ActiveFilter[]): void {
    this.filters = addFilters(this.filters, filters);
  }
  removeFilter(shortId: string): void {
    this.filters = this.filters.filter((f) => f.short_id !== shortId);
  }
  clearFilters(): void {
    this.filters = [];
  }

  /** OVL-023: opening clears the filters; closing resets the expanded state. */
  setExpanded(on: boolean): void {
    if (on) this.filters = [];
    this.expanded = on;
  }

  dismissHint(): void {
    this.hintDismissed = true;
    (this.s.storage ?? globalThis.localStorage)?.setItem(HINT_KEY, 'true');
  }

  /** Ours: sort rows by a column (or columns by a row); the same line again clears it. */
  sortBy(axis: Axis, key: string): void {
    this.sort = this.sort && this.sort.axis === axis && this.sort.key === key ? null : { axis, key };
  }

  private upsert(c: ComparisonDto, defaultId?: number) {
    this.charts.upsert(c, defaultId);
  }

  /**
   * OVL-049 / OVL-050: create or update; the saved chart is selected and the default follows.
   * Answers the saved chart, or the server's field messages (422), or null after a failure toast.
   */
  save(id: number | null, values: ComparisonValues): Settled<{ saved: ComparisonDto } | { fields: Record<string, string> } | null> {
    return settle(this.write(id, values), () => null);
  }

  private async write(id: number | null, values: ComparisonValues): Promise<{ saved: ComparisonDto } | { fields: Record<string, string> } | null> {
    try {
      const res =
        id === null
          ? await this.s.api.call(E.create, { body: { comparison: values } }, { silent: true })
          : await this.s.api.call(E.update, { params: { id }, body: { comparison: values } }, { silent: true });
      runInAction(() => {
        this.upsert(res.data, res.default_id);
        this.selectedId = null;
        this.select(res.data.id);
      });
      return { saved: res.data };
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) return { fields: e.fields ?? { name: e.message } };
      this.s.toast.error(MESSAGES.saveFailed, SAVE_ERROR_MS);
      return null;
    }
  }

  /** OVL-052: blocked while the chart has invalid identifiers; the copy is selected. */
  duplicate(): Settled<ComparisonDto | null> {
    return settle(this.copy(), () => null);
  }

  private async copy(): Promise<ComparisonDto | null> {
    const c = this.selected;
    if (!c || this.invalid) return null;
    try {
      const res = await this.s.api.call(E.duplicate, { params: { id: c.id } }, { silent: true });
      runInAction(() => {
        this.upsert(res.data);
        this.select(res.data.id);
      });
      return res.data;
    } catch {
      this.s.toast.error(MESSAGES.saveFailed, SAVE_ERROR_MS);
      return null;
    }
  }

  /** OVL-051: deleted → toast and the next selection (OVL-005); failure → its toast. */
  remove(): Settled<number | null | false> {
    return settle(this.destroy(), () => false as const);
  }

  private async destroy(): Promise<number | null | false> {
    const c = this.selected;
    if (!c) return false;
    try {
      await this.s.api.call(E.remove, { params: { id: c.id } }, { silent: true });
    } catch {
      this.s.toast.error(MESSAGES.deleteFailed);
      return false;
    }
    this.s.toast.success(MESSAGES.deleted);
    runInAction(() => {
      this.charts.remove(c.id);
      this.selectedId = null;
    });
    const next = this.charts.pick(null);
    this.select(next);
    return next;
  }

  /** Whether removing the invalid segments would leave an axis empty (OVL-056, A-23). */
  get removalEmptiesAxis(): boolean {
    const c = this.selected;
    return !!c && withoutInvalid(c, c.invalid_identifiers).emptiesAxis;
  }

  /** OVL-056: removal updates the chart at once (both axes keep a segment). */
  removeInvalid(): Settled<boolean> {
    return settle(this.dropInvalid(), () => false);
  }

  private async dropInvalid(): Promise<boolean> {
    const c = this.selected;
    if (!c) return false;
    try {
      const res = await this.s.api.call(E.removeInvalid, { params: { id: c.id } }, { silent: true });
      runInAction(() => {
        this.upsert(res.data);
        this.clearChartState();
      });
      this.s.toast.success(MESSAGES.invalidRemoved);
      return true;
    } catch {
      this.s.toast.error(MESSAGES.invalidRemoveFailed);
      return false;
    }
  }

  /** SRV-106: the server's workbook of the selected chart (a failure shows the ApiClient's banner). */
  exportChart(save: (blob: Blob, name: string) => void): Settled<void> {
    const c = this.selected;
    if (!c) return Promise.resolve();
    return settle(
      this.s.api.download(E.exportXlsx, { params: { id: c.id } }).then(({ blob, filename }) => save(blob, filename ?? `${c.name}.xlsx`)),
      () => undefined,
    );
  }
}
