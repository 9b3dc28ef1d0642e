import type { BrandDto } from '@discovery/plugin-api';
import { makeAutoObservable } from 'mobx';
import {
  brandFieldViolations,
  brandViolations,
  companyIdValue,
  hasViolations,
  normalizeMapping,
  type BrandBody,
  type BrandViolations,
  type SiteVisitSegmentMapping,
} from '../../common';
import { ProductForm } from './ProductForm';

let seq = 0;

/** One brand card with its products: view (closed) and edit (open) modes and the rules of 000 §4/§5. */
export class BrandForm {
  readonly key = `brand-${++seq}`;
  saved: BrandDto | null;
  name = '';
  category = '';
  companyId = '';
  products: ProductForm[];
  /** Brand edit mode (BRAND-015, BRAND-018). */
  open = false;
  /** The product list is shown (BRAND-024). */
  expanded = false;
  /** A save is in flight (BRAND-034). */
  submitting = false;
  /** BRAND-029: the persistent notice of a failed save. */
  notice: string | null = null;
  touched = new Set<string>();

  constructor(saved: BrandDto | null) {
    this.saved = saved;
    this.products = (saved?.products ?? []).map((p) => new ProductForm(p));
    makeAutoObservable(this, { key: false });
    this.reset();
  }

  get id(): number | null {
    return this.saved?.id ?? null;
  }

  /** BRAND-017: no id yet ('Not Saved'). */
  get isNew(): boolean {
    return this.saved === null;
  }

  get mapping(): SiteVisitSegmentMapping | null {
    return normalizeMapping(this.saved?.site_visit_segment_mapping);
  }

  /** BRAND-015: the brand's regions are the union of its products' regions. */
  get regionIds(): number[] {
    return [...new Set(this.products.flatMap((p) => p.regionIds))];
  }

  /** The regions the saved brand is in (the Region filter looks at what is stored). */
  get savedRegionIds(): number[] {
    return [...new Set((this.saved?.products ?? []).flatMap((p) => p.region_ids))];
  }

  get anyProductOpen(): boolean {
    return this.products.some((p) => p.open);
  }

  reset(): void {
    const s = this.saved;
    this.name = s?.name ?? '';
    this.category = s?.category ?? '';
    this.companyId = s?.conversant_company_id === null || s?.conversant_company_id === undefined ? '' : String(s.conversant_company_id);
    this.touched = new Set();
  }

  setName(v: string): void {
    this.name = v;
    this.touch('name');
  }

  setCategory(v: string): void {
    this.category = v;
  }

  setCompanyId(v: string): void {
    this.companyId = v;
    this.touch('companyId');
  }

  touch(field: string): void {
    if (!this.touched.has(field)) this.touched = new Set([...this.touched, field]);
  }

  edit(): void {
    this.open = true;
    this.expanded = true;
  }

  /** BRAND-030/031: the brand's own fields. */
  get fieldViolations(): Pick<BrandViolations, 'name' | 'companyId'> {
    return brandFieldViolations({ name: this.name, companyId: this.companyId });
  }

  /** Every rule of 000 §5 on the brand and its products (BRAND-034). */
  get violations(): BrandViolations {
    return brandViolations({
      name: this.name,
      companyId: this.companyId,
      products: this.products.map((p) => ({ name: p.name, companyId: p.companyId, regionIds: p.regionIds })),
    });
  }

  /** BRAND-033: Apply needs a name and, when filled, a valid Company ID. */
  get canApply(): boolean {
    const v = this.fieldViolations;
    return !v.name && !v.companyId;
  }

  /** BRAND-034: Save needs a valid brand, valid products (names unique, each with a region, valid ids), and no save in flight. */
  get canSave(): boolean {
    return !this.submitting && !hasViolations(this.violations);
  }

  /** BRAND-019: Apply closes the brand edit and opens all its products, saving nothing. */
  apply(): void {
    if (!this.canApply) return;
    this.open = false;
    this.expanded = true;
    for (const p of this.products) p.open = true;
  }

  /** BRAND-022: Cancel of a saved brand restores the last saved values (a new one is removed by the store). */
  cancel(): void {
    this.reset();
    this.open = false;
  }

  /** BRAND-039: Add Product appends an open product. */
  addProduct(): ProductForm {
    const p = new ProductForm(null, true);
    this.products.push(p);
    this.expanded = true;
    return p;
  }

  removeProduct(p: ProductForm): void {
    this.products = this.products.filter((x) => x !== p);
  }

  /**
   * BRAND-035: a brand keeps at least one product, so the last one cannot be deleted; a saved
   * product is the last when no other saved product would remain on the server.
   */
  canDeleteProduct(p: ProductForm): boolean {
    if (this.products.length <= 1) return false;
    return p.isNew || this.products.filter((x) => !x.isNew).length > 1;
  }

  /** BRAND-024: the product list toggles only when the brand is closed and the segment mapper is not open. */
  canToggle(mapperOpen: boolean): boolean {
    return !this.open && !mapperOpen;
  }

  toggleExpanded(mapperOpen: boolean): void {
    if (this.canToggle(mapperOpen)) this.expanded = !this.expanded;
  }

  /** BRAND-023 / SRV-030: the body of POST brands or PUT brands/{id}. */
  payload(clientId: number, withSlugs: boolean): BrandBody {
    return {
      brand: {
        id: this.id,
        name: this.name.trim(),
        category: this.category.trim() || null,
        conversant_company_id: companyIdValue(this.companyId),
        client_id: clientId,
        products_attributes: this.products.map((p) => p.payload(this.id, withSlugs)),
        site_visit_segment_mapping: this.mapping,
      },
    };
  }

  /** BRAND-021: after a save everything closes and shows the stored values. */
  markSaved(dto: BrandDto): void {
    this.saved = dto;
    this.reset();
    this.open = false;
    this.notice = null;
    const forms = this.products;
    this.products = dto.products.map((p) => {
      const form = forms.find((f) => f.id === p.id) ?? forms.find((f) => f.isNew && f.name.trim().toLowerCase() === p.name.toLowerCase()) ?? new ProductForm(p);
      form.markSaved(p);
      return form;
    });
  }

  /** BRAND-056: the mapping the server stored. */
  setSavedMapping(mapping: SiteVisitSegmentMapping | null): void {
    if (this.saved) this.saved = { ...this.saved, site_visit_segment_mapping: mapping };
  }

  /** A product deleted on the server leaves the saved state too. */
  forgetProduct(p: ProductForm): void {
    this.removeProduct(p);
    if (this.saved) this.saved = { ...this.saved, products: this.saved.products.filter((x) => x.id !== p.id) };
  }
}
