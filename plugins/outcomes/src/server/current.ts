import type { GrowCountsDto, MekkoDto } from '@discovery/plugin-insights-grow/common';
import { populationOf, type OutcomeTimeframeDto } from '../common';

/**
 * OUT-049 / OUT-050: the live timeframe of a chart for a calendar month (0-11): Total Population
 * is the sum of the audiences' populations (per market, the sum of its audiences'); matched and
 * modeled are Grow's counts of the chart (zeros when the chart has no segment, which Grow's count
 * answers without calling the engine).
 */
export function currentTimeframe(chart: MekkoDto, counts: GrowCountsDto, year: number, wireMonth: number): OutcomeTimeframeDto {
  return {
    id: null,
    mekko_id: chart.id,
    year,
    month: wireMonth,
    current: true,
    total: populationOf(chart),
    matched: counts.total.matched,
    modeled: counts.total.modeled,
    market_outcomes: chart.markets.map((k) => ({
      id: null,
      market_id: k.id,
      total: k.sub_markets.reduce((n, s) => n + s.population, 0),
      matched: counts.markets[String(k.id)]?.matched ?? 0,
      modeled: counts.markets[String(k.id)]?.modeled ?? 0,
    })),
    submarket_outcomes: chart.markets.flatMap((k) =>
      k.sub_markets.map((s) => ({
        id: null,
        sub_market_id: s.id,
        market_id: k.id,
        total: s.population,
        matched: counts.sub_markets[String(s.id)]?.matched ?? 0,
        modeled: counts.sub_markets[String(s.id)]?.modeled ?? 0,
      })),
    ),
  };
}
