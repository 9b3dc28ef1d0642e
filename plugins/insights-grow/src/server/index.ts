import { countScope, SavedCharts, insightUploads, type OwnerOutline } from '@discovery/insights-kit/server';
import { defineServerPlugin } from '@discovery/plugin-api';
import { handle, type Queryable, type ServerCore } from '@discovery/server';
import { DISCUSSION_MESSAGES, NODE_IN_CLIENT_SQL } from '@discovery/plugin-discussions/common';
import type { FastifyInstance } from 'fastify';
import {
  GROW_CHARTS_SERVICE,
  GROW_MESSAGES as M,
  growEndpoints as E,
  mekkosPermissions,
  VERTICALS,
  verticalOf,
  type GrowChartsService,
  type TvSettingsDto,
} from '../common';
import init from './migrations/0001_insights_grow.sql';
import discussionNodeFk from './migrations/0002_discussion_node_fk.sql';
import snapshotsSql from './migrations/0003_snapshots.sql';
import { chartIdentifiers, checkMarketName, checkSubMarketName, listMekkos, marketOf, mekkoOf, seedVertical, subMarketById, subMarketOf } from './repository';
import { mekkoCounts } from './counting';
import { seedGrow } from './seed';
import { registerSnapshots } from './snapshots';

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/**
 * The Grow API (README): charts of the product in X-Context with their markets and audiences.
 * Each save is one transaction; names are checked in it (and by the unique indexes, should two
 * saves race); segment ids must be ones the count engine knows.
 */
export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'insights-grow',
  permissions: Object.values(mekkosPermissions),
  migrations: [
    { id: '0001_insights_grow', sql: init },
    { id: '0002_discussion_node_fk', sql: discussionNodeFk },
    { id: '0003_snapshots', sql: snapshotsSql },
  ],
  register(router, core) {
    // The kit's saved-chart rules: default pointer, unique names, copy names, invalid identifiers, delete with owner cleanup.
    // Uploads (GrowChart_Template, the audience survey) match rows to a chart, its markets and audiences by name.
    insightUploads(core).registerOutline('mekkos', async (db, productId) => {
      const rows = await db.query<{ id: number; name: string; grp: string | null; item: string | null }>(
        `select c.id, c.name, m.name as grp, s.name as item from insights_grow_mekkos c
         left join insights_grow_markets m on m.mekko_id = c.id left join insights_grow_sub_markets s on s.market_id = m.id
         where c.product_id = $1 order by lower(c.name), c.id, m."order", m.id, s."order", s.id`,
        [productId],
      );
      const byId = new Map<number, OwnerOutline>();
      for (const r of rows) {
        const o = byId.get(Number(r.id)) ?? { id: Number(r.id), name: r.name, parts: [] };
        byId.set(o.id, o);
        if (r.grp !== null && r.item !== null) o.parts.push({ group: r.grp, item: r.item });
      }
      return [...byId.values()];
    });
    const charts = new SavedCharts(core, {
      kind: 'mekkos',
      table: 'insights_grow_mekkos',
      defaults: { table: 'insights_grow_default_mekkos', column: 'mekko_id', perUser: false },
      messages: { notFound: M.chartNotFound, nameTaken: M.chartNameUsed, nameField: 'mekko.name' },
    });
    // Grow's charts for the plugins that read them (Outcomes): Grow's queries, never its tables.
    core.shared<GrowChartsService>(GROW_CHARTS_SERVICE, () => ({
      list: (productId) => listMekkos(core, productId),
      chart: (productId, id, db) => mekkoOf(core, db ?? core, productId, id),
      all: async () =>
        (await core.query<{ id: number; product_id: number; name: string }>('select id, product_id, name from insights_grow_mekkos order by id')).map((r) => ({
          id: Number(r.id),
          product_id: Number(r.product_id),
          name: String(r.name),
        })),
      counts: async (chart, scope, tier3) => mekkoCounts(await core.counts(), chart, scope, tier3),
    }));
    const tvSettingsOf = async (db: Pick<Queryable, 'query'>, regionId: number): Promise<TvSettingsDto | null> => {
      const [r] = await db.query<Record<string, unknown>>('select minimum, maximum, n_pids, constant from insights_grow_tv_settings where region_id = $1', [
        regionId,
      ]);
      return r ? { minimum: Number(r.minimum), maximum: Number(r.maximum), n_pids: Number(r.n_pids), constant: Number(r.constant) } : null;
    };

    /** Segment ids the provider does not have: 422 naming the field. */
    const checkSegments = async (fields: Record<string, string | null>) => {
      const named = Object.entries(fields).filter((e): e is [string, string] => !!e[1]);
      if (!named.length) return;
      const e = await core.counts();
      const bad: Record<string, string> = {};
      for (const [field, id] of named) if (e.invalid([id]).length) bad[field] = `Unknown or no longer available segment: ${id}`;
      const [first] = Object.values(bad);
      if (first) throw core.errors.unprocessable(first, bad);
    };

    /** A name clash caught by the unique index (two saves at once) reads as the rule's message. */
    const named = async <T>(message: string, field: string, fn: () => Promise<T>): Promise<T> => {
      try {
        return await fn();
      } catch (e) {
        if (isUniqueViolation(e)) throw core.errors.unprocessable(message, { [field]: message });
        throw e;
      }
    };

    handle(router, E.list, async ({ context }) => ({ data: await listMekkos(core, context!.product!.id) }));
    registerSnapshots(router, core);
    handle(router, E.get, async ({ params: { id }, context }) => {
      const productId = context!.product!.id;
      const data = await mekkoOf(core, core, productId, id);
      return { data, invalid: await charts.invalid(productId, id, chartIdentifiers(data)) };
    });

    // 001 §7 by chart id: every figure of the chart in one answer (Server-Timing for npm run bench:grow).
    handle(router, E.counts, async ({ params: { id }, body, context }, _req, reply) => {
      const started = process.hrtime.bigint();
      const [m, e] = await Promise.all([mekkoOf(core, core, context!.product!.id, id), core.counts()]);
      const data = await mekkoCounts(e, m, countScope(e, context, body.filters), core.config.tier === 3);
      reply.header('Server-Timing', `counts;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}`);
      return data;
    });

    handle(router, E.verticals, async () => VERTICALS.map((v) => ({ vertical_type: v.vertical_type, display_name: v.display_name })));

    handle(router, E.tvSettings, async ({ context }) => {
      const tv = await tvSettingsOf(core, context!.region!.id);
      if (!tv) throw core.errors.notFound('No TV panelist settings for this region.');
      return { data: tv };
    });

    // SRV-070: create, pre-populated from a vertical when asked (GROW-040/041).
    handle(router, E.create, async ({ body: { mekko }, context, auth }, _req, reply) => {
      const productId = context!.product!.id;
      const vertical = mekko.vertical_type ? verticalOf(mekko.vertical_type) : undefined;
      if (mekko.creation_method === 'prePopulated' && !vertical)
        throw core.errors.unprocessable(M.verticalUnknown, { 'mekko.vertical_type': M.verticalUnknown });
      if (mekko.count_type === 'tv_panelists' && !(await tvSettingsOf(core, context!.region!.id)))
        throw core.errors.unprocessable(M.countTypeNeedsTv, { 'mekko.count_type': M.countTypeNeedsTv });
      const data = await charts.named(() =>
        core.transaction(async (tx) => {
          await charts.checkName(tx, productId, mekko.name, null);
          const [row] = await tx.query<{ id: number }>(
            'insert into insights_grow_mekkos (product_id, name, measurement_label, count_type, vertical_type) values ($1, $2, $3, $4, $5) returning id',
            [productId, mekko.name, mekko.measurement_label, mekko.count_type, vertical ? vertical.vertical_type : null],
          );
          if (vertical) await seedVertical(tx, row.id, vertical);
          if (mekko.default) await charts.setDefault(tx, productId, auth.user.id, row.id, true);
          return mekkoOf(core, tx, productId, row.id);
        }),
      );
      reply.code(201);
      return { result: { mekko: data } };
    });

    handle(router, E.update, async ({ params: { id }, body: { mekko }, context, auth }) => {
      const productId = context!.product!.id;
      const data = await charts.named(() =>
        core.transaction(async (tx) => {
          const before = await mekkoOf(core, tx, productId, id, true);
          await charts.checkName(tx, productId, mekko.name, id);
          // GROW-043: another count type needs TV-panelist settings in the region (update is the route's permission).
          if (mekko.count_type !== before.count_type && mekko.count_type === 'tv_panelists' && !(await tvSettingsOf(tx, context!.region!.id)))
            throw core.errors.unprocessable(M.countTypeNeedsTv, { 'mekko.count_type': M.countTypeNeedsTv });
          // A chart's vertical is chosen at creation; editing keeps it.
          await tx.query('update insights_grow_mekkos set name = $2, measurement_label = $3, count_type = $4, updated_at = now() where id = $1', [
            id,
            mekko.name,
            mekko.measurement_label,
            mekko.count_type,
          ]);
          // GROW-056: checking sets the product's default; unchecking the current default clears it.
          await charts.setDefault(tx, productId, auth.user.id, id, mekko.default);
          return mekkoOf(core, tx, productId, id);
        }),
      );
      return { result: { mekko: data } };
    });

    // SRV-071 / GROW-057: a copy of markets and audiences under a free name; refused while segments are invalid.
    handle(router, E.copy, async ({ params: { id }, context }, _req, reply) => {
      const productId = context!.product!.id;
      const source = await mekkoOf(core, core, productId, id);
      if ((await charts.invalid(productId, id, chartIdentifiers(source))).identifiers.length) throw core.errors.unprocessable(M.copyInvalid);
      const data = await charts.named(() =>
        core.transaction(async (tx) => {
          const name = await charts.copyName(tx, productId, source.name);
          const [row] = await tx.query<{ id: number }>(
            'insert into insights_grow_mekkos (product_id, name, measurement_label, count_type, vertical_type) values ($1, $2, $3, $4, $5) returning id',
            [productId, name, source.measurement_label, source.count_type, source.vertical_type],
          );
          for (const m of source.markets) {
            const [k] = await tx.query<{ id: number }>('insert into insights_grow_markets (mekko_id, name, "order") values ($1, $2, $3) returning id', [
              row.id,
              m.name,
              m.order,
            ]);
            for (const s of m.sub_markets) {
              await tx.query(
                `insert into insights_grow_sub_markets (market_id, name, tag, population, matched_short_id, modeled_short_id, webo_cluster_id, discussion_cluster_node_id, "order")
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
                [k.id, s.name, s.tag, s.population, s.matched_short_id, s.modeled_short_id, s.webo_cluster_id, s.discussion_cluster_node_id, s.order],
              );
            }
          }
          return mekkoOf(core, tx, productId, row.id);
        }),
      );
      reply.code(201);
      return { result: { mekko: data } };
    });

    // SRV-072: markets, audiences and the default pointer go with the chart (foreign keys cascade),
    // its custom insight tabs in the same transaction.
    handle(router, E.remove, async ({ params: { id }, context }) => {
      const productId = context!.product!.id;
      const m = await mekkoOf(core, core, productId, id);
      await charts.remove(productId, id);
      return { data: { message: `Chart '${m.name}' deleted.` } };
    });

    handle(router, E.setDefault, async ({ body: { mekko_id }, context, auth }) => {
      const productId = context!.product!.id;
      await core.transaction(async (tx) => {
        if (mekko_id === 0) await charts.clearDefault(tx, productId, auth.user.id);
        else {
          await charts.inProduct(tx, mekko_id, productId);
          await charts.setDefault(tx, productId, auth.user.id, mekko_id, true);
        }
      });
      return { data: { mekko_id } };
    });

    // SRV-078 / GROW-035: the new order of the chart's markets and audiences, all or nothing.
    handle(router, E.reorder, async ({ params: { id }, body, context }) => {
      const productId = context!.product!.id;
      const data = await core.transaction(async (tx) => {
        const m = await mekkoOf(core, tx, productId, id, true);
        const markets = new Set(m.markets.map((k) => k.id));
        const subs = new Set(m.markets.flatMap((k) => k.sub_markets.map((s) => s.id)));
        if (body.markets.some((x) => !markets.has(x.id)) || body.sub_markets.some((x) => !subs.has(x.id)))
          throw core.errors.unprocessable(M.orderIds, { markets: M.orderIds });
        for (const x of body.markets) await tx.query('update insights_grow_markets set "order" = $2 where id = $1', [x.id, x.order]);
        for (const x of body.sub_markets) await tx.query('update insights_grow_sub_markets set "order" = $2 where id = $1', [x.id, x.order]);
        return mekkoOf(core, tx, productId, id);
      });
      return { data };
    });

    // SRV-079: identifiers the provider no longer has, with the chart's custom tabs and widgets (the kit asks the owners registry).
    handle(router, E.invalidIdentifiers, async ({ params: { id }, context }) => {
      const productId = context!.product!.id;
      return charts.invalid(productId, id, chartIdentifiers(await mekkoOf(core, core, productId, id)));
    });
    handle(router, E.removeInvalidIdentifiers, async ({ params: { id }, context }) => {
      const productId = context!.product!.id;
      const m = await mekkoOf(core, core, productId, id);
      const e = await core.counts();
      const removed = e.invalid(chartIdentifiers(m));
      const all = (await charts.invalid(productId, id, removed)).identifiers;
      const data = await core.transaction(async (tx) => {
        await mekkoOf(core, tx, productId, id, true);
        // GROW-078: custom widgets left without data are deleted.
        await charts.removeOwnedInvalid(tx, productId, id, all);
        if (removed.length) {
          const markets = m.markets.map((k) => k.id);
          await tx.query(
            'update insights_grow_sub_markets set matched_short_id = null where market_id = any($1::int[]) and matched_short_id = any($2::text[])',
            [markets, removed],
          );
          await tx.query(
            'update insights_grow_sub_markets set modeled_short_id = null where market_id = any($1::int[]) and modeled_short_id = any($2::text[])',
            [markets, removed],
          );
        }
        return mekkoOf(core, tx, productId, id);
      });
      return { data, removed: all };
    });

    // Markets (SRV-074).
    handle(router, E.createMarket, async ({ params: { id }, body: { market }, context }, _req, reply) => {
      const productId = context!.product!.id;
      const data = await named(M.marketNameUsed, 'market.name', () =>
        core.transaction(async (tx) => {
          const m = await mekkoOf(core, tx, productId, id, true);
          await checkMarketName(core, tx, id, market.name, null);
          const order = market.order ?? m.markets.length;
          const [row] = await tx.query<{ id: number }>('insert into insights_grow_markets (mekko_id, name, "order") values ($1, $2, $3) returning id', [
            id,
            market.name,
            order,
          ]);
          return (await mekkoOf(core, tx, productId, id)).markets.find((k) => k.id === row.id)!;
        }),
      );
      reply.code(201);
      return { data };
    });
    handle(router, E.updateMarket, async ({ params: { id }, body: { market }, context }) => {
      const productId = context!.product!.id;
      const data = await named(M.marketNameUsed, 'market.name', () =>
        core.transaction(async (tx) => {
          const k = await marketOf(core, tx, productId, id);
          await checkMarketName(core, tx, k.mekko_id, market.name, id);
          await tx.query('update insights_grow_markets set name = $2, "order" = coalesce($3, "order") where id = $1', [id, market.name, market.order ?? null]);
          return (await mekkoOf(core, tx, productId, k.mekko_id)).markets.find((x) => x.id === id)!;
        }),
      );
      return { data };
    });
    // GROW-060 / SRV-076: the market's audiences go with it (and, once Outcomes exists, its past outcomes).
    handle(router, E.removeMarket, async ({ params: { id }, context }) => {
      const k = await core.transaction(async (tx) => {
        const k = await marketOf(core, tx, context!.product!.id, id);
        await tx.query('delete from insights_grow_markets where id = $1', [id]);
        return k;
      });
      return { data: { message: `Market '${k.name}' deleted.` } };
    });

    // Audiences (SRV-075 / SRV-077).
    /** GROW-069: the audience's discussion is a node of the client in X-Context, or none (422 otherwise). */
    const checkDiscussion = async (tx: Queryable, nodeId: number | null, clientId: number) => {
      if (nodeId === null) return;
      const [node] = await tx.query(NODE_IN_CLIENT_SQL, [nodeId, clientId]);
      const msg = DISCUSSION_MESSAGES.unknownNode;
      if (!node) throw core.errors.unprocessable(msg, { 'sub_market.discussion_cluster_node_id': msg });
    };
    handle(router, E.createSubMarket, async ({ params: { id }, body: { sub_market: s }, context }, _req, reply) => {
      await checkSegments({ 'sub_market.matched_short_id': s.matched_short_id, 'sub_market.modeled_short_id': s.modeled_short_id });
      const data = await named(M.audienceNameUsed, 'sub_market.name', () =>
        core.transaction(async (tx) => {
          await marketOf(core, tx, context!.product!.id, id);
          await checkSubMarketName(core, tx, id, s.name, null);
          await checkDiscussion(tx, s.discussion_cluster_node_id, context!.client.id);
          const [{ n }] = await tx.query<{ n: number }>('select count(*)::int as n from insights_grow_sub_markets where market_id = $1', [id]);
          const [row] = await tx.query<{ id: number }>(
            `insert into insights_grow_sub_markets (market_id, name, tag, population, matched_short_id, modeled_short_id, webo_cluster_id, discussion_cluster_node_id, "order")
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
            [id, s.name, s.tag, s.population, s.matched_short_id, s.modeled_short_id, s.webo_cluster_id, s.discussion_cluster_node_id, s.order ?? Number(n)],
          );
          return subMarketById(tx, row.id);
        }),
      );
      reply.code(201);
      return { data };
    });
    handle(router, E.updateSubMarket, async ({ params: { id }, body: { sub_market: s }, context }) => {
      await checkSegments({ 'sub_market.matched_short_id': s.matched_short_id, 'sub_market.modeled_short_id': s.modeled_short_id });
      return named(M.audienceNameUsed, 'sub_market.name', () =>
        core.transaction(async (tx) => {
          const before = await subMarketOf(core, tx, context!.product!.id, id);
          await checkSubMarketName(core, tx, before.market_id, s.name, id);
          await checkDiscussion(tx, s.discussion_cluster_node_id, context!.client.id);
          await tx.query(
            `update insights_grow_sub_markets set name = $2, tag = $3, population = $4, matched_short_id = $5, modeled_short_id = $6, webo_cluster_id = $7,
             discussion_cluster_node_id = $8, "order" = coalesce($9, "order") where id = $1`,
            [id, s.name, s.tag, s.population, s.matched_short_id, s.modeled_short_id, s.webo_cluster_id, s.discussion_cluster_node_id, s.order ?? null],
          );
          // SRV-077: editing an audience a prediction model uses deletes the model (the form asked first, GROW-073);
          // snapshots are the prediction models, so the audience's snapshot rows go too.
          const dropped = await tx.query('delete from insights_grow_prediction_models where sub_market_id = $1 returning id', [id]);
          const snapped = await tx.query('delete from insights_grow_snapshots_sub_markets where sub_market_id = $1 returning id', [id]);
          return { data: await subMarketById(tx, id), model_deleted: dropped.length + snapped.length > 0 };
        }),
      );
    });
    handle(router, E.removeSubMarket, async ({ params: { id }, context }) => {
      const s = await core.transaction(async (tx) => {
        const s = await subMarketOf(core, tx, context!.product!.id, id);
        await tx.query('delete from insights_grow_sub_markets where id = $1', [id]);
        return s;
      });
      return { data: { message: `Audience '${s.name}' deleted.`, model_deleted: s.in_prediction_model } };
    });
  },
  seed: (core) => seedGrow(core),
});
