import { type Rules } from '@discovery/insights-kit/common';
import { handle, HttpError, type Queryable, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { audienceIdentifier, audiencesEndpoints as E, lookalikeIdentifier, type LookalikeDto, type LookalikeEndpoints, type LookalikeV1Dto } from '../common';
import { audienceInScope, isUniqueViolation, nameTaken, refreshStale, scopeOf, type Scope } from './audiences';
import { countRules, engineIfReady, regionKey, toPeopleCount } from './counting';

export type LookalikeRow = Record<string, unknown> & { id: number; seed_audience_id: number; seed_rules: Rules; counted_population: string | null };

const COLUMNS = `l.id, l.product_id, l.region_id, l.seed_audience_id, l.name, l.people_global, l.people_region, l.matched, l.modeled, l.counted_population,
  l.used_in_insights, l.created_at, l.updated_at, a.name as seed_name, a.rules as seed_rules,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as created_by`;

export async function lookalikeRows(db: Pick<Queryable, 'query'>, where: string, params: unknown[]): Promise<LookalikeRow[]> {
  return db.query<LookalikeRow>(
    `select ${COLUMNS} from lookalikes l join audiences a on a.id = l.seed_audience_id left join users u on u.id = l.created_by where ${where}`,
    params,
  );
}

export function toLookalikeDto(r: LookalikeRow): LookalikeDto {
  return {
    id: Number(r.id),
    type: 'lookalike',
    name: String(r.name),
    identifier: lookalikeIdentifier(Number(r.id)),
    seed_identifier: audienceIdentifier(Number(r.seed_audience_id)),
    seed_audience_id: Number(r.seed_audience_id),
    seed_name: String(r.seed_name),
    description: null,
    status: r.people_global === null || r.people_global === undefined ? 'counting' : 'counted',
    audience_type: null,
    source_identifier: null,
    count: toPeopleCount(r),
    created_at: new Date(r.created_at as string).toISOString(),
    updated_at: new Date(r.updated_at as string).toISOString(),
    created_by: (r.created_by as string | null) ?? null,
  };
}

/** EXP-037: version 1 answers the fields of 002 §9 (id, identifier, seed_identifier) and the DESIGN's name, description, status, count, created_at. */
function toV1(d: LookalikeDto): LookalikeV1Dto {
  const { id, identifier, seed_identifier, name, description, status, count, created_at } = d;
  return { id, identifier, seed_identifier, name, description, status, count, created_at };
}

export async function lookalikesOf(core: ServerCore, scope: Scope, limit?: number): Promise<LookalikeDto[]> {
  const rows = await lookalikeRows(
    core,
    `l.product_id = $1 and l.region_id = $2 order by l.created_at desc, l.id desc${limit ? ' limit $3' : ''}`,
    limit ? [scope.productId, scope.regionId, limit] : [scope.productId, scope.regionId],
  );
  return (await refreshStale(core, 'lookalikes', rows, scope, (r) => r.seed_rules)).map(toLookalikeDto);
}

async function lookalikeInScope(core: ServerCore, id: number, scope: Scope): Promise<LookalikeRow> {
  const [row] = await lookalikeRows(core, 'l.id = $1', [id]);
  if (!row) throw core.errors.notFound(`Lookalike ${id} does not exist.`);
  if (Number(row.product_id) !== scope.productId || Number(row.region_id) !== scope.regionId) {
    throw core.errors.forbidden(`Lookalike ${id} belongs to another hierarchy context.`);
  }
  return row;
}

/**
 * SRV-093/094: lookalikes in two API versions (the version is in the URL), same store. A
 * lookalike is its seed audience's rules counted over the modeled memberships.
 */
export function registerLookalikeRoutes(router: FastifyInstance, core: ServerCore) {
  register(router, core, E.lookalikesV1, toV1);
  register(router, core, E.lookalikes, (d) => d);
}

function register<T>(router: FastifyInstance, core: ServerCore, ep: LookalikeEndpoints<T>, shape: (d: LookalikeDto) => T) {
  {
    handle(router, ep.list, async ({ context }) => ({ data: (await lookalikesOf(core, scopeOf(context))).map(shape) }));

    handle(router, ep.overview, async ({ context }) => ({
      data: (await lookalikesOf(core, scopeOf(context))).map((d) => ({
        id: d.id,
        type: d.type,
        attributes: { name: d.name, seed_name: d.seed_name, identifier: d.identifier, count: { people: d.count.people.global }, created_at: d.created_at },
      })),
    }));

    handle(router, ep.create, async ({ body: { lookalike }, context, auth }, _req, reply) => {
      const scope = scopeOf(context);
      const seed = await audienceInScope(core, lookalike.seed_audience_id, scope);
      const e = await engineIfReady(core);
      const c = e ? await countRules(e, seed.rules, regionKey(e, scope.client, scope.region), true).catch(() => null) : null;
      const row = await core
        .transaction(async (tx) => {
          const [r] = await tx.query<{ id: number }>(
            `insert into lookalikes (product_id, region_id, seed_audience_id, name, people_global, people_region, matched, modeled, counted_population, created_by)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
            [
              scope.productId,
              scope.regionId,
              seed.id,
              lookalike.name,
              c?.people_global ?? null,
              c?.people_region ?? null,
              c?.matched ?? null,
              c?.modeled ?? null,
              c?.counted_population ?? null,
              auth.user.id,
            ],
          );
          return (await lookalikeRows(tx, 'l.id = $1', [r.id]))[0];
        })
        .catch((err) => (isUniqueViolation(err) ? nameTaken(core, 'lookalike.name') : Promise.reject(err)));
      reply.code(201);
      return { data: shape(toLookalikeDto(row)) };
    });

    handle(router, ep.get, async ({ params: { id }, context }) => {
      const scope = scopeOf(context);
      const [row] = await refreshStale(core, 'lookalikes', [await lookalikeInScope(core, id, scope)], scope, (r) => r.seed_rules);
      return { data: shape(toLookalikeDto(row)) };
    });

    handle(router, ep.update, async ({ params: { id }, body: { lookalike }, context }) => {
      await lookalikeInScope(core, id, scopeOf(context));
      await core
        .query('update lookalikes set name = $2, updated_at = now() where id = $1', [id, lookalike.name])
        .catch((err) => (isUniqueViolation(err) ? nameTaken(core, 'lookalike.name') : Promise.reject(err)));
      return { data: shape(toLookalikeDto((await lookalikeRows(core, 'l.id = $1', [id]))[0])) };
    });

    handle(router, ep.remove, async ({ params: { id }, context }) => {
      const row = await lookalikeInScope(core, id, scopeOf(context));
      // SRV-094: a lookalike an insight uses stays; the message names insights.
      if (row.used_in_insights) throw new HttpError(405, `Lookalike '${row.name}' is used in insights and cannot be deleted.`).withCode('in_use');
      await core.query('delete from lookalikes where id = $1', [id]);
      return { data: { message: `Lookalike '${row.name}' deleted.` } };
    });
  }
}
