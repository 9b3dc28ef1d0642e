import type { BrandDto, ProductDto, ProductRegionDto } from '@discovery/plugin-api';
import type { Queryable } from '@discovery/server';
import { slugify } from '@discovery/server';
import { normalizeMapping, type SiteVisitSegmentMapping } from '../common';

/** Reads of the core hierarchy tables that Brand Management needs, as plain SQL (core.query or a transaction). */
export type Reader = Pick<Queryable, 'query'>;

interface ClientRow {
  id: number;
  slug: string;
}
interface RegionRow {
  id: number;
  slug: string;
  is_default: boolean;
  name: string;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface LoadOptions {
  /** SRV-036: id_env_product_slug only in tier 3 for users with id_env_product_slugs.read. */
  showSlugs: boolean;
  brandIds?: number[];
}

/**
 * A client's brands with every product, whatever the region (the hierarchy tree shows a brand
 * only under the regions of its products). fullSlug: the brand under the first region, in the
 * client's order (default region first), where one of its products is.
 */
export async function loadBrands(db: Reader, clientId: number, opts: LoadOptions): Promise<BrandDto[]> {
  const [client] = await db.query<ClientRow>('select id, slug from clients where id = $1', [clientId]);
  if (!client) return [];
  const regions = await db.query<RegionRow>('select id, slug, name, is_default from regions where client_id = $1 order by is_default desc, name', [clientId]);
  const regionOrder = new Map(regions.map((r, i) => [Number(r.id), i]));
  const regionSlug = new Map(regions.map((r) => [Number(r.id), r.slug]));
  const brands = await db.query<Record<string, unknown>>(
    `select * from brands where client_id = $1 ${opts.brandIds ? 'and id = any($2::int[])' : ''} order by lower(name), id`,
    opts.brandIds ? [clientId, opts.brandIds] : [clientId],
  );
  if (!brands.length) return [];
  const products = await db.query<Record<string, unknown>>('select * from products where brand_id = any($1::int[]) order by lower(name), id', [
    brands.map((b) => Number(b.id)),
  ]);
  const prs = products.length
    ? await db.query<Record<string, unknown>>('select * from product_regions where product_id = any($1::int[]) order by id', [
        products.map((p) => Number(p.id)),
      ])
    : [];
  const prsByProduct = new Map<number, ProductRegionDto[]>();
  for (const r of prs) {
    const dto: ProductRegionDto = {
      id: Number(r.id),
      region_id: Number(r.region_id),
      product_id: Number(r.product_id),
      id_env_product_slug: opts.showSlugs ? ((r.id_env_product_slug as string | null) ?? null) : null,
    };
    prsByProduct.set(dto.product_id, [...(prsByProduct.get(dto.product_id) ?? []), dto]);
  }
  const firstRegion = (ids: number[]) => [...ids].sort((a, b) => (regionOrder.get(a) ?? 0) - (regionOrder.get(b) ?? 0))[0];
  return brands.map((b) => {
    const bId = Number(b.id);
    const own = products.filter((p) => Number(p.brand_id) === bId);
    const allRegions = own.flatMap((p) => (prsByProduct.get(Number(p.id)) ?? []).map((x) => x.region_id));
    const home = regionSlug.get(firstRegion(allRegions)) ?? '*';
    const bFull = `${client.slug}/${home}/${b.slug}`;
    return {
      id: bId,
      name: String(b.name),
      slug: String(b.slug),
      fullSlug: bFull,
      category: (b.category as string | null) ?? null,
      client_id: clientId,
      conversant_company_id: num(b.conversant_company_id),
      site_visit_segment_mapping: normalizeMapping(b.site_visit_segment_mapping as SiteVisitSegmentMapping | null),
      products: own.map((p): ProductDto => {
        const pr = prsByProduct.get(Number(p.id)) ?? [];
        const pHome = regionSlug.get(firstRegion(pr.map((x) => x.region_id))) ?? '*';
        return {
          id: Number(p.id),
          name: String(p.name),
          slug: String(p.slug),
          fullSlug: `${client.slug}/${pHome}/${b.slug}/${p.slug}`,
          brand_id: bId,
          conversant_company_id: num(p.conversant_company_id),
          region_ids: pr.map((x) => x.region_id),
          product_regions: pr,
        };
      }),
    };
  });
}

/**
 * SRV-038: a slug from the name, unique among `taken` (a parent's slugs): 'fizz-cola', then
 * 'fizz-cola-2', 'fizz-cola-3'...
 */
export function uniqueSlug(name: string, taken: ReadonlySet<string>, fallback: string): string {
  const base = slugify(name) || fallback;
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) {
    const s = `${base}-${i}`;
    if (!taken.has(s)) return s;
  }
}

export async function brandSlugs(db: Reader, clientId: number): Promise<Set<string>> {
  return new Set((await db.query<{ slug: string }>('select slug from brands where client_id = $1', [clientId])).map((r) => r.slug));
}

export async function productSlugs(db: Reader, brandId: number): Promise<Set<string>> {
  return new Set((await db.query<{ slug: string }>('select slug from products where brand_id = $1', [brandId])).map((r) => r.slug));
}

export async function clientRegions(db: Reader, clientId: number): Promise<RegionRow[]> {
  return db.query<RegionRow>('select id, slug, name, is_default from regions where client_id = $1 order by id', [clientId]);
}
