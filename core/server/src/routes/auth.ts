import { coreEndpoints as E } from '@discovery/plugin-api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { verifyPassword } from '../auth/passwords';
import type { SessionStore } from '../auth/sessionStore';
import { signSsoToken, verifySsoToken } from '../auth/ssoToken';
import { LoginThrottle } from '../auth/throttle';
import type { AppConfig } from '../config';
import type { Database } from '../db';
import { handle } from '../endpoints';
import { errors, HttpError } from '../errors';
import { visibleHierarchy } from '../hierarchy/hierarchy';
import type { RequestAuth, ServerCore } from '../types';

export const SESSION_COOKIE = 'discovery_session';
export const CSRF_COOKIE = 'csrf-token';

interface Deps {
  db: Database;
  sessions: SessionStore;
  config: AppConfig;
  core: ServerCore;
}

/** SRV-014: the current user, with permissions, visible clients and impersonation state. */
export async function mePayload(auth: RequestAuth, core: ServerCore) {
  const clients = visibleHierarchy(await core.hierarchy(), auth.grants).map((c) => ({ id: c.id, name: c.name, slug: c.slug }));
  return {
    ...auth.user,
    impersonating: auth.impersonating,
    impersonator: auth.impersonating
      ? { id: auth.realUser.id, first_name: auth.realUser.first_name, last_name: auth.realUser.last_name }
      : null,
    permissions: auth.permissions,
    clients,
  };
}

function safeReturnUrl(v: unknown): string | null {
  return typeof v === 'string' && v.startsWith('/') && !v.startsWith('//') ? v : null;
}

export function registerAuthRoutes(app: FastifyInstance, { db, sessions, config, core }: Deps) {
  const throttle = new LoginThrottle(10, 60_000);
  const secure = process.env.DISCOVERY_SECURE_COOKIES === 'true';

  const clearCookies = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(CSRF_COOKIE, { path: '/' });
  };

  handle(app, E.login, async ({ body }, req, reply) => {
    const keys = [`email:${body.email}`, `ip:${req.ip}`];
    if (throttle.blocked(keys)) throw errors.tooMany('Too many login attempts. Please wait a minute and try again.');
    const [user] = await db.query<{ id: number; password_hash: string }>('select id, password_hash from users where email = $1', [body.email]);
    if (!user || !(await verifyPassword(body.password, user.password_hash))) {
      throttle.fail(keys);
      // A wrong password is not an expired session: no refresh_login here.
      throw new HttpError(401, 'Invalid email or password');
    }
    const session = await sessions.create(Number(user.id));
    const access = await sessions.accessOf(Number(user.id));
    if (!access) throw errors.unauthorized('Invalid email or password');
    const auth: RequestAuth = {
      sessionId: session.id,
      user: access.user,
      realUser: access.user,
      impersonating: false,
      permissions: access.permissions,
      grants: access.grants,
      can: () => false,
      context: null,
    };
    const maxAge = config.sessionTtlHours * 3600;
    reply.setCookie(SESSION_COOKIE, session.id, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge });
    reply.setCookie(CSRF_COOKIE, session.csrf_token, { httpOnly: false, sameSite: 'lax', path: '/', secure, maxAge });
    reply.header('auth-token', session.id);
    reply.header('x-csrf-token', session.csrf_token);
    return { data: await mePayload(auth, core) };
  });

  handle(app, E.logout, async ({ auth }, _req, reply) => {
    await sessions.destroy(auth.sessionId);
    clearCookies(reply);
    return reply.code(204).send();
  });

  // SRV-011: the built-in identity provider is our sign-in form.
  handle(app, E.adfsLogin, async ({ query }, _req, reply) => {
    const relay = safeReturnUrl(query.RelayState) ?? '/home';
    return reply.redirect(`/login?returnUrl=${encodeURIComponent(relay)}`);
  });

  // SRV-012: ends the session (if any) and returns to the app.
  handle(app, E.adfsLogout, async ({ query }, req, reply) => {
    const sid = req.cookies[SESSION_COOKIE];
    if (sid) await sessions.destroy(sid);
    clearCookies(reply);
    const back = safeReturnUrl(query.returnUrl);
    return reply.redirect(back ? `/login?returnUrl=${encodeURIComponent(back)}` : '/login');
  });

  // /me is read on every page load: its JSON is kept per (signed-in user, effective user) until
  // their access or the hierarchy changes (both are new objects then).
  const meBodies = new Map<string, { permissions: unknown; tree: unknown; body: string }>();
  handle(app, E.me, async ({ auth }, _req, reply) => {
    const tree = await core.hierarchy();
    const key = `${auth.realUser.id}:${auth.user.id}`;
    let hit = meBodies.get(key);
    if (!hit || hit.permissions !== auth.permissions || hit.tree !== tree) {
      hit = { permissions: auth.permissions, tree, body: JSON.stringify({ data: await mePayload(auth, core) }) };
      meBodies.set(key, hit);
    }
    return reply.type('application/json; charset=utf-8').send(hit.body);
  });

  // SRV-010: text body and the sso-token header.
  const ssoFor = (auth: RequestAuth, aud?: string) =>
    signSsoToken({ sub: auth.user.id, email: auth.user.email, first_name: auth.user.first_name, last_name: auth.user.last_name, ...(aud ? { aud } : {}) }, config.ssoSecret);
  handle(app, E.ssoToken, async ({ auth }, _req, reply) => {
    const token = ssoFor(auth);
    reply.header('sso-token', token).type('text/plain');
    return token;
  });
  // SRV-013: a token for one embedded application (its unit name is the token's audience), so an
  // application handed it cannot pass it on to another that checks its own name.
  handle(app, E.frameToken, async ({ query, auth }) => ({ token: ssoFor(auth, query.unit), validation_url: E.ssoValidate.path }));
  // The validation URL: any origin may call it (no credentials); `audience` makes it refuse a
  // token made for another application.
  handle(
    app,
    E.ssoValidate,
    async ({ query: q }) => {
    const claims = verifySsoToken(q.token, config.ssoSecret);
    if (!claims) throw new HttpError(401, 'Invalid or expired token');
    if (typeof q.audience === 'string' && q.audience !== (claims.aud ?? '')) throw new HttpError(401, 'The token was made for another application');
    return { data: { user_id: claims.sub, email: claims.email, first_name: claims.first_name, last_name: claims.last_name, audience: claims.aud ?? null } };
    },
    { anyOrigin: true },
  );

  // SRV-015: 'viewing as'.
  handle(app, E.impersonate, async ({ body, auth: me }) => {
    if (me.impersonating) throw errors.conflict('Stop viewing as the current user first.');
    const { user_id } = body;
    if (user_id === me.user.id) throw errors.unprocessable('You cannot view as yourself.', { user_id: 'You cannot view as yourself.' });
    const target = await sessions.accessOf(user_id);
    if (!target) throw errors.notFound(`User ${user_id} does not exist.`);
    await sessions.setImpersonation(me.sessionId, user_id);
    const auth: RequestAuth = { ...me, user: target.user, permissions: target.permissions, grants: target.grants, impersonating: true };
    return { data: await mePayload(auth, core) };
  });
  handle(app, E.stopImpersonating, async ({ auth }, _req, reply) => {
    await sessions.setImpersonation(auth.sessionId, null);
    return reply.code(204).send();
  });
}
