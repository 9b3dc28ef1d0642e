/**
 * The five insight areas of 002 §2.1 (customer value, site visitation, best customer, customer
 * attrition, buyer retention): their routes, permissions, client flags and API, defined once for
 * the server's handlers, the client's calls and the tests.
 */
import { createRouteRef, defineEndpoint, definePermission, type PermissionDef, type RouteRef } from '@discovery/plugin-api';
import { filterGroups, FiltersSchema, type AudienceDraft, type Filter } from '@discovery/insights-kit/common';
// A namespace import: esbuild then bundles only the parts of zod in use (npm run size).
import * as z from 'zod';

export const AREA_IDS = ['customer-value', 'site-visitation', 'best-customer', 'customer-attrition', 'buyer-retention'] as const;
export type AreaId = (typeof AREA_IDS)[number];

/** The spec's resource name: the read permission, the client flag, the module and the API path (EXP-049, SRV-066). */
export type AreaKey = 'customer_value' | 'site_visitation' | 'best_customer' | 'customer_attrition' | 'buyer_retention';

export interface AreaDef {
  id: AreaId;
  key: AreaKey;
  route: RouteRef;
  read: PermissionDef;
  /** SHELL-006 / SHELL-104: its nav entry and home card show only where the client and brand have data. */
  gatedByData: boolean;
}

const def = (id: AreaId, key: AreaKey, gatedByData = false): AreaDef => ({
  id,
  key,
  route: createRouteRef({ id: `insight-areas.${id}`, scope: 'product', path: `insights/${id}` }),
  read: definePermission(key, 'read'),
  gatedByData,
});

export const AREAS: Record<AreaId, AreaDef> = {
  'customer-value': def('customer-value', 'customer_value'),
  'site-visitation': def('site-visitation', 'site_visitation'),
  'best-customer': def('best-customer', 'best_customer', true),
  'customer-attrition': def('customer-attrition', 'customer_attrition', true),
  'buyer-retention': def('buyer-retention', 'buyer_retention'),
};

/**
 * The filter bar's filters on the wire: a GET carries them as JSON in `filters` (SRV-066 names
 * GET); anything that is not a JSON list of filters is refused with 422.
 */
export const FiltersQuery = z.preprocess((v) => {
  if (v === undefined || v === '') return [];
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}, FiltersSchema);

export function filtersQuery(filters: readonly Filter[]): { filters?: string } {
  return filters.length ? { filters: JSON.stringify(filters.map((f) => ({ group: f.group, short_id: f.short_id }))) } : {};
}

/** A segment the area is made of, counted within the request's region and filter. */
export const AreaSegmentSchema = z.object({
  identifier: z.string(),
  name: z.string(),
  /** The vendor's display name and the categories, joined with ' > ' (EXP-055). */
  path: z.string(),
  /** Its people in the base. */
  count: z.number(),
  /** count / the base's people, 0..1. */
  share: z.number(),
  /** The brand's customers among them, and the share of the brand's customers they are (0..1). */
  customers: z.number(),
  customer_share: z.number(),
  /** customer_share against share: 100 = the brand's customers are as likely as anyone to be in it. */
  index: z.number().nullable(),
});
export type AreaSegmentDto = z.infer<typeof AreaSegmentSchema>;

/** The people the figures are taken over (the kit's base: region, membership, people before and within the filter). */
export const AreaBaseSchema = z.object({
  region: z.string().nullable(),
  kind: z.literal('matched'),
  population: z.number(),
  filtered: z.number(),
});

/** SRV-066: `{ count, data }`, with the base and the brand's customers the index is of. */
export const AreaSegmentsSchema = z.object({
  count: z.number(),
  data: z.array(AreaSegmentSchema),
  base: AreaBaseSchema,
  customers: z.object({ identifier: z.string(), name: z.string(), count: z.number() }).nullable(),
});
export type AreaSegmentsDto = z.infer<typeof AreaSegmentsSchema>;

/** SRV-066: the resource: what the area is for the brand in X-Context, and whether it has data there. */
export const AreaResourceSchema = z.object({
  data: z.object({
    area: z.enum(AREA_IDS),
    brand: z.string(),
    /** The brand's customers segment the area is read against; null: no data for this brand. */
    customers: z.object({ identifier: z.string(), name: z.string() }).nullable(),
    segments: z.number(),
    available: z.boolean(),
  }),
});
export type AreaResourceDto = z.infer<typeof AreaResourceSchema>['data'];

const apiKey = (key: AreaKey) => `/api/v1/insight-areas/${key}`;

/** The two endpoints of an area (SRV-066), each behind the area's read permission; the handler also checks the client flag. */
function areaEndpoints(a: AreaDef) {
  return {
    resource: defineEndpoint({
      method: 'GET',
      path: apiKey(a.key),
      access: { permission: a.read, scope: 'brand' },
      response: AreaResourceSchema,
    }),
    segments: defineEndpoint({
      method: 'GET',
      path: `${apiKey(a.key)}/segments`,
      access: { permission: a.read, scope: 'brand' },
      counts: true,
      query: z.object({ filters: FiltersQuery.optional() }),
      response: AreaSegmentsSchema,
    }),
  };
}

export type AreaEndpoints = ReturnType<typeof areaEndpoints>;

export const areaEndpointsById = Object.fromEntries(AREA_IDS.map((id) => [id, areaEndpoints(AREAS[id])])) as Record<AreaId, AreaEndpoints>;

/**
 * EXP-049 DESIGN: a segment's 'Create Audience', and Save Audience from a selection: the people in
 * any of the chosen segments, within the filter bar's groups (the kit's one meaning).
 */
export function selectionDraft(name: string, identifiers: readonly string[], filters: readonly Filter[]): AudienceDraft {
  return { name, rules: { include: { and: [{ or: [...identifiers] }, ...filterGroups(filters).map((or) => ({ or }))] } } };
}

/**
 * The vendor-availability check's configuration for a client (EXP-046): the parent id (the
 * deployment's, else the client's company id) and the vendor asked about. Any of them may be
 * unset; with none set the check does not run.
 */
export const VendorConfigSchema = z.object({
  parent_id: z.union([z.string(), z.number()]).nullable(),
  vendor_name: z.string().nullable(),
  vendor_type: z.string().nullable(),
});
export type VendorConfigDto = z.infer<typeof VendorConfigSchema>;

export const dataAvailabilityEndpoints = {
  vendorConfig: defineEndpoint({
    method: 'GET',
    path: '/api/v1/insight-areas/vendor_config',
    access: { permission: 'signed-in', scope: 'client' },
    response: z.object({ data: VendorConfigSchema }),
  }),
};

/**
 * EXP-046: the body of the vendor-availability check, or null when it must not run: only for a
 * client with the nlrr or nlrr_demo flag, and only when a parent id, vendor name or vendor type is
 * configured.
 */
export function vendorAvailabilityBody(
  flags: Readonly<Record<string, boolean>>,
  config: VendorConfigDto | null,
): { parent_id: string | number; vendors: { vendor_name: string; vendor_type: string }[]; use_cases: string[] } | null {
  if (flags.nlrr !== true && flags.nlrr_demo !== true) return null;
  if (!config || (config.parent_id === null && !config.vendor_name && !config.vendor_type)) return null;
  return {
    parent_id: config.parent_id ?? '',
    vendors: [{ vendor_name: config.vendor_name ?? '', vendor_type: config.vendor_type ?? '' }],
    use_cases: ['create_audience_single'],
  };
}

/** EXP-047: available when the answer's data list is non-empty; a failed check (null) reads as empty. */
export function isVendorDataAvailable(answer: { data: readonly unknown[] } | null): boolean {
  return !!answer && answer.data.length > 0;
}

/** SRV-065: a vendor's data source (one per vendor of the population), with how many live segments it has. */
export const VendorDataSourceSchema = z.object({ vendor_name: z.string(), vendor_type: z.string(), display_name: z.string(), segments: z.number() });
/** SRV-065: a group of segments: a vendor's top-level category. */
export const VendorGroupSchema = z.object({ vendor_name: z.string(), name: z.string(), segments: z.number() });
/** SRV-065: a source code: the identifier prefix a vendor's segments carry ('dmx' in 'dmx-0001'). */
export const SourceCodeSchema = z.object({ code: z.string(), vendor_name: z.string() });
export type VendorDataSourceDto = z.infer<typeof VendorDataSourceSchema>;
export type VendorGroupDto = z.infer<typeof VendorGroupSchema>;
export type SourceCodeDto = z.infer<typeof SourceCodeSchema>;

const signedInClient = { permission: 'signed-in', scope: 'client' } as const;

/** SRV-065 (DESIGN paths under this plugin's prefix): vendor data sources, groups and source codes, each `{ data: [..] }`. */
export const vendorEndpoints = {
  dataSources: defineEndpoint({
    method: 'GET',
    path: '/api/v1/insight-areas/vendor_data_sources',
    access: signedInClient,
    response: z.object({ data: z.array(VendorDataSourceSchema) }),
  }),
  groups: defineEndpoint({
    method: 'GET',
    path: '/api/v1/insight-areas/groups',
    access: signedInClient,
    response: z.object({ data: z.array(VendorGroupSchema) }),
  }),
  sourceCodes: defineEndpoint({
    method: 'GET',
    path: '/api/v1/insight-areas/source_codes',
    access: signedInClient,
    response: z.object({ data: z.array(SourceCodeSchema) }),
  }),
};
