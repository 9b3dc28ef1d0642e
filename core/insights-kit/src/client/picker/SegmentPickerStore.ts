import type { ApiClient } from '@discovery/platform';
import { segmentsEndpoints as E } from '../../common';
import { makeAutoObservable, runInAction } from 'mobx';

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

/** State and rules of the SegmentPicker: browse, search, select within the limits. */
export class SegmentPickerStore {
  vendors: PickerVendor[] = [];
  results: PickerSegment[] | null = null;
  query = '';
  selected: PickerSegment[] = [];
  loading = false;
  /**
   * The population region ('client/region') the counts are of, as the server says: the region of
   * the page's context, as the builder counts (issue 14 §9); null when they are all regions'.
   */
  region: string | null = null;
  private searchSeq = 0;

  constructor(
    private readonly api: ApiClient,
    readonly options: PickerOptions,
  ) {
    makeAutoObservable<SegmentPickerStore, 'api' | 'searchSeq'>(this, { api: false, searchSeq: false, options: false });
  }

  async loadTree(productSlug: string): Promise<void> {
    this.loading = true;
    try {
      const res = await this.api.call(E.segmentHierarchy, {
        params: { productSlug: productSlug || '-' },
        query: { is_addressable: this.options.allowZeroCount ? 'false' : 'true' },
      });
      runInAction(() => {
        this.region = res.region ?? null;
        this.vendors = res.data.map((v) => ({
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
        }));
      });
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  async search(query: string): Promise<void> {
    this.query = query;
    const seq = ++this.searchSeq;
    if (!query.trim()) {
      this.results = null;
      return;
    }
    const res = await this.api.call(E.search, { query: { q: query, limit: 100 } }, { silent: true });
    if (seq !== this.searchSeq) return; // a newer query answered first
    runInAction(() => {
      this.region = res.region ?? null;
      this.results = res.data.map((s) => ({
        identifier: s.identifier,
        name: s.name,
        path: s.path,
        matched: s.count.regional?.matched ?? s.count.matched,
        modeled: s.count.regional?.modeled ?? s.count.modeled,
        data_permissions: s.data_permissions,
      }));
    });
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
    this.results = null;
    this.searchSeq++;
  }
}
