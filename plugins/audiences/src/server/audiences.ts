import { type Rules } from '@discovery/insights-kit/common';
import { owners } from '@discovery/insights-kit/server';
import type { CountsEngine } from '@discovery/counts';
import { handle, type Queryable, type ResolvedContext, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { audiencesEndpoints as E, MESSAGES, ruleIds, type AudienceDto, type ProfileDto } from '../common';
import { countRules, engineIfReady, populationKey, regionKey, toPeopleCount, type StoredCounts } from './counting';

/** The product and region of the request's X-Context (routes require a product context). */
export interface Scope {
  productId: number;
  regionId: number;
  client: string;
  region: string;
  slug: string;
}

export function scopeOf(ctx: ResolvedContext): Scope {
  return { productId: ctx.product!.id, regionId: ctx.region!.id, client: ctx.client.slug, region: ctx.region!.slug, slug: ctx.slug };
}

const AUDIENCE_COLUMNS = `a.id, a.product_id, a.region_id, a.name, a.description, a.rules, a.audience_type, a.source_identifier, a.referer,
  a.people_global, a.people_region, a.matched, a.modeled, a.counted_population, a.created_at, a.updated_at,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as created_by`;

export type AudienceRow = Record<string, unknown> & { id: number; product_id: number; region_id: number; rules: Rules; counted_population: string | null };

export function toAudienceDto(r: AudienceRow): AudienceDto {
  return {
    id: Number(r.id),
    type: 'audience',
    name: String(r.name),
    description: String(r.description ?? ''),
    rules: r.rules,
    audience_type: r.audience_type as AudienceDto['audience_type'],
    source_identifier: (r.source_identifier as string | null) ?? null,
    referer: (r.referer as string | null) ?? null,
    count: toPeopleCount(r),
    created_at: new Date(r.created_at as string).toISOString(),
    updated_at: new Date(r.updated_at as string).toISOString(),
    created_by: (r.created_by as string | null) ?? null,
  };
}

export async function audienceRows(db: Pick<Queryable, 'query'>, where: string, params: unknown[]): Promise<AudienceRow[]> {
  return db.query<AudienceRow>(`select ${AUDIENCE_COLUMNS} from audiences a left join users u on u.id = a.created_by where ${where}`, params);
}

/**
 * One audience by id, checked against the request's context: unknown is a 404, another
 * product's or region's (another client's included) is a 403.
 */
export async function audienceInScope(core: ServerCore, id: number, scope: Scope): Promise<AudienceRow> {
  const [row] = await audienceRows(core, 'a.id = $1', [id]);
  if (!row) throw core.errors.notFound(`Audience ${id} does not exist.`);
  if (Number(row.product_id) !== scope.productId || Number(row.region_id) !== scope.regionId) {
    throw core.errors.forbidden(`Audience ${id} belongs to another hierarchy context.`);
  }
  return row;
}

const COUNT_COLUMNS = ['people_global', 'people_region', 'matched', 'modeled', 'counted_population'] as const;

/**
 * Counts taken from another population (or never taken, e.g. seeded while the population was
 * generated) are recounted on read and stored; without a ready engine the stored ones are shown.
 */
export async function refreshStale<R extends { id: number; rules?: Rules; counted_population: string | null } & Record<string, unknown>>(
  core: ServerCore,
  table: 'audiences' | 'lookalikes',
  rows: R[],
  scope: Scope,
  rulesOf: (row: R) => Rules | undefined = (row) => row.rules,
): Promise<R[]> {
  const stale = rows.filter((r) => r.counted_population === null || r.counted_population === undefined);
  const e = await engineIfReady(core);
  if (!e) return rows;
  const key = populationKey(e);
  const todo = rows.filter((r) => stale.includes(r) || r.counted_population !== key);
  if (!todo.length) return rows;
  const region = regionKey(e, scope.client, scope.region);
  for (const r of todo) {
    const rules = rulesOf(r);
    if (!rules) continue;
    let c: StoredCounts;
    try {
      c = await countRules(e, rules, region, table === 'lookalikes');
    } catch {
      // a segment that is no longer available: the row keeps its last counts
      continue;
    }
    Object.assign(r, c);
    await core.query(`update ${table} set ${COUNT_COLUMNS.map((k, i) => `${k} = $${i + 2}`).join(', ')} where id = $1`, [
      r.id,
      ...COUNT_COLUMNS.map((k) => c[k]),
    ]);
  }
  return rows;
}

/** 422 naming the segments a rule uses that the population does not have. */
function checkSegments(core: ServerCore, e: CountsEngine, rules: Rules): void {
  const bad = e.invalid(ruleIds(rules));
  if (bad.length) {
    throw core.errors
      .unprocessable(`Unknown or no longer available segment identifiers: ${bad.join(', ')}`, { rules: bad.join(', ') })
      .withCode('segments_unknown');
  }
}

export function nameTaken(core: ServerCore, field: string): never {
  throw core.errors.unprocessable(MESSAGES.nameTaken, { [field]: MESSAGES.nameTaken }).withCode('name_taken');
}

export const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

export function registerAudienceRoutes(router: FastifyInstance, core: ServerCore) {
  // The overview: audiences and lookalikes of the context, newest first.
  handle(router, E.list, async ({ context }) => {
    const scope = scopeOf(context);
    const rows = await refreshStale(
      core,
      'audiences',
      await audienceRows(core, 'a.product_id = $1 and a.region_id = $2 order by a.created_at desc, a.id desc', [scope.productId, scope.regionId]),
      scope,
    );
    return { data: rows.map(toAudienceDto) };
  });

  // The builder's live count: matched and modeled, in the region and in the whole population.
  handle(router, E.count, async ({ body, context }) => {
    const e = await core.counts();
    const scope = scopeOf(context);
    const c = await countRules(e, body.rules, regionKey(e, scope.client, scope.region));
    return { data: toPeopleCount(c) };
  });

  handle(router, E.create, async ({ body: { audience }, context, auth }, _req, reply) => {
    const scope = scopeOf(context);
    const e = await core.counts();
    checkSegments(core, e, audience.rules);
    const c = await countRules(e, audience.rules, regionKey(e, scope.client, scope.region));
    const row = await core
      .transaction(async (tx) => {
        const [r] = await tx.query<{ id: number }>(
          `insert into audiences (product_id, region_id, name, description, rules, audience_type, referer, people_global, people_region, matched, modeled, counted_population, created_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
          [
            scope.productId,
            scope.regionId,
            audience.name,
            audience.description,
            JSON.stringify(audience.rules),
            audience.audience_type,
            audience.referer ?? null,
            c.people_global,
            c.people_region,
            c.matched,
            c.modeled,
            c.counted_population,
            auth.user.id,
          ],
        );
        return (await audienceRows(tx, 'a.id = $1', [r.id]))[0];
      })
      .catch((err) => (isUniqueViolation(err) ? nameTaken(core, 'audience.name') : Promise.reject(err)));
    reply.code(201);
    return { data: toAudienceDto(row) };
  });

  handle(router, E.get, async ({ params: { id }, context }) => {
    const scope = scopeOf(context);
    const [row] = await refreshStale(core, 'audiences', [await audienceInScope(core, id, scope)], scope);
    return { data: toAudienceDto(row) };
  });

  handle(router, E.update, async ({ params: { id }, body: { audience }, context }) => {
    const scope = scopeOf(context);
    await audienceInScope(core, id, scope);
    const e = await core.counts();
    checkSegments(core, e, audience.rules);
    const c = await countRules(e, audience.rules, regionKey(e, scope.client, scope.region));
    const row = await core
      .transaction(async (tx) => {
        await tx.query(
          `update audiences set name = $2, description = $3, rules = $4, audience_type = $5, people_global = $6, people_region = $7, matched = $8, modeled = $9,
             counted_population = $10, updated_at = now() where id = $1`,
          [
            id,
            audience.name,
            audience.description,
            JSON.stringify(audience.rules),
            audience.audience_type,
            c.people_global,
            c.people_region,
            c.matched,
            c.modeled,
            c.counted_population,
          ],
        );
        // the audience's lookalikes follow their seed's new rules
        await tx.query('update lookalikes set counted_population = null where seed_audience_id = $1', [id]);
        return (await audienceRows(tx, 'a.id = $1', [id]))[0];
      })
      .catch((err) => (isUniqueViolation(err) ? nameTaken(core, 'audience.name') : Promise.reject(err)));
    return { data: toAudienceDto(row) };
  });

  handle(router, E.remove, async ({ params: { id }, context }) => {
    const scope = scopeOf(context);
    const row = await audienceInScope(core, id, scope);
    // What other plugins keep for the audience (its custom insight tabs and widgets) goes with it, in one transaction.
    await core.transaction(async (tx) => {
      await owners(core).deleteOwner(tx, { kind: 'audiences', id, productId: scope.productId });
      await tx.query('delete from audiences where id = $1', [id]);
    });
    return { data: { message: `Audience '${row.name}' deleted.` } };
  });

  // Insight profile: the audience's share of each demographic segment against the population's.
  handle(router, E.profile, async ({ params: { id }, context }) => {
    const scope = scopeOf(context);
    const row = await audienceInScope(core, id, scope);
    const e = await core.counts();
    const demographic = e.manifest.segments.filter((s) => s.demographic && !s.deleted && !s.expired);
    const p = await e.profile(
      row.rules,
      demographic.map((s) => s.short_id),
      { region: regionKey(e, scope.client, scope.region) },
    );
    const profile: ProfileDto = {
      audience: p.audience,
      population: p.population,
      rows: p.rows.map((r, i) => ({
        identifier: r.id,
        name: demographic[i].name,
        category: demographic[i].path[demographic[i].path.length - 1],
        count: r.count,
        share: r.share,
        index: r.index,
        population_share: p.population ? r.segment / p.population : 0,
      })),
    };
    return { data: profile };
  });
}
