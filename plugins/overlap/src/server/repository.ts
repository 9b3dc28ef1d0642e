import type { Queryable, ServerCore } from '@discovery/server';

/** The core or a transaction: anything that runs a query. */
type Db = Pick<Queryable, 'query'>;
import type { AxisEntryDto, ComparisonDto, ComparisonValues } from '../common';
import { MESSAGES } from '../common';

interface Row {
  id: number;
  name: string;
  mode: ComparisonDto['mode'];
  is_people_count: boolean;
  x_axis_name: string;
  y_axis_name: string;
  x_segments: AxisEntryDto[];
  y_segments: AxisEntryDto[];
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, name, mode, is_people_count, x_axis_name, y_axis_name, x_segments, y_segments, created_at, updated_at';
const iso = (d: Date | string) => new Date(d).toISOString();
const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as AxisEntryDto[];

export function toDto(r: Row, defaultId: number, invalid: (ids: string[]) => string[]): ComparisonDto {
  const x = parse(r.x_segments);
  const y = parse(r.y_segments);
  return {
    id: Number(r.id),
    name: r.name,
    mode: r.mode,
    default: Number(r.id) === defaultId,
    is_people_count: r.is_people_count,
    x_axis_name: r.x_axis_name,
    y_axis_name: r.y_axis_name,
    x_segments: x,
    y_segments: y,
    invalid_identifiers: invalid([...x, ...y].map((e) => e.short_id)),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** Axis entries in their order, numbered from 0 (the list's order is the truth, OVL-039). */
export const ordered = (list: readonly { short_id: string; name: string }[]): AxisEntryDto[] =>
  list.map((e, order) => ({ short_id: e.short_id, name: e.name, order }));

export async function listRows(db: Db, productId: number): Promise<Row[]> {
  return db.query<Row>(`select ${COLUMNS} from overlap_comparisons where product_id = $1 order by lower(name), id`, [productId]);
}

/** The comparison in the product, or a 404 (an id from another product finds nothing). */
export async function rowInProduct(core: ServerCore, db: Db, id: number, productId: number, lock = false): Promise<Row> {
  const [r] = await db.query<Row>(`select ${COLUMNS} from overlap_comparisons where id = $1 and product_id = $2${lock ? ' for update' : ''}`, [id, productId]);
  if (!r) throw core.errors.notFound(MESSAGES.notFound);
  return r;
}

/** The comparison in the product and this user's default id, in one query (opening a chart is hot: bench:overlap). */
export async function rowWithDefault(core: ServerCore, id: number, productId: number, userId: number): Promise<{ row: Row; defaultId: number }> {
  const [r] = await core.query<Row & { default_id: number | null }>(
    `select ${COLUMNS.split(', ')
      .map((c) => `c.${c}`)
      .join(', ')}, d.comparison_id as default_id
       from overlap_comparisons c left join overlap_defaults d on d.product_id = c.product_id and d.user_id = $3
      where c.id = $1 and c.product_id = $2`,
    [id, productId, userId],
  );
  if (!r) throw core.errors.notFound(MESSAGES.notFound);
  return { row: r, defaultId: r.default_id === null ? 0 : Number(r.default_id) };
}

export async function insertRow(db: Db, productId: number, userId: number | null, c: Omit<ComparisonValues, 'default'>): Promise<Row> {
  const [r] = await db.query<Row>(
    `insert into overlap_comparisons (product_id, name, mode, is_people_count, x_axis_name, y_axis_name, x_segments, y_segments, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${COLUMNS}`,
    [
      productId,
      c.name,
      c.mode,
      c.is_people_count,
      c.x_axis_name,
      c.y_axis_name,
      JSON.stringify(ordered(c.x_segments)),
      JSON.stringify(ordered(c.y_segments)),
      userId,
    ],
  );
  return r;
}

export async function updateRow(db: Db, id: number, c: Omit<ComparisonValues, 'default'>): Promise<Row> {
  const [r] = await db.query<Row>(
    `update overlap_comparisons set name = $2, mode = $3, is_people_count = $4, x_axis_name = $5, y_axis_name = $6, x_segments = $7, y_segments = $8, updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [id, c.name, c.mode, c.is_people_count, c.x_axis_name, c.y_axis_name, JSON.stringify(ordered(c.x_segments)), JSON.stringify(ordered(c.y_segments))],
  );
  return r;
}
