import type { ProductDto } from '@discovery/plugin-api';
import { makeAutoObservable } from 'mobx';
import { companyIdValue, type ProductAttributes } from '../../common';

let seq = 0;

/** One product card: its saved state and the edits of its open (edit) mode (BRAND-018, BRAND-038). */
export class ProductForm {
  /** Stable key for React and tests, also before the product has an id. */
  readonly key = `product-${++seq}`;
  saved: ProductDto | null;
  name = '';
  companyId = '';
  regionIds: number[] = [];
  /** id_env_product_slug per region id (BRAND-044, BRAND-045). */
  slugs: Record<number, string> = {};
  open: boolean;
  /** Fields the user has been in: 'required' messages wait for them. */
  touched = new Set<string>();

  constructor(saved: ProductDto | null, open = false) {
    this.saved = saved;
    this.open = open;
    makeAutoObservable(this, { key: false });
    this.reset();
  }

  get id(): number | null {
    return this.saved?.id ?? null;
  }

  get isNew(): boolean {
    return this.saved === null;
  }

  /** The saved values back into the form. */
  reset(): void {
    const s = this.saved;
    this.name = s?.name ?? '';
    this.companyId = s?.conversant_company_id === null || s?.conversant_company_id === undefined ? '' : String(s.conversant_company_id);
    this.regionIds = [...(s?.region_ids ?? [])];
    this.slugs = Object.fromEntries((s?.product_regions ?? []).map((r) => [r.region_id, r.id_env_product_slug ?? '']));
    this.touched = new Set();
  }

  edit(): void {
    this.open = true;
  }

  /** Cancel of a saved product: its saved values, closed (BRAND-022 DESIGN). */
  cancel(): void {
    this.reset();
    this.open = false;
  }

  setName(v: string): void {
    this.name = v;
    this.touch('name');
  }

  setCompanyId(v: string): void {
    this.companyId = v;
    this.touch('companyId');
  }

  setSlug(regionId: number, v: string): void {
    this.slugs = { ...this.slugs, [regionId]: v };
  }

  /** BRAND-038: the multi-select Regions; BRAND-045: deselecting drops the region's entry. */
  toggleRegion(regionId: number): void {
    this.regionIds = this.regionIds.includes(regionId) ? this.regionIds.filter((r) => r !== regionId) : [...this.regionIds, regionId];
    this.touch('regions');
  }

  touch(field: string): void {
    if (!this.touched.has(field)) this.touched = new Set([...this.touched, field]);
  }

  markSaved(dto: ProductDto): void {
    this.saved = dto;
    this.reset();
    this.open = false;
  }

  /**
   * The products_attributes entry (SRV-030): one product_regions entry per selected region, and
   * the saved entries of deselected regions with `_destroy: true` (BRAND-045). Slugs only when
   * the user may set them.
   */
  payload(brandId: number | null, withSlugs: boolean): ProductAttributes {
    const savedRegions = this.saved?.product_regions ?? [];
    const entries = this.regionIds.map((regionId) => {
      const existing = savedRegions.find((r) => r.region_id === regionId);
      return {
        ...(existing ? { id: existing.id } : {}),
        region_id: regionId,
        product_id: this.id,
        ...(withSlugs ? { id_env_product_slug: this.slugs[regionId]?.trim() || null } : {}),
      };
    });
    const removed = savedRegions
      .filter((r) => !this.regionIds.includes(r.region_id))
      .map((r) => ({ id: r.id, region_id: r.region_id, product_id: r.product_id, _destroy: true }));
    return {
      id: this.id,
      name: this.name.trim(),
      conversant_company_id: companyIdValue(this.companyId),
      brand_id: brandId,
      region_ids: [...this.regionIds],
      product_regions_attributes: [...entries, ...removed],
    };
  }
}
