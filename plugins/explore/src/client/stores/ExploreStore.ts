import { addFilters, SavedChartList, type ActiveFilter } from '@discovery/insights-kit';
import { createToken } from '@discovery/plugin-api';
import { Resource, settle, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import { exploreEndpoints as E, MESSAGES, PERSONA_ALERT_MS, type PersonaCountsDto, type PersonaDto, type PersonaInvalidDto } from '../../common';

export const ExploreStoreToken = createToken<ExploreStore>('explore:ExploreStore');

export interface ExploreServices {
  api: ApiClient;
  toast: { show(intent: 'success' | 'error', message: string, opts: { timeout: number }): unknown };
}

/**
 * The Explore screen's state (002 §2.2, §4): the product's personas (the kit's saved-chart list),
 * the selected one, the filter bar, the matched count by persona id, the custom-widget check
 * (EXP-021), copy and delete with their 2500 ms notices (EXP-019). Rules are ../../common's.
 */
export class ExploreStore {
  readonly charts = new SavedChartList<PersonaDto>();
  selectedId: number | null = null;
  filters: ActiveFilter[] = [];
  readonly countsRes = new Resource<PersonaCountsDto | null>(null);
  /** What other plugins keep for the persona that names unavailable segments (EXP-021). */
  readonly invalidRes = new Resource<PersonaInvalidDto | null>(null);
  private countsFor = '';

  constructor(private readonly s: ExploreServices) {
    makeAutoObservable<ExploreStore, 's'>(this, { s: false, charts: false, countsRes: false, invalidRes: false });
  }

  get list(): PersonaDto[] {
    return this.charts.items ?? [];
  }
  get loaded(): boolean {
    return this.charts.items !== null;
  }
  get listError(): Error | null {
    return this.charts.error;
  }
  get selected(): PersonaDto | null {
    return this.list.find((p) => p.id === this.selectedId) ?? null;
  }
  get allData(): PersonaDto | null {
    return this.list.find((p) => p.is_all_data) ?? null;
  }
  /** EXP-020: the persona's own segments are gone. */
  get invalid(): boolean {
    return (this.selected?.deletedSegmentIds.length ?? 0) > 0;
  }
  /** EXP-021: custom widgets of the persona name unavailable segments. */
  get invalidWidgets(): PersonaInvalidDto | null {
    const d = this.invalidRes.data;
    return d && (d.widgets.length > 0 || d.tabs.length > 0) ? d : null;
  }
  get counts(): PersonaCountsDto | null {
    return this.countsRes.data;
  }
  /** EXP-006: any of the screen's fetches is in progress. */
  get busy(): boolean {
    return this.charts.resource.loading || this.countsRes.loading || this.invalidRes.loading;
  }

  /** The product's personas; selects the route's, the last opened, the default, the first (answers the id the URL should show). */
  load(product: string, routeId: number | null): Settled<number | null> {
    return settle(this.open(product, routeId), () => null);
  }

  private async open(product: string, routeId: number | null): Promise<number | null> {
    const { fresh, loaded } = this.charts.open(product, (signal) =>
      this.s.api.call(E.list, {}, { signal, silent: true }).then((r) => r.data.map((p) => ({ ...p, default: p.default }))),
    );
    if (fresh) {
      this.selectedId = null;
      this.filters = [];
      this.clear();
    }
    const list = await loaded;
    if (!list || product !== this.charts.context) return null;
    const id = this.charts.pick(routeId);
    this.select(id);
    return id;
  }

  retry(): Settled<number | null> {
    return this.load(this.charts.context, this.selectedId);
  }

  select(id: number | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    if (id !== null) this.charts.remember(id);
    this.clear();
    if (id !== null) this.checkWidgets();
  }

  private clear() {
    this.countsRes.reset();
    this.invalidRes.reset();
    this.countsFor = '';
  }

  /** EXP-021: the check of the selected persona's custom widgets (the all-data persona has its own too). */
  checkWidgets(): Settled<unknown> {
    const p = this.selected;
    if (!p) return Promise.resolve(null);
    return this.invalidRes.load((signal) => this.s.api.call(E.invalidIdentifiers, { params: { id: p.id } }, { signal, silent: true }).then((r) => r.data));
  }

  /** EXP-004: the matched count by persona id within the filters; skipped while the persona is invalid. */
  loadCounts(): Settled<unknown> {
    const p = this.selected;
    if (!p || this.invalid) return Promise.resolve(null);
    const key = JSON.stringify([p.id, p.updated_at, this.filters.map((f) => f.short_id)]);
    if (key === this.countsFor && (this.counts || this.countsRes.error || this.countsRes.loading)) return Promise.resolve(null);
    this.countsFor = key;
    const filters = this.filters.map(({ group, short_id }) => ({ group, short_id }));
    return this.countsRes.load((signal) => this.s.api.call(E.counts, { params: { id: p.id }, body: { filters } }, { signal, silent: true }));
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

  private notice(intent: 'success' | 'error', message: string) {
    this.s.toast.show(intent, message, { timeout: PERSONA_ALERT_MS });
  }

  /** A saved persona (the builder's answer) takes its place in the list. */
  upsert(p: PersonaDto, defaultId?: number): void {
    this.charts.upsert(p, defaultId === 0 ? this.allData?.id : defaultId);
  }

  /** EXP-011 / EXP-019: the copy is selected; 'Persona copied.' or the failure, 2500 ms. */
  copy(): Settled<PersonaDto | null> {
    return settle(this.copyNow(), () => null);
  }

  private async copyNow(): Promise<PersonaDto | null> {
    const p = this.selected;
    if (!p || p.is_all_data || this.invalid) return null;
    try {
      const r = await this.s.api.call(E.copy, { params: { id: p.id } }, { silent: true });
      runInAction(() => {
        this.charts.upsert(r.data);
        this.select(r.data.id);
      });
      this.notice('success', MESSAGES.copied);
      return r.data;
    } catch {
      this.notice('error', MESSAGES.copyFailed);
      return null;
    }
  }

  /** EXP-019 / EXP-020: deleted → notice and the all-data persona; failure → its notice. Answers the next id, or false. */
  remove(): Settled<number | false> {
    return settle(this.removeNow(), () => false);
  }

  private async removeNow(): Promise<number | false> {
    const p = this.selected;
    if (!p || p.is_all_data) return false;
    try {
      await this.s.api.call(E.remove, { params: { id: p.id } }, { silent: true });
    } catch {
      this.notice('error', MESSAGES.deleteFailed);
      return false;
    }
    this.notice('success', MESSAGES.deleted);
    const next = this.allData?.id ?? null;
    runInAction(() => {
      this.charts.remove(p.id);
      this.selectedId = null;
    });
    this.select(next);
    return next ?? false;
  }

  /** EXP-021: the custom widgets lose their unavailable audiences. */
  removeInvalid(): Settled<boolean> {
    return settle(this.removeInvalidNow(), () => false);
  }

  private async removeInvalidNow(): Promise<boolean> {
    const p = this.selected;
    if (!p) return false;
    try {
      const r = await this.s.api.call(E.removeInvalid, { params: { id: p.id } }, { silent: true });
      runInAction(() => this.charts.upsert(r.data));
      this.notice('success', MESSAGES.invalidRemoved);
      await this.checkWidgets();
      return true;
    } catch {
      this.notice('error', MESSAGES.invalidRemoveFailed);
      return false;
    }
  }
}
