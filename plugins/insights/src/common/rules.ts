import { type InsightsLevel, type InsightsOwnerKind } from '@discovery/insights-kit/common';
import type { AdminTabDto, OwnerType, WidgetAttributeDto } from './dto';

/** Who owns custom tabs, by API path segment: the owner type stored and the resource guarding it. */
export const OWNERS: Record<InsightsOwnerKind, { ownerType: OwnerType; resource: string }> = {
  mekkos: { ownerType: 'Mekko', resource: 'mekkos' },
  journeys: { ownerType: 'Journey', resource: 'journeys' },
  personas: { ownerType: 'Persona', resource: 'explore' },
  comparisons: { ownerType: 'Comparison', resource: 'comparisons' },
  audiences: { ownerType: 'Audience', resource: 'audiences' },
};

/** Region survey widgets (the region demographic form) are edited with the surveys upload permission. */
export const REGION_RESOURCE = 'upload_surveys';

/** The built-in Person Level tab: one widget per demographic category of the taxonomy. */
export const DEMOGRAPHICS_TAB_KEY = 'demographics';

/**
 * GROW-042: the client has a top-level person tab for a screen when the admin tabs hold the
 * entry tab_key 'top_level_person' for its insights_context, unless the current region is excluded.
 */
export function hasTopLevelPersonTab(adminTabs: readonly AdminTabDto[], context: string, regionSlug: string | undefined): boolean {
  const entry = adminTabs.find((t) => t.tab_key === 'top_level_person' && t.insights_context === context);
  return !!entry && !(regionSlug !== undefined && entry.excluded_regions.includes(regionSlug));
}

/**
 * A survey widget's shares (Market Level): percents as given, or values as parts of their sum
 * (UPL: a widget uses 'Answer Percent' or 'Answer Count', not both).
 */
export function surveyShares(attributes: readonly Pick<WidgetAttributeDto, 'value' | 'percent'>[]): (number | null)[] {
  if (attributes.some((a) => a.percent !== null)) return attributes.map((a) => (a.percent === null ? null : a.percent / 100));
  const total = attributes.reduce((s, a) => s + (a.value ?? 0), 0);
  return attributes.map((a) => (a.value === null ? null : total > 0 ? a.value / total : 0));
}

/** The top-level tab the panel shows: the screen's, else its own, else the first visible one. */
export function effectiveLevel(visible: readonly InsightsLevel[], wanted: InsightsLevel | undefined, own: InsightsLevel): InsightsLevel | null {
  if (visible.length === 0) return null;
  if (wanted && visible.includes(wanted)) return wanted;
  if (visible.includes(own)) return own;
  return visible[0];
}

export type ConvertState = { shown: false } | { shown: true; disabled: boolean; reason: string | null };

/**
 * EXP-013..016: 'Convert to Audience' is hidden on Market Level and in tier 3 (where Request
 * Motivation Audience stands instead), and disabled without `audiences.create`, for more than one
 * audience, or for the screen's own reason (all-data persona, non-segments, create_audience_single).
 */
export function convertState(
  o: { level: InsightsLevel | null; offered: boolean; isTier3: boolean; canCreateAudiences: boolean; audiences: number; screenReason?: string | null },
  reasons: { permission: string; one: string },
): ConvertState {
  if (!o.offered || o.level !== 'person' || o.isTier3) return { shown: false };
  if (!o.canCreateAudiences) return { shown: true, disabled: true, reason: reasons.permission };
  if (o.audiences !== 1) return { shown: true, disabled: true, reason: reasons.one };
  if (o.screenReason) return { shown: true, disabled: true, reason: o.screenReason };
  return { shown: true, disabled: false, reason: null };
}
