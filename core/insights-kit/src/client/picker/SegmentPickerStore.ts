import { Resource, type ApiClient, type Settled } from '@discovery/platform';
import { segmentsEndpoints as E } from '../../common';
import { makeAutoObservable } from 'mobx';

export interface PickerSegment {
  identifier: string;
  name: string;
  path: string;
  /** In the scope the picker shows (`SegmentPickerStore.region`): the region's, else all regions'. */
  matched: number;
  modeled: number;
  data_permissions?: string[];
}

export interface PickerCategory {
  name: string;
  segments: PickerSegment[];
}

export interface PickerVendor {
  vendor_name: string;
  display_name: string;
  hierarchies: PickerCategory[];
}

/** Where the picker is used; the audience context offers only segments that may seed an audience. */
export type PickerContext = 'audience' | 'journey' | 'overlap' | 'grow' | 'mapping';

export interface PickerOptions {
  multiple: boolean;
  allowZeroCount: boolean;
  context: PickerContext;
  max?: number;
}

/** What the picker shows with the population region its counts are of ('client/region', or null for all regions). */
interface Scoped<T> {
  region: string | null;
  data: T;
}

/** How long typing must pause before the picker searches. */
export const SEARCH_PAUSE_MS = 250;

/** State and rules of the SegmentPicker: browse, search, select within the limits. */
export class SegmentPickerStore {
  query = '';
  selected: PickerSegment[] = [];
  readonly tree = new Resource<Scoped<PickerVendor[]> | null>(null);
  /** The latest query's answer wins; an older one answering late is dropped. */
  readonly searchResults = new Resource<Scoped<PickerSegment[]> | null>(null);

  constructor(
    private readonly api: ApiClient,
    readonly options: PickerOptions,
  ) {
    makeAutoObservable<SegmentPickerStore, 'api' | 'pendingSearch'>(this, {
      api: false,
      options: false,
      tree: false,
      searchResults: false,
      pendingSearch: false,
    });
  }

  get vendors(): PickerVendor[] {
    return this.tree.data?.data ?? [];
  }

  /** The search's segments, or null while no query is typed (the tree shows). */
  get results(): PickerSegment[] | null {
    return this.query.trim() ? (this.searchResults.data?.data ?? null) : null;
  }

  get loading(): boolean {
    return this.query.trim() ? this.searchResults.loading && !this.searchResults.data : this.tree.loading;
  }

  /** The failure of what is shown: the search while one is typed, else the tree. */
  get error(): Error | null {
    return this.query.trim() ? this.searchResults.error : this.tree.error;
  }

  /**
   * The population region ('client/region') the counts are of, as the server says: the region of
   * the page's context, as the builder counts (issue 14 §9); null when they are all regions'.
   */
  get region(): string | null {
    return (this.results ? this.searchResults.data?.region : this.tree.data?.region) ?? null;
  }

  loadTree(productSlug: string): Settled<unknown> {
    return this.tree.load(async (signal) => {
      const res = await this.api.call(
        E.segmentHierarchy,
        { params: { productSlug: productSlug || '-' }, query: { is_addressable: this.options.allowZeroCount ? 'false' : 'true' } },
        { silent: true, signal },
      );
      return {
        region: res.region ?? null,
        data: res.data.map((v) => ({
          vendor_name: v.vendor_name,
          display_name: v.display_name,
          hierarchies: v.hierarchies.map((h) => ({
            name: h.name,
            segments: h.segments.map((s) => ({
              identifier: s.identifier,
              name: s.name,
              matched: s.regional?.matched ?? s.matched,
              modeled: s.regional?.modeled ?? s.modeled,
              path: `${v.display_name} > ${h.name}`,
              data_permissions: s.matched > 0 ? ['create_audience_single'] : [],
            })),
          })),
        })),
      };
    });
  }

  /**
   * The typed query; the search goes out once typing pauses (SEARCH_PAUSE_MS), so a query typed
   * fast is one request, not one per keystroke (each search takes one of the user's count slots
   * on the server until it ends, aborted or not: seven keystrokes could meet a 429).
   */
  search(query: string): Settled<unknown> {
    this.query = query;
    this.cancelPendingSearch();
    if (!query.trim()) {
      this.searchResults.reset();
      return Promise.resolve();
    }
    return new Promise<unknown>((resolve) => {
      this.pendingSearch = {
        timer: setTimeout(() => {
          this.pendingSearch = null;
          resolve(this.runSearch(query));
        }, SEARCH_PAUSE_MS),
        resolve,
      };
    });
  }

  private pendingSearch: { timer: ReturnType<typeof setTimeout>; resolve: (v: unknown) => void } | null = null;

  /** A search superseded before it went out settles at once. */
  private cancelPendingSearch() {
    if (!this.pendingSearch) return;
    clearTimeout(this.pendingSearch.timer);
    this.pendingSearch.resolve(undefined);
    this.pendingSearch = null;
  }

  private runSearch(query: string): Settled<unknown> {
    return this.searchResults.load(async (signal) => {
      const res = await this.api.call(E.search, { query: { q: query, limit: 100 } }, { silent: true, signal });
      return {
        region: res.region ?? null,
        data: res.data.map((s) => ({
          identifier: s.identifier,
          name: s.name,
          path: s.path,
          matched: s.count.regional?.matched ?? s.count.matched,
          modeled: s.count.regional?.modeled ?? s.count.modeled,
          data_permissions: s.data_permissions,
        })),
      };
    });
  }

  /** Loads again what failed (the error state's 'Try again'). */
  retry(productSlug: string): Settled<unknown> {
    return this.query.trim() ? this.search(this.query) : this.loadTree(productSlug);
  }

  /** Why a segment cannot be chosen, or null. */
  blockedReason(s: PickerSegment): 'zero' | 'permission' | 'limit' | null {
    if (s.matched === 0 && !this.options.allowZeroCount) return 'zero';
    if (this.options.context === 'audience' && !(s.data_permissions ?? []).includes('create_audience_single')) return 'permission';
    if (this.options.multiple && this.options.max !== undefined && this.selected.length >= this.options.max && !this.isSelected(s)) return 'limit';
    return null;
  }

  isSelected(s: PickerSegment): boolean {
    return this.selected.some((x) => x.identifier === s.identifier);
  }

  toggle(s: PickerSegment): void {
    if (this.isSelected(s)) {
      this.selected = this.selected.filter((x) => x.identifier !== s.identifier);
      return;
    }
    if (this.blockedReason(s)) return;
    this.selected = this.options.multiple ? [...this.selected, s] : [s];
  }

  clear(): void {
    this.selected = [];
  }

  /** A fresh start each time the dialog opens: nothing selected, no search. */
  reset(): void {
    this.selected = [];
    this.query = '';
    this.cancelPendingSearch();
    this.searchResults.reset();
  }
}
