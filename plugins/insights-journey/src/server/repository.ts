import { NODES_IN_CLIENT_SQL } from '@discovery/plugin-discussions/common';
import type { Queryable, ServerCore } from '@discovery/server';
import {
  cellBrandKey,
  cellStageKey,
  itemKey,
  JOURNEY_MESSAGES as M,
  type JourneyBrandDto,
  type JourneyDto,
  type JourneyParsed,
  type JourneyStageDto,
  type JourneySubMarketDto,
  type JourneySummaryDto,
  type StageIcon,
} from '../common';

type Db = Pick<Queryable, 'query'>;
type Row = Record<string, unknown>;

const JOURNEY_COLS = 'j.id, j.name, j.has_transition_data, j.updated_at, (d.journey_id is not null) as is_default';
const FROM_JOURNEY = 'insights_journey_journeys j left join insights_journey_defaults d on d.product_id = j.product_id and d.journey_id = j.id';
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toCell = (r: Row): JourneySubMarketDto => ({
  id: Number(r.id),
  journey_brand_id: Number(r.journey_brand_id),
  journey_stage_id: Number(r.journey_stage_id),
  population: Number(r.population),
  matched_id: (r.matched_id as string | null) ?? null,
  modeled_id: (r.modeled_id as string | null) ?? null,
  discussion_cluster_node_id: num(r.discussion_cluster_node_id),
});

/** Every segment id the journey's cells name. */
export function journeyIdentifiers(j: Pick<JourneyDto, 'sub_markets'>): string[] {
  return [...new Set(j.sub_markets.flatMap((c) => [c.matched_id, c.modeled_id].filter((x): x is string => !!x)))];
}

/** SRV-084: the product's journeys by name, with the segment ids each names (for `invalid`). */
export async function listJourneys(db: Db, productId: number): Promise<(Omit<JourneySummaryDto, 'invalid'> & { identifiers: string[] })[]> {
  const rows = await db.query<Row>(
    `select ${JOURNEY_COLS},
            coalesce((select array_agg(distinct x) from insights_journey_sub_markets s, unnest(array[s.matched_id, s.modeled_id]) x
                       where s.journey_id = j.id and x is not null), '{}') as identifiers
       from ${FROM_JOURNEY} where j.product_id = $1 order by lower(j.name), j.id`,
    [productId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    default: r.is_default === true,
    has_transition_data: r.has_transition_data === true,
    identifiers: (r.identifiers as string[]) ?? [],
  }));
}

/** The journey of the product (brands by order, stages by priority), or 404: a journey of another product is not found. */
export async function journeyOf(core: ServerCore, db: Db, productId: number, id: number, lock = false): Promise<Omit<JourneyDto, 'invalid_identifiers'>> {
  const [row] = await db.query<Row>(`select ${JOURNEY_COLS} from ${FROM_JOURNEY} where j.id = $1 and j.product_id = $2${lock ? ' for update of j' : ''}`, [
    id,
    productId,
  ]);
  if (!row) throw core.errors.notFound(`Journey ${id} does not exist.`);
  const [brands, stages, cells] = await Promise.all([
    db.query<Row>('select id, name, "order" from insights_journey_brands where journey_id = $1 order by "order", id', [id]),
    db.query<Row>('select id, name, priority, icon from insights_journey_stages where journey_id = $1 order by priority, id', [id]),
    db.query<Row>(
      `select s.id, s.journey_brand_id, s.journey_stage_id, s.population, s.matched_id, s.modeled_id, s.discussion_cluster_node_id
         from insights_journey_sub_markets s
         join insights_journey_brands b on b.id = s.journey_brand_id
         join insights_journey_stages t on t.id = s.journey_stage_id
        where s.journey_id = $1 order by b."order", b.id, t.priority, t.id`,
      [id],
    ),
  ]);
  return {
    id: Number(row.id),
    name: String(row.name),
    default: row.is_default === true,
    has_transition_data: row.has_transition_data === true,
    updated_at: new Date(row.updated_at as string).toISOString(),
    brands: brands.map((b): JourneyBrandDto => ({ id: Number(b.id), name: String(b.name), order: Number(b.order) })),
    stages: stages.map((s): JourneyStageDto => ({ id: Number(s.id), name: String(s.name), priority: Number(s.priority), icon: s.icon as StageIcon })),
    sub_markets: cells.map(toCell),
  };
}

/** JRN-045 / SRV-085: the name is free among the product's other journeys (trimmed, case-insensitive). */
export async function checkName(core: ServerCore, db: Db, productId: number, name: string, ownId: number | null): Promise<void> {
  const [taken] = await db.query('select 1 from insights_journey_journeys where product_id = $1 and lower(btrim(name)) = lower(btrim($2)) and id <> $3', [
    productId,
    name,
    ownId ?? 0,
  ]);
  if (taken) throw core.errors.unprocessable(M.nameInUse, { 'journey.name': M.nameInUse });
}

/** SRV-088: the product's default pointer: set to this journey, or cleared when this journey was it. */
export async function setDefault(db: Db, productId: number, journeyId: number, on: boolean): Promise<void> {
  if (on) {
    await db.query(
      'insert into insights_journey_defaults (product_id, journey_id) values ($1, $2) on conflict (product_id) do update set journey_id = excluded.journey_id',
      [productId, journeyId],
    );
  } else {
    await db.query('delete from insights_journey_defaults where product_id = $1 and journey_id = $2', [productId, journeyId]);
  }
}

/** JRN-054 / A-34: which of `ids` are discussion nodes of the client (the discussions plugin's check, from its ./common). */
export async function knownDiscussionNodes(db: Db, clientId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.query<{ id: number }>(NODES_IN_CLIENT_SQL, [ids, clientId]);
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * SRV-085: writes the whole journey in the caller's transaction: brands and stages by id (kept,
 * renamed, reindexed 0..n in the body's order: JRN-044) or new_id (inserted; the map gives each
 * new_id its real id), those left out deleted with their cells, and one cell per brand × stage
 * (the body's, or an empty one). Ids of another journey are refused, naming the field.
 */
export async function writeJourney(core: ServerCore, tx: Db, productId: number, id: number | null, j: JourneyParsed): Promise<number> {
  let journeyId: number;
  if (id === null) {
    const [row] = await tx.query<{ id: number }>(
      'insert into insights_journey_journeys (product_id, name, has_transition_data) values ($1, $2, $3) returning id',
      [productId, j.name, j.has_transition_data],
    );
    journeyId = Number(row.id);
  } else {
    journeyId = id;
    await tx.query('update insights_journey_journeys set name = $2, has_transition_data = $3, updated_at = now() where id = $1', [
      id,
      j.name,
      j.has_transition_data,
    ]);
  }

  const sync = async (table: 'insights_journey_brands' | 'insights_journey_stages', field: 'brands' | 'stages', rank: 'order' | 'priority') => {
    const items = j[field];
    const existing = new Set((await tx.query<{ id: number }>(`select id from ${table} where journey_id = $1`, [journeyId])).map((r) => Number(r.id)));
    items.forEach((x, i) => {
      if (typeof x.id === 'number' && !existing.has(x.id)) {
        const message = `${field === 'brands' ? 'Brand' : 'Stage'} ${x.id} is not part of this journey.`;
        throw core.errors.unprocessable(message, { [`journey.${field}.${i}.id`]: message });
      }
    });
    const kept = items.map((x) => x.id).filter((x): x is number => typeof x === 'number');
    await tx.query(`delete from ${table} where journey_id = $1 and not (id = any($2::int[]))`, [journeyId, kept]);
    const keys = new Map<string, number>();
    for (const [i, x] of items.entries()) {
      const icon = field === 'stages' ? ((x as JourneyParsed['stages'][number]).icon ?? 'blank') : null;
      const cols = field === 'stages' ? `name, "${rank}", icon` : `name, "${rank}"`;
      const vals = field === 'stages' ? [x.name, i, icon] : [x.name, i];
      if (typeof x.id === 'number') {
        const set = field === 'stages' ? `name = $2, "${rank}" = $3, icon = $4` : `name = $2, "${rank}" = $3`;
        await tx.query(`update ${table} set ${set} where id = $1`, [x.id, ...vals]);
        keys.set(itemKey(x)!, x.id);
      } else {
        const params = vals.map((_, k) => `$${k + 2}`).join(', ');
        const [row] = await tx.query<{ id: number }>(`insert into ${table} (journey_id, ${cols}) values ($1, ${params}) returning id`, [journeyId, ...vals]);
        keys.set(itemKey(x)!, Number(row.id));
      }
    }
    return keys;
  };
  const brands = await sync('insights_journey_brands', 'brands', 'order');
  const stages = await sync('insights_journey_stages', 'stages', 'priority');

  const cells = new Map<string, JourneyParsed['sub_markets'][number]>();
  for (const c of j.sub_markets) cells.set(`${brands.get(cellBrandKey(c)!)}|${stages.get(cellStageKey(c)!)}`, c);
  for (const b of brands.values()) {
    for (const s of stages.values()) {
      const c = cells.get(`${b}|${s}`);
      await tx.query(
        `insert into insights_journey_sub_markets (journey_id, journey_brand_id, journey_stage_id, population, matched_id, modeled_id, discussion_cluster_node_id)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (journey_brand_id, journey_stage_id) do update
           set population = excluded.population, matched_id = excluded.matched_id, modeled_id = excluded.modeled_id,
               discussion_cluster_node_id = excluded.discussion_cluster_node_id`,
        [journeyId, b, s, c?.population ?? 0, c?.matched_id ?? null, c?.modeled_id ?? null, c?.discussion_cluster_node_id ?? null],
      );
    }
  }
  await setDefault(tx, productId, journeyId, j.default);
  return journeyId;
}

/**
 * What the counts call needs of a journey, in one query: brand ids by order, stage ids by
 * priority and the cells' segments (every journey has a cell per brand × stage); 404 when the
 * journey is not the product's.
 */
export async function countsShapeOf(core: ServerCore, db: Db, productId: number, id: number): Promise<Pick<JourneyDto, 'brands' | 'stages' | 'sub_markets'>> {
  const rows = await db.query<Row>(
    `select s.id, s.journey_brand_id, s.journey_stage_id, s.population, s.matched_id, s.modeled_id, s.discussion_cluster_node_id,
            b.name as brand_name, b."order", t.name as stage_name, t.priority, t.icon
       from insights_journey_journeys j
       join insights_journey_sub_markets s on s.journey_id = j.id
       join insights_journey_brands b on b.id = s.journey_brand_id
       join insights_journey_stages t on t.id = s.journey_stage_id
      where j.id = $1 and j.product_id = $2
      order by b."order", b.id, t.priority, t.id`,
    [id, productId],
  );
  if (!rows.length) throw core.errors.notFound(`Journey ${id} does not exist.`);
  const brands = new Map<number, JourneyBrandDto>();
  const stages = new Map<number, JourneyStageDto>();
  for (const r of rows) {
    const b = Number(r.journey_brand_id);
    const s = Number(r.journey_stage_id);
    if (!brands.has(b)) brands.set(b, { id: b, name: String(r.brand_name), order: Number(r.order) });
    if (!stages.has(s)) stages.set(s, { id: s, name: String(r.stage_name), priority: Number(r.priority), icon: r.icon as StageIcon });
  }
  return { brands: [...brands.values()], stages: [...stages.values()], sub_markets: rows.map(toCell) };
}
