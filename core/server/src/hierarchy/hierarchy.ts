import type { Queryable } from '../db';
import { isSlugVisible } from './slugs';

import type { BrandDto, ClientDto, ProductDto, ProductRegionDto, RegionDto } from '@discovery/plugin-api';

/** The tree's nodes are the API's shapes (SRV-027), shared with the client. */
export type ProductNode = ProductDto;
export type BrandNode = BrandDto;
export type RegionNode = RegionDto;
export type ClientNode = ClientDto;

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** SRV-027: the whole tree, five queries; a brand shows under each region one of its products is in. */
export async function loadHierarchy(db: Queryable): Promise<ClientNode[]> {
  const [clients, regions, brands, products, prs] = await Promise.all([
    db.query<Record<string, unknown>>('select * from clients'),
    db.query<Record<string, unknown>>('select * from regions'),
    db.query<Record<string, unknown>>('select * from brands'),
    db.query<Record<string, unknown>>('select * from products'),
    db.query<Record<string, unknown>>('select * from product_regions order by id'),
  ]);
  const prsByProduct = new Map<number, ProductRegionDto[]>();
  for (const r of prs) {
    const dto: ProductRegionDto = {
      id: Number(r.id),
      region_id: Number(r.region_id),
      product_id: Number(r.product_id),
      id_env_product_slug: (r.id_env_product_slug as string | null) ?? null,
    };
    const list = prsByProduct.get(dto.product_id) ?? [];
    list.push(dto);
    prsByProduct.set(dto.product_id, list);
  }
  const productsByBrand = new Map<number, Record<string, unknown>[]>();
  for (const p of products) {
    const list = productsByBrand.get(Number(p.brand_id)) ?? [];
    list.push(p);
    productsByBrand.set(Number(p.brand_id), list);
  }
  const out: ClientNode[] = [];
  for (const c of clients) {
    const cId = Number(c.id);
    const cSlug = String(c.slug);
    const clientBrands = brands.filter((b) => Number(b.client_id) === cId);
    const regionNodes: RegionNode[] = regions
      .filter((r) => Number(r.client_id) === cId)
      .map((r) => {
        const rId = Number(r.id);
        const rFull = `${cSlug}/${r.slug}`;
        const brandNodes: BrandNode[] = [];
        for (const b of clientBrands) {
          const bFull = `${rFull}/${b.slug}`;
          const productNodes: ProductNode[] = (productsByBrand.get(Number(b.id)) ?? [])
            .filter((p) => (prsByProduct.get(Number(p.id)) ?? []).some((pr) => pr.region_id === rId))
            .map((p) => {
              const pr = prsByProduct.get(Number(p.id)) ?? [];
              return {
                id: Number(p.id),
                name: String(p.name),
                slug: String(p.slug),
                fullSlug: `${bFull}/${p.slug}`,
                brand_id: Number(b.id),
                conversant_company_id: num(p.conversant_company_id),
                region_ids: pr.map((x) => x.region_id),
                product_regions: pr,
              };
            })
            .sort(byName);
          if (productNodes.length === 0) continue;
          brandNodes.push({
            id: Number(b.id),
            name: String(b.name),
            slug: String(b.slug),
            fullSlug: bFull,
            category: (b.category as string | null) ?? null,
            client_id: cId,
            conversant_company_id: num(b.conversant_company_id),
            site_visit_segment_mapping: (b.site_visit_segment_mapping as BrandNode['site_visit_segment_mapping']) ?? null,
            products: productNodes,
          });
        }
        return {
          id: rId,
          name: String(r.name),
          slug: String(r.slug),
          fullSlug: rFull,
          client_id: cId,
          currency: { symbol: String(r.currency_symbol), symbol_first: Boolean(r.currency_symbol_first) },
          is_default: Boolean(r.is_default),
          molecula_index: (r.molecula_index as string | null) ?? null,
          es_index: (r.es_index as string | null) ?? null,
          id_env_motivation_url: (r.id_env_motivation_url as string | null) ?? null,
          brands: brandNodes.sort(byName),
        };
      })
      .sort(byName);
    out.push({
      id: cId,
      name: String(c.name),
      slug: cSlug,
      fullSlug: cSlug,
      conversant_company_id: num(c.conversant_company_id),
      feature_flags: (c.feature_flags as Record<string, boolean>) ?? {},
      site_visitation_enabled: Boolean(c.site_visitation_enabled),
      lite: Boolean(c.lite),
      regions: regionNodes,
    });
  }
  return out.sort(byName);
}

/** The part of the tree a user's grants let them see. */
export function visibleHierarchy(tree: ClientNode[], grants: readonly string[]): ClientNode[] {
  if (grants.includes('*')) return tree;
  const vis = (slug: string) => isSlugVisible(grants, slug);
  return tree
    .filter((c) => vis(c.fullSlug))
    .map((c) => ({
      ...c,
      regions: c.regions
        .filter((r) => vis(r.fullSlug))
        .map((r) => ({
          ...r,
          brands: r.brands
            .filter((b) => vis(b.fullSlug))
            .map((b) => ({ ...b, products: b.products.filter((p) => vis(p.fullSlug)) }))
            .filter((b) => b.products.length > 0),
        })),
    }));
}

/** SRV-036: the tree without id_env_product_slug values (outside tier 3 or without id_env_product_slugs.read). */
export function withoutProductSlugs(tree: ClientNode[]): ClientNode[] {
  return tree.map((c) => ({
    ...c,
    regions: c.regions.map((r) => ({
      ...r,
      brands: r.brands.map((b) => ({
        ...b,
        products: b.products.map((p) => ({ ...p, product_regions: p.product_regions.map((pr) => ({ ...pr, id_env_product_slug: null })) })),
      })),
    })),
  }));
}

export interface ResolvedContext {
  slug: string;
  client: ClientNode;
  region?: RegionNode;
  brand?: BrandNode;
  product?: ProductNode;
}

/** Resolves an X-Context slug against the tree; null when any segment does not exist. */
export function resolveContext(tree: ClientNode[], slug: string): ResolvedContext | null {
  const [c, r, b, p, ...rest] = slug.split('/').filter(Boolean);
  if (!c || rest.length) return null;
  const client = tree.find((x) => x.slug === c);
  if (!client) return null;
  if (!r) return { slug, client };
  const region = client.regions.find((x) => x.slug === r);
  if (!region) return null;
  if (!b) return { slug, client, region };
  const brand = region.brands.find((x) => x.slug === b);
  if (!brand) return null;
  if (!p) return { slug, client, region, brand };
  const product = brand.products.find((x) => x.slug === p);
  if (!product) return null;
  return { slug, client, region, brand, product };
}
