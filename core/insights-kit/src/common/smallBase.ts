/**
 * Issue 27 §2: a share or an index computed from fewer than N people is flagged wherever it is
 * shown (the Insights panel, Overlap's cells, Grow's blocks, Journeys' stages) and in exports.
 * One rule: the base is the number of people the figure is computed from; N is the deployment's
 * `DISCOVERY_SMALL_BASE` (GET /api/v1/config `small_base`), 50 by default.
 */
import { DEFAULT_SMALL_BASE } from '@discovery/plugin-api';

export { DEFAULT_SMALL_BASE };

/** Whether a figure computed from `base` people is on a small base (fewer than `threshold`). No base, no flag. */
export function isSmallBase(base: number | null | undefined, threshold: number = DEFAULT_SMALL_BASE): boolean {
  return typeof base === 'number' && Number.isFinite(base) && base < threshold;
}

/** The threshold from configuration: a whole number >= 0, else the default. */
export function smallBaseThreshold(configured: number | null | undefined): number {
  return typeof configured === 'number' && Number.isInteger(configured) && configured >= 0 ? configured : DEFAULT_SMALL_BASE;
}
