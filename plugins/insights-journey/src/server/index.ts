import { countScope, SavedCharts, insightUploads, type OwnerOutline } from '@discovery/insights-kit/server';
import { DISCUSSION_MESSAGES } from '@discovery/plugin-discussions/common';
import { defineServerPlugin } from '@discovery/plugin-api';
import { handle, HttpError, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { journeyEndpoints as E, JOURNEY_MESSAGES as M, journeysPermissions, type JourneyDto, type JourneyParsed } from '../common';
import { journeyCounts } from './counting';
import init from './migrations/0001_insights_journey.sql';
import { checkName, countsShapeOf, journeyIdentifiers, journeyOf, knownDiscussionNodes, listJourneys, writeJourney } from './repository';
import { seedJourneys } from './seed';

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/**
 * The Journeys API (SRV-084..089 and the counts call): journeys of the product in X-Context with
 * their brands, stages and cells. A save is one transaction that maps temporary ids to real ids;
 * names are checked in it (and by the unique index, should two saves race); segment ids must be
 * ones the count engine knows, discussion nodes ones of the product's client.
 */
export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'insights-journey',
  permissions: Object.values(journeysPermissions),
  migrations: [{ id: '0001_insights_journey', sql: init }],
  register(router, core) {
    // The kit's saved-chart rules: default pointer, chart in the product, invalid identifiers, delete with owner cleanup.
    // Uploads (Journey_Template, the stage survey) match rows to a journey, its brands and stages by name.
    insightUploads(core).registerOutline('journeys', async (db, productId) => {
      const rows = await db.query<{ id: number; name: string; grp: string | null; item: string | null }>(
        `select j.id, j.name, b.name as grp, s.name as item from insights_journey_journeys j
         left join insights_journey_brands b on b.journey_id = j.id left join insights_journey_stages s on s.journey_id = j.id
         where j.product_id = $1 order by lower(j.name), j.id, b."order", b.id, s.priority, s.id`,
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
      kind: 'journeys',
      table: 'insights_journey_journeys',
      defaults: { table: 'insights_journey_defaults', column: 'journey_id', perUser: false },
      messages: { notFound: M.notFound, nameTaken: M.nameInUse, nameField: 'journey.name' },
    });
    /** JRN-024: the journey's segment ids the provider no longer has. */
    const withInvalid = async (j: Omit<JourneyDto, 'invalid_identifiers'>): Promise<JourneyDto> => ({
      ...j,
      invalid_identifiers: (await core.counts()).invalid(journeyIdentifiers(j)),
    });

    /** Unknown segments and discussion nodes: 422 naming the field (journey.sub_markets.{i}.matched_id …). */
    const checkReferences = async (clientId: number, j: JourneyParsed) => {
      const bad: Record<string, string> = {};
      const named = j.sub_markets.flatMap((c, i) =>
        (['matched_id', 'modeled_id'] as const).filter((k) => c[k]).map((k) => [`journey.sub_markets.${i}.${k}`, c[k]!] as const),
      );
      if (named.length) {
        const e = await core.counts();
        for (const [field, id] of named) if (e.invalid([id]).length) bad[field] = `Unknown or no longer available segment: ${id}`;
      }
      const nodeIds = [...new Set(j.sub_markets.map((c) => c.discussion_cluster_node_id).filter((x): x is number => x !== null))];
      const known = await knownDiscussionNodes(core, clientId, nodeIds);
      j.sub_markets.forEach((c, i) => {
        if (c.discussion_cluster_node_id !== null && !known.has(c.discussion_cluster_node_id))
          bad[`journey.sub_markets.${i}.discussion_cluster_node_id`] = DISCUSSION_MESSAGES.unknownNode;
      });
      const [first] = Object.values(bad);
      if (first) throw core.errors.unprocessable(first, bad);
    };

    /** A name clash caught by the unique index (two saves at once) reads as the rule's message. */
    const named = async <T>(fn: () => Promise<T>): Promise<T> => {
      try {
        return await fn();
      } catch (e) {
        if (isUniqueViolation(e)) throw core.errors.unprocessable(M.nameInUse, { 'journey.name': M.nameInUse });
        throw e;
      }
    };

    // SRV-084
    handle(router, E.list, async ({ context }) => {
      const e = await core.counts();
      const rows = await listJourneys(core, context!.product!.id);
      return { data: rows.map(({ identifiers, ...j }) => ({ ...j, invalid: e.invalid(identifiers).length > 0 })) };
    });
    /** Server-Timing for npm run bench:journey (opening a journey: the fetch and the counts). */
    const timed = (reply: { header(k: string, v: string): unknown }, name: string, started: bigint) =>
      reply.header('Server-Timing', `${name};dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}`);

    handle(router, E.get, async ({ params: { id }, context }, _req, reply) => {
      const started = process.hrtime.bigint();
      const data = await withInvalid(await journeyOf(core, core, context!.product!.id, id));
      timed(reply, 'fetch', started);
      return { data };
    });

    // SRV-085: create and update, one transaction each; `default` sets or clears the product's default (JRN-058).
    handle(router, E.create, async ({ body: { journey }, context }, _req, reply) => {
      const productId = context!.product!.id;
      await checkReferences(context!.client.id, journey);
      const id = await named(() =>
        core.transaction(async (tx) => {
          await checkName(core, tx, productId, journey.name, null);
          return writeJourney(core, tx, productId, null, journey);
        }),
      );
      reply.code(201);
      return { journey: { id } };
    });
    handle(router, E.update, async ({ params: { id }, body: { journey }, context }) => {
      const productId = context!.product!.id;
      await checkReferences(context!.client.id, journey);
      await named(() =>
        core.transaction(async (tx) => {
          await journeyOf(core, tx, productId, id, true);
          await checkName(core, tx, productId, journey.name, id);
          return writeJourney(core, tx, productId, id, journey);
        }),
      );
      return { journey: { id } };
    });

    // SRV-086 / JRN-028: the copy is named '{name} (copy)'; when that name is taken, 422 with
    // error.fields.name (the client shows the duplicate-exists message). Refused while invalid (JRN-026).
    handle(router, E.duplicate, async ({ params: { id }, context }, _req, reply) => {
      const productId = context!.product!.id;
      const source = await withInvalid(await journeyOf(core, core, productId, id));
      if (source.invalid_identifiers.length) throw core.errors.unprocessable(M.invalidTitle.replace('{{name}}', source.name));
      const name = `${source.name} (copy)`.slice(0, 100);
      const exists = new HttpError(422, M.duplicateExists, { name: M.duplicateExists });
      const copy: JourneyParsed = {
        name,
        default: false,
        has_transition_data: source.has_transition_data,
        brands: source.brands.map((b) => ({ new_id: b.id, name: b.name, order: b.order })),
        stages: source.stages.map((s) => ({ new_id: s.id, name: s.name, priority: s.priority, icon: s.icon })),
        sub_markets: source.sub_markets.map((c) => ({
          new_journey_brand_id: c.journey_brand_id,
          new_journey_stage_id: c.journey_stage_id,
          population: c.population,
          matched_id: c.matched_id,
          modeled_id: c.modeled_id,
          discussion_cluster_node_id: c.discussion_cluster_node_id,
        })),
      };
      let newId: number;
      try {
        newId = await core.transaction(async (tx) => {
          const [taken] = await tx.query('select 1 from insights_journey_journeys where product_id = $1 and lower(btrim(name)) = lower(btrim($2))', [
            productId,
            name,
          ]);
          if (taken) throw exists;
          return writeJourney(core, tx, productId, null, copy);
        });
      } catch (e) {
        throw isUniqueViolation(e) ? exists : e;
      }
      reply.code(201);
      return { journey: { id: newId } };
    });

    // SRV-087: brands, stages, cells and the default pointer go with the journey (foreign keys cascade).
    handle(router, E.remove, async ({ params: { id }, context }) => {
      const productId = context!.product!.id;
      const j = await journeyOf(core, core, productId, id);
      // Its custom insight tabs go in the same transaction (the kit's owners registry).
      await charts.remove(productId, id);
      return { data: { message: `Journey '${j.name}' deleted.` } };
    });

    // SRV-088: 0 clears the product's default.
    handle(router, E.setDefault, async ({ body: { journey_id }, context, auth }) => {
      const productId = context!.product!.id;
      await core.transaction(async (tx) => {
        if (journey_id === 0) await charts.clearDefault(tx, productId, auth.user.id);
        else {
          await charts.inProduct(tx, journey_id, productId);
          await charts.setDefault(tx, productId, auth.user.id, journey_id, true);
        }
      });
      return { data: { journey_id } };
    });

    // SRV-089 / JRN-024: the cells keep their place; only the unavailable segment ids are cleared.
    handle(router, E.removeInvalidIdentifiers, async ({ params: { id }, context }) => {
      const productId = context!.product!.id;
      const e = await core.counts();
      const parts = await charts.invalid(productId, id, []);
      const removed = await core.transaction(async (tx) => {
        const j = await journeyOf(core, tx, productId, id, true);
        // Custom widgets naming unavailable segments lose them; widgets left without data go.
        await charts.removeOwnedInvalid(tx, productId, id, parts.identifiers);
        const bad = e.invalid(journeyIdentifiers(j));
        if (bad.length) {
          await tx.query(
            `update insights_journey_sub_markets
                set matched_id = case when matched_id = any($2::text[]) then null else matched_id end,
                    modeled_id = case when modeled_id = any($2::text[]) then null else modeled_id end
              where journey_id = $1`,
            [id, bad],
          );
          await tx.query('update insights_journey_journeys set updated_at = now() where id = $1', [id]);
        }
        return bad;
      });
      return { data: await withInvalid(await journeyOf(core, core, productId, id)), removed };
    });

    // Every cell's counts in one engine call, in the X-Context's region, within the filter bar's segments.
    handle(router, E.counts, async ({ params: { id }, body, context }, _req, reply) => {
      const started = process.hrtime.bigint();
      const ctx = context!;
      const j = await countsShapeOf(core, core, ctx.product!.id, id);
      const e = await core.counts();
      const data = await journeyCounts(e, j, countScope(e, ctx, body.filters));
      timed(reply, 'counts', started);
      return { data };
    });
  },
  seed: (core) => seedJourneys(core),
});
