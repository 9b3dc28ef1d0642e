import { countBase, countScope, insightUploads, SavedCharts } from '@discovery/insights-kit/server';
import type { Rule } from '@discovery/counts';
import { defineServerPlugin } from '@discovery/plugin-api';
import { handle, HttpError, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { exploreEndpoints as E, explorePermissions, MESSAGES, motivationPermissions, personaWithFilters, type PersonaDto } from '../common';
import init from './migrations/0001_explore.sql';
import { insertMotivation, listMotivations, MOTIVATION_JOB, motivationDto, motivationInProduct, motivationJob, type MotivationPayload } from './motivations';
import { ensureAllData, insertRow, listRows, refuseAllData, resolveSegments, rowInProduct, segmentsOf, toDto, updateRow } from './repository';
import { seedExplore } from './seed';
import type { SHARED_KIND_READERS, SharedKindReaders } from '@discovery/plugin-audiences/common';

/** The audiences plugin's registry of shared kinds (a type-only import: the key is checked, no run-time dependency). */
const SHARED_READERS: typeof SHARED_KIND_READERS = 'audiences:sharedKindReaders';

/**
 * The Explore API (SRV-108, SRV-095..098): personas of the product in X-Context with the kit's
 * saved-chart rules (default pointer, unique names, copy names, invalid identifiers with the
 * custom widgets the insights plugin keeps for a persona, delete with owner cleanup), counting by
 * persona id through the engine, and motivation audiences built by a core job.
 */
export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'explore',
  permissions: [...Object.values(explorePermissions), ...Object.values(motivationPermissions)],
  migrations: [{ id: '0001_explore', sql: init }],
  register(router, core) {
    // SRV-067: a motivation another client shared is read here, never from this plugin's tables elsewhere.
    core
      .shared<SharedKindReaders>(SHARED_READERS, () => new Map())
      .set('motivation', async (ids) =>
        (
          await core.query<{ id: number; name: string; people: string | number | null; product_id: number; job_status: string }>(
            'select id, name, people, product_id, job_status from explore_motivations where id = any($1::int[])',
            [ids],
          )
        ).map((r) => ({
          id: Number(r.id),
          name: String(r.name),
          // EXP-028: no people while the job is pending or processing.
          people: r.job_status === 'completed' && r.people !== null ? Number(r.people) : null,
          product_id: Number(r.product_id),
          region_id: null,
        })),
      );
    const charts = new SavedCharts(core, {
      kind: 'personas',
      table: 'explore_personas',
      defaults: { table: 'explore_defaults', column: 'persona_id', perUser: false },
      messages: { notFound: MESSAGES.notFound, nameTaken: MESSAGES.nameTaken, nameField: 'persona.name' },
    });
    // UPL-039: the persona uploads write only the 'All Data' persona's custom Market Level widgets,
    // so the outline of a product's personas is that one persona (made here if the product has none yet).
    insightUploads(core).registerOutline('personas', async (db, productId) => {
      await ensureAllData(db, productId);
      const rows = await db.query<{ id: number; name: string }>('select id, name from explore_personas where product_id = $1 and is_all_data', [productId]);
      return rows.map((r) => ({ id: Number(r.id), name: r.name, parts: [] }));
    });
    core.jobs.register<MotivationPayload, { people: number }>(MOTIVATION_JOB, motivationJob(core));

    const invalidOf = async () => {
      const e = await core.counts();
      return (ids: string[]) => e.invalid(ids);
    };
    const dtoOf = async (id: number, productId: number): Promise<PersonaDto> => {
      const [row, def, invalid] = await Promise.all([rowInProduct(core, core, id, productId), charts.defaultId(core, productId, 0), invalidOf()]);
      return toDto(row, def, invalid);
    };

    // SRV-108: the list always holds the product's all-data persona.
    handle(router, E.list, async ({ context }) => {
      const productId = context!.product!.id;
      await ensureAllData(core, productId);
      const [rows, def, invalid] = await Promise.all([listRows(core, productId), charts.defaultId(core, productId, 0), invalidOf()]);
      return { data: rows.map((r) => toDto(r, def, invalid)), default_id: def };
    });

    handle(router, E.get, async ({ params: { id }, context }) => ({ data: await dtoOf(id, context!.product!.id) }));

    // EXP-017: name unique per product (422 on persona.name), segments the engine knows; one transaction with the default pointer.
    handle(router, E.create, async ({ body: { persona }, context, auth }, _req, reply) => {
      const productId = context!.product!.id;
      const segments = resolveSegments(core, await core.counts(), persona.identifiers);
      const { row, def } = await charts.named(() =>
        core.transaction(async (tx) => {
          await ensureAllData(tx, productId);
          await charts.checkName(tx, productId, persona.name, null);
          const row = await insertRow(tx, productId, auth.user.id, persona.name, segments);
          const def = persona.default ? await charts.setDefault(tx, productId, 0, Number(row.id), true) : await charts.defaultId(tx, productId, 0);
          return { row, def };
        }),
      );
      reply.code(201);
      return { data: toDto(row, def, await invalidOf()), default_id: def };
    });

    handle(router, E.update, async ({ params: { id }, body: { persona }, context }) => {
      const productId = context!.product!.id;
      const segments = resolveSegments(core, await core.counts(), persona.identifiers);
      const { row, def } = await charts.named(() =>
        core.transaction(async (tx) => {
          refuseAllData(core, await rowInProduct(core, tx, id, productId, true));
          await charts.checkName(tx, productId, persona.name, id);
          const row = await updateRow(tx, id, persona.name, segments);
          const def = await charts.setDefault(tx, productId, 0, id, persona.default);
          return { row, def };
        }),
      );
      return { data: toDto(row, def, await invalidOf()), default_id: def };
    });

    // EXP-011 / EXP-023: '{name} (copy)', refused for the all-data persona (403) and while invalid (422).
    handle(router, E.copy, async ({ params: { id }, context, auth }, _req, reply) => {
      const productId = context!.product!.id;
      const invalid = await invalidOf();
      const row = await charts.named(() =>
        core.transaction(async (tx) => {
          const src = await rowInProduct(core, tx, id, productId, true);
          refuseAllData(core, src);
          const segments = segmentsOf(src);
          if (invalid(segments.map((s) => s.short_id)).length) throw core.errors.unprocessable(MESSAGES.invalidCopy);
          return insertRow(tx, productId, auth.user.id, await charts.copyName(tx, productId, src.name), segments);
        }),
      );
      reply.code(201);
      return { data: toDto(row, await charts.defaultId(core, productId, 0), invalid) };
    });

    // EXP-009 / EXP-023: the persona, its custom insight tabs and its default pointer in one transaction.
    handle(router, E.remove, async ({ params: { id }, context }) => {
      const productId = context!.product!.id;
      const row = await rowInProduct(core, core, id, productId);
      refuseAllData(core, row);
      await charts.remove(productId, id, async (tx) => refuseAllData(core, await rowInProduct(core, tx, id, productId, true)));
      return { data: { message: MESSAGES.deleted } };
    });

    // SRV-108 / EXP-020 / EXP-021: the persona's own unavailable identifiers and the custom widgets naming some.
    handle(router, E.invalidIdentifiers, async ({ params: { id }, context }) => {
      const productId = context!.product!.id;
      const row = await rowInProduct(core, core, id, productId);
      const parts = await charts.invalid(
        productId,
        id,
        segmentsOf(row).map((s) => s.short_id),
      );
      return { data: { deletedSegmentIds: parts.identifiers, tabs: parts.tabs, widgets: parts.widgets } };
    });

    // EXP-021: the custom widgets lose their unavailable audiences (the persona's own segments are fixed in the builder, EXP-020).
    handle(router, E.removeInvalid, async ({ params: { id }, context }) => {
      const productId = context!.product!.id;
      const parts = await charts.invalid(productId, id, []);
      await core.transaction(async (tx) => {
        await rowInProduct(core, tx, id, productId, true);
        await charts.removeOwnedInvalid(tx, productId, id, parts.identifiers);
      });
      return { data: await dtoOf(id, productId), message: MESSAGES.invalidRemoved };
    });

    // Counting by persona id: the persona's rule within the filters, in the region of X-Context (the engine's workers count).
    handle(router, E.counts, async ({ params: { id }, body, context }, _req, reply) => {
      const started = process.hrtime.bigint();
      const productId = context!.product!.id;
      const row = await rowInProduct(core, core, id, productId);
      const e = await core.counts();
      const segments = segmentsOf(row);
      const gone = e.invalid(segments.map((s) => s.short_id));
      if (gone.length) throw core.errors.unprocessable(MESSAGES.unknownSegment, { identifiers: gone.join(', ') });
      const scope = countScope(e, context, body.filters);
      const rule = personaWithFilters({ segments }, body.filters) as Rule;
      const [people, base] = await Promise.all([
        rule.include ? e.ruleCount(rule, { region: scope.region, kind: 'matched' }) : Promise.resolve(-1),
        countBase(e, scope, 'matched'),
      ]);
      reply.header('Server-Timing', `counts;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}`);
      return { people: people < 0 ? base.filtered : people, base };
    });

    // EXP-026 / SRV-095: the product's motivations for the use cases asked (default insights).
    handle(router, E.motivations, async ({ query, context }) => ({
      data: await listMotivations(core, context!.product!.id, query['use_cases[]'] ?? query.use_cases),
    }));
    // EXP-027 / SRV-096.
    handle(router, E.motivationsOverview, async ({ context }) => ({ data: await listMotivations(core, context!.product!.id) }));

    // EXP-031 / SRV-097: tier 3 only; the row and its job are written in one transaction (pending).
    handle(router, E.createMotivation, async ({ body: { motivation_audience: m }, context, auth }, _req, reply) => {
      if (core.config.tier !== 3) throw core.errors.forbidden(MESSAGES.motivationTier3);
      const ctx = context!;
      const productId = ctx.product!.id;
      const e = await core.counts();
      const region = countScope(e, ctx, []).region ?? null;
      const row = await core.transaction(async (tx) => {
        const p = await rowInProduct(core, tx, m.persona_id, productId);
        const segments = segmentsOf(p);
        const bad = e.invalid(segments.map((s) => s.short_id));
        if (bad.length) throw core.errors.unprocessable(MESSAGES.unknownSegment, { 'motivation_audience.persona_id': MESSAGES.unknownSegment });
        const r = await insertMotivation(tx, {
          productId,
          name: m.name,
          personaId: m.persona_id,
          personaName: p.name,
          rules: personaWithFilters({ segments }, []),
          useCases: m.use_cases,
          userId: auth.user.id,
        });
        const job = await core.jobs.enqueue<MotivationPayload>(
          MOTIVATION_JOB,
          { motivation_id: Number(r.id), region },
          { tx, userId: auth.user.id, contextSlug: ctx.slug },
        );
        await tx.query('update explore_motivations set job_id = $2 where id = $1', [r.id, job.id]);
        return r;
      });
      reply.code(201);
      return { data: motivationDto(row) };
    });

    // EXP-032 / EXP-033 / SRV-098: 405 while Insights uses it (its persona still exists and it serves the insights use case).
    handle(router, E.removeMotivation, async ({ params: { id }, context }) => {
      const productId = context!.product!.id;
      const m = await motivationInProduct(core, id, productId);
      if (!m) throw core.errors.notFound(MESSAGES.motivationNotFound);
      const inUse =
        m.use_cases.includes('insights') &&
        m.persona_id !== null &&
        (await core.query('select 1 from explore_personas where id = $1 and product_id = $2', [m.persona_id, productId])).length > 0;
      if (inUse) throw new HttpError(405, `Motivation audience '${m.name}' is used in insights by the persona '${m.persona_name}' and cannot be deleted.`);
      await core.transaction(async (tx) => {
        await tx.query('delete from explore_motivations where id = $1', [id]);
      });
      return { data: { message: `Motivation audience '${m.name}' deleted.` } };
    });
  },
  seed: (core) => seedExplore(core),
});
