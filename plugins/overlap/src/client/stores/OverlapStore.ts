import { createToken } from '@discovery/plugin-api';
import { ApiError, type ApiClient } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  cellName,
  filterRule,
  focusedPeople,
  MESSAGES,
  overlapEndpoints as E,
  pickComparison,
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

/** A filter of the filter bar: a segment and the demographic group it belongs to (OVL-031). */
export interface ActiveFilter {
  group: string;
  short_id: string;
  name: string;
}

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
  list: ComparisonDto[] = [];
  defaultId = 0;
  loaded = false;
  selectedId: number | null = null;
  /** OVL-005: the previous selection per product, used when the route has no id. */
  private previous = new Map<string, number>();
  private product = '';
  counts: ComparisonCountsDto | null = null;
  countsError: string | null = null;
  focused: FocusedCell[] = [];
  filters: ActiveFilter[] = [];
  expanded = false;
  hintDismissed: boolean;
  sort: { axis: Axis; key: string } | null = null;
  /** The invalid-audience modal was closed for this chart by an action (not dismissable otherwise). */
  private countsFor = '';

  constructor(private readonly s: OverlapServices) {
    this.hintDismissed = (s.storage ?? globalThis.localStorage)?.getItem(HINT_KEY) === 'true';
    makeAutoObservable<OverlapStore, 's' | 'previous'>(this, { s: false, previous: false });
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
  async load(product: string, routeId: number | null): Promise<number | null> {
    if (product !== this.product) {
      this.product = product;
      this.loaded = false;
      this.list = [];
      this.selectedId = null;
      this.filters = [];
      this.clearChartState();
    }
    const res = await this.s.api.call(E.list);
    runInAction(() => {
      this.list = res.data;
      this.defaultId = res.default_id;
      this.loaded = true;
    });
    const id = pickComparison(this.list, routeId, this.previous.get(product) ?? null, this.defaultId);
    this.select(id);
    return id;
  }

  select(id: number | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    if (id !== null) this.previous.set(this.product, id);
    this.clearChartState();
  }

  private clearChartState() {
    this.counts = null;
    this.countsError = null;
    this.focused = [];
    this.sort = null;
    this.countsFor = '';
  }

  /** SRV-105: the selected chart's cells (with the filters); skipped while the chart is invalid. */
  async loadCounts(): Promise<void> {
    const c = this.selected;
    if (!c || this.invalid) return;
    const key = JSON.stringify([c.id, c.updated_at, this.filters.map((f) => f.short_id)]);
    if (key === this.countsFor && (this.counts || this.countsError)) return;
    this.countsFor = key;
    try {
      const counts = await this.s.api.call(
        E.counts,
        {
          body: {
            x_axis_ids: c.x_segments.map((e) => e.short_id),
            y_axis_ids: c.y_segments.map((e) => e.short_id),
            is_index: c.mode === 'index',
            is_modeled: c.mode === 'modeled',
            service_type: 'overlap',
            filter: filterRule(this.filters),
          },
        },
        { silent: true },
      );
      runInAction(() => {
        if (this.countsFor === key) {
          this.counts = counts;
          this.countsError = null;
        }
      });
    } catch (e) {
      runInAction(() => {
        if (this.countsFor === key) this.countsError = e instanceof Error ? e.message : String(e);
      });
    }
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
    const have = new Set(this.filters.map((f) => f.short_id));
    this.filters = [...this.filters, ...filters.filter((f) => !have.has(f.short_id))];
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
    if (defaultId !== undefined) this.defaultId = defaultId;
    const list = this.list.filter((x) => x.id !== c.id).map((x) => ({ ...x, default: x.id === this.defaultId }));
    this.list = [...list, { ...c, default: c.id === this.defaultId }].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
  }

  /**
   * OVL-049 / OVL-050: create or update; the saved chart is selected and the default follows.
   * Answers the saved chart, or the server's field messages (422), or null after a failure toast.
   */
  async save(id: number | null, values: ComparisonValues): Promise<{ saved: ComparisonDto } | { fields: Record<string, string> } | null> {
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
  async duplicate(): Promise<ComparisonDto | null> {
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
  async remove(): Promise<number | null | false> {
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
      this.list = this.list.filter((x) => x.id !== c.id);
      if (this.defaultId === c.id) this.defaultId = 0;
      this.previous.delete(this.product);
      this.selectedId = null;
    });
    const next = pickComparison(this.list, null, null, this.defaultId);
    this.select(next);
    return next;
  }

  /** Whether removing the invalid segments would leave an axis empty (OVL-056, A-23). */
  get removalEmptiesAxis(): boolean {
    const c = this.selected;
    return !!c && withoutInvalid(c, c.invalid_identifiers).emptiesAxis;
  }

  /** OVL-056: removal updates the chart at once (both axes keep a segment). */
  async removeInvalid(): Promise<boolean> {
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

  /** SRV-106: the server's workbook of the selected chart. */
  async exportChart(save: (blob: Blob, name: string) => void): Promise<void> {
    const c = this.selected;
    if (!c) return;
    const { blob, filename } = await this.s.api.download(E.exportXlsx, { params: { id: c.id } });
    save(blob, filename ?? `${c.name}.xlsx`);
  }
}
