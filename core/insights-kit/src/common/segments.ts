/**
 * Request and response shapes of the segment and count APIs, shared by the server (validation)
 * and the client (SegmentPicker, features). No Node code here.
 */
import { defineEndpoint, definePermission } from '@discovery/plugin-api';
import * as z from 'zod';

export const MAX_AXIS_SEGMENTS = 12;
export const MAX_IDENTIFIERS = 1000;

const identifier = z.string().trim().min(1, 'An identifier cannot be empty').max(64, 'An identifier is at most 64 characters');

export const ByIdentifiersBody = z.object({
  identifiers: z.array(identifier).max(MAX_IDENTIFIERS, `At most ${MAX_IDENTIFIERS} identifiers per call`),
});

export const RuleGroupSchema = z.object({ or: z.array(identifier).max(200) });
/** SRV-119: include = AND of OR groups; exclude = AND of OR groups. */
export const RulesSchema = z.object({
  include: z.object({ and: z.array(RuleGroupSchema).max(50) }).optional(),
  exclude: z.object({ and: z.array(RuleGroupSchema).max(50) }).optional(),
});
export type Rules = z.infer<typeof RulesSchema>;

export const RuleCountBody = z.object({ rules: RulesSchema, is_modeled: z.boolean().optional() });

/** SRV-105. */
export const OverlapBody = z.object({
  x_axis_ids: z.array(identifier).min(1, 'Choose at least one X segment').max(MAX_AXIS_SEGMENTS, `At most ${MAX_AXIS_SEGMENTS} segments per axis`),
  y_axis_ids: z.array(identifier).min(1, 'Choose at least one Y segment').max(MAX_AXIS_SEGMENTS, `At most ${MAX_AXIS_SEGMENTS} segments per axis`),
  is_index: z.boolean().optional(),
  is_modeled: z.boolean().optional(),
  service_type: z.string().optional(),
  filter: RulesSchema.optional(),
});

const idsByMarket = z.record(z.string(), z.array(identifier).max(200));
/** SRV-103: the counts call of 001 §7. */
export const CountsBody = z.object({
  matched_short_ids: idsByMarket.default({}),
  modeled_short_ids: idsByMarket.default({}),
  focused_matched_short_ids: z.array(identifier).optional(),
  focused_modeled_short_ids: z.array(identifier).optional(),
  demo_as_segments: z.boolean().optional(),
  current_view: z.string().optional(),
  feature: z.string().optional(),
  group_short_ids: z.array(identifier).optional(),
  service_type: z.string().optional(),
});

/** SRV-064. */
export const VendorAvailabilityBody = z.object({
  parent_id: z.union([z.string(), z.number()]),
  vendors: z.array(z.object({ vendor_name: z.string(), vendor_type: z.string() })).max(50),
  use_cases: z.array(z.string()).max(10).default(['create_audience_single']),
});

/** A segment's matched and modeled people in the region of the call's X-Context. */
export const RegionalCountSchema = z.object({ matched: z.number(), modeled: z.number() });
export type RegionalCountDto = z.infer<typeof RegionalCountSchema>;

export const SegmentSchema = z.object({
  identifier: z.string(),
  name: z.string(),
  /** Vendor display name and category names joined with ' > '. */
  path: z.string(),
  /** matched and modeled over the whole population; `regional` in the X-Context's region, when the population has it. */
  count: z.object({ people: z.record(z.string(), z.number()), matched: z.number(), modeled: z.number(), regional: RegionalCountSchema.optional() }),
  data_permissions: z.array(z.string()),
  available: z.boolean(),
});
export type SegmentDto = z.infer<typeof SegmentSchema>;

export const OverlapCellSchema = z.object({ x: z.string(), y: z.string(), count: z.number(), percent_value: z.number(), index_value: z.number() });
export type OverlapCellDto = z.infer<typeof OverlapCellSchema>;

/** SRV-062: vendors > categories > segments, as the SegmentPicker browses them. */
export const SegmentHierarchyVendorSchema = z.object({
  vendor_name: z.string(),
  vendor_type: z.string(),
  display_name: z.string(),
  hierarchies: z.array(
    z.object({
      name: z.string(),
      segments: z.array(
        z.object({ identifier: z.string(), name: z.string(), matched: z.number(), modeled: z.number(), regional: RegionalCountSchema.optional() }),
      ),
    }),
  ),
});
export type SegmentHierarchyVendorDto = z.infer<typeof SegmentHierarchyVendorSchema>;

/** SRV-103. */
export const MarketCountsSchema = z.object({
  segment_counts: z.record(z.string(), z.number()),
  market_counts: z.object({ matched: z.record(z.string(), z.number()), modeled: z.record(z.string(), z.number()) }),
  total_matched_count: z.number(),
  total_modeled_count: z.number(),
});
export type MarketCountsDto = z.infer<typeof MarketCountsSchema>;

/** SRV-105. */
export const OverlapSchema = z.object({ cells: z.array(OverlapCellSchema), population: z.number(), segment_counts: z.record(z.string(), z.number()) });
export type OverlapDto = z.infer<typeof OverlapSchema>;

export const PopulationStatusSchema = z.object({
  state: z.string(),
  progress: z.tuple([z.number(), z.number()]),
  people: z.number().nullable(),
  kernel: z.string(),
  kernel_mode: z.string().nullable().optional(),
  /** Issue 33: 'engine' or 'clickhouse', where ClickHouse is and its last error (null when it answers). */
  backend: z.object({ name: z.string(), where: z.string().nullable(), error: z.string().nullable() }).nullable().optional(),
  worker_restarts: z.number().optional(),
  error: z.string().nullable().optional(),
});
export type PopulationStatusDto = z.infer<typeof PopulationStatusSchema>;

const Vendor = z.object({ vendor_name: z.string(), vendor_type: z.string(), display_name: z.string() });

const inClient = { permission: 'signed-in', scope: 'client' } as const;

/** The segment and count API (000 §7, 001 §7, 002 §3), served by core/server. */
export const segmentsEndpoints = {
  byIdentifiers: defineEndpoint({
    method: 'POST',
    path: '/api/v1/segments/by_identifiers',
    access: inClient,
    counts: true,
    body: ByIdentifiersBody,
    response: z.object({ data: z.array(SegmentSchema) }),
  }),
  invalidIdentifiers: defineEndpoint({
    method: 'POST',
    path: '/api/v1/segments/invalid_identifiers',
    access: inClient,
    body: ByIdentifiersBody,
    response: z.object({ data: z.array(z.string()) }),
  }),
  vendors: defineEndpoint({ method: 'GET', path: '/api/v1/segments/vendors', access: inClient, response: z.object({ data: z.array(Vendor) }) }),
  segmentHierarchy: defineEndpoint({
    method: 'GET',
    path: '/api/v1/segments/products/:productSlug/segment_hierarchy',
    access: inClient,
    counts: true,
    params: z.object({ productSlug: z.string().max(100) }),
    query: z.object({ is_addressable: z.enum(['true', 'false']).optional() }),
    /** `region`: the population region ('client/region') whose counts `regional` holds, or null (all regions only). */
    response: z.object({ data: z.array(SegmentHierarchyVendorSchema), region: z.string().nullable() }),
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/v1/segments/search',
    access: inClient,
    counts: true,
    query: z.object({ q: z.string().trim().max(100).default(''), limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.object({ data: z.array(SegmentSchema), total: z.number(), region: z.string().nullable() }),
  }),
  counts: defineEndpoint({ method: 'POST', path: '/api/v1/segments/counts', access: inClient, counts: true, body: CountsBody, response: MarketCountsSchema }),
  /** SRV-105 over any segments: the engine's overlap, for whoever may read overlap charts (comparisons.read). */
  overlap: defineEndpoint({
    method: 'POST',
    path: '/api/v1/counts/overlap',
    access: { permission: definePermission('comparisons', 'read'), scope: 'client' },
    counts: true,
    body: OverlapBody,
    response: OverlapSchema,
  }),
  rule: defineEndpoint({
    method: 'POST',
    path: '/api/v1/counts/rule',
    access: inClient,
    counts: true,
    body: RuleCountBody,
    response: z.object({ data: z.object({ people: z.number(), kind: z.enum(['matched', 'modeled']), region: z.string() }) }),
  }),
  vendorAvailability: defineEndpoint({
    method: 'POST',
    path: '/api/v1/segments/vendor_availability',
    access: inClient,
    body: VendorAvailabilityBody,
    response: z.object({ data: z.array(z.looseObject({ vendor_name: z.string(), vendor_type: z.string() })) }),
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/v1/counts/status',
    access: { permission: 'signed-in', scope: 'none' },
    response: z.object({ data: PopulationStatusSchema }),
  }),
};
