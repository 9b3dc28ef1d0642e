import { weightsOf, type CountsEngine } from '@discovery/counts';
import type { CountScope } from '@discovery/insights-kit/common';
import { countBase } from '@discovery/insights-kit/server';
import type { GrowCountsDto, MekkoDto } from '../common';

const uniq = (ids: (string | null)[]) => [...new Set(ids.filter((x): x is string => !!x))];

/**
 * 001 §7 / SRV-081 by chart id: one engine mekko call for every figure the chart draws. Per
 * market the union of its audiences, per audience its own segment, within the region and the
 * filter of `scope`. Matched figures count matched people; modeled figures count modeled people,
 * or in tier 3 (GROW-016) the Sum of Weights of the audience's matched segment.
 */
export async function mekkoCounts(e: CountsEngine, m: MekkoDto, scope: CountScope, tier3: boolean): Promise<GrowCountsDto> {
  const specs = m.markets.map((k) => {
    const matched = uniq(k.sub_markets.map((s) => s.matched_short_id));
    return { id: String(k.id), matched, modeled: tier3 ? matched : uniq(k.sub_markets.map((s) => s.modeled_short_id)) };
  });
  const [r, matchedBase, modeledBase] = await Promise.all([
    specs.some((k) => k.matched.length || k.modeled.length) ? e.mekko(specs, scope.region, scope.filter) : null,
    countBase(e, scope, 'matched'),
    countBase(e, scope, tier3 ? 'weights' : 'modeled'),
  ]);
  const modeledOf = (matched: number, modeled: number) => (tier3 ? weightsOf(matched, modeled) : modeled);
  const out: GrowCountsDto = {
    base: { matched: matchedBase, modeled: modeledBase },
    sub_markets: {},
    markets: {},
    total: { matched: r?.total_matched_count ?? 0, modeled: r ? modeledOf(r.total_matched_count, r.total_modeled_count) : 0 },
  };
  for (const k of m.markets) {
    const id = String(k.id);
    const matched = r?.market_counts.matched[id] ?? 0;
    out.markets[id] = { matched, modeled: r ? modeledOf(matched, r.market_counts.modeled[id] ?? 0) : 0 };
    for (const s of k.sub_markets) {
      const sm = s.matched_short_id ? (r?.segment_counts[s.matched_short_id] ?? 0) : 0;
      const modeled = tier3
        ? s.matched_short_id
          ? weightsOf(sm, r?.modeled_segment_counts[s.matched_short_id] ?? 0)
          : 0
        : s.modeled_short_id
          ? (r?.modeled_segment_counts[s.modeled_short_id] ?? 0)
          : 0;
      out.sub_markets[String(s.id)] = { matched: sm, modeled };
    }
  }
  return out;
}
