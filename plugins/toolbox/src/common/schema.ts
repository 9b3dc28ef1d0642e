import { Id, IdParam } from '@discovery/plugin-api/zod';
import { NAV_CATEGORIES, type NavCategory } from '@discovery/plugin-api';
import * as z from 'zod';
import { TOOLBOX_MESSAGES as M } from './messages';

/** The literal of region_ids that means every region of the client (TBX-001). */
export const ALL_REGIONS = 'all' as const;
export type RegionRef = typeof ALL_REGIONS | number;

/** TBX-006 DESIGN: 'nav' = the units the navigation shows (status true), 'all' = the admin list. */
export const UNIT_TYPES = ['nav', 'all'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** TBX-002: a toolbox unit as the API answers it. */
export interface ToolboxUnitDto {
  id: number;
  client_id: number;
  client_slug: string;
  name: string;
  status: boolean;
  region_ids: RegionRef[];
  use_client_hierarchy: boolean;
  feature_module_category: NavCategory;
  iframed: boolean;
  url: string;
  /** The toolbox category (null when none, e.g. after hiding: TBX-008). */
  category_id: number | null;
  /** The category's priority, for ordering in the navigation (TBX-004); null without a category. */
  category_priority: number | null;
}

/** TBX-005: a toolbox category. */
export interface ToolboxCategoryDto {
  id: number;
  client_id: number;
  name: string;
  priority: number;
  status: boolean;
}

/**
 * Only absolute http(s) addresses: a unit's url becomes an iframe src or a link, so javascript:,
 * data: and relative addresses are refused.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

const UrlSchema = z.string({ error: M.urlRequired }).trim().min(1, M.urlRequired).max(2000, M.urlTooLong).refine(isHttpUrl, M.urlInvalid);

const RegionRefSchema = z.union([z.literal(ALL_REGIONS), Id, IdParam], { error: M.regionInvalid });

const rowId = Id.nullable().optional();

const UnitFieldsSchema = z.object({
  id: rowId,
  client_id: rowId,
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(100, M.nameTooLong),
  status: z.boolean().optional(),
  region_ids: z
    .array(RegionRefSchema)
    .min(1, M.regionsRequired)
    .max(200)
    // 'all' makes the rest redundant: keep it alone; dedupe the others.
    .transform((ids): RegionRef[] => (ids.includes(ALL_REGIONS) ? [ALL_REGIONS] : [...new Set(ids as number[])])),
  use_client_hierarchy: z.boolean(),
  feature_module_category: z.enum(NAV_CATEGORIES, { error: M.categoryInvalid }),
  iframed: z.boolean(),
  url: UrlSchema,
  category_id: Id.nullable().optional(),
});

/** The unit body of POST toolbox/units: `{ unit }` (flags default to false). */
export const UnitInputSchema = UnitFieldsSchema.extend({ use_client_hierarchy: z.boolean().default(false), iframed: z.boolean().default(false) });
export type UnitInput = z.output<typeof UnitInputSchema>;
export const UnitBodySchema = z.object({ unit: UnitInputSchema });
export type UnitBody = z.input<typeof UnitBodySchema>;

/** PUT toolbox/units/{id}: every field optional (a partial update merges onto the stored unit). */
export const UnitPatchSchema = z.object({ unit: UnitFieldsSchema.partial() });

const PrioritySchema = z.number({ error: M.priorityInvalid }).int(M.priorityInvalid).min(0, M.priorityInvalid).max(1_000_000, M.priorityInvalid);

/** POST toolbox/categories and PUT toolbox/categories/{id}: `{ category }`. */
export const CategoryInputSchema = z.object({
  id: rowId,
  client_id: rowId,
  name: z.string({ error: M.categoryNameRequired }).trim().min(1, M.categoryNameRequired).max(100, M.nameTooLong),
  priority: PrioritySchema.optional(),
  status: z.boolean().optional(),
});
export type CategoryInput = z.output<typeof CategoryInputSchema>;
export const CategoryBodySchema = z.object({ category: CategoryInputSchema });
export const CategoryPatchSchema = z.object({ category: CategoryInputSchema.partial() });

/** TBX-011: PUT toolbox/categories/{clientId}/bulk `{ categories: [{ id, priority }] }`. */
/** SRV-056: the bulk priority body is the bare list `[ { id, priority } ]`, as the spec shows it. */
export const BulkPrioritySchema = z
  .array(z.object({ id: Id, priority: PrioritySchema }), { error: 'Send the list [ { id, priority } ].' })
  .min(1, 'List at least one category.')
  .max(500)
  .refine((l) => new Set(l.map((c) => c.id)).size === l.length, 'A category is listed twice.');
export type BulkPriorityBody = z.input<typeof BulkPrioritySchema>;
