/** The four hierarchy levels every page lives under (000 §1). */
export interface HierarchySelection {
  client?: string;
  region?: string;
  brand?: string;
  product?: string;
}

export type RouteScope = 'global' | 'client' | 'region' | 'brand' | 'product';

/** Path prefix of each scope, with react-router params. */
export const SCOPE_PREFIX: Record<RouteScope, string> = {
  global: '',
  client: ':clientSlug',
  region: ':clientSlug/:regionSlug',
  brand: ':clientSlug/:regionSlug/:brandSlug',
  product: ':clientSlug/:regionSlug/:brandSlug/:productSlug',
};

/** SRV-038: fullSlug = client/region/brand/product slugs joined by '/'. */
export function fullSlugOf(sel: HierarchySelection): string {
  const parts = [sel.client, sel.region, sel.brand, sel.product];
  const out: string[] = [];
  for (const p of parts) {
    if (!p) break;
    out.push(p);
  }
  return out.join('/');
}

export function parseFullSlug(slug: string): HierarchySelection {
  const [client, region, brand, product] = slug.split('/').filter(Boolean);
  return { client, region, brand, product };
}
