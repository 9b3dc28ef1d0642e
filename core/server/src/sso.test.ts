import { defineServerPlugin } from '@discovery/plugin-api';
import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { FastifyInstance } from 'fastify';
import type { ServerCore } from './types';

/** A plugin that owns one embedded application, 'Probe App', open to users of the X-Context client acme. */
const framesProbe = defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'frames-probe',
  register(_router, core) {
    core.frames.registerUnitCheck(async (auth, unit) => unit === 'Probe App' && auth.context?.client.slug === 'acme');
  },
});

/** SRV-010 / SRV-013 single sign-on tokens over real HTTP: who gets one, and how long it holds. */
describe('SSO tokens', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ plugins: [framesProbe] });
  });
  afterAll(() => s.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${s.url}${path}`, { headers });
  const frameToken = async (p: TestSession, unit = 'Probe App', context = 'acme/us') => {
    const r = await get(`/api/v1/sso/frame-token?unit=${encodeURIComponent(unit)}`, p.headers({ 'x-context': context }));
    expect(r.status).toBe(200);
    return ((await r.json()) as { token: string; validation_url: string }).token;
  };
  const ssoToken = async (p: TestSession) => (await get('/sso-token', p.headers())).headers.get('sso-token')!;
  const validate = (token: string, audience?: string) =>
    get(`/api/v1/sso/validate?token=${encodeURIComponent(token)}${audience === undefined ? '' : `&audience=${encodeURIComponent(audience)}`}`);
  const message = async (r: Response) => ((await r.json()) as { error: { message: string } }).error.message;

  it('SRV-010 the /sso-token token (no audience) validates without one; a forged one is refused', async () => {
    const p = await s.login('planner@example.com');
    const token = await ssoToken(p);
    const ok = await validate(token);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: unknown }).data).toMatchObject({ email: 'planner@example.com', audience: null, acting_user: null });
    expect((await validate(token.slice(0, -2) + 'xx')).status).toBe(401);
    expect((await get('/sso-token')).status).toBe(401);
  });

  it('SRV-013 a frame token validates only with the audience it was made for: none or another is 401', async () => {
    const p = await s.login('planner@example.com');
    const r = await get('/api/v1/sso/frame-token?unit=Probe%20App', p.headers({ 'x-context': 'acme/us' }));
    const body = (await r.json()) as { token: string; validation_url: string };
    expect(body.validation_url).toBe('/api/v1/sso/validate');
    const mine = await validate(body.token, 'Probe App');
    expect(((await mine.json()) as { data: unknown }).data).toMatchObject({ email: 'planner@example.com', audience: 'Probe App' });
    const other = await validate(body.token, 'Another App');
    expect(other.status).toBe(401);
    expect(await message(other)).toBe('The token was made for another application');
    // An application that skips the check learns nothing: without audience the unit token is refused.
    const skipped = await validate(body.token);
    expect(skipped.status).toBe(401);
    expect(await message(skipped)).toMatch(/audience/);
  });

  it('SRV-013 no token for a unit the registered check refuses (404) or for a user without clients (403)', async () => {
    const p = await s.login('planner@example.com');
    const elsewhere = await get('/api/v1/sso/frame-token?unit=Probe%20App', p.headers({ 'x-context': 'globex/de' }));
    expect(elsewhere.status).toBe(404);
    expect(await message(elsewhere)).toBe('No such application');
    expect((await get('/api/v1/sso/frame-token?unit=Other', p.headers({ 'x-context': 'acme/us' }))).status).toBe(404);
    const nora = await s.login('norole@example.com');
    const none = await get('/api/v1/sso/frame-token?unit=Probe%20App', nora.headers());
    expect(none.status).toBe(403);
    expect(await message(none)).toBe("You don't have access to any client.");
  });

  it('tokens die with the session: after logout every token of it is refused at once, other sessions keep theirs', async () => {
    const p = await s.login('planner@example.com');
    const other = await s.login('planner@example.com');
    const frame = await frameToken(p);
    const sso = await ssoToken(p);
    const kept = await ssoToken(other);
    // validated once before (a cache would hold the answer)
    expect((await validate(frame, 'Probe App')).status).toBe(200);
    expect((await validate(sso)).status).toBe(200);
    expect((await fetch(`${s.url}/api/v1/auth/logout`, { method: 'POST', headers: p.headers() })).status).toBe(204);
    const after = await validate(frame, 'Probe App');
    expect(after.status).toBe(401);
    expect(await message(after)).toBe('Invalid or expired token');
    expect((await validate(sso)).status).toBe(401);
    expect((await validate(kept)).status).toBe(200);
  });

  it('SRV-012 a token dies with a session ended by the logout address too', async () => {
    const p = await s.login('viewer@example.com');
    const sso = await ssoToken(p);
    const out = await fetch(`${s.url}/api/v1/adfs/logout`, { headers: { cookie: p.cookie, 'sec-fetch-site': 'same-origin' }, redirect: 'manual' });
    expect(out.status).toBe(302);
    expect((await validate(sso)).status).toBe(401);
  });

  it("SRV-015 a token made while 'viewing as' dies when viewing as ends", async () => {
    const a = await s.login('admin@example.com');
    const start = await fetch(`${s.url}/api/v1/impersonations`, {
      method: 'POST',
      headers: a.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ user_id: 3 }),
    });
    expect(start.status).toBe(200);
    const asViewer = await ssoToken(a);
    // 'View as' opens embedded applications as the viewed user; the token says who really acts (docs/decisions.md).
    expect(((await (await validate(asViewer)).json()) as { data: unknown }).data).toMatchObject({
      email: 'viewer@example.com',
      acting_user: { user_id: expect.any(Number), email: 'admin@example.com' },
    });
    expect((await fetch(`${s.url}/api/v1/impersonations/current`, { method: 'DELETE', headers: a.headers() })).status).toBe(204);
    expect((await validate(asViewer)).status).toBe(401);
    expect((await validate(await ssoToken(a))).status).toBe(200);
  });
});
