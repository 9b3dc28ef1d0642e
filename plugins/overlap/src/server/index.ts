import { countBase, countScope, SavedCharts } from '@discovery/insights-kit/server';
import { defineServerPlugin } from '@discovery/plugin-api';
import { handle, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { comparisonPermissions, MESSAGES, overlapEndpoints as E, withoutInvalid, type ComparisonValues } from '../common';
import { comparisonCounts, exportWorkbook } from './counting';
import init from './migrations/0001_overlap.sql';
import { insertRow, listRows, rowInProduct, rowWithDefault, toDto, updateRow } from './repository';
import { seedOverlap } from './seed';

/**
 * Comparisons (overlap charts) of the product in X-Context (SRV-104..107): list, fetch, save,
 * delete, duplicate, remove invalid identifiers, counts from the count engine and the .xlsx.
 * Every route declares its comparisons permission; every query is scoped by the product.
 */
export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'overlap',
  permissions: Object.values(comparisonPermissions),
  migrations: [{ id: '0001_overlap', sql: init }],
  register(router, core) {
    // The kit's saved-chart rules (SRV-107: each user's default in a product).
    const charts = new SavedCharts(core, {
      kind: 'comparisons',
      table: 'overlap_comparisons',
      defaults: { table: 'overlap_defaults', column: 'comparison_id', perUser: true },
      messages: { notFound: MESSAGES.notFound, nameTaken: MESSAGES.titleUnique, nameField: 'comparison.name' },
    });
    // Issue 27 §2: the one small-base threshold of every insight screen (DISCOVERY_SMALL_BASE).
    const minBase = core.config.small_base;

    /** Which ids the provider no longer has; while the population is still being made, none are known to be bad. */
    const invalidOf = async () => {
      try {
        const e = await core.counts();
        return (ids: string[]) => e.invalid(ids);
      } catch {
        return () => [];
      }
    };

    /** The rules the schema cannot see: modeled only in tier 3, unique title, known segments. */
    const check = async (c: ComparisonValues, productId: number, selfId: number | null) => {
      if (c.mode === 'modeled' && core.config.tier !== 3) throw core.errors.unprocessable(MESSAGES.modeledTier3, { 'comparison.mode': MESSAGES.modeledTier3 });
      await charts.checkName(core, productId, c.name, selfId);
      const e = await core.counts();
      const bad = e.invalid([...c.x_segments, ...c.y_segments].map((s) => s.short_id));
      if (bad.length) {
        const msg = `Unknown or no longer available segment identifiers: ${bad.join(', ')}`;
        throw core.errors.unprocessable(msg, { 'comparison.x_segments': msg });
      }
    };

    handle(router, E.list, async ({ context, auth }) => {
      const productId = context!.product!.id;
      const [rows, defaultId, invalid] = await Promise.all([listRows(core, productId), charts.defaultId(core, productId, auth.user.id), invalidOf()]);
      return { data: rows.map((r) => toDto(r, defaultId, invalid)), default_id: defaultId };
    });

    handle(router, E.get, async ({ params: { id }, context, auth }, _req, reply) => {
      const started = process.hrtime.bigint();
      const productId = context!.product!.id;
      const [{ row, defaultId }, invalid] = await Promise.all([rowWithDefault(core, id, productId, auth.user.id), invalidOf()]);
      reply.header('Server-Timing', `fetch;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}`);
      return { data: toDto(row, defaultId, invalid) };
    });

    handle(router, E.create, async ({ body: { comparison: c }, context, auth }, _req, reply) => {
      const productId = context!.product!.id;
      await check(c, productId, null);
      const invalid = await invalidOf();
      const out = await charts.named(() =>
        core.transaction(async (tx) => {
          const row = await insertRow(tx, productId, auth.user.id, c);
          const defaultId = await charts.setDefault(tx, productId, auth.user.id, Number(row.id), c.default);
          return { data: toDto(row, defaultId, invalid), default_id: defaultId };
        }),
      );
      reply.code(201);
      return out;
    });

    handle(router, E.update, async ({ params: { id }, body: { comparison: c }, context, auth }) => {
      const productId = context!.product!.id;
      await rowInProduct(core, core, id, productId);
      await check(c, productId, id);
      const invalid = await invalidOf();
      return charts.named(() =>
        core.transaction(async (tx) => {
          const row = await updateRow(tx, id, c);
          const defaultId = await charts.setDefault(tx, productId, auth.user.id, id, c.default);
          return { data: toDto(row, defaultId, invalid), default_id: defaultId };
        }),
      );
    });

    handle(router, E.remove, async ({ params: { id }, context }) => {
      const productId = context!.product!.id;
      // Its defaults go with it (on delete cascade), its custom insight tabs in the same transaction.
      await charts.remove(productId, id);
      return { data: { message: MESSAGES.deleted } };
    });

    // OVL-052: a chart with invalid identifiers cannot be copied; the copy is nobody's default.
    handle(router, E.duplicate, async ({ params: { id }, context, auth }, _req, reply) => {
      const productId = context!.product!.id;
      const invalid = await invalidOf();
      const data = await charts.named(() =>
        core.transaction(async (tx) => {
          const src = toDto(await rowInProduct(core, tx, id, productId), 0, invalid);
          if (src.invalid_identifiers.length) throw core.errors.conflict(MESSAGES.duplicateInvalid);
          const row = await insertRow(tx, productId, auth.user.id, {
            ...src,
            name: await charts.copyName(tx, productId, src.name),
          });
          return toDto(row, await charts.defaultId(tx, productId, auth.user.id), invalid);
        }),
      );
      reply.code(201);
      return { data };
    });

    // OVL-056: removal that would leave an axis empty is refused: the chart must be fixed in the editor.
    handle(router, E.removeInvalid, async ({ params: { id }, context, auth }) => {
      const productId = context!.product!.id;
      const e = await core.counts();
      const invalid = (ids: string[]) => e.invalid(ids);
      const own = toDto(await rowInProduct(core, core, id, productId), 0, invalid);
      const parts = await charts.invalid(productId, id, own.invalid_identifiers);
      return core.transaction(async (tx) => {
        const src = toDto(await rowInProduct(core, tx, id, productId, true), 0, invalid);
        await charts.removeOwnedInvalid(tx, productId, id, parts.identifiers);
        const next = withoutInvalid(src, src.invalid_identifiers);
        if (next.x.length === 0) throw core.errors.unprocessable(MESSAGES.xRequired, { x_segments: MESSAGES.xRequired });
        if (next.y.length === 0) throw core.errors.unprocessable(MESSAGES.yRequired, { y_segments: MESSAGES.yRequired });
        const row = await updateRow(tx, id, { ...src, x_segments: next.x, y_segments: next.y });
        return { data: toDto(row, await charts.defaultId(tx, productId, auth.user.id), invalid), message: MESSAGES.invalidRemoved };
      });
    });

    // SRV-105: the cells, the segments' regional and global counts; Server-Timing for npm run bench:overlap.
    handle(router, E.counts, async ({ body, context }, _req, reply) => {
      const started = process.hrtime.bigint();
      const e = await core.counts();
      const data = await comparisonCounts(e, body, e.regionKey(context!.client.slug, context!.region!.slug), minBase);
      reply.header('Server-Timing', `counts;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}`);
      return data;
    });

    // Counting by chart id (issue 24): the saved chart's axes, the filter bar's filters, the region of X-Context.
    handle(router, E.chartCounts, async ({ params: { id }, body, context }, _req, reply) => {
      const started = process.hrtime.bigint();
      const productId = context!.product!.id;
      const e = await core.counts();
      const c = toDto(await rowInProduct(core, core, id, productId), 0, (ids) => e.invalid(ids));
      const scope = countScope(e, context, body.filters);
      const [data, base] = await Promise.all([
        comparisonCounts(
          e,
          {
            x_axis_ids: c.x_segments.map((x) => x.short_id),
            y_axis_ids: c.y_segments.map((y) => y.short_id),
            is_modeled: c.mode === 'modeled',
            is_index: c.mode === 'index',
            filter: scope.filter,
          },
          scope.region,
          minBase,
        ),
        countBase(e, scope, c.mode === 'modeled' ? 'weights' : 'matched'),
      ]);
      reply.header('Server-Timing', `counts;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}`);
      return { ...data, base };
    });

    // SRV-106: the chart as a workbook (labels, counts, percent or index, both directions).
    handle(router, E.exportXlsx, async ({ params: { id }, context }, _req, reply) => {
      const productId = context!.product!.id;
      const e = await core.counts();
      const c = toDto(await rowInProduct(core, core, id, productId), 0, (ids) => e.invalid(ids));
      const file = await exportWorkbook(e, c, e.regionKey(context!.client.slug, context!.region!.slug), minBase);
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${c.name.replace(/[^\w .-]+/g, '_')}.xlsx"`);
      return reply.send(file);
    });
  },
  seed: (core) => seedOverlap(core),
});
