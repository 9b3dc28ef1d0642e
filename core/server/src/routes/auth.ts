import { coreEndpoints as E, safeReturnPath } from '@discovery/plugin-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { EmbeddedApps } from '../auth/embeddedApps';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { ssoKeyOf, type SessionStore } from '../auth/sessionStore';
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
  embeddedApps: EmbeddedApps;
  /** The request's signed-in user, or null (never a 401: for the public start-up probe). */
  sessionOf: (req: FastifyRequest) => Promise<RequestAuth | null>;
}

/** Failures per (email, address) within a minute before that pair waits: the owner elsewhere is not locked out. */
export const LOGIN_FAILURES_PER_PAIR = 10;
/** Failures per address within a minute, over every email (a spray from one place). */
export const LOGIN_FAILURES_PER_ADDRESS = 30;

/** SRV-014: the current user, with permissions, visible clients and impersonation state. */
export async function mePayload(auth: RequestAuth, core: ServerCore) {
  const clients = visibleHierarchy(await core.hierarchy(), auth.grants).map((c) => ({ id: c.id, name: c.name, slug: c.slug }));
  return {
    ...auth.user,
    impersonating: auth.impersonating,
    impersonator: auth.impersonating ? { id: auth.realUser.id, first_name: auth.realUser.first_name, last_name: auth.realUser.last_name } : null,
    permissions: auth.permissions,
    clients,
  };
}

/**
 * A request that did not come from one of our own pages: another site (or a sibling site on the
 * same registrable domain) led the browser here. Browsers send Sec-Fetch-Site; a request without
 * it (an older browser, a script) is taken as it comes.
 */
function fromAnotherSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

export function registerAuthRoutes(app: FastifyInstance, { db, sessions, config, core, embeddedApps, sessionOf }: Deps) {
  const pairThrottle = new LoginThrottle(LOGIN_FAILURES_PER_PAIR, 60_000);
  const addressThrottle = new LoginThrottle(LOGIN_FAILURES_PER_ADDRESS, 60_000);
  // An unknown email is checked against this hash, so it costs what a wrong password costs and
  // the answer time does not tell which emails have accounts.
  const unknownUserHash = hashPassword(randomBytes(24).toString('base64url'));
  // Secure in production, and whenever the request came over https (behind a proxy: trustProxy).
  const secureFor = (req: FastifyRequest) => config.secureCookies === 'always' || req.protocol === 'https';

  const clearCookies = (req: FastifyRequest, reply: FastifyReply) => {
    const secure = secureFor(req);
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'lax', secure });
  };

  handle(app, E.login, async ({ body }, req, reply) => {
    const pair = `${body.email}\u0000${req.ip}`;
    const address = req.ip;
    if (pairThrottle.blocked([pair]) || addressThrottle.blocked([address])) {
      const wait = Math.max(pairThrottle.retryAfterSeconds([pair]), addressThrottle.retryAfterSeconds([address]));
      throw errors.tooMany('Too many login attempts. Please wait a minute and try again.', wait);
    }
    const [user] = await db.query<{ id: number; password_hash: string }>('select id, password_hash from users where email = $1 and deactivated_at is null', [
      body.email,
    ]);
    const ok = await verifyPassword(body.password, user ? user.password_hash : await unknownUserHash);
    if (!user || !ok) {
      pairThrottle.fail([pair]);
      addressThrottle.fail([address]);
      // A wrong password is not an expired session: no refresh_login here.
      throw new HttpError(401, 'Invalid email or password');
    }
    pairThrottle.reset(pair);
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
    const secure = secureFor(req);
    reply.setCookie(SESSION_COOKIE, session.id, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge });
    reply.setCookie(CSRF_COOKIE, session.csrf_token, { httpOnly: false, sameSite: 'lax', path: '/', secure, maxAge });
    reply.header('auth-token', session.id);
    reply.header('x-csrf-token', session.csrf_token);
    return { data: await mePayload(auth, core) };
  });

  handle(app, E.logout, async ({ auth }, req, reply) => {
    await sessions.destroy(auth.sessionId);
    clearCookies(req, reply);
    return reply.code(204).send();
  });

  // SRV-011: the built-in identity provider is our sign-in form.
  handle(app, E.adfsLogin, async ({ query }, _req, reply) => {
    const relay = safeReturnPath(query.RelayState) ?? '/home';
    return reply.redirect(`/login?returnUrl=${encodeURIComponent(relay)}`);
  });

  // SRV-012: ends the session (if any) and returns to the app. Reached from another site, a live
  // session is not ended on the other site's word: the app's /logout-confirm page asks the user,
  // and its answer comes back here from our own origin.
  handle(app, E.adfsLogout, async ({ query }, req, reply) => {
    const back = safeReturnPath(query.returnUrl);
    const sid = req.cookies[SESSION_COOKIE];
    if (sid && fromAnotherSite(req) && (await sessions.get(sid))) {
      return reply.redirect(back ? `/logout-confirm?returnUrl=${encodeURIComponent(back)}` : '/logout-confirm');
    }
    if (sid) await sessions.destroy(sid);
    clearCookies(req, reply);
    return reply.redirect(back ? `/login?returnUrl=${encodeURIComponent(back)}` : '/login');
  });

  // /me is read on every page load: its JSON is kept per (signed-in user, effective user) until
  // their access or the hierarchy changes (both are new objects then).
  const meBodies = new Map<string, { permissions: unknown; tree: unknown; body: string }>();
  const meBody = async (auth: RequestAuth) => {
    const tree = await core.hierarchy();
    const key = `${auth.realUser.id}:${auth.user.id}`;
    let hit = meBodies.get(key);
    if (!hit || hit.permissions !== auth.permissions || hit.tree !== tree) {
      hit = { permissions: auth.permissions, tree, body: JSON.stringify({ data: await mePayload(auth, core) }) };
      meBodies.set(key, hit);
    }
    return hit.body;
  };
  handle(app, E.me, async ({ auth }, _req, reply) => reply.type('application/json; charset=utf-8').send(await meBody(auth)));

  // The app's start-up probe: /me's answer when signed in, `{ data: null }` (200) when not, so a
  // signed-out visit logs no failed request in the browser's console.
  handle(app, E.session, async (_input, req, reply) => {
    const auth = await sessionOf(req);
    reply.header('cache-control', 'no-store');
    return reply.type('application/json; charset=utf-8').send(auth ? await meBody(auth) : '{"data":null}');
  });

  // SRV-010: text body and the sso-token header.
  // Every token names its session (by a hash of the id): it is refused once the session has ended.
  const ssoFor = (auth: RequestAuth, aud?: string) =>
    signSsoToken(
      {
        sub: auth.user.id,
        email: auth.user.email,
        first_name: auth.user.first_name,
        last_name: auth.user.last_name,
        sid: ssoKeyOf(auth.sessionId),
        ...(aud ? { aud } : {}),
        // 'View as' opens embedded applications as the viewed user; the token names who really acts.
        ...(auth.impersonating ? { act: { sub: auth.realUser.id, email: auth.realUser.email } } : {}),
      },
      config.ssoSecret,
    );
  handle(app, E.ssoToken, async ({ auth }, _req, reply) => {
    const token = ssoFor(auth);
    reply.header('sso-token', token).type('text/plain');
    return token;
  });
  // SRV-013: a token for one embedded application (its unit name is the token's audience), so an
  // application handed it cannot pass it on to another that checks its own name. Only for a unit
  // the caller can open, by the rule of their navigation: the plugin that owns the units says so
  // (core.frames.registerUnitCheck); a build without one has no units to embed.
  handle(app, E.frameToken, async ({ query, auth }) => {
    if (visibleHierarchy(await core.hierarchy(), auth.grants).length === 0) throw errors.forbidden("You don't have access to any client.");
    if (!(await embeddedApps.allows(auth, query.unit))) throw errors.notFound('No such application');
    return { token: ssoFor(auth, query.unit), validation_url: E.ssoValidate.path };
  });
  // The validation URL: any origin may call it (no credentials). A frame token is accepted only
  // with the `audience` it was made for, so an application cannot skip the check; the /sso-token
  // token (no audience) is accepted without one.
  handle(
    app,
    E.ssoValidate,
    async ({ query: q }) => {
      const claims = verifySsoToken(q.token, config.ssoSecret);
      if (!claims || !(await sessions.ssoSessionAlive(claims.sid, claims.sub))) throw new HttpError(401, 'Invalid or expired token');
      if (claims.aud !== undefined && q.audience === undefined)
        throw new HttpError(401, 'This token was made for one application: validate it with audience=<its unit name>');
      if (q.audience !== undefined && q.audience !== (claims.aud ?? '')) throw new HttpError(401, 'The token was made for another application');
      return {
        data: {
          user_id: claims.sub,
          email: claims.email,
          first_name: claims.first_name,
          last_name: claims.last_name,
          audience: claims.aud ?? null,
          acting_user: claims.act ? { user_id: claims.act.sub, email: claims.act.email } : null,
        },
      };
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
