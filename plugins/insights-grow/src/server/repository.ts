import type { Queryable, ServerCore } from '@discovery/server';
import {
  GROW_MESSAGES as M,
  type MarketDto,
  type MekkoDto,
  type MekkoSummaryDto,
  type SubMarketDto,
  type CountType,
  type SubMarketTag,
  type Vertical,
} from '../common';

type Db = Pick<Queryable, 'query'>;
type Row = Record<string, unknown>;

const MEKKO_COLS = 'm.id, m.name, m.measurement_label, m.count_type, m.vertical_type, (d.mekko_id is not null) as is_default';
const FROM_MEKKO = 'insights_grow_mekkos m left join insights_grow_default_mekkos d on d.product_id = m.product_id and d.mekko_id = m.id';

const toSummary = (r: Row): MekkoSummaryDto => ({
  id: Number(r.id),
  name: String(r.name),
  default: r.is_default === true,
  count_type: r.count_type as CountType,
  vertical_type: (r.vertical_type as string | null) ?? null,
  measurement_label: String(r.measurement_label),
});

const toSub = (r: Row): SubMarketDto => ({
  id: Number(r.id),
  market_id: Number(r.market_id),
  name: String(r.name),
  tag: r.tag as SubMarketTag,
  population: Number(r.population),
  matched_short_id: (r.matched_short_id as string | null) ?? null,
  modeled_short_id: (r.modeled_short_id as string | null) ?? null,
  webo_cluster_id: (r.webo_cluster_id as string | null) ?? null,
  discussion_cluster_node_id: r.discussion_cluster_node_id === null || r.discussion_cluster_node_id === undefined ? null : Number(r.discussion_cluster_node_id),
  order: Number(r.order),
  in_prediction_model: r.in_prediction_model === true,
});

const SUB_COLS = `s.id, s.market_id, s.name, s.tag, s.population, s.matched_short_id, s.modeled_short_id, s.webo_cluster_id, s.discussion_cluster_node_id, s."order",
  (exists (select 1 from insights_grow_prediction_models p where p.sub_market_id = s.id)
   or exists (select 1 from insights_grow_snapshots_sub_markets p where p.sub_market_id = s.id)) as in_prediction_model`;

export async function listMekkos(db: Db, productId: number): Promise<MekkoSummaryDto[]> {
  const rows = await db.query<Row>(`select ${MEKKO_COLS} from ${FROM_MEKKO} where m.product_id = $1 order by lower(m.name), m.id`, [productId]);
  return rows.map(toSummary);
}

/** The chart of the product, or 404 (a chart of another product is not found: no map of others' ids). */
export async function mekkoOf(core: ServerCore, db: Db, productId: number, id: number, lock = false): Promise<MekkoDto> {
  const [row] = await db.query<Row>(`select ${MEKKO_COLS} from ${FROM_MEKKO} where m.id = $1 and m.product_id = $2${lock ? ' for update of m' : ''}`, [
    id,
    productId,
  ]);
  if (!row) throw core.errors.notFound(`Chart ${id} does not exist.`);
  const markets = await db.query<Row>('select id, mekko_id, name, "order" from insights_grow_markets where mekko_id = $1 order by "order", id', [id]);
  const subs = markets.length
    ? await db.query<Row>(`select ${SUB_COLS} from insights_grow_sub_markets s where s.market_id = any($1::int[]) order by s."order", s.id`, [
        markets.map((m) => Number(m.id)),
      ])
    : [];
  return {
    ...toSummary(row),
    markets: markets.map((m): MarketDto => ({
      id: Number(m.id),
      mekko_id: Number(m.mekko_id),
      name: String(m.name),
      order: Number(m.order),
      sub_markets: subs.filter((s) => Number(s.market_id) === Number(m.id)).map(toSub),
    })),
  };
}

/** The market and its chart's id, in the product, or 404. */
export async function marketOf(core: ServerCore, db: Db, productId: number, id: number): Promise<{ id: number; mekko_id: number; name: string }> {
  const [row] = await db.query<Row>(
    'select k.id, k.mekko_id, k.name from insights_grow_markets k join insights_grow_mekkos m on m.id = k.mekko_id where k.id = $1 and m.product_id = $2 for update of k',
    [id, productId],
  );
  if (!row) throw core.errors.notFound(`Market ${id} does not exist.`);
  return { id: Number(row.id), mekko_id: Number(row.mekko_id), name: String(row.name) };
}

export async function subMarketOf(core: ServerCore, db: Db, productId: number, id: number): Promise<SubMarketDto & { mekko_id: number }> {
  const [row] = await db.query<Row>(
    `select ${SUB_COLS}, k.mekko_id from insights_grow_sub_markets s join insights_grow_markets k on k.id = s.market_id join insights_grow_mekkos m on m.id = k.mekko_id
     where s.id = $1 and m.product_id = $2 for update of s`,
    [id, productId],
  );
  if (!row) throw core.errors.notFound(`Audience ${id} does not exist.`);
  return { ...toSub(row), mekko_id: Number(row.mekko_id) };
}

export async function subMarketById(db: Db, id: number): Promise<SubMarketDto> {
  const [row] = await db.query<Row>(`select ${SUB_COLS} from insights_grow_sub_markets s where s.id = $1`, [id]);
  return toSub(row);
}

export async function checkMarketName(core: ServerCore, db: Db, mekkoId: number, name: string, ownId: number | null): Promise<void> {
  const [taken] = await db.query('select 1 from insights_grow_markets where mekko_id = $1 and lower(btrim(name)) = lower(btrim($2)) and id <> $3', [
    mekkoId,
    name,
    ownId ?? 0,
  ]);
  if (taken) throw core.errors.unprocessable(M.marketNameUsed, { 'market.name': M.marketNameUsed });
}

export async function checkSubMarketName(core: ServerCore, db: Db, marketId: number, name: string, ownId: number | null): Promise<void> {
  const [taken] = await db.query('select 1 from insights_grow_sub_markets where market_id = $1 and lower(btrim(name)) = lower(btrim($2)) and id <> $3', [
    marketId,
    name,
    ownId ?? 0,
  ]);
  if (taken) throw core.errors.unprocessable(M.audienceNameUsed, { 'sub_market.name': M.audienceNameUsed });
}

/** SRV-070 DESIGN: a pre-populated chart gets the vertical's markets and audiences. */
export async function seedVertical(db: Db, mekkoId: number, v: Vertical): Promise<void> {
  for (const [i, market] of v.markets.entries()) {
    const [k] = await db.query<{ id: number }>('insert into insights_grow_markets (mekko_id, name, "order") values ($1, $2, $3) returning id', [
      mekkoId,
      market.name,
      i,
    ]);
    for (const [j, s] of market.sub_markets.entries()) {
      await db.query(
        'insert into insights_grow_sub_markets (market_id, name, tag, population, matched_short_id, modeled_short_id, "order") values ($1, $2, $3, $4, $5, $6, $7)',
        [k.id, s.name, s.tag, s.population ?? 0, s.matched, s.modeled ?? null, j],
      );
    }
  }
}

/** Every segment id the chart's audiences name. */
export function chartIdentifiers(m: MekkoDto): string[] {
  return [...new Set(m.markets.flatMap((k) => k.sub_markets.flatMap((s) => [s.matched_short_id, s.modeled_short_id].filter((x): x is string => !!x))))];
}
