import { countScope } from '@discovery/insights-kit/server';
import type { Filter } from '@discovery/insights-kit/common';
import { handle, type Queryable, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { SNAPSHOT_MESSAGES as M, snapshotEndpoints as E, type SnapshotDto, type SnapshotSubMarketDto, type SnapshotSummaryDto } from '../common';
import { mekkoCounts } from './counting';
import { mekkoOf } from './repository';

type Db = Pick<Queryable, 'query'>;
type Row = Record<string, unknown>;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toSummary = (r: Row): SnapshotSummaryDto => ({
  id: Number(r.id),
  mekko_id: Number(r.mekko_id),
  name: String(r.name),
  created_at: new Date(r.created_at as string).toISOString(),
  created_by: (r.created_by_name as string | null) ?? null,
});

const toRow = (r: Row): SnapshotSubMarketDto => ({
  snapshot_id: Number(r.snapshot_id),
  sub_market_id: Number(r.sub_market_id),
  market_name: String(r.market_name),
  name: String(r.name),
  population: num(r.population),
  matched: num(r.matched),
  modeled: num(r.modeled),
  current_confidence: num(r.current_confidence),
});

const SUMMARY = `select s.id, s.mekko_id, s.name, s.created_at, s.filters, s.total_matched, s.total_modeled,
  nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as created_by_name
  from insights_grow_snapshots s join insights_grow_mekkos m on m.id = s.mekko_id left join users u on u.id = s.created_by`;

/** The snapshot in the product (its chart's product), or 404: another product's snapshots are not found. */
async function snapshotOf(core: ServerCore, db: Db, productId: number, id: number): Promise<SnapshotDto> {
  const [r] = await db.query<Row>(`${SUMMARY} where s.id = $1 and m.product_id = $2`, [id, productId]);
  if (!r) throw core.errors.notFound(M.notFound);
  const rows = await db.query<Row>('select * from insights_grow_snapshots_sub_markets where snapshot_id = $1 order by id', [id]);
  return {
    ...toSummary(r),
    filters: (typeof r.filters === 'string' ? JSON.parse(r.filters) : r.filters) as Filter[],
    total: { matched: Number(r.total_matched), modeled: Number(r.total_modeled) },
    snapshots_sub_markets: rows.map(toRow),
  };
}

/**
 * SRV-082/083: snapshots of a Grow chart. Taking one counts the chart on the server (the same
 * mekko call as the chart's counts, within the filters sent) and writes the snapshot with every
 * audience's row in one transaction.
 */
export function registerSnapshots(router: FastifyInstance, core: ServerCore): void {
  // EXP-038: the chart's snapshots, newest first; the chart must be of the product.
  handle(router, E.list, async ({ query: { mekko_id }, context }) => {
    const productId = context!.product!.id;
    await mekkoOf(core, core, productId, mekko_id);
    const rows = await core.query<Row>(`${SUMMARY} where s.mekko_id = $1 and m.product_id = $2 order by s.created_at desc, s.id desc`, [mekko_id, productId]);
    return { data: rows.map(toSummary) };
  });

  handle(router, E.get, async ({ params: { id }, context }) => ({ data: await snapshotOf(core, core, context!.product!.id, id) }));

  // EXP-039: the chart's figures now, kept.
  handle(router, E.create, async ({ body: { snapshot }, context, auth }, _req, reply) => {
    const productId = context!.product!.id;
    const [m, e] = await Promise.all([mekkoOf(core, core, productId, snapshot.mekko_id), core.counts()]);
    const counts = await mekkoCounts(e, m, countScope(e, context, snapshot.filters), core.config.tier === 3);
    const data = await core.transaction(async (tx) => {
      // The chart as counted, locked, so an audience deleted meanwhile fails the snapshot rather than half-writing it.
      await mekkoOf(core, tx, productId, m.id, true);
      const [row] = await tx.query<{ id: number }>(
        `insert into insights_grow_snapshots (mekko_id, name, filters, total_matched, total_modeled, created_by)
         values ($1, $2, $3::jsonb, $4, $5, $6) returning id`,
        [m.id, snapshot.name, JSON.stringify(snapshot.filters), counts.total.matched, counts.total.modeled, auth.user.id],
      );
      for (const k of m.markets) {
        for (const s of k.sub_markets) {
          const f = counts.sub_markets[String(s.id)] ?? { matched: 0, modeled: 0 };
          await tx.query(
            `insert into insights_grow_snapshots_sub_markets (snapshot_id, sub_market_id, market_name, name, population, matched, modeled)
             values ($1, $2, $3, $4, $5, $6, $7)`,
            [row.id, s.id, k.name, s.name, s.population, f.matched, f.modeled],
          );
        }
      }
      return snapshotOf(core, tx, productId, row.id);
    });
    reply.code(201);
    return { data };
  });

  // EXP-040.
  handle(router, E.remove, async ({ params: { id }, context }) => {
    const s = await core.transaction(async (tx) => {
      const s = await snapshotOf(core, tx, context!.product!.id, id);
      await tx.query('delete from insights_grow_snapshots where id = $1', [id]);
      return s;
    });
    return { data: { message: `Snapshot '${s.name}' deleted.` } };
  });

  // EXP-042 / SRV-083: upserts the audience's confidence record; the audience must be of the snapshot's chart.
  handle(router, E.updateConfidence, async ({ body: { snapshots_sub_market: b }, context }) => {
    const productId = context!.product!.id;
    const data = await core.transaction(async (tx) => {
      const snap = await snapshotOf(core, tx, productId, b.snapshot_id);
      const [sub] = await tx.query<Row>(
        `select s.id, s.name, k.name as market_name from insights_grow_sub_markets s join insights_grow_markets k on k.id = s.market_id
         where s.id = $1 and k.mekko_id = $2`,
        [b.sub_market_id, snap.mekko_id],
      );
      if (!sub) throw core.errors.unprocessable(M.subMarketNotInChart, { 'snapshots_sub_market.sub_market_id': M.subMarketNotInChart });
      const [row] = await tx.query<Row>(
        `insert into insights_grow_snapshots_sub_markets (snapshot_id, sub_market_id, market_name, name, current_confidence)
         values ($1, $2, $3, $4, $5)
         on conflict (snapshot_id, sub_market_id) do update set current_confidence = excluded.current_confidence
         returning *`,
        [b.snapshot_id, b.sub_market_id, sub.market_name, sub.name, b.current_confidence],
      );
      return toRow(row);
    });
    return { data };
  });
}
