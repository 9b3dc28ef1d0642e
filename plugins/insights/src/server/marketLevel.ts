import type { MarketLevelStore, MarketScope, MarketWidget } from '@discovery/insights-kit/server';
import type { Queryable } from '@discovery/server';
import { OWNERS } from '../common';
import { tabsOf, type OwnerScope } from './repository';

const scopeOf = (s: MarketScope): OwnerScope =>
  s.owner === 'region'
    ? { ownerType: 'Region', ownerId: s.regionId, productId: null, regionId: s.regionId }
    : { ownerType: OWNERS[s.owner.kind].ownerType, ownerId: s.owner.id, productId: s.owner.productId, regionId: s.regionId };

const key = (tab: string, widget: string) => `${tab.trim().toLowerCase()}\u0000${widget.trim().toLowerCase()}`;

/**
 * Market Level as the uploads write it (core/insights-kit's MarketLevelStore): the owner's (or the
 * region's) Market Level tabs, widgets and attributes, in the caller's transaction. A tab left
 * without widgets goes (an empty custom tab shows nothing).
 */
export const marketLevelStore: MarketLevelStore = {
  async read(db, scope) {
    const tabs = await tabsOf(db, scopeOf(scope), 'market');
    return tabs.flatMap((t) =>
      t.widgets.map((w) => ({
        tab: t.name,
        name: w.name,
        category: w.demographic_category,
        attributes: w.attributes.map((a) => ({ name: a.name, value: a.value, percent: a.percent })),
      })),
    );
  },

  async write(tx: Queryable, scope, widgets: MarketWidget[], mode) {
    const s = scopeOf(scope);
    const owner = [s.ownerType, s.ownerId, s.regionId, s.productId];
    const where = 'owner_type = $1 and owner_id = $2 and region_id = $3 and product_id is not distinct from $4';
    // Lock the scope's tabs: two uploads of one owner run one after the other.
    const tabs = await tx.query<{ id: number; name: string }>(`select id, name from insights_tabs where ${where} and level = 'market' for update`, owner);
    if (mode === 'replace') {
      if (tabs.length) await tx.query('delete from insights_tabs where id = any($1::int[])', [tabs.map((t) => Number(t.id))]);
      tabs.length = 0;
    }
    const tabIds = new Map(tabs.map((t) => [t.name.trim().toLowerCase(), Number(t.id)]));
    let [{ next }] = await tx.query<{ next: number }>(`select coalesce(max("order") + 1, 0) as next from insights_tabs where ${where}`, owner);
    const seen = new Set<string>();
    for (const w of widgets) {
      const k = key(w.tab, w.name);
      if (seen.has(k)) continue;
      seen.add(k);
      let tabId = tabIds.get(w.tab.trim().toLowerCase());
      if (tabId === undefined) {
        const [row] = await tx.query<{ id: number }>(
          `insert into insights_tabs (product_id, region_id, owner_type, owner_id, name, level, "order") values ($4, $3, $1, $2, $5, 'market', $6) returning id`,
          [...owner, w.tab.trim(), Number(next)],
        );
        next = Number(next) + 1;
        tabId = Number(row.id);
        tabIds.set(w.tab.trim().toLowerCase(), tabId);
      }
      const [old] = await tx.query<{ id: number; position: number }>(
        'select id, position from insights_widgets where insight_tab_id = $1 and lower(btrim(name)) = lower(btrim($2))',
        [tabId, w.name],
      );
      let widgetId: number;
      if (old) {
        widgetId = Number(old.id);
        await tx.query('update insights_widgets set demographic_category = $2 where id = $1', [widgetId, w.category]);
        await tx.query('delete from insights_widget_attributes where insight_widget_id = $1', [widgetId]);
      } else {
        const [row] = await tx.query<{ id: number }>(
          `insert into insights_widgets (insight_tab_id, name, demographic_category, position)
           select $1, $2, $3, coalesce(max(position) + 1, 1) from insights_widgets where insight_tab_id = $1 returning id`,
          [tabId, w.name.trim(), w.category],
        );
        widgetId = Number(row.id);
      }
      if (w.attributes.length)
        await tx.query(
          `insert into insights_widget_attributes (insight_widget_id, name, value, percent, position)
           select $1, a.name, a.value, a.percent, a.ord from unnest($2::text[], $3::numeric[], $4::numeric[]) with ordinality as a(name, value, percent, ord)`,
          [widgetId, w.attributes.map((a) => a.name), w.attributes.map((a) => a.value), w.attributes.map((a) => a.percent)],
        );
    }
    await tx.query(
      `delete from insights_tabs t where t.owner_type = $1 and t.owner_id = $2 and t.region_id = $3 and t.product_id is not distinct from $4 and t.level = 'market'
       and not exists (select 1 from insights_widgets w where w.insight_tab_id = t.id)`,
      owner,
    );
  },
};
