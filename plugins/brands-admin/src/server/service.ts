import type { PermissionAction, ProductDto } from '@discovery/plugin-api';
import { isSlugCovered, type Queryable, type ServerCore } from '@discovery/server';
import { BRAND_MESSAGES, brandViolations, hasViolations, type BrandInput, type BrandViolations, type ProductAttributes } from '../common';
import { brandSlugs, clientRegions, loadBrands, productSlugs, uniqueSlug } from './repository';

/** Who saves, and where: the request's client, the user's permissions and hierarchy grants. */
export interface WriteContext {
  client: { id: number; slug: string };
  can(resource: string, action: PermissionAction): boolean;
  grants: readonly string[];
  /** SRV-036 DESIGN: slugs are written only in tier 3 with id_env_product_slugs.update. */
  slugsWritable: boolean;
}

/** One product of the brand as the save leaves it. */
interface ProductPlan {
  /** Position in products_attributes (absent for products the body did not mention). */
  index?: number;
  existing?: ProductDto;
  destroy: boolean;
  name: string;
  companyId: number | null;
  regionIds: number[];
  /** id_env_product_slug per region, for the entries the body set. */
  slugs: Map<number, string | null>;
}

const PRODUCTS = 'brand.products_attributes';

/** Regions a product ends with: region_ids when given, else its regions with the attribute entries applied. */
export function resolveRegionIds(current: readonly number[], attr: Pick<ProductAttributes, 'region_ids' | 'product_regions_attributes'>): number[] {
  if (attr.region_ids) return [...new Set(attr.region_ids)];
  const set = new Set(current);
  for (const pr of attr.product_regions_attributes ?? []) {
    if (pr._destroy) set.delete(pr.region_id);
    else set.add(pr.region_id);
  }
  return [...set];
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** 422 with the first rule's message and every field's (SRV-035). */
function violationsToError(core: ServerCore, v: BrandViolations, plans: ProductPlan[]) {
  const fields: Record<string, string> = {};
  if (v.name) fields['brand.name'] = BRAND_MESSAGES[v.name];
  if (v.companyId) fields['brand.conversant_company_id'] = BRAND_MESSAGES[v.companyId];
  if (v.products) fields[PRODUCTS] = BRAND_MESSAGES[v.products];
  v.productViolations.forEach((pv, i) => {
    const at = plans[i].index === undefined ? PRODUCTS : `${PRODUCTS}.${plans[i].index}`;
    if (pv.name) fields[`${at}.name`] = BRAND_MESSAGES[pv.name];
    if (pv.companyId) fields[`${at}.conversant_company_id`] = BRAND_MESSAGES[pv.companyId];
    if (pv.regions) fields[`${at}.region_ids`] = BRAND_MESSAGES[pv.regions];
  });
  const first = Object.values(fields)[0];
  return core.errors.unprocessable(first, fields);
}

/** Brand and product writes: every save is one transaction (SRV-030/031), nothing half-written. */
export class BrandService {
  constructor(private readonly core: ServerCore) {}

  private forbidden(action: string, resource: string) {
    return this.core.errors.forbidden(`You don't have permission to ${action} ${resource}.`);
  }

  /** Writes need grants covering each region the brand touches (a client grant covers them all). */
  private async assertRegionsWritable(tx: Queryable, ctx: WriteContext, regionIds: Iterable<number>) {
    const slugOf = new Map((await clientRegions(tx, ctx.client.id)).map((r) => [Number(r.id), r.slug]));
    for (const id of new Set(regionIds)) {
      const slug = slugOf.get(id);
      if (slug === undefined) continue; // not this client's region: the write refuses it, per product
      const full = `${ctx.client.slug}/${slug}`;
      if (!isSlugCovered(ctx.grants, full)) throw this.core.errors.forbidden(`You don't have access to '${full}'.`);
    }
  }

  /** The brand row of this client, locked for the rest of the transaction; 404 or 403 otherwise. */
  private async lockBrand(tx: Queryable, ctx: WriteContext, brandId: number) {
    const [row] = await tx.query<{ id: number; client_id: number }>('select id, client_id from brands where id = $1 for update', [brandId]);
    if (!row) throw this.core.errors.notFound('No such brand.');
    if (Number(row.client_id) !== ctx.client.id) throw this.core.errors.forbidden("You don't have access to that brand.");
    const [brand] = await loadBrands(tx, ctx.client.id, { showSlugs: true, brandIds: [brandId] });
    return brand;
  }

  /** POST brands (no id) and PUT brands/{id}: the brand and its products in one transaction. */
  async save(input: BrandInput, ctx: WriteContext, brandId?: number): Promise<number> {
    return this.core.transaction(async (tx) => {
      const existing = brandId ? await this.lockBrand(tx, ctx, brandId) : null;
      const attrs = input.products_attributes ?? [];
      if (!existing && attrs.some((a) => a.id)) {
        throw this.core.errors.unprocessable('A new brand cannot take existing products.', { [PRODUCTS]: 'A new brand cannot take existing products.' });
      }

      // The products as the save leaves them: the ones the body names, then the untouched ones.
      const mentioned = new Set<number>();
      const plans: ProductPlan[] = attrs.map((a, index) => {
        const current = a.id ? existing!.products.find((p) => p.id === a.id) : undefined;
        if (a.id && !current) {
          throw this.core.errors.unprocessable(`Product ${a.id} is not a product of this brand.`, {
            [`${PRODUCTS}.${index}.id`]: 'Not a product of this brand.',
          });
        }
        if (current) mentioned.add(current.id);
        const slugs = new Map<number, string | null>();
        for (const pr of a.product_regions_attributes ?? []) {
          if (!pr._destroy && pr.id_env_product_slug !== undefined) slugs.set(pr.region_id, pr.id_env_product_slug || null);
        }
        return {
          index,
          existing: current,
          destroy: a._destroy === true,
          name: a.name ?? current?.name ?? '',
          companyId: a.conversant_company_id === undefined ? (current?.conversant_company_id ?? null) : a.conversant_company_id,
          regionIds: resolveRegionIds(current?.region_ids ?? [], a),
          slugs,
        };
      });
      for (const p of existing?.products ?? []) {
        if (!mentioned.has(p.id))
          plans.unshift({ existing: p, destroy: false, name: p.name, companyId: p.conversant_company_id, regionIds: p.region_ids, slugs: new Map() });
      }
      const kept = plans.filter((p) => !p.destroy);

      // SRV-035: the rules of 000 §5 on the result.
      const v = brandViolations({
        name: input.name,
        companyId: input.conversant_company_id ?? null,
        products: kept.map((p) => ({ name: p.name, companyId: p.companyId, regionIds: p.regionIds })),
      });
      if (hasViolations(v)) throw violationsToError(this.core, v, kept);

      // Permissions per product change (the brand's own were checked by the route).
      const changed = (p: ProductPlan) =>
        p.existing !== undefined &&
        !p.destroy &&
        (p.name !== p.existing.name ||
          p.companyId !== p.existing.conversant_company_id ||
          !sameSet(p.regionIds, p.existing.region_ids) ||
          (ctx.slugsWritable && [...p.slugs].some(([r, slug]) => p.existing!.product_regions.find((x) => x.region_id === r)?.id_env_product_slug !== slug)));
      if (existing) {
        if (plans.some((p) => !p.existing) && !ctx.can('products', 'create')) throw this.forbidden('create', 'products');
        if (plans.some((p) => p.destroy) && !ctx.can('products', 'destroy')) throw this.forbidden('destroy', 'products');
        if (plans.some(changed) && !ctx.can('products', 'update')) throw this.forbidden('update', 'products');
      }
      await this.assertRegionsWritable(tx, ctx, [...plans.flatMap((p) => p.regionIds), ...(existing?.products.flatMap((p) => p.region_ids) ?? [])]);

      // The brand row.
      let id: number;
      const mapping = input.site_visit_segment_mapping;
      if (!existing) {
        const slug = uniqueSlug(input.name, await brandSlugs(tx, ctx.client.id), 'brand');
        const [row] = await tx.query<{ id: number }>(
          `insert into brands (client_id, name, slug, category, conversant_company_id, site_visit_segment_mapping)
           values ($1, $2, $3, $4, $5, $6) returning id`,
          [ctx.client.id, input.name, slug, input.category ?? null, input.conversant_company_id ?? null, mapping ? JSON.stringify(mapping) : null],
        );
        id = Number(row.id);
      } else {
        id = existing.id;
        // Slugs stay as they are on rename: they are in URLs and in users' hierarchy grants.
        await tx.query(
          `update brands set name = $2,
             category = case when $3::boolean then $4 else category end,
             conversant_company_id = case when $5::boolean then $6::bigint else conversant_company_id end,
             site_visit_segment_mapping = case when $7::boolean then $8::jsonb else site_visit_segment_mapping end
           where id = $1`,
          [
            id,
            input.name,
            input.category !== undefined,
            input.category ?? null,
            input.conversant_company_id !== undefined,
            input.conversant_company_id ?? null,
            mapping !== undefined,
            mapping ? JSON.stringify(mapping) : null,
          ],
        );
      }

      // The products: deletions, then updates, then new ones; each region checked against the client.
      for (const p of plans.filter((x) => x.destroy)) await tx.query('delete from products where id = $1', [p.existing!.id]);
      const taken = existing ? await productSlugs(tx, id) : new Set<string>();
      for (const p of kept) {
        if (p.index === undefined) continue;
        let productId: number;
        let before: number[] = [];
        if (p.existing) {
          productId = p.existing.id;
          before = p.existing.region_ids;
          await tx.query('update products set name = $2, conversant_company_id = $3 where id = $1', [productId, p.name, p.companyId]);
        } else {
          const slug = uniqueSlug(p.name, taken, 'product');
          taken.add(slug);
          const [row] = await tx.query<{ id: number }>(
            'insert into products (brand_id, name, slug, conversant_company_id) values ($1, $2, $3, $4) returning id',
            [id, p.name, slug, p.companyId],
          );
          productId = Number(row.id);
        }
        const removed = before.filter((r) => !p.regionIds.includes(r));
        if (removed.length) await tx.query('delete from product_regions where product_id = $1 and region_id = any($2::int[])', [productId, removed]);
        for (const regionId of p.regionIds) {
          const slug = ctx.slugsWritable && p.slugs.has(regionId) ? p.slugs.get(regionId)! : null;
          if (before.includes(regionId)) {
            if (ctx.slugsWritable && p.slugs.has(regionId)) {
              await tx.query('update product_regions set id_env_product_slug = $3 where product_id = $1 and region_id = $2', [productId, regionId, slug]);
            }
            continue;
          }
          const inserted = await tx.query(
            `insert into product_regions (product_id, region_id, id_env_product_slug)
             select $1, r.id, $3 from regions r where r.id = $2 and r.client_id = $4 returning id`,
            [productId, regionId, slug, ctx.client.id],
          );
          if (!inserted.length) {
            const message = `Region ${regionId} is not a region of this client.`;
            throw this.core.errors.unprocessable(message, { [`${PRODUCTS}.${p.index}.region_ids`]: message });
          }
        }
      }
      return id;
    });
  }

  /** DELETE brands/{id}: the brand, its products and their regions (SRV-032). */
  async deleteBrand(ctx: WriteContext, brandId: number): Promise<string> {
    return this.core.transaction(async (tx) => {
      const brand = await this.lockBrand(tx, ctx, brandId);
      await this.assertRegionsWritable(
        tx,
        ctx,
        brand.products.flatMap((p) => p.region_ids),
      );
      await tx.query('delete from brands where id = $1', [brandId]);
      return brand.name;
    });
  }

  /** DELETE products/{id}: never a brand's last product (SRV-034). */
  async deleteProduct(ctx: WriteContext, productId: number): Promise<string> {
    return this.core.transaction(async (tx) => {
      const [row] = await tx.query<{ brand_id: number }>('select brand_id from products where id = $1', [productId]);
      if (!row) throw this.core.errors.notFound('No such product.');
      const brand = await this.lockBrand(tx, ctx, Number(row.brand_id));
      const product = brand.products.find((p) => p.id === productId);
      if (!product) throw this.core.errors.notFound('No such product.');
      if (brand.products.length <= 1) throw this.core.errors.unprocessable(BRAND_MESSAGES.lastProduct, { product: BRAND_MESSAGES.lastProduct });
      await this.assertRegionsWritable(tx, ctx, product.region_ids);
      await tx.query('delete from products where id = $1', [productId]);
      return product.name;
    });
  }
}
