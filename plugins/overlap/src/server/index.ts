import { defineServerPlugin } from '@discovery/plugin-api';
import { handle, ownerTable, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { comparisonPermissions, MESSAGES, overlapEndpoints as E, withoutInvalid, type ComparisonValues } from '../common';
import { comparisonCounts, exportWorkbook, minBaseFrom } from './counting';
import init from './migrations/0001_overlap.sql';
import { applyDefault, copyName, defaultOf, insertRow, listRows, rowInProduct, rowWithDefault, toDto, updateRow } from './repository';
import { seedOverlap } from './seed';

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

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
    // Insight widgets need their owner to exist in the product (issue 25 §6).
    core.owners.registerKind('comparisons', ownerTable('overlap_comparisons'));
    const minBase = minBaseFrom(process.env.DISCOVERY_OVERLAP_MIN_BASE);

    /** Which ids the provider no longer has; while the population is still being made, none are known to be bad. */
    const invalidOf = async () => {
      try {
        const e = await core.counts();
        return (ids: string[]) => e.invalid(ids);
      } catch {
        return () => [];
      }
    };
    const titleTaken = () => core.errors.unprocessable(MESSAGES.titleUnique, { 'comparison.name': MESSAGES.titleUnique });

    /** The rules the schema cannot see: modeled only in tier 3, unique title, known segments. */
    const check = async (c: ComparisonValues, productId: number, selfId: number | null) => {
      if (c.mode === 'modeled' && core.config.tier !== 3) throw core.errors.unprocessable(MESSAGES.modeledTier3, { 'comparison.mode': MESSAGES.modeledTier3 });
      const [clash] = await core.query('select id from overlap_comparisons where product_id = $1 and lower(btrim(name)) = lower(btrim($2)) and id <> $3', [
        productId,
        c.name,
        selfId ?? 0,
      ]);
      if (clash) throw titleTaken();
      const e = await core.counts();
      const bad = e.invalid([...c.x_segments, ...c.y_segments].map((s) => s.short_id));
      if (bad.length) {
        const msg = `Unknown or no longer available segment identifiers: ${bad.join(', ')}`;
        throw core.errors.unprocessable(msg, { 'comparison.x_segments': msg });
      }
    };

    handle(router, E.list, async ({ context, auth }) => {
      const productId = context!.product!.id;
      const [rows, defaultId, invalid] = await Promise.all([listRows(core, productId), defaultOf(core, productId, auth.user.id), invalidOf()]);
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
      const out = await core
        .transaction(async (tx) => {
          const row = await insertRow(tx, productId, auth.user.id, c);
          const defaultId = await applyDefault(tx, productId, auth.user.id, Number(row.id), c.default);
          return { data: toDto(row, defaultId, invalid), default_id: defaultId };
        })
        .catch((err) => Promise.reject(isUniqueViolation(err) ? titleTaken() : err));
      reply.code(201);
      return out;
    });

    handle(router, E.update, async ({ params: { id }, body: { comparison: c }, context, auth }) => {
      const productId = context!.product!.id;
      await rowInProduct(core, core, id, productId);
      await check(c, productId, id);
      const invalid = await invalidOf();
      return core
        .transaction(async (tx) => {
          const row = await updateRow(tx, id, c);
          const defaultId = await applyDefault(tx, productId, auth.user.id, id, c.default);
          return { data: toDto(row, defaultId, invalid), default_id: defaultId };
        })
        .catch((err) => Promise.reject(isUniqueViolation(err) ? titleTaken() : err));
    });

    handle(router, E.remove, async ({ params: { id }, context }) => {
      const productId = context!.product!.id;
      await rowInProduct(core, core, id, productId);
      // Its defaults go with it (on delete cascade), its custom insight tabs in the same transaction.
      await core.transaction(async (tx) => {
        await tx.query('delete from overlap_comparisons where id = $1', [id]);
        await core.owners.deleteOwner(tx, { kind: 'comparisons', id, productId });
      });
      return { data: { message: MESSAGES.deleted } };
    });

    // OVL-052: a chart with invalid identifiers cannot be copied; the copy is nobody's default.
    handle(router, E.duplicate, async ({ params: { id }, context, auth }, _req, reply) => {
      const productId = context!.product!.id;
      const invalid = await invalidOf();
      const data = await core
        .transaction(async (tx) => {
          const src = toDto(await rowInProduct(core, tx, id, productId), 0, invalid);
          if (src.invalid_identifiers.length) throw core.errors.conflict(MESSAGES.duplicateInvalid);
          const row = await insertRow(tx, productId, auth.user.id, {
            ...src,
            name: await copyName(tx, productId, src.name),
          });
          return toDto(row, await defaultOf(tx, productId, auth.user.id), invalid);
        })
        .catch((err) => Promise.reject(isUniqueViolation(err) ? titleTaken() : err));
      reply.code(201);
      return { data };
    });

    // OVL-056: removal that would leave an axis empty is refused: the chart must be fixed in the editor.
    handle(router, E.removeInvalid, async ({ params: { id }, context, auth }) => {
      const productId = context!.product!.id;
      const e = await core.counts();
      const invalid = (ids: string[]) => e.invalid(ids);
      const owner = { kind: 'comparisons' as const, id, productId };
      const parts = await core.owners.invalid(core, owner, invalid);
      return core.transaction(async (tx) => {
        const src = toDto(await rowInProduct(core, tx, id, productId, true), 0, invalid);
        await core.owners.removeInvalid(tx, owner, parts.identifiers);
        const next = withoutInvalid(src, src.invalid_identifiers);
        if (next.x.length === 0) throw core.errors.unprocessable(MESSAGES.xRequired, { x_segments: MESSAGES.xRequired });
        if (next.y.length === 0) throw core.errors.unprocessable(MESSAGES.yRequired, { y_segments: MESSAGES.yRequired });
        const row = await updateRow(tx, id, { ...src, x_segments: next.x, y_segments: next.y });
        return { data: toDto(row, await defaultOf(tx, productId, auth.user.id), invalid), message: MESSAGES.invalidRemoved };
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
