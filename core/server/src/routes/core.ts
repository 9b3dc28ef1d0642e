import { coreEndpoints as E, healthEndpoints, HEALTH_PATHS } from '@discovery/plugin-api';
import type { FastifyInstance } from 'fastify';
import { ACTIONS, grantToRow } from '../auth/permissions';
import { guardRoleChange } from '../auth/roleGuard';
import type { SessionStore } from '../auth/sessionStore';
import { publicConfig, type AppConfig } from '../config';
import type { Database } from '../db';
import { handle } from '../endpoints';
import { errors } from '../errors';
import { resolveContext, visibleHierarchy, withoutProductSlugs } from '../hierarchy/hierarchy';
import { isSlugVisible } from '../hierarchy/slugs';
import type { ServerCore } from '../types';
import { MODULE_FLAGS, moduleAvailability } from '../featureFlags';

interface Deps {
  db: Database;
  sessions: SessionStore;
  config: AppConfig;
  core: ServerCore;
  resources: string[];
  buildInfo?: { version: string; branch: string; revision: string; date: string };
}

export { HEALTH_PATHS };

export function registerCoreRoutes(app: FastifyInstance, { db, sessions, config, core, resources, buildInfo }: Deps) {
  handle(app, E.ping, async () => ({ data: 'pong' as const }));
  handle(app, E.config, async () => ({ data: { ...publicConfig(config), build: buildInfo ?? null } }));
  handle(app, E.languages, async () => ({
    data: await db.query<{ value: string; text: string }>('select value, text from languages order by value'),
  }));

  for (const ep of healthEndpoints) {
    handle(app, ep, async (_in, _req, reply) => {
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
  handle(app, E.hierarchy, async ({ auth }, _req, reply) => {
    const tree = await core.hierarchy();
    if (tree !== cachedTree) {
      cachedTree = tree;
      bodies.clear();
    }
    // SRV-036: product slugs only in tier 3, for users with id_env_product_slugs.read.
    const slugs = config.tier === 3 && auth.can('id_env_product_slugs', 'read');
    const key = `${slugs}\n${auth.grants.join('\n')}`;
    let body = bodies.get(key);
    if (body === undefined) {
      const visible = visibleHierarchy(tree, auth.grants);
      body = JSON.stringify({ data: slugs ? visible : withoutProductSlugs(visible) });
      bodies.set(key, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // The router has decoded the path segment once already ('%2F' is '/'); it is not decoded again.
  handle(app, E.contextModules, async ({ params, auth }) => {
    const ctx = resolveContext(await core.hierarchy(), params.slug);
    if (!ctx || !isSlugVisible(auth.grants, params.slug)) throw errors.forbidden(`You don't have access to '${params.slug}'.`);
    const flags = ctx.client.feature_flags;
    const checks = moduleAvailability(core);
    const on = MODULE_FLAGS.filter((f) => flags[f] === true);
    // SHELL-006: a module with an availability check shows only where it has data (a failed check reads as none).
    const available = await Promise.all(
      on.map(
        (f) =>
          checks
            .get(f)?.(ctx)
            .catch(() => false) ?? true,
      ),
    );
    const modules: string[] = on.filter((_, i) => available[i]);
    if (auth.can('audiences', 'read')) modules.unshift('audiences_overview');
    return { data: modules };
  });

  // SRV-016 and GET /api/v1/permissions: the caller's permission set.
  handle(app, E.authorize, async ({ auth }) => ({ data: auth.permissions }));
  handle(app, E.permissions, async ({ auth }) => ({ data: auth.permissions }));

  // SRV-019..021
  handle(app, E.userPermissions, async ({ params }) => {
    const access = await sessions.accessOf(params.userId);
    if (!access) throw errors.notFound('No such user');
    return { data: access.permissions };
  });
  handle(app, E.userSlugs, async ({ params }) => {
    const rows = await db.query<{ slug: string }>('select slug from user_hierarchy_slugs where user_id = $1 order by slug', [params.userId]);
    return { data: rows.map((r) => r.slug) };
  });
  handle(app, E.setUserSlugs, async ({ params, body }) => {
    const id = params.userId;
    if (body.user_id !== undefined && body.user_id !== id) throw errors.unprocessable('user_id does not match the URL', { user_id: 'does not match the URL' });
    const [user] = await db.query('select id from users where id = $1', [id]);
    if (!user) throw errors.notFound('No such user');
    const slugs = [...new Set(body.slugs)];
    await db.transaction(async (tx) => {
      await tx.query('delete from user_hierarchy_slugs where user_id = $1', [id]);
      for (const slug of slugs) await tx.query('insert into user_hierarchy_slugs (user_id, slug) values ($1, $2)', [id, slug]);
    });
    core.invalidateUsers();
    return { data: slugs.sort() };
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
  type RoleInput = { role: { name: string; permissions: Record<string, { create?: boolean; read?: boolean; update?: boolean; destroy?: boolean }> } };
  const saveRole = async (body: RoleInput, id?: number) => {
    const unknown = Object.keys(body.role.permissions).filter((r) => !resources.includes(r));
    if (unknown.length) {
      throw errors.unprocessable(
        `Unknown resource '${unknown[0]}'`,
        Object.fromEntries(unknown.map((r) => [`role.permissions.${r}`, `Unknown resource '${r}'`])),
      );
    }
    return db.transaction(async (tx) => {
      const clash = await tx.query<{ id: number }>('select id from roles where lower(name) = lower($1)', [body.role.name]);
      if (clash.some((r) => Number(r.id) !== id)) throw errors.unprocessable('Role name already used', { 'role.name': 'Role name already used' });
      let roleId = id;
      if (roleId === undefined) {
        const [row] = await tx.query<{ id: number }>('insert into roles (name) values ($1) returning id', [body.role.name]);
        roleId = Number(row.id);
      } else {
        const updated = await tx.query('update roles set name = $2 where id = $1 returning id', [roleId, body.role.name]);
        if (!updated.length) throw errors.notFound('No such role');
      }
      const writePermissions = async () => {
        await tx.query('delete from role_permissions where role_id = $1', [roleId]);
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
      };
      // A new role only adds; a changed one may strip what nobody else gives.
      const refused = id === undefined ? (await writePermissions(), null) : await guardRoleChange(tx, resources, 'save', writePermissions);
      if (refused) throw errors.conflict(refused);
      return roleId;
    });
  };
  handle(app, E.roles, async () => ({ data: await roleOut() }));
  handle(app, E.createRole, async ({ body }, _req, reply) => {
    const id = await saveRole(body);
    core.invalidateUsers();
    reply.code(201);
    return { data: (await roleOut(id))[0] };
  });
  handle(app, E.updateRole, async ({ params, body }) => {
    await saveRole(body, params.id);
    core.invalidateUsers();
    return { data: (await roleOut(params.id))[0] };
  });
  // Issue 25 §5: the last role that gives global administration, or one that gives a permission
  // nobody else holds, is not deleted (409); the check and the delete are one transaction.
  handle(app, E.deleteRole, async ({ params }, _req, reply) => {
    await db.transaction(async (tx) => {
      let found = false;
      const refused = await guardRoleChange(tx, resources, 'delete', async () => {
        found = (await tx.query('delete from roles where id = $1 returning id', [params.id])).length > 0;
      });
      if (!found) throw errors.notFound('No such role');
      if (refused) throw errors.conflict(refused);
    });
    core.invalidateUsers();
    return reply.code(204).send();
  });
  handle(app, E.resources, async () => ({ data: resources.map((name) => ({ name, actions: [...ACTIONS] })) }));

  handle(app, E.users, async () => {
    const users = await db.query<{ id: number; email: string; first_name: string; last_name: string }>(
      'select id, email, first_name, last_name from users order by last_name, first_name',
    );
    const roles = await db.query<{ user_id: number; name: string }>(
      'select ur.user_id, r.name from user_roles ur join roles r on r.id = ur.role_id order by r.name',
    );
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
