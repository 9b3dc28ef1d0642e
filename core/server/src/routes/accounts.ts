import { adminEndpoints as E, type ApiKeyDto, type InvitationDto, type UserAdminDto } from '@discovery/plugin-api';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { newApiKeySecret, sha256 } from '../auth/apiKeys';
import { hashPassword } from '../auth/passwords';
import { guardRoleChange } from '../auth/roleGuard';
import type { SessionStore } from '../auth/sessionStore';
import type { AppConfig } from '../config';
import type { Database, Queryable } from '../db';
import { handle } from '../endpoints';
import { errors } from '../errors';
import type { ServerCore } from '../types';

interface Deps {
  db: Database;
  sessions: SessionStore;
  config: AppConfig;
  core: ServerCore;
  resources: string[];
}

/** A password hash no password matches: an invited user signs in only after setting one. */
const NO_PASSWORD = '!invited';
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** Users as the admin lists them (issue 32 §1), for the given ids, in that order. */
async function usersOut(db: Pick<Queryable, 'query'>, ids: number[]): Promise<UserAdminDto[]> {
  if (!ids.length) return [];
  const users = await db.query<{ id: number; email: string; first_name: string; last_name: string; deactivated_at: string | null; password_hash: string }>(
    'select id, email, first_name, last_name, deactivated_at, password_hash from users where id = any($1::int[])',
    [ids],
  );
  const roles = await db.query<{ user_id: number; id: number; name: string }>(
    'select ur.user_id, r.id, r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = any($1::int[]) order by r.name',
    [ids],
  );
  const slugs = await db.query<{ user_id: number; slug: string }>(
    'select user_id, slug from user_hierarchy_slugs where user_id = any($1::int[]) order by slug',
    [ids],
  );
  const byId = new Map(users.map((u) => [Number(u.id), u]));
  return ids
    .filter((id) => byId.has(id))
    .map((id) => {
      const u = byId.get(id)!;
      const mine = roles.filter((r) => Number(r.user_id) === id);
      return {
        id,
        email: u.email,
        first_name: u.first_name,
        last_name: u.last_name,
        roles: mine.map((r) => ({ name: r.name })),
        role_ids: mine.map((r) => Number(r.id)),
        slugs: slugs.filter((s) => Number(s.user_id) === id).map((s) => s.slug),
        deactivated_at: iso(u.deactivated_at),
        invited: u.password_hash === NO_PASSWORD,
      };
    });
}

export function registerAccountRoutes(app: FastifyInstance, { db, sessions, config, core, resources }: Deps): void {
  const inviteTtlHours = config.inviteTtlHours;

  /** A new one-time link for the user; earlier unused ones stop working. Only the token's hash is kept. */
  const newInvitation = async (tx: Queryable, userId: number, by: number): Promise<InvitationDto> => {
    const token = randomBytes(32).toString('base64url');
    const expires = new Date(Date.now() + inviteTtlHours * 3600_000);
    await tx.query('update user_invitations set used_at = now() where user_id = $1 and used_at is null', [userId]);
    await tx.query('insert into user_invitations (user_id, token_hash, created_by, expires_at) values ($1, $2, $3, $4)', [
      userId,
      sha256(token),
      by,
      expires.toISOString(),
    ]);
    return { url: `/set-password?token=${token}`, expires_at: expires.toISOString() };
  };

  const checkRoles = async (tx: Queryable, ids: number[]) => {
    if (!ids.length) return;
    const found = await tx.query<{ id: number }>('select id from roles where id = any($1::int[])', [ids]);
    const missing = ids.filter((id) => !found.some((r) => Number(r.id) === id));
    if (missing.length) throw errors.unprocessable(`No such role: ${missing[0]}`, { role_ids: `No such role: ${missing[0]}` });
  };

  // Search and paging: 10,000 users answer one page at a time.
  handle(app, E.usersPage, async ({ query }) => {
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    const params: unknown[] = [];
    let where = '';
    if (query.q) {
      params.push(`%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where = `where lower(email) like $1 or lower(first_name || ' ' || last_name) like $1`;
    }
    const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from users ${where}`, params);
    const page = await db.query<{ id: number }>(`select id from users ${where} order by last_name, first_name, id limit ${limit} offset ${offset}`, params);
    return {
      data: await usersOut(
        db,
        page.map((r) => Number(r.id)),
      ),
      total: Number(n),
    };
  });

  handle(app, E.inviteUser, async ({ body, auth }, _req, reply) => {
    const u = body.user;
    const out = await db.transaction(async (tx) => {
      const [clash] = await tx.query('select id from users where email = $1', [u.email]);
      if (clash)
        throw errors.unprocessable('A user with this email already exists.', { 'user.email': 'A user with this email already exists.' }).withCode('name_taken');
      await checkRoles(tx, u.role_ids);
      const [row] = await tx.query<{ id: number }>(
        'insert into users (email, password_hash, first_name, last_name, login_user_id) values ($1, $2, $3, $4, $1) returning id',
        [u.email, NO_PASSWORD, u.first_name, u.last_name],
      );
      const id = Number(row.id);
      for (const r of new Set(u.role_ids)) await tx.query('insert into user_roles (user_id, role_id) values ($1, $2)', [id, r]);
      for (const s of new Set(u.slugs)) await tx.query('insert into user_hierarchy_slugs (user_id, slug) values ($1, $2)', [id, s]);
      const invitation = await newInvitation(tx, id, auth.realUser.id);
      return { user: (await usersOut(tx, [id]))[0], invitation };
    });
    core.invalidateUsers();
    reply.code(201);
    return { data: out.user, invitation: out.invitation };
  });

  handle(app, E.reinviteUser, async ({ params, auth }) => {
    return db.transaction(async (tx) => {
      const [u] = await tx.query('select id from users where id = $1', [params.id]);
      if (!u) throw errors.notFound('No such user');
      return { data: await newInvitation(tx, params.id, auth.realUser.id) };
    });
  });

  handle(app, E.deactivateUser, async ({ params, auth }, _req, reply) => {
    if (params.id === auth.realUser.id) throw errors.conflict('You cannot deactivate yourself.');
    const done = await db.query('update users set deactivated_at = coalesce(deactivated_at, now()) where id = $1 returning id', [params.id]);
    if (!done.length) throw errors.notFound('No such user');
    // Sessions end at once; API keys are refused from the next call (their user has no access).
    await sessions.destroyAllOf(params.id);
    return reply.code(204).send();
  });

  handle(app, E.reactivateUser, async ({ params }, _req, reply) => {
    const done = await db.query('update users set deactivated_at = null where id = $1 returning id', [params.id]);
    if (!done.length) throw errors.notFound('No such user');
    core.invalidateUsers();
    return reply.code(204).send();
  });

  handle(app, E.setUserRoles, async ({ params, body }) => {
    const ids = [...new Set(body.role_ids)];
    const user = await db.transaction(async (tx) => {
      const [u] = await tx.query('select id from users where id = $1', [params.id]);
      if (!u) throw errors.notFound('No such user');
      await checkRoles(tx, ids);
      const refused = await guardRoleChange(tx, resources, 'assign', async () => {
        await tx.query('delete from user_roles where user_id = $1 and not (role_id = any($2::int[]))', [params.id, ids]);
        for (const r of ids) await tx.query('insert into user_roles (user_id, role_id) values ($1, $2) on conflict do nothing', [params.id, r]);
      });
      if (refused) throw errors.conflict(refused);
      return (await usersOut(tx, [params.id]))[0];
    });
    core.invalidateUsers();
    return { data: user };
  });

  // The set-password page (the built-in identity provider): public, by the link's token.
  const liveInvitation = async (tx: Pick<Queryable, 'query'>, token: string, lock = false) => {
    const [r] = await tx.query<{ id: number; user_id: number; email: string; first_name: string; last_name: string; expires_at: string }>(
      `select i.id, i.user_id, u.email, u.first_name, u.last_name, i.expires_at from user_invitations i join users u on u.id = i.user_id
       where i.token_hash = $1 and i.used_at is null and i.expires_at > now() and u.deactivated_at is null${lock ? ' for update of i' : ''}`,
      [sha256(token)],
    );
    if (!r) throw errors.notFound('This link has expired or was already used. Ask your administrator for a new one.');
    return r;
  };
  handle(app, E.invitation, async ({ params }) => {
    const r = await liveInvitation(db, params.token);
    return { data: { email: r.email, first_name: r.first_name, last_name: r.last_name, expires_at: iso(r.expires_at)! } };
  });
  handle(app, E.acceptInvitation, async ({ params, body }, _req, reply) => {
    const hash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      const r = await liveInvitation(tx, params.token, true);
      await tx.query('update user_invitations set used_at = now() where id = $1', [r.id]);
      await tx.query('update users set password_hash = $2 where id = $1', [r.user_id, hash]);
    });
    return reply.code(204).send();
  });

  // SRV-025: API keys.
  const keysOut = async (where = '', params: unknown[] = []): Promise<ApiKeyDto[]> => {
    const rows = await db.query<Record<string, unknown>>(
      `select k.id, k.name, k.prefix, k.user_id, u.email as user_email, k.created_at, k.expires_at, k.revoked_at, k.last_used_at
       from api_keys k join users u on u.id = k.user_id ${where} order by k.id desc`,
      params,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      prefix: String(r.prefix),
      user_id: Number(r.user_id),
      user_email: String(r.user_email),
      created_at: iso(r.created_at)!,
      expires_at: iso(r.expires_at),
      revoked_at: iso(r.revoked_at),
      last_used_at: iso(r.last_used_at),
    }));
  };
  handle(app, E.apiKeys, async () => ({ data: await keysOut() }));
  handle(app, E.createApiKey, async ({ body, auth }, req, reply) => {
    const k = body.api_key;
    const userId = k.user_id ?? auth.realUser.id;
    // A key for someone else acts as them: as much as 'view as' asks.
    if (userId !== auth.realUser.id) core.requirePermission(req, { resource: 'impersonation', action: 'create' });
    const [u] = await db.query('select id from users where id = $1 and deactivated_at is null', [userId]);
    if (!u) throw errors.unprocessable('No such active user', { 'api_key.user_id': 'No such active user' });
    const secret = newApiKeySecret();
    const [row] = await db.query<{ id: number }>(
      'insert into api_keys (user_id, name, prefix, secret_hash, created_by, expires_at) values ($1, $2, $3, $4, $5, $6) returning id',
      [userId, k.name, secret.slice(0, 12), sha256(secret), auth.realUser.id, k.expires_at ? new Date(k.expires_at).toISOString() : null],
    );
    const [key] = await keysOut('where k.id = $1', [row.id]);
    reply.code(201);
    return { data: { ...key, secret } };
  });
  handle(app, E.revokeApiKey, async ({ params }, _req, reply) => {
    const done = await db.query('update api_keys set revoked_at = coalesce(revoked_at, now()) where id = $1 returning id', [params.id]);
    if (!done.length) throw errors.notFound('No such API key');
    return reply.code(204).send();
  });
}
