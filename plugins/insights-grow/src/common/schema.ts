import { CountBaseSchema } from '@discovery/insights-kit/common';
import { CONTROL_MESSAGE, hasControlCharacters } from '@discovery/plugin-api';
import { Id } from '@discovery/plugin-api/zod';
// A namespace import: esbuild then bundles only the parts of zod in use (npm run size).
import * as z from 'zod';

/** The spec's wording (001 §5, §8, §9, GROW DESIGN lines); the forms and the server show the same text. */
export const GROW_MESSAGES = {
  // GROW-045 / A-03
  chartNameRequired: 'Name is required',
  chartNameBlank: 'Name cannot be blank',
  chartNameInUse: 'Chart name already in use',
  chartNameUsed: 'Chart name already used',
  chartNotFound: 'This chart does not exist.',
  // GROW-058 / GROW-059
  marketNameRequired: 'Please enter a market name',
  marketNameUsed: 'Market name already used for this chart',
  // GROW-062 / GROW-063 / GROW-065
  audienceNameRequired: 'Name is required.',
  audienceNameBlank: 'Value cannot be blank',
  audienceNameUsed: 'This name is already in use.',
  populationRequired: 'Audience population is required',
  populationDigits: 'Audience population is digits only, 0 or more',
  nameTooLong: 'Name must be 100 characters or fewer.',
  nameControl: `Name ${CONTROL_MESSAGE}.`,
  labelTooLong: 'Label must be 100 characters or fewer.',
  identifier: 'An identifier is at most 64 characters',
  // GROW-057 / SRV-071
  copyInvalid:
    'Chart or associated custom widget contains Audience(s) with segments no longer available from the provider. The chart cannot be selected in this state.',
  // GROW-043
  countTypeNeedsTv: 'TV panelist settings are not available in this region.',
  verticalUnknown: 'Choose an industry vertical.',
  orderIds: 'The order lists ids of another chart.',
} as const;

export const NAME_MAX = 100;
export const COUNT_TYPES = ['people_count', 'tv_panelists'] as const;
export type CountType = (typeof COUNT_TYPES)[number];
export const TAGS = ['owned', 'opportunity', 'none'] as const;
export type SubMarketTag = (typeof TAGS)[number];
export const CREATION_METHODS = ['blank', 'prePopulated'] as const;
export type CreationMethod = (typeof CREATION_METHODS)[number];
export const DEFAULT_MEASUREMENT_LABEL = 'Penetration';

/** A message of the spec's wording, by its key. */
export type GrowMessageKey = keyof typeof GROW_MESSAGES;

/**
 * The chart, market and audience rules (GROW-045 / GROW-043 / GROW-044 / GROW-040 / SRV-070,
 * GROW-058 / SRV-074, GROW-062 / GROW-065 / GROW-066 / SRV-075), worded by `say`: the server's
 * schemas say the spec's English, the forms' (`GROW_FORM_RULES`) answer the message keys they
 * translate. One set of rules, two wordings: no lookup from English text back to a key.
 */
export function growRules(say: (key: GrowMessageKey) => string) {
  /** A name with the spec's two messages: empty, and only white space; trimmed. */
  const named = (required: GrowMessageKey, blank: GrowMessageKey) =>
    z
      .string({ error: say(required) })
      .refine((v) => v.length > 0, say(required))
      .refine((v) => v.length === 0 || v.trim().length > 0, say(blank))
      .refine((v) => !hasControlCharacters(v), say('nameControl'))
      .transform((v) => v.trim())
      .pipe(z.string().max(NAME_MAX, say('nameTooLong')));

  const segmentId = z
    .string()
    .trim()
    .max(64, say('identifier'))
    .nullish()
    .transform((v) => (v ? v : null));

  const MekkoInput = z
    .object({
      name: named('chartNameRequired', 'chartNameBlank'),
      measurement_label: z
        .string()
        .trim()
        .max(NAME_MAX, say('labelTooLong'))
        .nullish()
        .transform((v) => (v ? v : DEFAULT_MEASUREMENT_LABEL)),
      count_type: z.enum(COUNT_TYPES).default('people_count'),
      vertical_type: z.string().trim().max(64).nullish(),
      default: z.boolean().default(false),
      creation_method: z.enum(CREATION_METHODS).default('blank'),
    })
    // GROW-040: choosing blank clears vertical_type.
    .transform((m) => ({ ...m, vertical_type: m.creation_method === 'blank' ? null : (m.vertical_type ?? null) }));

  const MarketInput = z.object({
    name: named('marketNameRequired', 'marketNameRequired'),
    order: z.number().int().min(0).max(10_000).optional(),
  });

  /** Population comes as digits (the form) or a number. */
  const SubMarketInput = z.object({
    name: named('audienceNameRequired', 'audienceNameBlank'),
    tag: z.enum(TAGS).default('none'),
    population: z
      .union([z.number(), z.string()], { error: say('populationRequired') })
      .refine((v) => v !== '', say('populationRequired'))
      .refine((v) => (typeof v === 'number' ? Number.isInteger(v) && v >= 0 : /^[0-9]+$/.test(v)), say('populationDigits'))
      .transform(Number)
      .pipe(z.number().max(Number.MAX_SAFE_INTEGER, say('populationDigits'))),
    matched_short_id: segmentId,
    modeled_short_id: segmentId,
    webo_cluster_id: segmentId,
    discussion_cluster_node_id: Id.nullish().transform((v) => v ?? null),
    order: z.number().int().min(0).max(10_000).optional(),
  });
  return { MekkoInput, MarketInput, SubMarketInput };
}

/** The rules in the spec's English: the API's bodies (the server's 422 messages). */
export const { MekkoInput, MarketInput, SubMarketInput } = growRules((key) => GROW_MESSAGES[key]);
export type MekkoInput = z.input<typeof MekkoInput>;
export type MarketInput = z.input<typeof MarketInput>;
export type SubMarketInput = z.input<typeof SubMarketInput>;
/** The same rules answering message keys, for the forms (they translate `messages.<key>`). */
export const GROW_FORM_RULES = growRules((key) => key);

const orderEntry = z.object({ id: Id, order: z.number().int().min(0).max(10_000) });
/** SRV-078 / GROW-035. */
export const OrderBody = z.object({ markets: z.array(orderEntry).max(500).default([]), sub_markets: z.array(orderEntry).max(5000).default([]) });

export const MekkoBody = z.object({ mekko: MekkoInput });
export const MarketBody = z.object({ market: MarketInput });
export const SubMarketBody = z.object({ sub_market: SubMarketInput });
/** SRV-073: 0 clears the product's default. */
export const DefaultBody = z.object({ mekko_id: z.number().int().min(0).max(2_147_483_647) });

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** GROW-045 / GROW-059 / GROW-063: unique among others, trimmed, case-insensitive, its own saved name allowed. */
export function nameTaken(name: string, others: readonly { id: number; name: string }[], ownId: number | null): boolean {
  return others.some((o) => o.id !== ownId && sameName(o.name, name));
}

/** Matched and modeled figures of one audience, market or the whole chart. */
const Figures = z.object({ matched: z.number(), modeled: z.number() });
/**
 * The counts of a chart (growEndpoints.counts): per audience (sub-market id) and per market its
 * matched people and its modeled figure (modeled people, or tier 3's Sum of Weights), all within
 * the filter, over the base each kind names.
 */
export const GrowCountsSchema = z.object({
  base: z.object({ matched: CountBaseSchema, modeled: CountBaseSchema }),
  sub_markets: z.record(z.string(), Figures),
  markets: z.record(z.string(), Figures),
  total: Figures,
});
export type GrowCountsDto = z.infer<typeof GrowCountsSchema>;
