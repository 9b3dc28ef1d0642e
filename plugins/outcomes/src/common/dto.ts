import type { CountBase } from '@discovery/insights-kit/common';

/** The three figures of an outcome: Total Population, Matched and Modeled Addressable (OUT-009). */
export interface OutcomeFigures {
  total: number;
  matched: number;
  modeled: number;
}

/** A market's outcome in a timeframe; `id` null for a zero-filled entry not stored yet (OUT-052). */
export interface MarketOutcomeDto extends OutcomeFigures {
  id: number | null;
  market_id: number;
}

export interface SubmarketOutcomeDto extends OutcomeFigures {
  id: number | null;
  sub_market_id: number;
  market_id: number;
}

/**
 * SRV-099: one month of a chart's outcomes, month 0-11 on the wire (OUT-054). `current` marks the
 * live timeframe computed from the chart's audiences (OUT-049), which has no id.
 */
export interface OutcomeTimeframeDto extends OutcomeFigures {
  id: number | null;
  mekko_id: number;
  year: number;
  month: number;
  current: boolean;
  market_outcomes: MarketOutcomeDto[];
  submarket_outcomes: SubmarketOutcomeDto[];
}

/** The current timeframe with the base its matched and modeled figures were counted over. */
export interface CurrentTimeframeDto {
  data: OutcomeTimeframeDto;
  base: { matched: CountBase; modeled: CountBase };
}
