import { MAX_ID } from '@discovery/plugin-api';
import { Id } from '@discovery/plugin-api/zod';
import type { BrandDto, ProductDto } from '@discovery/plugin-api';
import * as z from 'zod';
import { COMPANY_ID_MAX, COMPANY_ID_MIN } from './companyId';
import { MAPPING_SLOTS, normalizeMapping, type SiteVisitSegmentMapping } from './mapping';
import { BRAND_MESSAGES as M } from './messages';

/**
 * The request bodies of 000 §7 / SRV-028..031, validated by the server and typed for the client.
 * Shape and the simple field rules live here; the rules across products (unique names, regions,
 * at least one product) are in ./rules, run on the merged result.
 */
const rowId = Id.nullable().optional();

export const CompanyIdSchema = z
  .number({ error: M.invalidId })
  .int(M.invalidId)
  .min(COMPANY_ID_MIN, M.invalidId)
  .max(COMPANY_ID_MAX, M.invalidId)
  .nullable()
  .optional();

export const ProductRegionAttributesSchema = z.object({
  id: rowId,
  region_id: z.number({ error: 'region_id must be the id of a region' }).int().positive().max(MAX_ID, 'region_id must be the id of a region'),
  product_id: rowId,
  id_env_product_slug: z.string().trim().max(255).nullable().optional(),
  _destroy: z.boolean().optional(),
});

export const ProductAttributesSchema = z
  .object({
    id: rowId,
    name: z.string({ error: M.productNameRequired }).trim().max(100, 'Product name must be 100 characters or fewer.').optional(),
    conversant_company_id: CompanyIdSchema,
    brand_id: rowId,
    region_ids: z
      .array(z.number({ error: 'region_ids must be region ids' }).int().positive().max(MAX_ID, 'region_ids must be region ids'))
      .max(500)
      .optional(),
    product_regions_attributes: z.array(ProductRegionAttributesSchema).max(500).optional(),
    _destroy: z.boolean().optional(),
  })
  .superRefine((p, ctx) => {
    // A product marked for deletion needs nothing but its id.
    if (p._destroy) {
      if (!p.id) ctx.addIssue({ code: 'custom', path: ['id'], message: 'A product to delete needs its id.' });
      return;
    }
    if (!p.name) ctx.addIssue({ code: 'custom', path: ['name'], message: M.productNameRequired });
  });

const SegmentRefSchema = z.object({
  identifier: z.string().trim().min(1, 'A mapped segment needs its identifier.').max(64),
  name: z.string().trim().max(300),
});

/** SRV-037: the three optional keys; an empty object is null. */
export const MappingSchema = z
  .object(
    Object.fromEntries(MAPPING_SLOTS.map((s) => [s, SegmentRefSchema.optional()])) as Record<
      (typeof MAPPING_SLOTS)[number],
      z.ZodOptional<typeof SegmentRefSchema>
    >,
  )
  .strict()
  .nullable()
  .optional()
  .transform((m): SiteVisitSegmentMapping | null | undefined => (m === undefined ? undefined : normalizeMapping(m)));

export const BrandInputSchema = z.object({
  id: rowId,
  name: z.string({ error: M.brandNameRequired }).trim().min(1, M.brandNameRequired).max(100, 'Brand name must be 100 characters or fewer.'),
  category: z
    .string()
    .trim()
    .max(100, 'Category must be 100 characters or fewer.')
    .nullable()
    .optional()
    .transform((c) => (c === undefined ? undefined : c || null)),
  conversant_company_id: CompanyIdSchema,
  client_id: rowId,
  products_attributes: z.array(ProductAttributesSchema).max(200).optional(),
  site_visit_segment_mapping: MappingSchema,
});

/** POST brands and PUT brands/{id}: `{ brand }`. */
export const BrandBodySchema = z.object({ brand: BrandInputSchema });
export type BrandBody = z.input<typeof BrandBodySchema>;
export type BrandInput = z.output<typeof BrandInputSchema>;
export type ProductAttributes = z.output<typeof ProductAttributesSchema>;
export type ProductRegionAttributes = z.output<typeof ProductRegionAttributesSchema>;

const RegionInputSchema = z.object({
  id: rowId,
  name: z.string({ error: 'Region name is required.' }).trim().min(1, 'Region name is required.').max(100),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A slug is lower-case letters, digits and dashes.')
    .max(60)
    .optional(),
  currency: z.object({ symbol: z.string().trim().min(1).max(5), symbol_first: z.boolean() }).optional(),
  is_default: z.boolean().optional(),
  molecula_index: z.string().trim().max(200).nullable().optional(),
  es_index: z.string().trim().max(200).nullable().optional(),
  id_env_motivation_url: z.string().trim().max(500).nullable().optional(),
});
export type RegionInput = z.output<typeof RegionInputSchema>;

/** SRV-029: POST clients/{clientId}/regions `{ region }`. */
export const RegionBodySchema = z.object({ region: RegionInputSchema });

/** SRV-028: POST clients / PUT clients/{id} `{ client }` (BRAND-059). */
export const ClientBodySchema = z.object({
  client: z.object({
    id: rowId,
    name: z.string({ error: 'Client name is required.' }).trim().min(1, 'Client name is required.').max(100),
    slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A slug is lower-case letters, digits and dashes.')
      .max(60)
      .optional(),
    conversant_company_id: CompanyIdSchema,
    feature_flags: z.record(z.string(), z.boolean()).optional(),
    site_visitation_enabled: z.boolean().optional(),
    regions: z.array(RegionInputSchema).max(100).optional(),
  }),
});
export type ClientBody = z.input<typeof ClientBodySchema>;

/** A region as the clients API answers it. */
export interface AdminRegionDto {
  id: number;
  name: string;
  slug: string;
  currency: { symbol: string; symbol_first: boolean };
  is_default: boolean;
  molecula_index: string | null;
  es_index: string | null;
  id_env_motivation_url: string | null;
}

/** A client as the clients API answers it, with every region. */
export interface AdminClientDto {
  id: number;
  name: string;
  slug: string;
  conversant_company_id: number | null;
  feature_flags: Record<string, boolean>;
  site_visitation_enabled: boolean;
  regions: AdminRegionDto[];
}

/** What the brands API answers: a brand with every product, whatever the region. */
export type AdminBrandDto = BrandDto;
export type AdminProductDto = ProductDto;
