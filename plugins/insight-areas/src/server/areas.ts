import { brandBuyersName, DEMO_BRANDS, segmentId } from '@discovery/counts';
import type { AreaId } from '../common';

/**
 * What each area is made of, derived from the population's existing segments (named by their
 * path, so identifiers never depend on the seed) so that every number agrees with Grow and
 * Overlap over the same segments: value tiers, visit recency and the site funnel, the best
 * customers (top tiers, high spenders), lapsed customers and those at risk, repeat buyers and the
 * brand's own loyal buyers. The index is of the brand's customers: the ShopperLens segment of
 * the brand's buyers (a brand with none has no data, EXP-048).
 */
const FP = 'First Party';
const SITE = `${FP} > Site Visitation > Site visitors`;
const CUSTOMERS = `${FP} > Site Visitation > Customers`;
const TIER = `${FP} > Customer Value > Tier`;

const AREA_PATHS: Record<AreaId, (brand: string) => string[]> = {
  'customer-value': () => [`${TIER} > Tier 1 (top 5%)`, `${TIER} > Tier 2`, `${TIER} > Tier 3`, `${TIER} > Tier 4`, `${TIER} > Tier 5`],
  'site-visitation': () => [
    `${SITE} > Visited in 7 days`,
    `${SITE} > Visited in 30 days`,
    `${SITE} > Visited in 90 days`,
    `${SITE} > Product page viewers`,
    `${SITE} > Added to cart`,
    `${SITE} > Checkout starters`,
    `${SITE} > Store locator users`,
    `${SITE} > Newsletter subscribers`,
  ],
  'best-customer': () => [
    `${TIER} > Tier 1 (top 5%)`,
    `${TIER} > Tier 2`,
    `${CUSTOMERS} > High spenders`,
    `${CUSTOMERS} > Loyalty members`,
    `${CUSTOMERS} > Subscription customers`,
  ],
  'customer-attrition': () => [
    `${CUSTOMERS} > Lapsed customers`,
    `${CUSTOMERS} > Customers`,
    `${CUSTOMERS} > Discount seekers`,
    `${CUSTOMERS} > App users`,
    `${SITE} > Visited in 90 days`,
  ],
  'buyer-retention': (brand) => [
    `${CUSTOMERS} > Customers`,
    `${CUSTOMERS} > Repeat buyers`,
    `${CUSTOMERS} > Loyalty members`,
    `${CUSTOMERS} > Subscription customers`,
    `Brand Funnels > ${brand} > Bought ${brand}`,
    `Brand Funnels > ${brand} > Loyal to ${brand}`,
  ],
};

export interface AreaSegments {
  /** The brand's customers segment, or null: no data for this brand. */
  customers: string | null;
  segments: string[];
}

function idOf(path: string): string | null {
  try {
    return segmentId(path);
  } catch {
    return null;
  }
}

/** The area's segments for a brand (by name, case-insensitively): none when the population has no customers of it. */
export function areaSegments(area: AreaId, brandName: string): AreaSegments {
  const brand = DEMO_BRANDS.find((b) => b.name.toLowerCase() === brandName.trim().toLowerCase());
  const customers = brand ? idOf(brandBuyersName(brand)) : null;
  if (!brand || !customers) return { customers: null, segments: [] };
  const ids = AREA_PATHS[area](brand.name).map(idOf);
  return { customers, segments: ids.filter((x): x is string => x !== null) };
}
