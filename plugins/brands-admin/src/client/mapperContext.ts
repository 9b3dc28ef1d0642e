import type { ClientDto, HierarchySelection } from '@discovery/plugin-api';

/**
 * BRAND-050 / A-27: the hierarchy context the segment mapper sets on open: the brand's client,
 * the client's default region (else its first), the brand, and the brand's first product by name
 * in that region. When the brand has no product there, the first region (default first) where it
 * has one. On a region's page the page's region stays, so the context does not leave the page.
 */
export function mapperContext(client: ClientDto, brandId: number, pageRegion?: string): HierarchySelection {
  const ordered = [...client.regions].sort((a, b) => Number(b.is_default) - Number(a.is_default));
  const candidates = pageRegion ? ordered.filter((r) => r.slug === pageRegion) : ordered;
  for (const region of candidates) {
    const brand = region.brands.find((b) => b.id === brandId);
    const product = brand && [...brand.products].sort((a, b) => a.name.localeCompare(b.name))[0];
    if (brand && product) return { client: client.slug, region: region.slug, brand: brand.slug, product: product.slug };
  }
  return { client: client.slug, region: pageRegion ?? ordered[0]?.slug };
}
