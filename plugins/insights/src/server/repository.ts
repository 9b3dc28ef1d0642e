import type { Queryable, ServerCore } from '@discovery/server';
import { INSIGHTS_MESSAGES as M, type InsightTabDto, type InsightWidgetDto, type OwnerType, type WidgetAttributeDto } from '../common';
import type * as z from 'zod';
import type { TabInput, WidgetInput } from '../common';

/** Whose tabs: an owner in the product and region of X-Context, or the region itself (product null). */
export interface OwnerScope {
  ownerType: OwnerType;
  ownerId: number;
  productId: number | null;
  regionId: number;
}

type Db = Pick<Queryable, 'query'>;
type Row = Record<string, unknown>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const OWNER_WHERE = 't.owner_type = $1 and t.owner_id = $2 and t.region_id = $3 and t.product_id is not distinct from $4';
const ownerArgs = (s: OwnerScope) => [s.ownerType, s.ownerId, s.regionId, s.productId];

/** The owner's tabs with their widgets and attributes, in order (tabs by order then id, widgets and attributes by position). */
export async function tabsOf(db: Db, scope: OwnerScope, level?: 'market' | 'person'): Promise<InsightTabDto[]> {
  const tabs = await db.query<Row>(
    `select t.id, t.owner_type, t.owner_id, t.name, t.level, t."order" from insights_tabs t where ${OWNER_WHERE}${level ? ' and t.level = $5' : ''} order by t."order", t.id`,
    [...ownerArgs(scope), ...(level ? [level] : [])],
  );
  if (!tabs.length) return [];
  const ids = tabs.map((t) => Number(t.id));
  const widgets = await db.query<Row>(
    'select id, insight_tab_id, name, demographic_category, position from insights_widgets where insight_tab_id = any($1::int[]) order by position, id',
    [ids],
  );
  const attrs = widgets.length
    ? await db.query<Row>(
        'select id, insight_widget_id, name, value, percent, position, segment_identifier from insights_widget_attributes where insight_widget_id = any($1::int[]) order by position, id',
        [widgets.map((w) => Number(w.id))],
      )
    : [];
  const attributesOf = new Map<number, WidgetAttributeDto[]>();
  for (const a of attrs) {
    const list = attributesOf.get(Number(a.insight_widget_id)) ?? [];
    list.push({
      id: Number(a.id),
      name: String(a.name),
      value: num(a.value),
      percent: num(a.percent),
      position: Number(a.position),
      segment_identifier: (a.segment_identifier as string | null) ?? null,
    });
    attributesOf.set(Number(a.insight_widget_id), list);
  }
  return tabs.map((t) => ({
    id: Number(t.id),
    owner_type: t.owner_type as OwnerType,
    owner_id: Number(t.owner_id),
    name: String(t.name),
    level: t.level as 'market' | 'person',
    order: Number(t.order),
    widgets: widgets
      .filter((w) => Number(w.insight_tab_id) === Number(t.id))
      .map((w) => ({
        id: Number(w.id),
        insight_tab_id: Number(w.insight_tab_id),
        name: String(w.name),
        demographic_category: String(w.demographic_category),
        position: Number(w.position),
        attributes: attributesOf.get(Number(w.id)) ?? [],
      })),
  }));
}

async function widgetById(db: Db, id: number): Promise<InsightWidgetDto> {
  const [w] = await db.query<Row>('select id, insight_tab_id, name, demographic_category, position from insights_widgets where id = $1', [id]);
  const attrs = await db.query<Row>(
    'select id, name, value, percent, position, segment_identifier from insights_widget_attributes where insight_widget_id = $1 order by position, id',
    [id],
  );
  return {
    id: Number(w.id),
    insight_tab_id: Number(w.insight_tab_id),
    name: String(w.name),
    demographic_category: String(w.demographic_category),
    position: Number(w.position),
    attributes: attrs.map((a) => ({
      id: Number(a.id),
      name: String(a.name),
      value: num(a.value),
      percent: num(a.percent),
      position: Number(a.position),
      segment_identifier: (a.segment_identifier as string | null) ?? null,
    })),
  };
}

/** The owner's tab, or 404: a tab of another owner, product or region is not found (no map of others' ids). */
async function tabInScope(core: ServerCore, db: Db, scope: OwnerScope, id: number): Promise<Row> {
  const [t] = await db.query<Row>(`select t.id, t.level from insights_tabs t where t.id = $5 and ${OWNER_WHERE} for update`, [...ownerArgs(scope), id]);
  if (!t) throw core.errors.notFound(`Tab ${id} does not exist.`);
  return t;
}

async function widgetInScope(core: ServerCore, db: Db, scope: OwnerScope, id: number): Promise<Row> {
  const [w] = await db.query<Row>(
    `select w.id, w.insight_tab_id from insights_widgets w join insights_tabs t on t.id = w.insight_tab_id where w.id = $5 and ${OWNER_WHERE} for update of w`,
    [...ownerArgs(scope), id],
  );
  if (!w) throw core.errors.notFound(`Widget ${id} does not exist.`);
  return w;
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** The tab a widget goes to: the one named by id (same owner and level), or a new one by name (or the existing one of that name). */
async function targetTab(core: ServerCore, tx: Db, scope: OwnerScope, w: z.output<typeof WidgetInput>): Promise<number> {
  if (w.insight_tab_id) {
    const t = await tabInScope(core, tx, scope, w.insight_tab_id);
    if (t.level !== w.level) throw core.errors.unprocessable(M.tabLevel, { 'insight_widget.insight_tab_id': M.tabLevel });
    return Number(t.id);
  }
  const name = w.tab_name!;
  const [existing] = await tx.query<Row>(`select t.id from insights_tabs t where ${OWNER_WHERE} and t.level = $5 and lower(t.name) = lower($6)`, [
    ...ownerArgs(scope),
    w.level,
    name,
  ]);
  if (existing) return Number(existing.id);
  const [{ next }] = await tx.query<{ next: number }>(
    `select coalesce(max(t."order") + 1, 0) as next from insights_tabs t where ${OWNER_WHERE}`,
    ownerArgs(scope),
  );
  const [created] = await tx.query<Row>(
    'insert into insights_tabs (product_id, region_id, owner_type, owner_id, name, level, "order") values ($1, $2, $3, $4, $5, $6, $7) returning id',
    [scope.productId, scope.regionId, scope.ownerType, scope.ownerId, name, w.level, Number(next)],
  );
  return Number(created.id);
}

async function writeAttributes(tx: Db, widgetId: number, w: z.output<typeof WidgetInput>): Promise<void> {
  await tx.query('delete from insights_widget_attributes where insight_widget_id = $1', [widgetId]);
  const rows = w.attributes.map((a, i) => [widgetId, a.name, a.value ?? null, a.percent ?? null, i + 1, a.segment_identifier ?? null]);
  const values = rows.map((_, i) => `($${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3}, $${i * 6 + 4}, $${i * 6 + 5}, $${i * 6 + 6})`).join(', ');
  await tx.query(
    `insert into insights_widget_attributes (insight_widget_id, name, value, percent, position, segment_identifier) values ${values}`,
    rows.flat(),
  );
}

/** Deletes a tab left without widgets (a widget moved or deleted): an empty custom tab shows nothing. */
async function dropIfEmpty(tx: Db, tabId: number): Promise<void> {
  await tx.query('delete from insights_tabs t where t.id = $1 and not exists (select 1 from insights_widgets w where w.insight_tab_id = t.id)', [tabId]);
}

/** Creates (id null) or replaces a widget with its attributes, and its tab when new: one transaction. */
export async function saveWidget(core: ServerCore, scope: OwnerScope, id: number | null, w: z.output<typeof WidgetInput>): Promise<InsightWidgetDto> {
  try {
    return await core.transaction(async (tx) => {
      let previousTab: number | null = null;
      if (id !== null) previousTab = Number((await widgetInScope(core, tx, scope, id)).insight_tab_id);
      const tabId = await targetTab(core, tx, scope, w);
      let widgetId: number;
      if (id === null) {
        const [{ next }] = await tx.query<{ next: number }>('select coalesce(max(position) + 1, 1) as next from insights_widgets where insight_tab_id = $1', [
          tabId,
        ]);
        const [row] = await tx.query<Row>(
          'insert into insights_widgets (insight_tab_id, name, demographic_category, position) values ($1, $2, $3, $4) returning id',
          [tabId, w.name, w.demographic_category, Number(next)],
        );
        widgetId = Number(row.id);
      } else {
        widgetId = id;
        if (previousTab !== tabId) {
          const [{ next }] = await tx.query<{ next: number }>('select coalesce(max(position) + 1, 1) as next from insights_widgets where insight_tab_id = $1', [
            tabId,
          ]);
          await tx.query('update insights_widgets set insight_tab_id = $2, position = $3 where id = $1', [id, tabId, Number(next)]);
        }
        await tx.query('update insights_widgets set name = $2, demographic_category = $3 where id = $1', [id, w.name, w.demographic_category]);
      }
      await writeAttributes(tx, widgetId, w);
      await tx.query('update insights_tabs set updated_at = now() where id = $1', [tabId]);
      if (previousTab !== null && previousTab !== tabId) await dropIfEmpty(tx, previousTab);
      return widgetById(tx, widgetId);
    });
  } catch (e) {
    // Two saves naming the same new tab at once: the unique index keeps one; the other is told.
    if (isUniqueViolation(e)) throw core.errors.unprocessable(M.tabTaken, { 'insight_widget.tab_name': M.tabTaken });
    throw e;
  }
}

export async function deleteWidget(core: ServerCore, scope: OwnerScope, id: number): Promise<string> {
  return core.transaction(async (tx) => {
    const w = await widgetInScope(core, tx, scope, id);
    const [row] = await tx.query<Row>('delete from insights_widgets where id = $1 returning name', [id]);
    await dropIfEmpty(tx, Number(w.insight_tab_id));
    return `Widget '${row.name}' deleted.`;
  });
}

export async function updateTab(core: ServerCore, scope: OwnerScope, id: number, input: z.output<typeof TabInput>): Promise<InsightTabDto> {
  try {
    await core.transaction(async (tx) => {
      await tabInScope(core, tx, scope, id);
      await tx.query('update insights_tabs set name = $2, "order" = coalesce($3, "order"), updated_at = now() where id = $1', [
        id,
        input.name,
        input.order ?? null,
      ]);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw core.errors.unprocessable(M.tabTaken, { 'insight_tab.name': M.tabTaken });
    throw e;
  }
  return (await tabsOf(core, scope)).find((t) => t.id === id)!;
}

export async function deleteTab(core: ServerCore, scope: OwnerScope, id: number): Promise<string> {
  return core.transaction(async (tx) => {
    await tabInScope(core, tx, scope, id);
    const [row] = await tx.query<Row>('delete from insights_tabs where id = $1 returning name', [id]);
    return `Tab '${row.name}' deleted.`;
  });
}
