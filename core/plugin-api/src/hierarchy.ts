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

/** What the landing rule reads of a hierarchy tree (the client's DTOs and the server's nodes both fit). */
export interface LandingTree {
  slug: string;
  regions: { slug: string; is_default: boolean; brands: { slug: string; products: { slug: string }[] }[] }[];
}

/**
 * A context completed with defaults (SHELL-051): the given client or the first, its given or
 * default region, the given or first brand, the given or first product. Stops at the first level
 * that has nothing (a region without brands has its own home). One rule for the shell's home
 * redirect and for the demo data that must be there when a user lands.
 */
export function landingSelection(tree: readonly LandingTree[], sel: HierarchySelection = {}): HierarchySelection | null {
  const client = tree.find((c) => c.slug === sel.client) ?? (sel.client ? undefined : tree[0]);
  if (!client) return null;
  const region = client.regions.find((r) => r.slug === sel.region) ?? client.regions.find((r) => r.is_default) ?? client.regions[0];
  if (!region) return { client: client.slug };
  const brand = region.brands.find((b) => b.slug === sel.brand) ?? region.brands[0];
  if (!brand) return { client: client.slug, region: region.slug };
  const product = brand.products.find((p) => p.slug === sel.product) ?? brand.products[0];
  if (!product) return { client: client.slug, region: region.slug };
  return { client: client.slug, region: region.slug, brand: brand.slug, product: product.slug };
}
