import type { NavCategory } from '@discovery/plugin-api';
import type { Queryable } from '@discovery/server';
import type { RegionRef, ToolboxCategoryDto, ToolboxUnitDto } from '../common';

type Db = Pick<Queryable, 'query'>;

const UNIT_COLUMNS = `u.id, u.client_id, c.slug as client_slug, u.name, u.status, u.region_ids, u.use_client_hierarchy,
  u.feature_module_category, u.iframed, u.url, u.category_id, tc.priority as category_priority`;
const UNIT_FROM = 'toolbox_units u join clients c on c.id = u.client_id left join toolbox_categories tc on tc.id = u.category_id';

type Row = Record<string, unknown>;

export function toUnitDto(r: Row): ToolboxUnitDto {
  const regions = (typeof r.region_ids === 'string' ? JSON.parse(r.region_ids) : r.region_ids) as RegionRef[];
  return {
    id: Number(r.id),
    client_id: Number(r.client_id),
    client_slug: String(r.client_slug),
    name: String(r.name),
    status: r.status === true,
    region_ids: regions.map((x) => (x === 'all' ? 'all' : Number(x))),
    use_client_hierarchy: r.use_client_hierarchy === true,
    feature_module_category: r.feature_module_category as NavCategory,
    iframed: r.iframed === true,
    url: String(r.url),
    category_id: r.category_id === null || r.category_id === undefined ? null : Number(r.category_id),
    category_priority: r.category_priority === null || r.category_priority === undefined ? null : Number(r.category_priority),
  };
}

export function toCategoryDto(r: Row): ToolboxCategoryDto {
  return { id: Number(r.id), client_id: Number(r.client_id), name: String(r.name), priority: Number(r.priority), status: r.status === true };
}

/** A client's units; `navOnly` keeps the ones with status true (TBX-006 'nav'). */
export async function unitsOf(db: Db, clientId: number, navOnly: boolean): Promise<ToolboxUnitDto[]> {
  const rows = await db.query<Row>(
    `select ${UNIT_COLUMNS} from ${UNIT_FROM} where u.client_id = $1 ${navOnly ? 'and u.status' : ''}
     order by tc.priority nulls last, lower(u.name), u.id`,
    [clientId],
  );
  return rows.map(toUnitDto);
}

/** The units named `name` (names are unique per client) among these clients, status true only. */
export async function activeUnitsNamed(db: Db, name: string, clientIds: readonly number[]): Promise<ToolboxUnitDto[]> {
  if (clientIds.length === 0) return [];
  const rows = await db.query<Row>(`select ${UNIT_COLUMNS} from ${UNIT_FROM} where u.name = $1 and u.status and u.client_id = any($2::int[])`, [
    name,
    clientIds,
  ]);
  return rows.map(toUnitDto);
}

export async function unitById(db: Db, id: number): Promise<ToolboxUnitDto | null> {
  const [row] = await db.query<Row>(`select ${UNIT_COLUMNS} from ${UNIT_FROM} where u.id = $1`, [id]);
  return row ? toUnitDto(row) : null;
}

export async function categoriesOf(db: Db, clientId: number): Promise<ToolboxCategoryDto[]> {
  const rows = await db.query<Row>('select * from toolbox_categories where client_id = $1 order by priority, lower(name), id', [clientId]);
  return rows.map(toCategoryDto);
}

export async function categoryById(db: Db, id: number): Promise<ToolboxCategoryDto | null> {
  const [row] = await db.query<Row>('select * from toolbox_categories where id = $1', [id]);
  return row ? toCategoryDto(row) : null;
}
