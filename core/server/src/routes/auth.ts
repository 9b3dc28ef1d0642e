import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { verifyPassword } from '../auth/passwords';
import type { SessionStore } from '../auth/sessionStore';
import { signSsoToken, verifySsoToken } from '../auth/ssoToken';
import { LoginThrottle } from '../auth/throttle';
import type { AppConfig } from '../config';
import type { Database } from '../db';
import { errors, HttpError, validate } from '../errors';
import { visibleHierarchy } from '../hierarchy/hierarchy';
import type { RequestAuth, ServerCore } from '../types';

/** SRV-013: ?unit= names the embedded application the token is for. */
const FrameTokenQuery = z.object({ unit: z.string().trim().min(1, 'unit is required').max(200) });

export const SESSION_COOKIE = 'discovery_session';
export const CSRF_COOKIE = 'csrf-token';

interface Deps {
  db: Database;
  sessions: SessionStore;
  config: AppConfig;
  core: ServerCore;
}

const LoginBody = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address'),
  password: z.string().min(1, 'Password is required').max(200),
});

const ImpersonationBody = z.object({ user_id: z.coerce.number().int().positive() });

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

  app.post('/api/v1/auth/login', { config: { public: true } }, async (req, reply) => {
    const body = validate(LoginBody, req.body);
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

  app.post('/api/v1/auth/logout', async (req, reply) => {
    await sessions.destroy(req.discovery.sessionId);
    clearCookies(reply);
    return reply.code(204).send();
  });

  // SRV-011: the built-in identity provider is our sign-in form.
  app.get('/api/v1/adfs/login', { config: { public: true } }, async (req, reply) => {
    const relay = safeReturnUrl((req.query as Record<string, unknown>).RelayState) ?? '/home';
    return reply.redirect(`/login?returnUrl=${encodeURIComponent(relay)}`);
  });

  // SRV-012: ends the session (if any) and returns to the app.
  app.get('/api/v1/adfs/logout', { config: { public: true } }, async (req, reply) => {
    const sid = req.cookies[SESSION_COOKIE];
    if (sid) await sessions.destroy(sid);
    clearCookies(reply);
    const back = safeReturnUrl((req.query as Record<string, unknown>).returnUrl);
    return reply.redirect(back ? `/login?returnUrl=${encodeURIComponent(back)}` : '/login');
  });

  // /me is read on every page load: its JSON is kept per (signed-in user, effective user) until
  // their access or the hierarchy changes (both are new objects then).
  const meBodies = new Map<string, { permissions: unknown; tree: unknown; body: string }>();
  app.get('/api/v1/me', async (req, reply) => {
    const auth = req.discovery;
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
  app.get('/sso-token', async (req, reply) => {
    const token = ssoFor(req.discovery);
    reply.header('sso-token', token).type('text/plain');
    return token;
  });
  // SRV-013: a token for one embedded application (its unit name is the token's audience), so an
  // application handed it cannot pass it on to another that checks its own name.
  app.get('/api/v1/sso/frame-token', async (req) => {
    const { unit } = validate(FrameTokenQuery, req.query);
    return { token: ssoFor(req.discovery, unit), validation_url: '/api/v1/sso/validate' };
  });
  // The validation URL: any origin may call it (no credentials); `audience` makes it refuse a
  // token made for another application.
  app.get('/api/v1/sso/validate', { config: { public: true, anyOrigin: true } }, async (req: FastifyRequest) => {
    const q = req.query as Record<string, unknown>;
    const claims = verifySsoToken(String(q.token ?? ''), config.ssoSecret);
    if (!claims) throw new HttpError(401, 'Invalid or expired token');
    if (typeof q.audience === 'string' && q.audience !== (claims.aud ?? '')) throw new HttpError(401, 'The token was made for another application');
    return { data: { user_id: claims.sub, email: claims.email, first_name: claims.first_name, last_name: claims.last_name, audience: claims.aud ?? null } };
  });

  // SRV-015: 'viewing as'.
  app.post('/api/v1/impersonations', async (req) => {
    if (req.discovery.impersonating) throw errors.conflict('Stop viewing as the current user first.');
    if (!req.discovery.can('impersonation', 'create')) throw errors.forbidden("You don't have permission to view as another user.");
    const { user_id } = validate(ImpersonationBody, req.body);
    if (user_id === req.discovery.user.id) throw errors.unprocessable('You cannot view as yourself.', { user_id: 'You cannot view as yourself.' });
    const target = await sessions.accessOf(user_id);
    if (!target) throw errors.notFound(`User ${user_id} does not exist.`);
    await sessions.setImpersonation(req.discovery.sessionId, user_id);
    const auth: RequestAuth = { ...req.discovery, user: target.user, permissions: target.permissions, grants: target.grants, impersonating: true };
    return { data: await mePayload(auth, core) };
  });
  app.delete('/api/v1/impersonations/current', async (req, reply) => {
    await sessions.setImpersonation(req.discovery.sessionId, null);
    return reply.code(204).send();
  });
}
