import { ZERO_COUNTS, type GrowCounts, type MekkoDto } from '../common';

/**
 * Test answers of growEndpoints.counts for a chart: each audience's matched and modeled figure
 * from its segments' counts (`bySegment`), each market's from `markets` (id → matched, modeled).
 */
export function countsFor(mekko: MekkoDto, bySegment: Record<string, number>, markets: Record<number, [number, number]> = {}): GrowCounts {
  const out: GrowCounts = { ...ZERO_COUNTS, sub_markets: {}, markets: {} };
  for (const m of mekko.markets) {
    const [matched, modeled] = markets[m.id] ?? [0, 0];
    out.markets[String(m.id)] = { matched, modeled };
    for (const s of m.sub_markets) {
      const of = (id: string | null) => (id ? (bySegment[id] ?? 0) : 0);
      out.sub_markets[String(s.id)] = { matched: of(s.matched_short_id), modeled: of(s.modeled_short_id) };
    }
  }
  out.total = Object.values(out.markets).reduce((t, k) => ({ matched: Math.max(t.matched, k.matched), modeled: Math.max(t.modeled, k.modeled) }), {
    matched: 0,
    modeled: 0,
  });
  return out;
}
