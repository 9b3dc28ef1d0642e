import type { ClientNode, Queryable, ResolvedContext, ServerCore } from '@discovery/server';
import { PermanentError } from '@discovery/server';
import { countScope } from '@discovery/insights-kit/server';
import { INSERT_OUTCOME_NOTIFICATION_SQL } from '@discovery/plugin-notifications/common';
import type { GrowChartsService } from '@discovery/plugin-insights-grow/common';
import * as z from 'zod';
import { monthLabel, OUTCOME_SNAPSHOT_JOB, snapshotMonth } from '../common';
import { currentTimeframe } from './current';
import { saveTimeframe } from './repository';

export const SnapshotPayload = z.object({
  mekko_id: z.number().int(),
  product_id: z.number().int(),
  year: z.number().int(),
  month: z.number().int().min(0).max(11),
});
export type SnapshotPayload = z.infer<typeof SnapshotPayload>;

/** Where a product is counted outside a request: in its client's default region, else the first region that has it. */
export function productContext(tree: ClientNode[], productId: number): ResolvedContext | null {
  for (const client of tree) {
    const regions = [...client.regions].sort((a, b) => Number(b.is_default) - Number(a.is_default));
    for (const region of regions)
      for (const brand of region.brands)
        for (const product of brand.products) if (product.id === productId) return { slug: product.fullSlug, client, region, brand, product };
  }
  return null;
}

/** SRV-047: who is told: users who may read outcomes and whose grants cover the product. */
const RECIPIENTS_SQL = `
  select distinct u.id from users u
    join user_roles ur on ur.user_id = u.id
    join roles r on r.id = ur.role_id
    left join role_permissions rp on rp.role_id = r.id and rp.resource = 'outcome_timeframes'
    join user_hierarchy_slugs h on h.user_id = u.id
   where (r.grants_all or coalesce(rp.can_read, false))
     and (h.slug = '*' or h.slug = $1 or $1 like h.slug || '/%')`;

/** One snapshot job per chart and month: the key makes a second enqueue (another server, a restart) the same job. */
export const snapshotKey = (p: Pick<SnapshotPayload, 'mekko_id' | 'year' | 'month'>) =>
  `${OUTCOME_SNAPSHOT_JOB}:${p.mekko_id}@${p.year}-${String(p.month + 1).padStart(2, '0')}`;

/**
 * The monthly run (core's scheduler, once per month across servers): the month that just ended
 * (OUT-047's tolerance from the period start) gets one snapshot job per chart.
 */
export async function enqueueSnapshots(core: ServerCore, grow: GrowChartsService, at: Date): Promise<number> {
  const m = snapshotMonth(at);
  if (!m) return 0;
  const charts = await grow.all();
  for (const c of charts) {
    const payload: SnapshotPayload = { mekko_id: c.id, product_id: c.product_id, year: m.year, month: m.month - 1 };
    await core.jobs.enqueue(OUTCOME_SNAPSHOT_JOB, payload, { key: snapshotKey(payload) });
  }
  return charts.length;
}

/**
 * SRV-047: stores the chart's current timeframe as the month's timeframe (unless one was entered
 * by hand) and tells the product's outcome readers, in the transaction that completes the job.
 */
export async function runSnapshot(
  core: ServerCore,
  grow: GrowChartsService,
  p: SnapshotPayload,
  complete: <R>(fn: (tx: Queryable) => Promise<R>) => Promise<R>,
  jobId: number,
): Promise<{ timeframe_id: number | null; notified: number }> {
  const ctx = productContext(await core.hierarchy(), p.product_id);
  if (!ctx) throw new PermanentError(`product ${p.product_id} not found`);
  let chart;
  try {
    chart = await grow.chart(p.product_id, p.mekko_id);
  } catch {
    return complete(async () => ({ timeframe_id: null, notified: 0 })); // the chart was deleted since
  }
  const counts = await grow.counts(chart, countScope(await core.counts(), ctx, []), core.config.tier === 3);
  const t = currentTimeframe(chart, counts, p.year, p.month);
  return complete(async (tx) => {
    const [have] = await tx.query('select id from outcomes_timeframes where mekko_id = $1 and year = $2 and month = $3', [p.mekko_id, p.year, p.month]);
    if (have) return { timeframe_id: Number((have as { id: number }).id), notified: 0 };
    const id = await saveTimeframe(core, tx, chart, null, {
      year: t.year,
      month: t.month,
      total: t.total,
      matched: t.matched,
      modeled: t.modeled,
      market_outcomes_attributes: t.market_outcomes.map(({ id: _id, ...m }) => m),
      submarket_outcomes_attributes: t.submarket_outcomes.map(({ id: _id, ...s }) => s),
    });
    const users = await tx.query<{ id: number }>(RECIPIENTS_SQL, [ctx.slug]);
    const name = `${chart.name}: ${monthLabel(p.year, p.month + 1)}`;
    for (const u of users) await tx.query(INSERT_OUTCOME_NOTIFICATION_SQL, [u.id, ctx.slug, name, jobId]);
    return { timeframe_id: id, notified: users.length };
  });
}
