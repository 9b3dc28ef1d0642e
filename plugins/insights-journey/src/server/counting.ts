import type { CountsEngine } from '@discovery/counts';
import type { Rules } from '@discovery/counts/common';
import type { JourneyCountsDto, JourneyDto } from '../common';

type Journey = Pick<JourneyDto, 'brands' | 'stages' | 'sub_markets'>;

/**
 * The engine's markets for a journey: per brand and stage i, the union of the brand's stages i..n
 * (its "later stages" suffix). A stage's people in no later stage (JRN-017, the set reading of
 * A-24) are then |suffix(i)| − |suffix(i + 1)|, and a brand's people in any stage are |suffix(0)|:
 * every cell's figures come from ONE engine mekko call (raw sizes, unions, within the region and
 * the filter), instead of one rule count per cell.
 */
export function journeyMarkets(j: Journey): { id: string; matched: string[]; modeled: string[] }[] {
  const cell = new Map(j.sub_markets.map((c) => [`${c.journey_brand_id}|${c.journey_stage_id}`, c]));
  const out: { id: string; matched: string[]; modeled: string[] }[] = [];
  for (const b of j.brands) {
    const cells = j.stages.map((s) => cell.get(`${b.id}|${s.id}`));
    for (let i = 0; i < j.stages.length; i++) {
      const later = cells.slice(i);
      const ids = (k: 'matched_id' | 'modeled_id') => [...new Set(later.map((c) => c?.[k]).filter((x): x is string => !!x))];
      const m = { id: `${b.id}:${i}`, matched: ids('matched_id'), modeled: ids('modeled_id') };
      // A suffix naming no segment counts 0: it is left out of the call.
      if (m.matched.length || m.modeled.length) out.push(m);
    }
  }
  return out;
}

/** Every cell's matched and modeled people (raw and deduplicated right to left) and each brand's total, in one engine call. */
export async function journeyCounts(engine: CountsEngine, j: Journey, o: { region?: string; filter?: Rules } = {}): Promise<JourneyCountsDto> {
  const markets = journeyMarkets(j);
  const any = markets.length > 0;
  const filter = o.filter && ((o.filter.include?.and.length ?? 0) > 0 || (o.filter.exclude?.and.length ?? 0) > 0) ? o.filter : undefined;
  const r = any ? await engine.mekko(markets, o.region, filter) : null;
  const union = (kind: 'matched' | 'modeled', brand: number, i: number) => (i < j.stages.length ? (r?.market_counts[kind][`${brand}:${i}`] ?? 0) : 0);
  const cell = new Map(j.sub_markets.map((c) => [`${c.journey_brand_id}|${c.journey_stage_id}`, c]));
  return {
    region: o.region ?? null,
    brands: j.brands.map((b) => ({ journey_brand_id: b.id, matched: union('matched', b.id, 0), modeled: union('modeled', b.id, 0) })),
    cells: j.brands.flatMap((b) =>
      j.stages.map((s, i) => {
        const c = cell.get(`${b.id}|${s.id}`);
        return {
          journey_brand_id: b.id,
          journey_stage_id: s.id,
          matched: c?.matched_id ? (r?.segment_counts[c.matched_id] ?? 0) : 0,
          modeled: c?.modeled_id ? (r?.modeled_segment_counts[c.modeled_id] ?? 0) : 0,
          matched_deduped: union('matched', b.id, i) - union('matched', b.id, i + 1),
          modeled_deduped: union('modeled', b.id, i) - union('modeled', b.id, i + 1),
        };
      }),
    ),
  };
}
