import type { SegmentRef } from '@discovery/plugin-api';

/** BRAND-051: the three slots of the Site Visit Segments Mapping pane, in order. */
export const MAPPING_SLOTS = ['customer_site_visitors', 'customer_site_non_visitors', 'non_customer_site_visitors'] as const;
export type MappingSlot = (typeof MAPPING_SLOTS)[number];
export type SiteVisitSegmentMapping = Partial<Record<MappingSlot, SegmentRef>>;

/** BRAND-055 / SRV-037: an empty mapping is null. */
export function normalizeMapping(m: SiteVisitSegmentMapping | null | undefined): SiteVisitSegmentMapping | null {
  if (!m) return null;
  const out: SiteVisitSegmentMapping = {};
  for (const slot of MAPPING_SLOTS) {
    const v = m[slot];
    if (v) out[slot] = { identifier: v.identifier, name: v.name };
  }
  return Object.keys(out).length ? out : null;
}

/** BRAND-055: sets a slot to the segment's identifier and name. */
export function setMappingSlot(m: SiteVisitSegmentMapping | null, slot: MappingSlot, segment: SegmentRef): SiteVisitSegmentMapping {
  return { ...(m ?? {}), [slot]: { identifier: segment.identifier, name: segment.name } };
}

/** BRAND-055: clearing removes the key; with no key left the mapping is null. */
export function clearMappingSlot(m: SiteVisitSegmentMapping | null, slot: MappingSlot): SiteVisitSegmentMapping | null {
  if (!m) return null;
  const rest = { ...m };
  delete rest[slot];
  return normalizeMapping(rest);
}
