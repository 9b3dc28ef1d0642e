import type { Queryable, ServerCore } from '@discovery/server';
import { OUTCOMES_MESSAGES as M, zeroFill, type ChartShape, type OutcomeTimeframeDto } from '../common';
import type { OutcomeTimeframeBody } from '../common';
import type * as z from 'zod';

type Db = Pick<Queryable, 'query'>;
type Input = z.output<typeof OutcomeTimeframeBody>['outcome_timeframe'];

const n = (v: unknown) => Number(v);

/** SRV-099: the chart's stored timeframes, oldest first, each zero-filled against the chart (OUT-052). */
export async function listTimeframes(db: Db, chart: ChartShape & { id: number }, ids?: number[]): Promise<OutcomeTimeframeDto[]> {
  const rows = await db.query<Record<string, unknown>>(
    `select id, mekko_id, year, month, total, matched, modeled from outcomes_timeframes
      where mekko_id = $1 and ($2::int[] is null or id = any($2::int[])) order by year, month`,
    [chart.id, ids ?? null],
  );
  if (!rows.length) return [];
  const tfIds = rows.map((r) => n(r.id));
  const [markets, subs] = await Promise.all([
    db.query<Record<string, unknown>>(
      'select id, outcome_timeframe_id, market_id, total, matched, modeled from outcomes_market_outcomes where outcome_timeframe_id = any($1::int[])',
      [tfIds],
    ),
    db.query<Record<string, unknown>>(
      'select id, outcome_timeframe_id, market_id, sub_market_id, total, matched, modeled from outcomes_submarket_outcomes where outcome_timeframe_id = any($1::int[])',
      [tfIds],
    ),
  ]);
  return rows.map((r) => {
    const id = n(r.id);
    return zeroFill(
      {
        id,
        mekko_id: n(r.mekko_id),
        year: n(r.year),
        month: n(r.month),
        current: false,
        total: n(r.total),
        matched: n(r.matched),
        modeled: n(r.modeled),
        market_outcomes: markets
          .filter((m) => n(m.outcome_timeframe_id) === id)
          .map((m) => ({ id: n(m.id), market_id: n(m.market_id), total: n(m.total), matched: n(m.matched), modeled: n(m.modeled) })),
        submarket_outcomes: subs
          .filter((s) => n(s.outcome_timeframe_id) === id)
          .map((s) => ({
            id: n(s.id),
            sub_market_id: n(s.sub_market_id),
            market_id: n(s.market_id),
            total: n(s.total),
            matched: n(s.matched),
            modeled: n(s.modeled),
          })),
      },
      chart,
    );
  });
}

/** The chart a stored timeframe belongs to; 404 for an unknown id. */
export async function chartOfTimeframe(core: ServerCore, db: Db, id: number, lock = false): Promise<number> {
  const [row] = await db.query<{ mekko_id: number }>(`select mekko_id from outcomes_timeframes where id = $1${lock ? ' for update' : ''}`, [id]);
  if (!row) throw core.errors.notFound(M.notFound);
  return n(row.mekko_id);
}

/**
 * SRV-100/101: the timeframe and its nested market and sub-market outcomes, in the caller's
 * transaction. Every outcome must name a market (and an audience of that market) of the chart;
 * an id sent with a nested row must be that row of this timeframe. Rows are matched by their
 * market or audience, so a second save of the same entry updates it.
 */
export async function saveTimeframe(core: ServerCore, tx: Queryable, chart: ChartShape & { id: number }, id: number | null, t: Input): Promise<number> {
  const markets = new Set(chart.markets.map((k) => k.id));
  const subOf = new Map(chart.markets.flatMap((k) => k.sub_markets.map((s) => [s.id, k.id] as const)));
  t.market_outcomes_attributes.forEach((m, i) => {
    if (!markets.has(m.market_id))
      throw core.errors.unprocessable(M.unknownMarket, { [`outcome_timeframe.market_outcomes_attributes.${i}.market_id`]: M.unknownMarket });
  });
  t.submarket_outcomes_attributes.forEach((s, i) => {
    if (subOf.get(s.sub_market_id) !== s.market_id)
      throw core.errors.unprocessable(M.unknownSubMarket, { [`outcome_timeframe.submarket_outcomes_attributes.${i}.sub_market_id`]: M.unknownSubMarket });
  });
  let tfId: number;
  if (id === null) {
    const [row] = await tx.query<{ id: number }>(
      'insert into outcomes_timeframes (mekko_id, year, month, total, matched, modeled) values ($1, $2, $3, $4, $5, $6) returning id',
      [chart.id, t.year, t.month, t.total, t.matched, t.modeled],
    );
    tfId = n(row.id);
  } else {
    await tx.query('update outcomes_timeframes set year = $2, month = $3, total = $4, matched = $5, modeled = $6, updated_at = now() where id = $1', [
      id,
      t.year,
      t.month,
      t.total,
      t.matched,
      t.modeled,
    ]);
    tfId = id;
  }
  const checkIds = async (table: string, ids: number[], field: string) => {
    if (!ids.length) return;
    const found = await tx.query<{ id: number }>(`select id from ${table} where outcome_timeframe_id = $1 and id = any($2::int[])`, [tfId, ids]);
    if (found.length !== new Set(ids).size) throw core.errors.unprocessable(M.notFound, { [field]: M.notFound });
  };
  await checkIds(
    'outcomes_market_outcomes',
    t.market_outcomes_attributes.flatMap((m) => (m.id ? [m.id] : [])),
    'outcome_timeframe.market_outcomes_attributes',
  );
  await checkIds(
    'outcomes_submarket_outcomes',
    t.submarket_outcomes_attributes.flatMap((s) => (s.id ? [s.id] : [])),
    'outcome_timeframe.submarket_outcomes_attributes',
  );
  for (const m of t.market_outcomes_attributes)
    await tx.query(
      `insert into outcomes_market_outcomes (outcome_timeframe_id, market_id, total, matched, modeled) values ($1, $2, $3, $4, $5)
       on conflict (outcome_timeframe_id, market_id) do update set total = excluded.total, matched = excluded.matched, modeled = excluded.modeled`,
      [tfId, m.market_id, m.total, m.matched, m.modeled],
    );
  for (const s of t.submarket_outcomes_attributes)
    await tx.query(
      `insert into outcomes_submarket_outcomes (outcome_timeframe_id, market_id, sub_market_id, total, matched, modeled) values ($1, $2, $3, $4, $5, $6)
       on conflict (outcome_timeframe_id, sub_market_id) do update set market_id = excluded.market_id, total = excluded.total, matched = excluded.matched, modeled = excluded.modeled`,
      [tfId, s.market_id, s.sub_market_id, s.total, s.matched, s.modeled],
    );
  return tfId;
}
