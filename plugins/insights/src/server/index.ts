import { INSIGHTS_OWNER_KINDS, type InsightsOwnerKind } from '@discovery/insights-kit/common';
import { insightUploads, owners, type OwnerRef } from '@discovery/insights-kit/server';
import { defineServerPlugin, definePermission } from '@discovery/plugin-api';
import { handle, type ResolvedContext, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod';
import {
  insightsEndpoints as E,
  ownerEndpointsByKind,
  ownerPermission,
  OWNERS,
  regionPermissions,
  type TabConfigDto,
  type TabConfigResource,
  type WidgetInput,
} from '../common';
import init from './migrations/0001_insights.sql';
import { marketLevelStore } from './marketLevel';
import { personProfile } from './profile';
import { deleteTab, deleteWidget, saveWidget, tabsOf, updateTab, type OwnerScope } from './repository';
import { seedInsights } from './seed';

/** The owner in a 404's message. */
const OWNER_NOUN: Record<InsightsOwnerKind, string> = {
  mekkos: 'chart',
  journeys: 'journey',
  personas: 'persona',
  comparisons: 'comparison',
  audiences: 'audience',
};

const TAB_CONFIG_RESOURCE: Record<TabConfigResource, string> = { Mekko: 'mekkos', Journey: 'journeys' };
/** The built-in Person Level tab's name in answers (the client shows its own translation). */
const DEMOGRAPHICS_TAB = 'Demographics';

const ownerScope = (kind: InsightsOwnerKind, ownerId: number, ctx: ResolvedContext): OwnerScope => ({
  ownerType: OWNERS[kind].ownerType,
  ownerId,
  productId: ctx.product!.id,
  regionId: ctx.region!.id,
});
const regionScope = (ctx: ResolvedContext): OwnerScope => ({ ownerType: 'Region', ownerId: ctx.region!.id, productId: null, regionId: ctx.region!.id });

/**
 * The insights API (README): custom tabs and widgets per owner and level, the region's survey
 * widgets, admin tabs (SRV-058), tabs config (SRV-059) and Person Level from the count engine.
 * Owners (charts, journeys, ...) belong to other plugins: tabs are kept per owner id within the
 * product and region of X-Context, so an id from another context finds nothing.
 */
export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'insights',
  permissions: [...INSIGHTS_OWNER_KINDS.flatMap((k) => (['read', 'update'] as const).map((a) => ownerPermission(k, a))), ...Object.values(regionPermissions)],
  migrations: [{ id: '0001_insights', sql: init }],
  register(router, core) {
    // Uploads (surveys, Grow and journey widgets) write Market Level through the kit's registry.
    insightUploads(core).provideMarketLevel(marketLevelStore);
    // Custom tabs belong to their owner (a chart, journey, comparison): the owner's plugin asks
    // through core.owners for their unavailable segments, removes them, deletes them with it.
    const ownerWhere = 't.owner_type = $1 and t.owner_id = $2 and t.product_id = $3';
    const ownerArgs = (o: OwnerRef) => [OWNERS[o.kind].ownerType, o.id, o.productId];
    owners(core).register({
      async invalid(db, owner, unknown) {
        const rows = await db.query<{ tab: string; widget: string; id: string }>(
          `select t.name as tab, w.name as widget, a.segment_identifier as id from insights_tabs t
           join insights_widgets w on w.insight_tab_id = t.id join insights_widget_attributes a on a.insight_widget_id = w.id
           where ${ownerWhere} and a.segment_identifier is not null order by t."order", w.position`,
          ownerArgs(owner),
        );
        const bad = new Set(unknown([...new Set(rows.map((r) => r.id))]));
        const hit = rows.filter((r) => bad.has(r.id));
        return { identifiers: [...bad], tabs: [...new Set(hit.map((r) => r.tab))], widgets: [...new Set(hit.map((r) => r.widget))] };
      },
      async removeInvalid(tx, owner, ids) {
        const tabs = `select t.id from insights_tabs t where ${ownerWhere}`;
        await tx.query(
          `delete from insights_widget_attributes a using insights_widgets w
           where a.insight_widget_id = w.id and w.insight_tab_id in (${tabs}) and a.segment_identifier = any($4::text[])`,
          [...ownerArgs(owner), [...ids]],
        );
        // GROW-078: widgets left without data go.
        await tx.query(
          `delete from insights_widgets w where w.insight_tab_id in (${tabs})
           and not exists (select 1 from insights_widget_attributes a where a.insight_widget_id = w.id)`,
          ownerArgs(owner),
        );
      },
      async deleteOwner(tx, owner) {
        await tx.query(`delete from insights_tabs t where ${ownerWhere}`, ownerArgs(owner));
      },
    });

    /** Person Level attributes must name segments the provider has (a 422 naming the attribute). */
    const checkSegments = async (w: z.output<typeof WidgetInput>) => {
      if (w.level !== 'person') return;
      const e = await core.counts();
      const fields: Record<string, string> = {};
      w.attributes.forEach((a, i) => {
        if (a.segment_identifier && e.invalid([a.segment_identifier]).length)
          fields[`insight_widget.attributes.${i}.segment_identifier`] = `Unknown or no longer available segment: ${a.segment_identifier}`;
      });
      const [first] = Object.values(fields);
      if (first) throw core.errors.unprocessable(first, fields);
    };

    handle(router, E.adminTabs, async ({ context }) => {
      const rows = await core.query<{ tab_key: string; insights_context: string; excluded_regions: string[] }>(
        'select tab_key, insights_context, excluded_regions from insights_admin_tabs where client_id = $1 order by id',
        [context!.client.id],
      );
      return rows.map((r) => ({ tab_key: r.tab_key, insights_context: r.insights_context, excluded_regions: [...r.excluded_regions] }));
    });

    const tabsConfigOf = (productId: number, type: string, id: number, context: string) =>
      core.query<TabConfigDto>(
        'select name, visible from insights_tab_configs where product_id = $1 and resource_type = $2 and resource_id = $3 and insights_context = $4 order by name desc',
        [productId, type, id, context],
      );

    // SRV-059: the chart's (or journey's) read permission decides, so the check follows resource_type.
    handle(router, E.tabsConfig, async ({ query, context }, req) => {
      core.requirePermission(req, definePermission(TAB_CONFIG_RESOURCE[query.resource_type], 'read'));
      return tabsConfigOf(context!.product!.id, query.resource_type, query.resource_id, query.insights_context);
    });

    handle(router, E.setTabsConfig, async ({ body: { tabs_config: c }, context }, req) => {
      core.requirePermission(req, definePermission(TAB_CONFIG_RESOURCE[c.resource_type], 'update'));
      await core.query(
        `insert into insights_tab_configs (product_id, resource_type, resource_id, insights_context, name, visible) values ($1, $2, $3, $4, $5, $6)
         on conflict (product_id, resource_type, resource_id, insights_context, name) do update set visible = excluded.visible`,
        [context!.product!.id, c.resource_type, c.resource_id, c.insights_context, c.name, c.visible],
      );
      return tabsConfigOf(context!.product!.id, c.resource_type, c.resource_id, c.insights_context);
    });

    // The region survey (the region demographic form, 650 wide): Market Level only.
    const marketOnly = (w: z.output<typeof WidgetInput>) => {
      if (w.level !== 'market')
        throw core.errors.unprocessable('Region survey widgets are Market Level.', { 'insight_widget.level': 'Region survey widgets are Market Level.' });
    };
    handle(router, E.regionTabs, async ({ context }) => ({ data: await tabsOf(core, regionScope(context!)) }));
    handle(router, E.createRegionWidget, async ({ body, context }, _req, reply) => {
      marketOnly(body.insight_widget);
      reply.code(201);
      return { data: await saveWidget(core, regionScope(context!), null, body.insight_widget) };
    });
    handle(router, E.updateRegionWidget, async ({ params: { id }, body, context }) => {
      marketOnly(body.insight_widget);
      return { data: await saveWidget(core, regionScope(context!), id, body.insight_widget) };
    });
    handle(router, E.deleteRegionWidget, async ({ params: { id }, context }) => ({ data: { message: await deleteWidget(core, regionScope(context!), id) } }));

    for (const kind of INSIGHTS_OWNER_KINDS) {
      const O = ownerEndpointsByKind[kind];
      handle(router, O.tabs, async ({ params: { ownerId }, context }) => ({ data: await tabsOf(core, ownerScope(kind, ownerId, context!)) }));
      handle(router, O.createWidget, async ({ params: { ownerId }, body, context }, _req, reply) => {
        // Issue 25 §6: a widget belongs to an owner of this product (another client's id, or none, is 404).
        if (!(await owners(core).exists(core, { kind, id: ownerId, productId: context!.product!.id })))
          throw core.errors.notFound(`No such ${OWNER_NOUN[kind]}`);
        await checkSegments(body.insight_widget);
        const data = await saveWidget(core, ownerScope(kind, ownerId, context!), null, body.insight_widget);
        reply.code(201);
        return { data };
      });
      handle(router, O.updateWidget, async ({ params: { ownerId, id }, body, context }) => {
        await checkSegments(body.insight_widget);
        return { data: await saveWidget(core, ownerScope(kind, ownerId, context!), id, body.insight_widget) };
      });
      handle(router, O.deleteWidget, async ({ params: { ownerId, id }, context }) => ({
        data: { message: await deleteWidget(core, ownerScope(kind, ownerId, context!), id) },
      }));
      handle(router, O.updateTab, async ({ params: { ownerId, id }, body, context }) => ({
        data: await updateTab(core, ownerScope(kind, ownerId, context!), id, body.insight_tab),
      }));
      handle(router, O.deleteTab, async ({ params: { ownerId, id }, context }) => ({
        data: { message: await deleteTab(core, ownerScope(kind, ownerId, context!), id) },
      }));
      handle(router, O.profile, async ({ body, context }, _req, reply) => {
        const started = process.hrtime.bigint();
        const e = await core.counts();
        const custom = body.owner_id ? await tabsOf(core, ownerScope(kind, body.owner_id, context!), 'person') : [];
        const data = await personProfile(e, body, e.regionKey(context!.client.slug, context!.region!.slug), custom, DEMOGRAPHICS_TAB);
        // The server's own time for the answer (npm run bench:insights reads it).
        reply.header('Server-Timing', `profile;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}`);
        return { data };
      });
    }
  },
  seed: (core) => seedInsights(core),
});
