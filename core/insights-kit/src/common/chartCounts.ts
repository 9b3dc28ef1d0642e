/**
 * Counting by chart id: the client names the chart, the filter and the tab; the server resolves
 * the segments and answers every number the screen draws, in one response that names its base.
 */
import * as z from 'zod';
import { FiltersSchema } from './filters';

/** The people every figure of a count answer is taken over: one region (or everyone) and one membership. */
export const CountBaseSchema = z.object({
  /** The population slice: 'client/region', or null for everyone (no regional slice exists). */
  region: z.string().nullable(),
  /** matched people, modeled people, or tier 3's Sum of Weights. */
  kind: z.enum(['matched', 'modeled', 'weights']),
  /** Everyone in the base before the filter, and within the filter. */
  population: z.number(),
  filtered: z.number(),
});
export type CountBase = z.infer<typeof CountBaseSchema>;

/** The body of every 'counts by chart id' call. */
export const ChartCountsBody = z.object({
  filters: FiltersSchema.default([]),
});
export type ChartCountsInput = z.input<typeof ChartCountsBody>;

/** A tab's name on the wire (Grow, Journeys). */
export const COUNT_TABS = ['total', 'matched', 'modeled'] as const;
