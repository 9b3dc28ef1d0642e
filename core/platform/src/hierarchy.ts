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

export const DATA_SOURCE_KEY = 'data-source';

/** SHELL-044: a region's data sources (its molecula and es indexes that are set). */
export function dataSources(region: { molecula_index: string | null; es_index: string | null } | undefined): string[] {
  return region ? [region.molecula_index, region.es_index].filter((x): x is string => !!x) : [];
}

/** SHELL-045: where the choice of a region's data source is kept (local storage, per region). */
export function dataSourceKey(region: { id: number } | undefined): string {
  return region ? `${DATA_SOURCE_KEY}:${region.id}` : DATA_SOURCE_KEY;
}

/**
 * SHELL-045: the data source the calls name in X-Data-Source: the stored choice for the region,
 * only where the region has more than one source and the choice is one of them; else none (the
 * server's default).
 */
export function chosenDataSource(
  region: { id: number; molecula_index: string | null; es_index: string | null } | undefined,
  storage: Pick<Storage, 'getItem'>,
): string | null {
  const sources = dataSources(region);
  if (sources.length < 2) return null;
  const stored = storage.getItem(dataSourceKey(region));
  return stored && sources.includes(stored) ? stored : null;
}
