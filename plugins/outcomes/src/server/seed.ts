import { countScope } from '@discovery/insights-kit/server';
import type { GrowChartsService, GrowCountsDto, MekkoDto } from '@discovery/plugin-insights-grow/common';
import type { ServerCore } from '@discovery/server';
import { fromKey, monthKey, nowMonth, type OutcomeFigures } from '../common';
import { currentTimeframe } from './current';
import { productContext } from './snapshot';

/** Months of history every demo chart gets before the current month. */
export const DEMO_HISTORY_MONTHS = 14;

/** A small, repeatable wobble in −1..1 for a (row, month) pair. */
function wobble(a: number, b: number): number {
  let h = (a * 2654435761) ^ (b * 40503);
  h = Math.imul(h ^ (h >>> 15), 2246822519);
  h ^= h >>> 13;
  return ((h >>> 0) % 2001) / 1000 - 1;
}

/**
 * The monthly trend of a market, as a factor per month going back: the chart's first market grew
 * (older months smaller), its second declined (older months larger), the rest move a little.
 */
const trendOf = (marketIndex: number) => (marketIndex === 0 ? 1 / 1.035 : marketIndex === 1 ? 1.022 : 1);

const scale = (f: OutcomeFigures, x: number): OutcomeFigures => ({
  total: Math.round(f.total * x),
  matched: Math.round(f.matched * x),
  modeled: Math.round(f.modeled * x),
});

/** Figures `back` months before the current ones, for an audience of the market at `marketIndex`. */
export function historyOf(cur: OutcomeFigures, marketIndex: number, subId: number, back: number): OutcomeFigures {
  const factor = Math.pow(trendOf(marketIndex), back) * (1 + 0.015 * wobble(subId, back));
  return scale(cur, factor);
}

/** The chart's counts now, or, while the engine is not ready, figures in proportion to the audiences' populations. */
async function countsNow(core: ServerCore, grow: GrowChartsService, chart: MekkoDto, productId: number): Promise<GrowCountsDto | null> {
  try {
    const ctx = productContext(await core.hierarchy(), productId);
    return await grow.counts(chart, countScope(await core.counts(), ctx, []), core.config.tier === 3);
  } catch {
    return null;
  }
}

const NO_BASE = { region: null, kind: 'matched' as const, population: 0, filtered: 0 };

/** Without the engine: matched and modeled in proportion to the audiences' populations. */
function byPopulation(chart: MekkoDto): GrowCountsDto {
  const out: GrowCountsDto = {
    base: { matched: NO_BASE, modeled: { ...NO_BASE, kind: 'modeled' } },
    total: { matched: 0, modeled: 0 },
    markets: {},
    sub_markets: {},
  };
  for (const k of chart.markets) {
    const m = { matched: 0, modeled: 0 };
    for (const s of k.sub_markets) {
      const f = { matched: Math.round(s.population * 0.41), modeled: Math.round(s.population * 0.63) };
      out.sub_markets[String(s.id)] = f;
      m.matched += f.matched;
      m.modeled += f.modeled;
    }
    out.markets[String(k.id)] = m;
    out.total.matched += m.matched;
    out.total.modeled += m.modeled;
  }
  return out;
}

/**
 * Demo data (issue 28 §4): 14 months of history for every chart, so a new user sees trends on
 * first start: the current timeframe's figures carried back month by month along each market's
 * trend. Months before the first snapshot job are what the job would have stored.
 */
export async function seedOutcomes(core: ServerCore, grow: GrowChartsService, now: Date): Promise<void> {
  const n = nowMonth(now);
  const nowK = monthKey(n.year, n.month);
  for (const c of await grow.all()) {
    const chart = await grow.chart(c.product_id, c.id);
    if (!chart.markets.some((k) => k.sub_markets.length)) continue;
    const counts = await countsNow(core, grow, chart, c.product_id);
    const cur = currentTimeframe(chart, counts ?? byPopulation(chart), n.year, n.month - 1);
    const marketIndex = new Map(chart.markets.map((k, i) => [k.id, i]));
    await core.transaction(async (tx) => {
      for (let back = 1; back <= DEMO_HISTORY_MONTHS; back++) {
        const { year, month } = fromKey(nowK - back);
        const subs = cur.submarket_outcomes.map((s) => ({ ...s, ...historyOf(s, marketIndex.get(s.market_id)!, s.sub_market_id, back) }));
        const markets = chart.markets.map((k) => {
          const mine = subs.filter((s) => s.market_id === k.id);
          return {
            market_id: k.id,
            total: mine.reduce((x, s) => x + s.total, 0),
            matched: mine.reduce((x, s) => x + s.matched, 0),
            modeled: mine.reduce((x, s) => x + s.modeled, 0),
          };
        });
        // The chart's own figures (matched and modeled are unions, not sums) move as its audiences moved.
        const sum = (f: keyof OutcomeFigures) => {
          const was = cur.submarket_outcomes.reduce((x, m) => x + m[f], 0);
          return was ? Math.round((cur[f] * subs.reduce((x, m) => x + m[f], 0)) / was) : 0;
        };
        const [row] = await tx.query<{ id: number }>(
          `insert into outcomes_timeframes (mekko_id, year, month, total, matched, modeled) values ($1, $2, $3, $4, $5, $6)
           on conflict (mekko_id, year, month) do nothing returning id`,
          [chart.id, year, month - 1, sum('total'), sum('matched'), sum('modeled')],
        );
        if (!row) continue;
        await tx.query(
          `insert into outcomes_market_outcomes (outcome_timeframe_id, market_id, total, matched, modeled)
           select $1, * from unnest($2::int[], $3::bigint[], $4::bigint[], $5::bigint[])`,
          [row.id, markets.map((m) => m.market_id), markets.map((m) => m.total), markets.map((m) => m.matched), markets.map((m) => m.modeled)],
        );
        await tx.query(
          `insert into outcomes_submarket_outcomes (outcome_timeframe_id, market_id, sub_market_id, total, matched, modeled)
           select $1, * from unnest($2::int[], $3::int[], $4::bigint[], $5::bigint[], $6::bigint[])`,
          [
            row.id,
            subs.map((s) => s.market_id),
            subs.map((s) => s.sub_market_id),
            subs.map((s) => s.total),
            subs.map((s) => s.matched),
            subs.map((s) => s.modeled),
          ],
        );
      }
    });
  }
}
