import { fullSlugOf, landingSelection, type BrandDto, type ClientDto, type HierarchySelection, type ProductDto, type RegionDto } from '@discovery/plugin-api';

export type { BrandDto, ClientDto, ProductDto, RegionDto } from '@discovery/plugin-api';

export interface ResolvedNodes {
  client?: ClientDto;
  region?: RegionDto;
  brand?: BrandDto;
  product?: ProductDto;
}

/** The nodes of a selection, as deep as they resolve. */
export function resolveNodes(tree: ClientDto[], sel: HierarchySelection): ResolvedNodes {
  const client = tree.find((c) => c.slug === sel.client);
  const region = client?.regions.find((r) => r.slug === sel.region);
  const brand = region?.brands.find((b) => b.slug === sel.brand);
  const product = brand?.products.find((p) => p.slug === sel.product);
  return { client, region: client && region, brand: region && brand, product: brand && product };
}

/** SHELL-027 DESIGN / SHELL-052: the default region (is_default, else first). */
export function defaultRegion(client: ClientDto): RegionDto | undefined {
  return client.regions.find((r) => r.is_default) ?? client.regions[0];
}

/**
 * The home page of a context, completed with defaults: default region, first brand, first
 * product. A region without brands has its own home (SHELL-051).
 */
export function homePathFor(tree: ClientDto[], sel: HierarchySelection = {}): string | null {
  const landing = landingSelection(tree, sel);
  return landing ? `/${fullSlugOf(landing)}/home` : null;
}

export function regionHasBrands(region: RegionDto): boolean {
  return region.brands.length > 0;
}

/** SHELL-050: the same page under another product slug. */
export function swapProduct(pathname: string, sel: HierarchySelection, productSlug: string): string {
  const prefix = `/${sel.client}/${sel.region}/${sel.brand}/${sel.product}`;
  if (sel.product && pathname.startsWith(prefix)) {
    return `/${sel.client}/${sel.region}/${sel.brand}/${productSlug}${pathname.slice(prefix.length)}`;
  }
  return `/${sel.client}/${sel.region}/${sel.brand}/${productSlug}/home`;
}
