import { countScope } from '@discovery/insights-kit/server';
import { defineServerPlugin } from '@discovery/plugin-api';
import { GROW_CHARTS_SERVICE, type GrowChartsService } from '@discovery/plugin-insights-grow/common';
import { handle, type Queryable, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import {
  OUTCOME_MONTHLY_JOB,
  OUTCOME_SNAPSHOT_JOB,
  OUTCOMES_MESSAGES as M,
  outcomesEndpoints as E,
  outcomeTimeframesPermissions as P,
  nowMonth,
  selectableMonths,
} from '../common';
import { currentTimeframe } from './current';
import init from './migrations/0001_outcomes.sql';
import { chartOfTimeframe, listTimeframes, saveTimeframe } from './repository';
import { seedOutcomes } from './seed';
import { enqueueSnapshots, runSnapshot, SnapshotPayload } from './snapshot';

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

export interface OutcomesServerOptions {
  /** The clock (tests fix it): the current month, the months one may add, the snapshot's month. */
  now?: () => Date;
}

/** Grow's charts (its server shares them; `dependsOn` puts Grow first in every build). */
export function growCharts(core: ServerCore): GrowChartsService {
  return core.shared<GrowChartsService>(GROW_CHARTS_SERVICE, () => {
    throw new Error("plugin 'outcomes' needs plugin 'insights-grow' registered before it");
  });
}

/**
 * The Outcomes API (README): a Grow chart's monthly timeframes, their nested save in one
 * transaction, the live Current Timeframe counted by chart id, and the monthly snapshot job.
 */
export function outcomesServer(opts: OutcomesServerOptions = {}) {
  const now = opts.now ?? (() => new Date());
  return defineServerPlugin<ServerCore, FastifyInstance>({
    id: 'outcomes',
    permissions: Object.values(P),
    migrations: [{ id: '0001_outcomes', sql: init }],
    seed: (core) => seedOutcomes(core, growCharts(core), now()),
    register(router, core) {
      const grow = growCharts(core);
      /** The chart in the request's product (404 otherwise), with its markets and audiences. */
      const chartOf = (productId: number, id: number, db?: Queryable) => grow.chart(productId, id, db);

      // SRV-047: a job per chart and month, enqueued by the monthly schedule (one per month however many servers run).
      core.jobs.register<SnapshotPayload, { timeframe_id: number | null; notified: number }>(OUTCOME_SNAPSHOT_JOB, {
        payload: SnapshotPayload,
        handler: (job) => runSnapshot(core, grow, job.payload, (fn) => job.complete(fn), job.id),
      });
      core.jobs.register<unknown, { charts: number }>(OUTCOME_MONTHLY_JOB, {
        handler: async (job) => ({ charts: await enqueueSnapshots(core, grow, job.scheduledFor ?? now()) }),
      });
      core.jobs.schedule(OUTCOME_MONTHLY_JOB, { every: 'month' });

      // SRV-099.
      handle(router, E.list, async ({ params: { id }, context }) => {
        const chart = await chartOf(context!.product!.id, id);
        return { data: await listTimeframes(core, chart) };
      });

      // OUT-049/050: counted like Grow's chart (one engine call), for this calendar month.
      handle(router, E.current, async ({ params: { id }, body, context }, _req, reply) => {
        const started = process.hrtime.bigint();
        const [chart, e] = await Promise.all([chartOf(context!.product!.id, id), core.counts()]);
        const counts = await grow.counts(chart, countScope(e, context, body.filters), core.config.tier === 3);
        const n = nowMonth(now());
        reply.header('Server-Timing', `counts;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}`);
        return { data: currentTimeframe(chart, counts, n.year, n.month - 1), base: counts.base };
      });

      /** A month already stored for the chart reads as the rule's message. */
      const unique = async <T>(fn: () => Promise<T>): Promise<T> => {
        try {
          return await fn();
        } catch (e) {
          if (isUniqueViolation(e)) throw core.errors.unprocessable(M.monthTaken, { 'outcome_timeframe.month': M.monthTaken });
          throw e;
        }
      };

      // SRV-100 / OUT-067: a strictly past month without a timeframe; the nested rows in the same transaction.
      handle(router, E.create, async ({ params: { id }, body: { outcome_timeframe: t }, context }, _req, reply) => {
        const chart = await chartOf(context!.product!.id, id);
        const data = await unique(() =>
          core.transaction(async (tx) => {
            const used = await tx.query<{ month: number }>('select month from outcomes_timeframes where mekko_id = $1 and year = $2', [id, t.year]);
            if (used.some((u) => Number(u.month) === t.month)) throw core.errors.unprocessable(M.monthTaken, { 'outcome_timeframe.month': M.monthTaken });
            if (!selectableMonths(t.year, [], now()).includes(t.month + 1))
              throw core.errors.unprocessable(M.notSelectable, { 'outcome_timeframe.month': M.notSelectable });
            const tfId = await saveTimeframe(core, tx, chart, null, t);
            return (await listTimeframes(tx, chart, [tfId]))[0];
          }),
        );
        reply.code(201);
        return { data };
      });

      // SRV-101 / A-43: create or update permission; the month may move to another free past month.
      handle(router, E.update, async ({ params: { id }, body: { outcome_timeframe: t }, context, auth }) => {
        if (!auth.can('outcome_timeframes', 'create') && !auth.can('outcome_timeframes', 'update')) throw core.errors.forbidden(M.noPermission);
        const productId = context!.product!.id;
        const data = await unique(() =>
          core.transaction(async (tx) => {
            const mekkoId = await chartOfTimeframe(core, tx, id, true);
            const chart = await chartOf(productId, mekkoId, tx);
            const [before] = await tx.query<{ year: number; month: number }>('select year, month from outcomes_timeframes where id = $1', [id]);
            const moved = Number(before.year) !== t.year || Number(before.month) !== t.month;
            if (moved && !selectableMonths(t.year, [], now()).includes(t.month + 1))
              throw core.errors.unprocessable(M.notSelectable, { 'outcome_timeframe.month': M.notSelectable });
            await saveTimeframe(core, tx, chart, id, t);
            return (await listTimeframes(tx, chart, [id]))[0];
          }),
        );
        return { data };
      });

      // SRV-102: the nested rows go with it (foreign keys cascade).
      handle(router, E.remove, async ({ params: { id }, context }) => {
        await core.transaction(async (tx) => {
          const mekkoId = await chartOfTimeframe(core, tx, id, true);
          await chartOf(context!.product!.id, mekkoId, tx);
          await tx.query('delete from outcomes_timeframes where id = $1', [id]);
        });
        return { data: { id } };
      });
    },
  });
}

export default outcomesServer();
