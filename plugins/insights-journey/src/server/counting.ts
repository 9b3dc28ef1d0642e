import { type Rules } from '@discovery/insights-kit/common';
import type { CountsEngine, FunnelRow } from '@discovery/counts';
import type { JourneyCountsDto, JourneyDto } from '../common';

type Journey = Pick<JourneyDto, 'brands' | 'stages' | 'sub_markets'>;

/** The engine's funnel rows of a journey: per brand (by order), its cells' segments by stage priority (null: none). */
export function journeyRows(j: Journey): FunnelRow[] {
  const cell = new Map(j.sub_markets.map((c) => [`${c.journey_brand_id}|${c.journey_stage_id}`, c]));
  return j.brands.map((b) => {
    const cells = j.stages.map((s) => cell.get(`${b.id}|${s.id}`));
    return { matched: cells.map((c) => c?.matched_id ?? null), modeled: cells.map((c) => c?.modeled_id ?? null) };
  });
}

/**
 * Every cell's matched and modeled people, its people in no later stage of the brand (JRN-017,
 * the set reading of A-24) and each brand's people in any stage, from ONE engine call (funnels:
 * right to left with a running union, in the region and the filter) instead of a rule count per
 * cell and kind.
 */
export async function journeyCounts(engine: CountsEngine, j: Journey, o: { region?: string; filter?: Rules } = {}): Promise<JourneyCountsDto> {
  const rows = journeyRows(j);
  const filter = o.filter && ((o.filter.include?.and.length ?? 0) > 0 || (o.filter.exclude?.and.length ?? 0) > 0) ? o.filter : undefined;
  const named = rows.some((r) => r.matched.some(Boolean) || r.modeled.some(Boolean));
  const got = named ? await engine.funnels(rows, { region: o.region, filter }) : null;
  const zero = { raw: [] as number[], deduped: [] as number[], total: 0 };
  return {
    region: o.region ?? null,
    brands: j.brands.map((b, r) => ({ journey_brand_id: b.id, matched: got?.[r].matched.total ?? 0, modeled: got?.[r].modeled.total ?? 0 })),
    cells: j.brands.flatMap((b, r) => {
      const { matched = zero, modeled = zero } = got?.[r] ?? {};
      return j.stages.map((s, i) => ({
        journey_brand_id: b.id,
        journey_stage_id: s.id,
        matched: matched.raw[i] ?? 0,
        modeled: modeled.raw[i] ?? 0,
        matched_deduped: matched.deduped[i] ?? 0,
        modeled_deduped: modeled.deduped[i] ?? 0,
      }));
    }),
  };
}
