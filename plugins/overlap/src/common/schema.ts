import { CountBaseSchema, MAX_AXIS_SEGMENTS, OverlapBody, OverlapCellSchema } from '@discovery/insights-kit/common';
import { text } from '@discovery/plugin-api/zod';
import * as z from 'zod';

/** The spec's texts (002 §5, §8) and our DESIGN ones (REQUIREMENTS OVL-047, OVL-046). */
export const MESSAGES = {
  titleRequired: 'Chart Title is required.',
  titleUnique: 'Chart Title must be unique.',
  xRequired: 'Must select at least one segment for X-Axis.',
  yRequired: 'Must select at least one segment for Y-Axis.',
  xTooMany: `Select at most ${MAX_AXIS_SEGMENTS} segments for X-Axis.`,
  yTooMany: `Select at most ${MAX_AXIS_SEGMENTS} segments for Y-Axis.`,
  nameRequired: 'Name is required.',
  mode: 'Chart Type must be Matched, Modeled or Index.',
  modeledTier3: 'Modeled charts are available in tier 3 only.',
  saveFailed: 'Something went wrong saving this comparison. Please try again in a few minutes',
  deleted: 'Chart deleted successfully!',
  deleteFailed: 'Chart could not be deleted. Please try again.',
  invalidRemoved: 'Invalid audiences removed.',
  invalidRemoveFailed: 'Invalid audiences could not be removed. Please try again.',
  duplicateInvalid: 'A chart with invalid audiences cannot be copied. Remove the invalid audiences first.',
  notFound: 'Unknown chart.',
} as const;

export const MAX_AXIS = MAX_AXIS_SEGMENTS;
/** OVL-021 / 002 §9: the empty chart's placeholder grid. */
export const PLACEHOLDER = { x: 12, y: 6 } as const;
export const COMPARISON_MODES = ['matched', 'modeled', 'index'] as const;
export type ComparisonMode = (typeof COMPARISON_MODES)[number];
export const TITLE_MAX = 200;

const segmentId = z.string({ error: 'Choose a segment.' }).trim().min(1, 'Choose a segment.').max(64, 'A segment id is at most 64 characters.');

/** One axis entry (SRV-104): the segment's short id, its editable name (OVL-039, OVL-047), its position. */
export const AxisEntry = z.object({
  short_id: segmentId,
  name: text({ min: 1, max: TITLE_MAX, required: MESSAGES.nameRequired }),
  order: z.number().int().min(0).max(1000).optional(),
});
export type AxisEntry = z.output<typeof AxisEntry>;

const axis = (required: string, tooMany: string) => z.array(AxisEntry, { error: required }).min(1, required).max(MAX_AXIS, tooMany);

/**
 * SRV-104 / OVL-044..047: the comparison as the edit form and the server check it. Title
 * uniqueness needs the other charts: `titleTaken` (client) and the server's unique index.
 */
export const ComparisonInput = z.object({
  name: text({ min: 1, max: TITLE_MAX, required: MESSAGES.titleRequired }),
  mode: z.enum(COMPARISON_MODES, { error: MESSAGES.mode }),
  default: z.boolean().default(false),
  is_people_count: z.boolean().default(false),
  x_axis_name: text({ max: 100 }).default(''),
  y_axis_name: text({ max: 100 }).default(''),
  x_segments: axis(MESSAGES.xRequired, MESSAGES.xTooMany),
  y_segments: axis(MESSAGES.yRequired, MESSAGES.yTooMany),
});
export type ComparisonInput = z.input<typeof ComparisonInput>;
export type ComparisonValues = z.output<typeof ComparisonInput>;
export const ComparisonBody = z.object({ comparison: ComparisonInput });

/** SRV-105: the count engine's overlap body, as the comparison screen sends it. */
export const CountsBody = OverlapBody;

/** The counts of a comparison by its id (overlapEndpoints.chartCounts). */
export const ComparisonCountsSchema = z.object({
  cells: z.array(OverlapCellSchema),
  population: z.number(),
  segment_counts: z.record(z.string(), z.number()),
  global_counts: z.record(z.string(), z.number()),
  min_base: z.number(),
  base: CountBaseSchema.optional(),
});
