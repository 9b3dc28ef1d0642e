/**
 * Request and response shapes of the segment and count APIs, shared by the server (validation)
 * and the client (SegmentPicker, features). No Node code here.
 */
import { defineEndpoint, typed } from '@discovery/plugin-api';
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
export interface RegionalCountDto {
  matched: number;
  modeled: number;
}

export interface SegmentDto {
  identifier: string;
  name: string;
  /** Vendor display name and category names joined with ' > '. */
  path: string;
  /** matched and modeled over the whole population; `regional` in the X-Context's region, when the population has it. */
  count: { people: Record<string, number>; matched: number; modeled: number; regional?: RegionalCountDto };
  data_permissions: string[];
  available: boolean;
}

export interface OverlapCellDto {
  x: string;
  y: string;
  count: number;
  percent_value: number;
  index_value: number;
}

/** SRV-062: vendors > categories > segments, as the SegmentPicker browses them. */
export interface SegmentHierarchyVendorDto {
  vendor_name: string;
  vendor_type: string;
  display_name: string;
  hierarchies: { name: string; segments: { identifier: string; name: string; matched: number; modeled: number; regional?: RegionalCountDto }[] }[];
}
/** SRV-103. */
export interface MarketCountsDto {
  segment_counts: Record<string, number>;
  market_counts: { matched: Record<string, number>; modeled: Record<string, number> };
  total_matched_count: number;
  total_modeled_count: number;
}
/** SRV-105. */
export interface OverlapDto {
  cells: OverlapCellDto[];
  population: number;
  segment_counts: Record<string, number>;
}
export interface PopulationStatusDto {
  state: string;
  progress: [number, number];
  people: number | null;
  kernel: string;
  error?: string | null;
}

const inClient = { permission: 'signed-in', scope: 'client' } as const;

/** The segment and count API (000 §7, 001 §7, 002 §3), served by core/server. */
export const segmentsEndpoints = {
  byIdentifiers: defineEndpoint({
    method: 'POST',
    path: '/api/v1/segments/by_identifiers',
    access: inClient,
    counts: true,
    body: ByIdentifiersBody,
    response: typed<{ data: SegmentDto[] }>(),
  }),
  invalidIdentifiers: defineEndpoint({
    method: 'POST',
    path: '/api/v1/segments/invalid_identifiers',
    access: inClient,
    body: ByIdentifiersBody,
    response: typed<{ data: string[] }>(),
  }),
  vendors: defineEndpoint({ method: 'GET', path: '/api/v1/segments/vendors', access: inClient, response: typed<{ data: unknown[] }>() }),
  segmentHierarchy: defineEndpoint({
    method: 'GET',
    path: '/api/v1/segments/products/:productSlug/segment_hierarchy',
    access: inClient,
    counts: true,
    params: z.object({ productSlug: z.string().max(100) }),
    query: z.object({ is_addressable: z.enum(['true', 'false']).optional() }),
    /** `region`: the population region ('client/region') whose counts `regional` holds, or null (all regions only). */
    response: typed<{ data: SegmentHierarchyVendorDto[]; region: string | null }>(),
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/v1/segments/search',
    access: inClient,
    counts: true,
    query: z.object({ q: z.string().trim().max(100).default(''), limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: typed<{ data: SegmentDto[]; total: number; region: string | null }>(),
  }),
  counts: defineEndpoint({
    method: 'POST',
    path: '/api/v1/segments/counts',
    access: inClient,
    counts: true,
    body: CountsBody,
    response: typed<MarketCountsDto>(),
  }),
  overlap: defineEndpoint({ method: 'POST', path: '/api/v1/counts/overlap', access: inClient, counts: true, body: OverlapBody, response: typed<OverlapDto>() }),
  rule: defineEndpoint({
    method: 'POST',
    path: '/api/v1/counts/rule',
    access: inClient,
    counts: true,
    body: RuleCountBody,
    response: typed<{ data: { people: number; kind: 'matched' | 'modeled'; region: string } }>(),
  }),
  vendorAvailability: defineEndpoint({
    method: 'POST',
    path: '/api/v1/segments/vendor_availability',
    access: inClient,
    body: VendorAvailabilityBody,
    response: typed<{ data: unknown[] }>(),
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/v1/counts/status',
    access: { permission: 'signed-in', scope: 'none' },
    response: typed<{ data: PopulationStatusDto }>(),
  }),
};
