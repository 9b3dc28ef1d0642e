import { isCompanyIdValid } from './companyId';
import type { BrandMessageKey } from './messages';

/** What the brand rules look at; the client builds it from its forms, the server from the merged save. */
export interface ProductRuleInput {
  name: string;
  companyId?: string | number | null;
  regionIds: readonly number[];
}

export interface BrandRuleInput {
  name: string;
  companyId?: string | number | null;
  products: readonly ProductRuleInput[];
}

export interface ProductViolations {
  name?: BrandMessageKey;
  companyId?: BrandMessageKey;
  regions?: BrandMessageKey;
}

export interface BrandViolations {
  name?: BrandMessageKey;
  companyId?: BrandMessageKey;
  /** BRAND-035: a brand keeps at least one product. */
  products?: BrandMessageKey;
  /** One entry per product, same order. */
  productViolations: ProductViolations[];
}

/** BRAND-041: names compare trimmed and case-insensitively. */
export function productNameKey(name: string): string {
  return name.trim().toLocaleLowerCase();
}

/**
 * BRAND-041: the positions of names that repeat an earlier name of the list (the first one is
 * the product that 'already exists'). Blank names are the required rule's business.
 */
export function duplicateNameIndexes(names: readonly string[]): Set<number> {
  const seen = new Set<string>();
  const out = new Set<number>();
  names.forEach((n, i) => {
    const k = productNameKey(n);
    if (!k) return;
    if (seen.has(k)) out.add(i);
    seen.add(k);
  });
  return out;
}

/** BRAND-040..043: each product's violations. */
export function productViolations(products: readonly ProductRuleInput[]): ProductViolations[] {
  const dups = duplicateNameIndexes(products.map((p) => p.name));
  return products.map((p, i) => {
    const v: ProductViolations = {};
    if (!p.name.trim()) v.name = 'productNameRequired';
    else if (dups.has(i)) v.name = 'productExists';
    if (!isCompanyIdValid(p.companyId)) v.companyId = 'invalidId';
    if (p.regionIds.length === 0) v.regions = 'regionRequired';
    return v;
  });
}

/** BRAND-030 / BRAND-031: the brand's own fields. */
export function brandFieldViolations(b: Pick<BrandRuleInput, 'name' | 'companyId'>): Pick<BrandViolations, 'name' | 'companyId'> {
  const v: Pick<BrandViolations, 'name' | 'companyId'> = {};
  if (!b.name.trim()) v.name = 'brandNameRequired';
  if (!isCompanyIdValid(b.companyId)) v.companyId = 'invalidId';
  return v;
}

/** Every rule of 000 §5 for a brand with its products (SRV-035 on the server, BRAND-034 in the form). */
export function brandViolations(b: BrandRuleInput): BrandViolations {
  return {
    ...brandFieldViolations(b),
    ...(b.products.length === 0 ? { products: 'lastProduct' as const } : {}),
    productViolations: productViolations(b.products),
  };
}

export function hasViolations(v: BrandViolations): boolean {
  return Boolean(v.name || v.companyId || v.products || v.productViolations.some((p) => p.name || p.companyId || p.regions));
}
