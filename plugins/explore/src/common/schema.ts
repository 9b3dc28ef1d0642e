import { CountBaseSchema, FiltersSchema } from '@discovery/insights-kit/common';
import { Id, text } from '@discovery/plugin-api/zod';
import * as z from 'zod';

/** The spec's texts (002 §8) and our DESIGN ones (REQUIREMENTS EXP-017, EXP-019, EXP-020, EXP-033). */
export const MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must be 100 characters or fewer.',
  nameTaken: 'A persona with this name already exists in this product.',
  identifiersRequired: 'Choose at least one segment.',
  tooManyIdentifiers: 'Choose at most 50 segments.',
  unknownSegment: 'Unknown or no longer available segment.',
  notFound: 'Unknown persona.',
  allData: 'The All Data persona cannot be edited, copied or deleted.',
  invalidCopy: 'A persona with segments no longer available cannot be copied.',
  deleted: 'Persona deleted.',
  deleteFailed: 'Persona could not be deleted. Please try again.',
  copied: 'Persona copied.',
  copyFailed: 'Persona could not be copied. Please try again.',
  saved: 'Persona saved.',
  saveFailed: 'Persona could not be saved. Please try again.',
  invalidRemoved: 'Invalid audiences removed.',
  invalidRemoveFailed: 'Invalid audiences could not be removed. Please try again.',
  motivationNotFound: 'Unknown motivation audience.',
  motivationTier3: 'Motivation audiences can be requested in tier 3 only.',
  motivationInInsights: 'This motivation audience is used in Insights and cannot be deleted.',
} as const;

/** The name every product's all-data persona carries (EXP-009, SRV-108). */
export const ALL_DATA_NAME = 'All Data';
export const NAME_MAX = 100;
export const MAX_IDENTIFIERS = 50;
/** EXP-002 / 002 §9. */
export const DROPDOWN_WIDTH = 441;
/** EXP-019 / 002 §9: persona alerts. */
export const PERSONA_ALERT_MS = 2500;
/** EXP-004 / 002 §9. */
export const COUNT_PLACEHOLDER = 'N/A';
/** EXP-024 (DESIGN): the index report drawer's layouts. */
export const INDEX_REPORT_LAYOUTS = ['standard', 'detailed', 'summary'] as const;
/** EXP-026 / 002 §9: motivations default use_cases. */
export const DEFAULT_USE_CASES = ['insights'] as const;

const segmentId = z.string({ error: 'Choose a segment.' }).trim().min(1, 'Choose a segment.').max(64, 'A segment id is at most 64 characters.');

/** EXP-017 (DESIGN): name required and unique per product, a segment picker for identifiers, a default checkbox. */
export const PersonaInput = z.object({
  name: text({ min: 1, max: NAME_MAX, required: MESSAGES.nameRequired, tooLong: MESSAGES.nameTooLong }),
  identifiers: z
    .array(segmentId)
    .min(1, MESSAGES.identifiersRequired)
    .max(MAX_IDENTIFIERS, MESSAGES.tooManyIdentifiers)
    .transform((ids) => [...new Set(ids)]),
  default: z.boolean().default(false),
});
export type PersonaInput = z.input<typeof PersonaInput>;
export type PersonaValues = z.output<typeof PersonaInput>;
export const PersonaBody = z.object({ persona: PersonaInput });

/** Counting by persona id: the filter bar's filters. */
export const PersonaCountsBody = z.object({ filters: FiltersSchema.default([]) });

export const PersonaCountsSchema = z.object({
  /** People in the persona within the filters (matched, or tier 3's Sum of Weights), in the base's region. */
  people: z.number(),
  base: CountBaseSchema,
});
export type PersonaCountsDto = z.infer<typeof PersonaCountsSchema>;

/** EXP-026: `?use_cases[]=insights` (or `use_cases=insights`), default ['insights']. */
export const MotivationsQuery = z.object({
  use_cases: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [...DEFAULT_USE_CASES] : Array.isArray(v) ? v : [v])),
  'use_cases[]': z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
});

/** EXP-018 / EXP-031 / SRV-097: `{ motivation_audience: { name, persona_id, use_cases } }`. */
export const MotivationInput = z.object({
  name: text({ min: 1, max: NAME_MAX, required: MESSAGES.nameRequired, tooLong: MESSAGES.nameTooLong }),
  persona_id: Id,
  use_cases: z
    .array(z.string().trim().min(1).max(50))
    .max(10)
    .default([...DEFAULT_USE_CASES]),
});
export type MotivationInput = z.input<typeof MotivationInput>;
export const MotivationBody = z.object({ motivation_audience: MotivationInput });
