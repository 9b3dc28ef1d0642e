import { addFilters, type ActiveFilter, type AudienceDraft, type InsightsAudience } from '@discovery/insights-kit';
import type { HierarchySelection } from '@discovery/plugin-api';
import { Resource, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable } from 'mobx';
import { areaEndpointsById, filtersQuery, selectionDraft, type AreaId, type AreaResourceDto, type AreaSegmentDto, type AreaSegmentsDto } from '../../common';

/** What resets an area's filters (EXP-051): the client, region and brand, not the product. */
export function areaContextKey(s: HierarchySelection): string {
  return [s.client ?? '', s.region ?? '', s.brand ?? ''].join('/');
}

/**
 * One insight area's screen state (EXP-048..051): its resource and its segments for the context,
 * the filter bar, the selected segments. Loads take an AbortSignal and the latest wins; a failure
 * ends in `error` (the area's 'Data could not be loaded.', EXP-050), never in a banner.
 */
export class AreaStore {
  readonly resource = new Resource<AreaResourceDto | null>(null);
  readonly segments = new Resource<AreaSegmentsDto | null>(null);
  filters: ActiveFilter[] = [];
  selected: string[] = [];
  private contextKey: string | null = null;

  constructor(
    private readonly api: ApiClient,
    readonly area: AreaId,
  ) {
    makeAutoObservable<AreaStore, 'api' | 'contextKey'>(this, { api: false, resource: false, segments: false, area: false, contextKey: false });
  }

  get error(): Error | null {
    return this.resource.error ?? this.segments.error;
  }

  get loading(): boolean {
    return this.resource.loading || (this.segments.loading && !this.segments.data);
  }

  get rows(): AreaSegmentDto[] {
    return this.segments.data?.data ?? [];
  }

  /** Whether the client and brand have data for the area (EXP-048: the segments' data is non-empty). */
  get hasData(): boolean {
    return this.rows.length > 0;
  }

  /** The segment the brand's customers over-index in most (the summary's headline). */
  get topSegment(): AreaSegmentDto | null {
    return this.rows.reduce<AreaSegmentDto | null>((best, r) => (r.index !== null && (best === null || r.index > (best.index ?? -1)) ? r : best), null);
  }

  /**
   * EXP-051: entering the area in a context loads it; a change of client, region or brand resets
   * the filters and the selection first (another product of the same brand keeps them).
   */
  enter(selection: HierarchySelection): Settled<unknown> {
    const key = areaContextKey(selection);
    if (key !== this.contextKey) {
      this.contextKey = key;
      this.filters = [];
      this.selected = [];
      this.resource.reset();
      this.segments.reset();
    }
    return this.load();
  }

  load(): Settled<unknown> {
    const E = areaEndpointsById[this.area];
    return Promise.all([this.resource.load(async (signal) => (await this.api.call(E.resource, {}, { silent: true, signal })).data), this.loadSegments()]);
  }

  private loadSegments(): Settled<unknown> {
    const E = areaEndpointsById[this.area];
    const query = filtersQuery(this.filters);
    return this.segments.load((signal) => this.api.call(E.segments, { query }, { silent: true, signal }));
  }

  leave(): void {
    this.resource.abort();
    this.segments.abort();
  }

  addFilters(add: ActiveFilter[]): Settled<unknown> {
    this.filters = addFilters(this.filters, add);
    return this.loadSegments();
  }

  removeFilter(shortId: string): Settled<unknown> {
    this.filters = this.filters.filter((f) => f.short_id !== shortId);
    return this.loadSegments();
  }

  clearFilters(): Settled<unknown> {
    this.filters = [];
    this.selected = [];
    return this.loadSegments();
  }

  toggle(identifier: string): void {
    this.selected = this.selected.includes(identifier) ? this.selected.filter((x) => x !== identifier) : [...this.selected, identifier];
  }

  /** The selected segments that the current answer still lists, in its order. */
  get selection(): AreaSegmentDto[] {
    return this.rows.filter((r) => this.selected.includes(r.identifier));
  }

  /** Save Audience from the selection (or one segment's 'Create Audience'): any of them, within the filter. */
  draft(rows: readonly AreaSegmentDto[] = this.selection): AudienceDraft | null {
    if (!rows.length) return null;
    return selectionDraft(
      rows.map((r) => r.name).join(' or '),
      rows.map((r) => r.identifier),
      this.filters,
    );
  }

  /** What the Insights panel profiles: the selected segments, or else the brand's customers, within the filter. */
  get panelAudiences(): InsightsAudience[] {
    const chosen = this.selection;
    if (chosen.length) return [{ key: 'selection', name: chosen.map((r) => r.name).join(' or '), rules: this.draft(chosen)!.rules }];
    const c = this.segments.data?.customers;
    return c ? [{ key: 'customers', name: c.name, rules: selectionDraft(c.name, [c.identifier], this.filters).rules }] : [];
  }
}
