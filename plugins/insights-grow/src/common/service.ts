import type { CountScope } from '@discovery/insights-kit/common';
import type { MekkoDto, MekkoSummaryDto } from './dto';
import type { GrowCountsDto } from './schema';

/** A connection or the caller's transaction (core's Queryable, which ./common may not import). */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** The key under which Grow's server shares its charts with plugins that read them (`core.shared`). */
export const GROW_CHARTS_SERVICE = 'insights-grow:charts';

/**
 * Grow's charts for other server plugins (Outcomes reads a chart's markets and audiences and counts
 * them): Grow's own queries and its one engine call per chart, so no plugin reads Grow's tables.
 */
export interface GrowChartsService {
  /** The product's charts (SRV-068). */
  list(productId: number): Promise<MekkoSummaryDto[]>;
  /** The chart with its markets and audiences; 404 when it is not in the product. `db`: the caller's transaction. */
  chart(productId: number, id: number, db?: Db): Promise<MekkoDto>;
  /** Every chart of every product with the product's id: for scheduled work. */
  all(): Promise<{ id: number; product_id: number; name: string }[]>;
  /** Grow's counts of the chart (001 §7), within the scope's region and filter. */
  counts(chart: MekkoDto, scope: CountScope, tier3: boolean): Promise<GrowCountsDto>;
}
