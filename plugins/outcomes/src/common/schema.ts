import { ChartCountsBody } from '@discovery/insights-kit/common';
import { Id } from '@discovery/plugin-api/zod';
// A namespace import: esbuild then bundles only the parts of zod in use (npm run size).
import * as z from 'zod';

/** OUT-062 (DESIGN): outcome figures are whole numbers ≥ 0. */
export const FIGURE_MESSAGE = 'Enter a whole number of 0 or more.';
const figure = z.number({ error: FIGURE_MESSAGE }).int(FIGURE_MESSAGE).min(0, FIGURE_MESSAGE).max(Number.MAX_SAFE_INTEGER, FIGURE_MESSAGE);
export const MONTH_MESSAGE = 'Month must be 0 to 11.';
export const YEAR_MESSAGE = 'Year must be between 2000 and 2100.';

const figures = { total: figure, matched: figure, modeled: figure };

/** SRV-100/101: a market's outcome in a timeframe (id present when it updates a stored row). */
export const MarketOutcomeInput = z.object({ id: Id.optional(), market_id: Id, ...figures });
/** SRV-100/101: an audience's (sub-market's) outcome in a timeframe. */
export const SubmarketOutcomeInput = z.object({ id: Id.optional(), sub_market_id: Id, market_id: Id, ...figures });

/**
 * SRV-100/101: the nested body of a timeframe, months 0-11 on the wire (OUT-054, A-06). The
 * admin panel's inputs and the server run this one schema.
 */
export const OutcomeTimeframeInput = z.object({
  year: z.number({ error: YEAR_MESSAGE }).int(YEAR_MESSAGE).min(2000, YEAR_MESSAGE).max(2100, YEAR_MESSAGE),
  month: z.number({ error: MONTH_MESSAGE }).int(MONTH_MESSAGE).min(0, MONTH_MESSAGE).max(11, MONTH_MESSAGE),
  ...figures,
  submarket_outcomes_attributes: z.array(SubmarketOutcomeInput).max(2000).default([]),
  market_outcomes_attributes: z.array(MarketOutcomeInput).max(500).default([]),
});
export type OutcomeTimeframeInput = z.input<typeof OutcomeTimeframeInput>;
export const OutcomeTimeframeBody = z.object({ outcome_timeframe: OutcomeTimeframeInput });

/** The current timeframe is counted like every chart screen: the chart by id and the filter bar (the kit's body). */
export const CurrentTimeframeBody = ChartCountsBody;
