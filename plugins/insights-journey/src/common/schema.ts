import { ChartCountsBody } from '@discovery/insights-kit/common';
import { hasControlCharacters, CONTROL_MESSAGE } from '@discovery/plugin-api';
import { Id } from '@discovery/plugin-api/zod';
// A namespace import: esbuild then bundles only the parts of zod in use (npm run size).
import * as z from 'zod';
import { JOURNEY_MESSAGES as M, MAX_BRANDS, MAX_STAGES, NAME_MAX, STAGE_ICONS } from './constants';
import { builderIssues } from './rules';

/** A name as typed: trimmed, at most 100 characters; emptiness is the builder rules' business (their messages). */
const name = z
  .string({ error: M.nameRequired })
  .refine((v) => !hasControlCharacters(v), `Name ${CONTROL_MESSAGE}.`)
  .transform((v) => v.trim())
  .pipe(z.string().max(NAME_MAX, M.nameTooLong));

/** JRN-041 / A-01: a temporary id of an unsaved brand or stage: any integer (the builder uses negatives). */
export const NewId = z.number().int().min(-2_147_483_648).max(2_147_483_647);

const segmentId = z
  .string()
  .trim()
  .max(64, M.identifier)
  .nullish()
  .transform((v) => (v ? v : null));

const position = z.number().int().min(0).max(10_000);

/** 001 §3 Journey brand: a saved brand has `id`, an unsaved one `new_id`. */
export const JourneyBrandInput = z.object({
  id: Id.nullish(),
  new_id: NewId.nullish(),
  name,
  order: position.default(0),
});
/** 001 §3 Journey stage; JRN-043: the icon is one of the list. */
export const JourneyStageInput = z.object({
  id: Id.nullish(),
  new_id: NewId.nullish(),
  name,
  priority: position.default(0),
  icon: z.enum(STAGE_ICONS).default('blank'),
});
/**
 * 001 §3 Journey sub-market: one cell per brand × stage, pointing at a saved brand/stage by
 * journey_brand_id / journey_stage_id or an unsaved one by new_journey_brand_id /
 * new_journey_stage_id. JRN-055: population a whole number ≥ 0, default 0.
 */
export const JourneySubMarketInput = z.object({
  id: Id.nullish(),
  journey_brand_id: Id.nullish(),
  journey_stage_id: Id.nullish(),
  new_journey_brand_id: NewId.nullish(),
  new_journey_stage_id: NewId.nullish(),
  population: z.number({ error: M.population }).int(M.population).min(0, M.population).max(Number.MAX_SAFE_INTEGER, M.population).default(0),
  matched_id: segmentId,
  modeled_id: segmentId,
  discussion_cluster_node_id: Id.nullish().transform((v) => v ?? null),
});
export type JourneyBrandInput = z.input<typeof JourneyBrandInput>;
export type JourneyStageInput = z.input<typeof JourneyStageInput>;
export type JourneySubMarketInput = z.input<typeof JourneySubMarketInput>;

type Ref = { id?: number | null; new_id?: number | null };
/** The key a brand or stage is known by in this body: its id, else its new_id. */
export const itemKey = (x: Ref): string | null => (typeof x.id === 'number' ? `id:${x.id}` : typeof x.new_id === 'number' ? `new:${x.new_id}` : null);
export const cellBrandKey = (c: JourneySubMarketInput): string | null => itemKey({ id: c.journey_brand_id, new_id: c.new_journey_brand_id });
export const cellStageKey = (c: JourneySubMarketInput): string | null => itemKey({ id: c.journey_stage_id, new_id: c.new_journey_stage_id });

/**
 * SRV-085: the journey the builder saves (create and update), checked here by the form and the
 * server alike: JRN-045/046 (builderIssues), every brand and stage has one key, every cell names
 * a brand and a stage of this body, and at most one cell per brand × stage. The name's uniqueness,
 * segments and discussion nodes are checked by the server against its data.
 */
export const JourneyInput = z
  .object({
    name,
    default: z.boolean().default(false),
    has_transition_data: z.boolean().default(true),
    brands: z.array(JourneyBrandInput).max(MAX_BRANDS, M.brandsCount),
    stages: z.array(JourneyStageInput).max(MAX_STAGES, M.stagesCount),
    sub_markets: z
      .array(JourneySubMarketInput)
      .max(MAX_BRANDS * MAX_STAGES, M.cellDuplicate)
      .default([]),
  })
  .superRefine((j, ctx) => {
    for (const issue of builderIssues(j)) ctx.addIssue({ code: 'custom', path: issue.path, message: M[issue.message] });
    const keys = (list: Ref[], field: 'brands' | 'stages') => {
      const seen = new Set<string>();
      list.forEach((x, i) => {
        const k = itemKey(x);
        if (!k) ctx.addIssue({ code: 'custom', path: [field, i, 'new_id'], message: M.itemId });
        else if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [field, i, typeof x.id === 'number' ? 'id' : 'new_id'], message: M.newIdUsed });
        else seen.add(k);
      });
      return seen;
    };
    const brands = keys(j.brands, 'brands');
    const stages = keys(j.stages, 'stages');
    const cells = new Set<string>();
    j.sub_markets.forEach((c, i) => {
      const b = cellBrandKey(c);
      const s = cellStageKey(c);
      if (!b || !brands.has(b)) ctx.addIssue({ code: 'custom', path: ['sub_markets', i, 'journey_brand_id'], message: M.cellBrand });
      else if (!s || !stages.has(s)) ctx.addIssue({ code: 'custom', path: ['sub_markets', i, 'journey_stage_id'], message: M.cellStage });
      else if (cells.has(`${b}|${s}`)) ctx.addIssue({ code: 'custom', path: ['sub_markets', i], message: M.cellDuplicate });
      else cells.add(`${b}|${s}`);
    });
  });
export type JourneyInput = z.input<typeof JourneyInput>;
export type JourneyParsed = z.output<typeof JourneyInput>;

/** SRV-085: create and update bodies. */
export const JourneyBody = z.object({ journey: JourneyInput });
/** SRV-088: the product's default journey; 0 clears it. */
export const DefaultJourneyBody = z.object({ journey_id: z.number().int().min(0).max(2_147_483_647) });
/** The counts call: the filter bar's filters, with the kit's one meaning (OR within a category, AND across). */
export const JourneyCountsBody = ChartCountsBody;

/** The counts answer (journeyEndpoints.counts): every cell raw and deduplicated, per brand, in the region it names. */
export const JourneyCountsSchema = z.object({
  data: z.object({
    cells: z.array(
      z.object({
        journey_brand_id: z.number(),
        journey_stage_id: z.number(),
        matched: z.number(),
        modeled: z.number(),
        matched_deduped: z.number(),
        modeled_deduped: z.number(),
      }),
    ),
    brands: z.array(z.object({ journey_brand_id: z.number(), matched: z.number(), modeled: z.number() })),
    region: z.string().nullable(),
  }),
});
