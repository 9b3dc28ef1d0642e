import type { CountsEngine } from '@discovery/counts';
import { filterGroupOf } from '@discovery/insights-kit/common';
import type { Queryable, ServerCore } from '@discovery/server';
import { ALL_DATA_NAME, MESSAGES, personaRules, type PersonaDto, type PersonaSegmentDto } from '../common';

/** The core or a transaction: anything that runs a query. */
export type Db = Pick<Queryable, 'query'>;

export interface PersonaRow {
  id: number;
  name: string;
  segments: PersonaSegmentDto[] | string;
  is_all_data: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, name, segments, is_all_data, created_at, updated_at';
const iso = (d: Date | string) => new Date(d).toISOString();
const parse = (v: PersonaRow['segments']) => (typeof v === 'string' ? (JSON.parse(v) as PersonaSegmentDto[]) : v);

export function segmentsOf(r: PersonaRow): PersonaSegmentDto[] {
  return parse(r.segments);
}

/** EXP-008: the row as the API answers it; `invalid` is the engine's check of the identifiers. */
export function toDto(r: PersonaRow, defaultId: number, invalid: (ids: string[]) => string[]): PersonaDto {
  const segments = parse(r.segments);
  const identifiers = segments.map((s) => s.short_id);
  const id = Number(r.id);
  return {
    id,
    name: r.name,
    identifiers,
    segments,
    rules: personaRules(segments),
    is_all_data: r.is_all_data,
    default: defaultId ? id === defaultId : r.is_all_data,
    hasDefault: defaultId > 0,
    deletedSegmentIds: invalid(identifiers),
    deletedSegmentsChecked: true,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/**
 * The segments of a save, named and grouped by the engine's taxonomy (the category is the last part
 * of the path, as the picker and the filter bar have it); 422 naming each unknown one.
 */
export function resolveSegments(core: ServerCore, e: CountsEngine, ids: readonly string[]): PersonaSegmentDto[] {
  const bad: Record<string, string> = {};
  const out: PersonaSegmentDto[] = [];
  ids.forEach((id, i) => {
    const s = e.segment(id);
    if (!s) bad[`persona.identifiers.${i}`] = MESSAGES.unknownSegment;
    else out.push({ short_id: s.short_id, name: s.name, group: filterGroupOf({ path: s.path.join(' > ') }) });
  });
  const [first] = Object.values(bad);
  if (first) throw core.errors.unprocessable(first, bad);
  return out;
}

/** SRV-108: the product always has its all-data persona (made the first time the product's personas are read). */
export async function ensureAllData(db: Db, productId: number): Promise<void> {
  await db.query(
    `insert into explore_personas (product_id, name, is_all_data)
     select $1, $2, true where not exists (select 1 from explore_personas where product_id = $1 and is_all_data)
     on conflict do nothing`,
    [productId, ALL_DATA_NAME],
  );
}

export async function listRows(db: Db, productId: number): Promise<PersonaRow[]> {
  return db.query<PersonaRow>(`select ${COLUMNS} from explore_personas where product_id = $1 order by lower(name), id`, [productId]);
}

/** The persona in the product, or 404 (an id from another product finds nothing). */
export async function rowInProduct(core: ServerCore, db: Db, id: number, productId: number, lock = false): Promise<PersonaRow> {
  const [r] = await db.query<PersonaRow>(`select ${COLUMNS} from explore_personas where id = $1 and product_id = $2${lock ? ' for update' : ''}`, [
    id,
    productId,
  ]);
  if (!r) throw core.errors.notFound(MESSAGES.notFound);
  return r;
}

/** EXP-009 / SRV-108: the all-data persona cannot be edited, copied or deleted. */
export function refuseAllData(core: ServerCore, r: PersonaRow): void {
  if (r.is_all_data) throw core.errors.forbidden(MESSAGES.allData);
}

export async function insertRow(db: Db, productId: number, userId: number | null, name: string, segments: PersonaSegmentDto[]): Promise<PersonaRow> {
  const [r] = await db.query<PersonaRow>(`insert into explore_personas (product_id, name, segments, created_by) values ($1, $2, $3, $4) returning ${COLUMNS}`, [
    productId,
    name,
    JSON.stringify(segments),
    userId,
  ]);
  return r;
}

export async function updateRow(db: Db, id: number, name: string, segments: PersonaSegmentDto[]): Promise<PersonaRow> {
  const [r] = await db.query<PersonaRow>(`update explore_personas set name = $2, segments = $3, updated_at = now() where id = $1 returning ${COLUMNS}`, [
    id,
    name,
    JSON.stringify(segments),
  ]);
  return r;
}
