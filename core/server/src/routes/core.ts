import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ACTIONS, grantToRow } from '../auth/permissions';
import type { SessionStore } from '../auth/sessionStore';
import { publicConfig, type AppConfig } from '../config';
import type { Database } from '../db';
import { errors, validate } from '../errors';
import { resolveContext, visibleHierarchy, withoutProductSlugs } from '../hierarchy/hierarchy';
import { isSlugVisible } from '../hierarchy/slugs';
import type { ServerCore } from '../types';

interface Deps {
  db: Database;
  sessions: SessionStore;
  config: AppConfig;
  core: ServerCore;
  resources: string[];
  buildInfo?: { version: string; branch: string; revision: string; date: string };
}

/** SRV-050: every service this server stands in for answers the same check. */
export const HEALTH_PATHS = [
  '/api-gateway-health-check',
  '/api/v1/health',
  '/api/v1/auth/health',
  '/api/v1/clients/health',
  '/api/v1/insights/health',
  '/api/v1/id/health',
  '/api/v1/plans/health',
  '/api/v1/segments/health',
  '/api/v1/toolbox/health',
];

/** SRV-018: client feature flags that open a feature module. */
const MODULE_FLAGS = [
  'explore',
  'overlap',
  'grow',
  'journey',
  'customer_value',
  'site_visitation',
  'best_customer',
  'customer_attrition',
  'buyer_retention',
  'measure',
  'scenarios',
  'applications',
];

const SlugList = z.object({
  user_id: z.coerce.number().int().positive().optional(),
  slugs: z.array(z.string().trim().regex(/^(\*|[a-z0-9-]+(\/[a-z0-9-]+){0,3})$/, 'A slug is * or client[/region[/brand[/product]]]')).max(500),
});

const PermissionGrant = z.object({
  create: z.boolean().optional(),
  read: z.boolean().optional(),
  update: z.boolean().optional(),
  destroy: z.boolean().optional(),
});
const roleBody = (resources: string[]) =>
  z.object({
    role: z.object({
      name: z.string().trim().min(1, 'Role name is required.').max(100),
      permissions: z
        .record(z.string(), PermissionGrant)
        .default({})
        .superRefine((perms, ctx) => {
          for (const r of Object.keys(perms)) {
            if (!resources.includes(r)) ctx.addIssue({ code: 'custom', path: [r], message: `Unknown resource '${r}'` });
          }
        }),
    }),
  });

export function registerCoreRoutes(app: FastifyInstance, { db, sessions, config, core, resources, buildInfo }: Deps) {
  const RoleBody = roleBody(resources);
  const pub = { config: { public: true } };
  const adminRead = core.requirePermission('global_admin', 'read');
  const adminUpdate = core.requirePermission('global_admin', 'update');

  app.get('/api/v1/ping', pub, async () => ({ data: 'pong' }));
  app.get('/api/v1/config', pub, async () => ({ data: { ...publicConfig(config), build: buildInfo ?? null } }));
  app.get('/api/v1/languages', pub, async () => ({
    data: await db.query<{ value: string; text: string }>('select value, text from languages order by value'),
  }));

  for (const path of HEALTH_PATHS) {
    app.get(path, pub, async (_req, reply) => {
      try {
        await db.query('select 1');
        return { data: 'OK' };
      } catch (e) {
        return reply.code(503).send({ data: `database unavailable: ${(e as Error).message}` });
      }
    });
  }

  // The tree is read on every page load: its JSON per set of grants is kept until the tree changes.
  let cachedTree: unknown = null;
  const bodies = new Map<string, string>();
  app.get('/api/v1/hierarchy', async (req, reply) => {
    const tree = await core.hierarchy();
    if (tree !== cachedTree) {
      cachedTree = tree;
      bodies.clear();
    }
    // SRV-036: product slugs only in tier 3, for users with id_env_product_slugs.read.
    const slugs = config.tier === 3 && req.discovery.can('id_env_product_slugs', 'read');
    const key = `${slugs}\n${req.discovery.grants.join('\n')}`;
    let body = bodies.get(key);
    if (body === undefined) {
      const visible = visibleHierarchy(tree, req.discovery.grants);
      body = JSON.stringify({ data: slugs ? visible : withoutProductSlugs(visible) });
      bodies.set(key, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get('/api/v1/contexts/:slug/modules', async (req) => {
    const slug = decodeURIComponent((req.params as { slug: string }).slug);
    const ctx = resolveContext(await core.hierarchy(), slug);
    if (!ctx || !isSlugVisible(req.discovery.grants, slug)) throw errors.forbidden(`You don't have access to '${slug}'.`);
    const flags = ctx.client.feature_flags;
    const modules = MODULE_FLAGS.filter((f) => flags[f] === true);
    if (req.discovery.can('audiences', 'read')) modules.unshift('audiences_overview');
    return { data: modules };
  });

  // SRV-016 and the issue's GET /api/v1/permissions: the caller's permission set.
  app.get('/api/v1/authorize', async (req) => ({ data: req.discovery.permissions }));
  app.get('/api/v1/permissions', async (req) => ({ data: req.discovery.permissions }));

  const userId = (params: unknown) => {
    const id = Number((params as { userId: string }).userId);
    if (!Number.isInteger(id) || id <= 0) throw errors.badRequest('userId must be a positive integer');
    return id;
  };
  // SRV-019..021
  app.get('/api/v1/permissions/:userId', { preHandler: adminRead }, async (req) => {
    const access = await sessions.accessOf(userId(req.params));
    if (!access) throw errors.notFound('No such user');
    return { data: access.permissions };
  });
  app.get('/api/v1/permissions/:userId/slugs', { preHandler: adminRead }, async (req) => {
    const rows = await db.query<{ slug: string }>('select slug from user_hierarchy_slugs where user_id = $1 order by slug', [userId(req.params)]);
    return { data: rows.map((r) => r.slug) };
  });
  app.put('/api/v1/permissions/:userId', { preHandler: adminUpdate }, async (req) => {
    const id = userId(req.params);
    const body = validate(SlugList, req.body);
    if (body.user_id !== undefined && body.user_id !== id) throw errors.unprocessable('user_id does not match the URL', { user_id: 'does not match the URL' });
    const [user] = await db.query('select id from users where id = $1', [id]);
    if (!user) throw errors.notFound('No such user');
    await db.transaction(async (tx) => {
      await tx.query('delete from user_hierarchy_slugs where user_id = $1', [id]);
      for (const slug of [...new Set(body.slugs)]) await tx.query('insert into user_hierarchy_slugs (user_id, slug) values ($1, $2)', [id, slug]);
    });
    core.invalidateUsers();
    return { data: [...new Set(body.slugs)].sort() };
  });

  // SRV-022, SRV-023
  const roleOut = async (id?: number) => {
    const roles = await db.query<{ id: number; name: string }>(`select id, name from roles ${id ? 'where id = $1' : ''} order by name`, id ? [id] : []);
    const rows = await db.query<{ role_id: number; resource: string; can_create: boolean; can_read: boolean; can_update: boolean; can_destroy: boolean }>(
      'select * from role_permissions',
    );
    return roles.map((r) => ({
      id: Number(r.id),
      name: r.name,
      permissions: Object.fromEntries(
        rows
          .filter((p) => Number(p.role_id) === Number(r.id))
          .map((p) => [p.resource, { create: p.can_create, read: p.can_read, update: p.can_update, destroy: p.can_destroy }]),
      ),
    }));
  };
  const saveRole = async (body: z.infer<ReturnType<typeof roleBody>>, id?: number) =>
    db.transaction(async (tx) => {
      const clash = await tx.query<{ id: number }>('select id from roles where lower(name) = lower($1)', [body.role.name]);
      if (clash.some((r) => Number(r.id) !== id)) throw errors.unprocessable('Role name already used', { 'role.name': 'Role name already used' });
      let roleId = id;
      if (roleId === undefined) {
        const [row] = await tx.query<{ id: number }>('insert into roles (name) values ($1) returning id', [body.role.name]);
        roleId = Number(row.id);
      } else {
        const updated = await tx.query('update roles set name = $2 where id = $1 returning id', [roleId, body.role.name]);
        if (!updated.length) throw errors.notFound('No such role');
        await tx.query('delete from role_permissions where role_id = $1', [roleId]);
      }
      for (const [resource, g] of Object.entries(body.role.permissions)) {
        const r = grantToRow(resource, g);
        await tx.query('insert into role_permissions (role_id, resource, can_create, can_read, can_update, can_destroy) values ($1,$2,$3,$4,$5,$6)', [
          roleId,
          r.resource,
          r.can_create,
          r.can_read,
          r.can_update,
          r.can_destroy,
        ]);
      }
      return roleId;
    });
  app.get('/api/v1/roles', { preHandler: adminRead }, async () => ({ data: await roleOut() }));
  app.post('/api/v1/roles', { preHandler: core.requirePermission('global_admin', 'create') }, async (req, reply) => {
    const id = await saveRole(validate(RoleBody, req.body));
    core.invalidateUsers();
    reply.code(201);
    return { data: (await roleOut(id))[0] };
  });
  app.put('/api/v1/roles/:id', { preHandler: adminUpdate }, async (req) => {
    const id = Number((req.params as { id: string }).id);
    await saveRole(validate(RoleBody, req.body), id);
    core.invalidateUsers();
    return { data: (await roleOut(id))[0] };
  });
  app.delete('/api/v1/roles/:id', { preHandler: core.requirePermission('global_admin', 'destroy') }, async (req, reply) => {
    const deleted = await db.query('delete from roles where id = $1 returning id', [Number((req.params as { id: string }).id)]);
    if (!deleted.length) throw errors.notFound('No such role');
    core.invalidateUsers();
    return reply.code(204).send();
  });
  app.get('/api/v1/resources', { preHandler: adminRead }, async () => ({ data: resources.map((name) => ({ name, actions: [...ACTIONS] })) }));

  app.get('/api/v1/users', { preHandler: adminRead }, async () => {
    const users = await db.query<{ id: number; email: string; first_name: string; last_name: string }>(
      'select id, email, first_name, last_name from users order by last_name, first_name',
    );
    const roles = await db.query<{ user_id: number; name: string }>('select ur.user_id, r.name from user_roles ur join roles r on r.id = ur.role_id order by r.name');
    const slugs = await db.query<{ user_id: number; slug: string }>('select user_id, slug from user_hierarchy_slugs order by slug');
    return {
      data: users.map((u) => ({
        ...u,
        id: Number(u.id),
        roles: roles.filter((r) => Number(r.user_id) === Number(u.id)).map((r) => ({ name: r.name })),
        slugs: slugs.filter((s) => Number(s.user_id) === Number(u.id)).map((s) => s.slug),
      })),
    };
  });
}
