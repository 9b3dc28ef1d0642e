import { defineEndpoint, definePermission, defineServerPlugin } from '@discovery/plugin-api';
import { createTestServer, type TestServer } from '@discovery/test-utils/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { handle } from './endpoints';
import type { ServerCore } from './types';

const Probe = z.object({ probe: z.object({ name: z.string().min(1, 'Name is required.'), size: z.number().int().min(0) }) });
const probeEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/v1/probe/items', access: { permission: definePermission('audiences', 'read'), scope: 'product' } }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/probe/items',
    access: { permission: definePermission('audiences', 'create'), scope: 'product' },
    body: Probe,
  }),
};

/** A plugin the suite mounts to prove the contract: migration, scoped route, validation, transaction. */
const probePlugin = defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'probe',
  migrations: [
    { id: '0001_probe', sql: 'create table if not exists probe_items (id serial primary key, product_id integer not null, name text not null unique)' },
  ],
  register(router, core) {
    handle(router, probeEndpoints.list, async ({ context }) => ({
      data: await core.query('select name from probe_items where product_id = $1 order by name', [context.product!.id]),
    }));
    handle(router, probeEndpoints.create, async ({ body, context }) => {
      const pid = context.product!.id;
      // Two rows in one transaction: the second one's unique clash must roll back the first.
      await core.transaction(async (tx) => {
        await tx.query('insert into probe_items (product_id, name) values ($1, $2)', [pid, body.probe.name]);
        await tx.query('insert into probe_items (product_id, name) values ($1, $2)', [pid, `${body.probe.name} copy`]);
      });
      return { data: 'ok' };
    });
  },
});

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

describe('core server over real HTTP', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ plugins: [probePlugin] });
  });
  afterAll(() => s.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${s.url}${path}`, { headers });
  const json = async <T>(r: Response) => (await r.json()) as T;

  describe('sign-in and session', () => {
    it('SRV-009 signs in with a session cookie (HttpOnly, SameSite=Lax), a CSRF cookie and the auth-token header', async () => {
      const res = await fetch(`${s.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'Admin@Example.com', password: 'discovery-demo' }),
      });
      expect(res.status).toBe(200);
      const cookies = res.headers.getSetCookie();
      const session = cookies.find((c) => c.startsWith('discovery_session='))!;
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
      const csrf = cookies.find((c) => c.startsWith('csrf-token='))!;
      expect(csrf).not.toMatch(/HttpOnly/i);
      expect(res.headers.get('auth-token')).toMatch(/^[0-9a-f]{64}$/);
      const body = await json<{ data: { first_name: string; last_name: string } }>(res);
      expect(`${body.data.first_name} ${body.data.last_name}`).toBe('Ada Admin');
    });

    it('SRV-009 answers 401 with a message for a wrong password, without refresh_login', async () => {
      const res = await fetch(`${s.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'viewer@example.com', password: 'nope' }),
      });
      expect(res.status).toBe(401);
      const body = await json<{ error: { message: string }; refresh_login?: boolean }>(res);
      expect(body.error.message).toBe('Invalid email or password');
      expect(body.refresh_login).toBeUndefined();
    });

    it('SRV-014 /me gives the user, permissions and visible clients', async () => {
      const planner = await s.login('planner@example.com');
      const me = await json<{
        data: {
          loginUserId: string;
          roles: { name: string }[];
          clients: { slug: string }[];
          permissions: Record<string, Record<string, boolean>>;
          impersonating: boolean;
        };
      }>(await get('/api/v1/me', planner.headers()));
      expect(me.data.loginUserId).toBe('planner');
      expect(me.data.roles).toEqual([{ name: 'Planner' }]);
      expect(me.data.clients.map((c) => c.slug)).toEqual(['acme', 'globex']);
      expect(me.data.permissions.audiences.create).toBe(true);
      expect(me.data.permissions.brands.create).toBe(false);
      expect(me.data.permissions.global_admin.read).toBe(false);
      expect(me.data.impersonating).toBe(false);
    });

    it('SRV-006 answers 401 with refresh_login when there is no session', async () => {
      const res = await get('/api/v1/me');
      expect(res.status).toBe(401);
      const body = await json<{ refresh_login: boolean; error: { message: string } }>(res);
      expect(body.refresh_login).toBe(true);
      expect(body.error.message.length).toBeGreaterThan(0);
    });

    it('logs out: the session stops working', async () => {
      const v = await s.login('viewer@example.com');
      const out = await fetch(`${s.url}/api/v1/auth/logout`, { method: 'POST', headers: v.headers() });
      expect(out.status).toBe(204);
      expect((await get('/api/v1/me', v.headers())).status).toBe(401);
    });

    it('accepts the auth-token as a bearer token (with the CSRF header)', async () => {
      const v = await s.login('viewer@example.com');
      const res = await get('/api/v1/me', { authorization: `Bearer ${v.authToken}`, 'x-csrf-token': v.csrf });
      expect(res.status).toBe(200);
    });
  });

  describe('CSRF, scope and errors', () => {
    it('SRV-001 rejects calls without or with a wrong x-csrf-token with 403 containing CSRF', async () => {
      const a = await s.login('admin@example.com');
      for (const token of [undefined, 'forged']) {
        const headers: Record<string, string> = { cookie: a.cookie, 'content-type': 'application/json', 'x-context': CONTEXT };
        if (token) headers['x-csrf-token'] = token;
        const res = await fetch(`${s.url}/api/v1/probe/items`, { method: 'POST', headers, body: JSON.stringify({ probe: { name: 'x', size: 1 } }) });
        expect(res.status).toBe(403);
        expect((await json<{ error: { message: string } }>(res)).error.message).toContain('CSRF');
      }
    });

    it("SRV-003 refuses an X-Context with an empty segment ('acme//us') with 400, naming the form", async () => {
      const v = await s.login('viewer@example.com');
      for (const bad of ['acme//us', 'acme/us//fizz-cola']) {
        const res = await get('/api/v1/me', v.headers({ 'x-context': bad }));
        expect(res.status).toBe(400);
        expect((await json<{ error: { message: string } }>(res)).error.message).toMatch(/^X-Context must read client\[\/region\[\/brand\[\/product\]\]\]/);
      }
      expect((await get('/api/v1/me', v.headers({ 'x-context': 'acme/a/b/c/d' }))).status).toBe(400);
    });

    it("SRV-003 rejects an X-Context outside the user's clients with 403 and a message", async () => {
      const v = await s.login('viewer@example.com');
      const res = await get('/api/v1/me', v.headers({ 'x-context': 'globex/de' }));
      expect(res.status).toBe(403);
      expect((await json<{ error: { message: string } }>(res)).error.message).toBe("You don't have access to 'globex/de'.");
      const unknown = await get('/api/v1/me', v.headers({ 'x-context': 'acme/nowhere' }));
      expect(unknown.status).toBe(403);
      expect((await get('/api/v1/me', v.headers({ 'x-context': 'acme/us' }))).status).toBe(200);
    });

    it('SRV-027 limits the hierarchy to the grants', async () => {
      const slugsOf = async (email: string) => {
        const u = await s.login(email);
        const body = await json<{ data: { slug: string; regions: { slug: string; brands: { products: { fullSlug: string }[] }[] }[] }[] }>(
          await get('/api/v1/hierarchy', u.headers()),
        );
        return body.data.map((c) => c.slug);
      };
      expect(await slugsOf('admin@example.com')).toEqual(['acme', 'globex', 'initech']);
      expect(await slugsOf('planner@example.com')).toEqual(['acme', 'globex']);
      expect(await slugsOf('viewer@example.com')).toEqual(['acme']);
      expect(await slugsOf('norole@example.com')).toEqual([]);
    });

    it('SRV-027 SRV-038 gives nested nodes with fullSlug, currency and products per region', async () => {
      const a = await s.login('admin@example.com');
      const body = await json<{ data: any[] }>(await get('/api/v1/hierarchy', a.headers()));
      const acme = body.data.find((c) => c.slug === 'acme');
      const uk = acme.regions.find((r: { slug: string }) => r.slug === 'uk');
      expect(uk.currency).toEqual({ symbol: '£', symbol_first: true });
      expect(uk.fullSlug).toBe('acme/uk');
      const peak = uk.brands.find((b: { slug: string }) => b.slug === 'peak-water');
      // Peak Sparkling is US-only: it does not appear under the UK.
      expect(peak.products.map((p: { fullSlug: string }) => p.fullSlug)).toEqual(['acme/uk/peak-water/peak-still']);
      expect(peak.category).toBe('Water');
    });

    it('SRV-036 the hierarchy carries id_env_product_slug only in tier 3, for users with id_env_product_slugs.read', async () => {
      await s.core.query("update product_regions set id_env_product_slug = 'zero-env' where product_id = (select id from products where slug = 'fizz-zero')");
      s.core.invalidateHierarchy();
      const slugsSeen = async (email: string) => {
        const body = await json<{ data: any[] }>(await get('/api/v1/hierarchy', (await s.login(email)).headers()));
        const zero = body.data[0].regions[0].brands.flatMap((b: any) => b.products).find((p: { slug: string }) => p.slug === 'fizz-zero');
        return zero.product_regions.map((r: { id_env_product_slug: string | null }) => r.id_env_product_slug);
      };
      expect(await slugsSeen('admin@example.com')).toEqual([null, null]);
      const tier = s.core.config.tier;
      s.core.config.tier = 3;
      try {
        expect(await slugsSeen('admin@example.com')).toEqual(['zero-env', 'zero-env']);
        expect(await slugsSeen('planner@example.com')).toEqual([null, null]);
      } finally {
        s.core.config.tier = tier;
      }
    });

    it('SRV-005 answers 400 for malformed JSON, 413 for an oversized body and 422 naming bad fields', async () => {
      const a = await s.login('admin@example.com');
      const post = (body: string) =>
        fetch(`${s.url}/api/v1/probe/items`, { method: 'POST', headers: a.headers({ 'content-type': 'application/json', 'x-context': CONTEXT }), body });
      const bad = await post('{"probe": ');
      expect(bad.status).toBe(400);
      expect((await json<{ error: { message: string } }>(bad)).error.message).toBe('Malformed JSON in request body');
      const big = await post(JSON.stringify({ probe: { name: 'x'.repeat(1_100_000), size: 1 } }));
      expect(big.status).toBe(413);
      const invalid = await post(JSON.stringify({ probe: { name: '', size: -1 } }));
      expect(invalid.status).toBe(422);
      const body = await json<{ error: { message: string; fields: Record<string, string> } }>(invalid);
      expect(body.error.fields['probe.name']).toBe('Name is required.');
      expect(body.error.fields['probe.size']).toBeDefined();
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    });

    it('SRV-004 echoes X-Request-ID, or makes one', async () => {
      const mine = await get('/api/v1/ping', { 'x-request-id': 'abc-123' });
      expect(mine.headers.get('x-request-id')).toBe('abc-123');
      const made = await get('/api/v1/ping');
      expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const err = await json<{ request_id: string }>(await get('/api/v1/me', { 'x-request-id': 'req-9' }));
      expect(err.request_id).toBe('req-9');
    });

    it('a plugin call is checked against its permission and scoped to the product', async () => {
      const v = await s.login('viewer@example.com');
      const denied = await fetch(`${s.url}/api/v1/probe/items`, {
        method: 'POST',
        headers: v.headers({ 'content-type': 'application/json', 'x-context': CONTEXT }),
        body: JSON.stringify({ probe: { name: 'viewer', size: 1 } }),
      });
      expect(denied.status).toBe(403);
      const noContext = await get('/api/v1/probe/items', v.headers());
      expect(noContext.status).toBe(400);
    });

    it('one transaction per save: a failing second row leaves nothing written', async () => {
      const a = await s.login('admin@example.com');
      const post = (name: string) =>
        fetch(`${s.url}/api/v1/probe/items`, {
          method: 'POST',
          headers: a.headers({ 'content-type': 'application/json', 'x-context': CONTEXT }),
          body: JSON.stringify({ probe: { name, size: 1 } }),
        });
      expect((await post('alpha')).status).toBe(200);
      // 'alpha copy' exists now: this save's second insert clashes, so 'alpha copy copy'... and its first row roll back.
      expect((await post('alpha copy')).status).toBe(500);
      const list = await json<{ data: { name: string }[] }>(await get('/api/v1/probe/items', a.headers({ 'x-context': CONTEXT })));
      expect(list.data.map((r) => r.name)).toEqual(['alpha', 'alpha copy']);
    });

    it('answers unknown API routes with a JSON 404', async () => {
      const a = await s.login('admin@example.com');
      const res = await get('/api/v1/nothing-here', a.headers());
      expect(res.status).toBe(404);
      expect((await json<{ error: { message: string } }>(res)).error.message).toMatch(/No route/);
    });
  });

  describe('public endpoints', () => {
    it('SRV-050 answers every health check with data OK, without a session', async () => {
      for (const p of [
        '/api-gateway-health-check',
        '/api/v1/auth/health',
        '/api/v1/clients/health',
        '/api/v1/insights/health',
        '/api/v1/id/health',
        '/api/v1/plans/health',
        '/api/v1/segments/health',
        '/api/v1/toolbox/health',
      ]) {
        const res = await get(p);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ data: 'OK' });
      }
    });

    it('SRV-026 SRV-007 SRV-008 serves languages, ping and config without secrets', async () => {
      expect(await json(await get('/api/v1/languages'))).toEqual({
        data: [
          { value: 'en', text: 'English' },
          { value: 'es', text: 'Español' },
          { value: 'fr', text: 'Français' },
        ],
      });
      expect(await json(await get('/api/v1/ping'))).toEqual({ data: 'pong' });
      const config = await json<{ data: Record<string, unknown> }>(await get('/api/v1/config'));
      expect(config.data.tier).toBe(1);
      expect(JSON.stringify(config)).not.toMatch(/discovery-demo|ssoSecret|demoPassword/);
    });
  });

  describe('SSO, impersonation, admin', () => {
    it('SRV-010 SRV-013 issues an SSO token in the header that the validation URL accepts', async () => {
      const p = await s.login('planner@example.com');
      const res = await get('/sso-token', p.headers());
      expect(res.status).toBe(200);
      const token = res.headers.get('sso-token')!;
      expect(await res.text()).toBe(token);
      const ok = await json<{ data: { email: string } }>(await get(`/api/v1/sso/validate?token=${encodeURIComponent(token)}`));
      expect(ok.data.email).toBe('planner@example.com');
      const forged = await get(`/api/v1/sso/validate?token=${encodeURIComponent(token.slice(0, -2) + 'xx')}`);
      expect(forged.status).toBe(401);
      expect((await get('/sso-token')).status).toBe(401);
    });

    it('SRV-013 a build whose plugins register no frame-unit check embeds nothing: every unit is refused with 404', async () => {
      const p = await s.login('planner@example.com');
      const missing = await get('/api/v1/sso/frame-token', p.headers());
      expect(missing.status).toBe(422);
      const r = await get('/api/v1/sso/frame-token?unit=Demo%20App', p.headers({ 'x-context': 'acme/us' }));
      expect(r.status).toBe(404);
      expect(await json<{ error: { message: string } }>(r)).toMatchObject({ error: { message: 'No such application' } });
    });

    it('SRV-015 lets an admin view as another user and stop', async () => {
      const a = await s.login('admin@example.com');
      const start = await fetch(`${s.url}/api/v1/impersonations`, {
        method: 'POST',
        headers: a.headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ user_id: 3 }),
      });
      expect(start.status).toBe(200);
      const me = await json<{ data: { email: string; impersonating: boolean; impersonator: { first_name: string }; clients: { slug: string }[] } }>(
        await get('/api/v1/me', a.headers()),
      );
      expect(me.data.email).toBe('viewer@example.com');
      expect(me.data.impersonating).toBe(true);
      expect(me.data.impersonator.first_name).toBe('Ada');
      expect(me.data.clients.map((c) => c.slug)).toEqual(['acme']);
      const stop = await fetch(`${s.url}/api/v1/impersonations/current`, { method: 'DELETE', headers: a.headers() });
      expect(stop.status).toBe(204);
      const back = await json<{ data: { email: string; impersonating: boolean } }>(await get('/api/v1/me', a.headers()));
      expect(back.data).toMatchObject({ email: 'admin@example.com', impersonating: false });
    });

    it('SRV-015 refuses impersonation to a planner', async () => {
      const p = await s.login('planner@example.com');
      const res = await fetch(`${s.url}/api/v1/impersonations`, {
        method: 'POST',
        headers: p.headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ user_id: 1 }),
      });
      expect(res.status).toBe(403);
    });

    it('SRV-020 SRV-021 replaces per-user slugs and the new grants apply at once', async () => {
      const a = await s.login('admin@example.com');
      const put = await fetch(`${s.url}/api/v1/permissions/3`, {
        method: 'PUT',
        headers: a.headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ user_id: 3, slugs: ['acme', 'initech'] }),
      });
      expect(put.status).toBe(200);
      const slugs = await json<{ data: string[] }>(await get('/api/v1/permissions/3/slugs', a.headers()));
      expect(slugs.data).toEqual(['acme', 'initech']);
      const v = await s.login('viewer@example.com');
      const me = await json<{ data: { clients: { slug: string }[] } }>(await get('/api/v1/me', v.headers()));
      expect(me.data.clients.map((c) => c.slug)).toEqual(['acme', 'initech']);
      const bad = await fetch(`${s.url}/api/v1/permissions/3`, {
        method: 'PUT',
        headers: a.headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ slugs: ['Not A Slug!'] }),
      });
      expect(bad.status).toBe(422);
    });

    it('SRV-022 creates, renames and deletes roles; only with global_admin', async () => {
      const a = await s.login('admin@example.com');
      const created = await fetch(`${s.url}/api/v1/roles`, {
        method: 'POST',
        headers: a.headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ role: { name: 'Auditor', permissions: { audiences: { read: true } } } }),
      });
      expect(created.status).toBe(201);
      const role = (await json<{ data: { id: number; permissions: Record<string, { read: boolean }> } }>(created)).data;
      expect(role.permissions.audiences.read).toBe(true);
      const dup = await fetch(`${s.url}/api/v1/roles`, {
        method: 'POST',
        headers: a.headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ role: { name: 'auditor' } }),
      });
      expect(dup.status).toBe(422);
      const del = await fetch(`${s.url}/api/v1/roles/${role.id}`, { method: 'DELETE', headers: a.headers() });
      expect(del.status).toBe(204);
      const p = await s.login('planner@example.com');
      expect((await get('/api/v1/roles', p.headers())).status).toBe(403);
      const resources = await json<{ data: { name: string }[] }>(await get('/api/v1/resources', a.headers()));
      expect(resources.data.map((r) => r.name)).toEqual(expect.arrayContaining(['report_task_admin', 'upload_personas', 'id_env_product_slugs']));
    });

    it('SRV-018 lists the modules of a context from the client flags', async () => {
      const a = await s.login('admin@example.com');
      const acme = await json<{ data: string[] }>(await get(`/api/v1/contexts/${encodeURIComponent(CONTEXT)}/modules`, a.headers()));
      expect(acme.data).toEqual(expect.arrayContaining(['audiences_overview', 'grow', 'overlap', 'journey']));
      const initech = await json<{ data: string[] }>(await get(`/api/v1/contexts/initech/modules`, a.headers()));
      expect(initech.data).not.toContain('grow');
    });
  });

  // Last: the throttle also counts per address, and every test here comes from 127.0.0.1.
  describe('login throttle', () => {
    it('throttles an email from one address after 10 failures in a minute with 429 and Retry-After', async () => {
      const attempt = (password: string) =>
        fetch(`${s.url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'norole@example.com', password }),
        });
      const statuses: number[] = [];
      let blocked: Response | undefined;
      for (let i = 0; i < 12 && !blocked; i++) {
        const r = await attempt('wrong');
        if (r.status === 429) blocked = r;
        else statuses.push(r.status);
      }
      expect(statuses).toEqual(Array(10).fill(401));
      expect((await json<{ error: { message: string } }>(blocked!)).error.message).toMatch(/Too many login attempts/);
      const wait = Number(blocked!.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      // Even the right password waits now, from this address (another address: security.test.ts).
      expect((await attempt('discovery-demo')).status).toBe(429);
    });
  });
});

describe('declared access (issue 12 §1)', () => {
  // First: its server (no seed, a plugin without migrations) leaves the template the refused boots below copy (dbTemplate.ts).
  it('logs every 500 with its request id, even with logging off', async () => {
    const failing = defineServerPlugin<ServerCore, FastifyInstance>({
      id: 'failing',
      register(router) {
        handle(router, defineEndpoint({ method: 'GET', path: '/api/v1/failing/boom', access: { permission: 'public', scope: 'none' } }), async () => {
          throw new Error('kaboom');
        });
      },
    });
    const t = await createTestServer({ plugins: [failing], seed: false });
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const res = await fetch(`${t.url}/api/v1/failing/boom`, { headers: { 'X-Request-ID': 'req-500-trace' } });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: { message: 'Internal server error', status: 500, code: 'internal' }, request_id: 'req-500-trace' });
    } finally {
      spy.mockRestore();
      await t.close();
    }
    expect(written.join('')).toMatch(/unhandled error: GET \/api\/v1\/failing\/boom request_id=req-500-trace: Error: kaboom/);
  });

  it('refuses to boot on a plugin route that declares no access, naming the plugin and the route', async () => {
    const forgetful = defineServerPlugin<ServerCore, FastifyInstance>({
      id: 'forgetful',
      register(router) {
        router.get('/open', async () => ({ data: 'anyone' }));
      },
    });
    await expect(createTestServer({ plugins: [forgetful], seed: false })).rejects.toThrow(
      /plugin 'forgetful' route GET \/api\/v1\/forgetful\/open declares no access/,
    );
  });

  it("refuses an endpoint outside the plugin's own prefix", async () => {
    const trespasser = defineServerPlugin<ServerCore, FastifyInstance>({
      id: 'trespasser',
      register(router) {
        handle(router, defineEndpoint({ method: 'GET', path: '/api/v1/audiences/mine', access: { permission: 'signed-in', scope: 'none' } }), async () => ({
          data: 1,
        }));
      },
    });
    await expect(createTestServer({ plugins: [trespasser], seed: false })).rejects.toThrow(/not under this router's prefix '\/api\/v1\/trespasser'/);
  });
});

describe('job kinds per plugin', () => {
  it("refuses a plugin registering a job kind outside its own '<plugin id>.' names", async () => {
    const poacher = defineServerPlugin<ServerCore, FastifyInstance>({
      id: 'poacher',
      register(_router, core) {
        core.jobs.register('notifications.index-report', { handler: async () => undefined });
      },
    });
    await expect(createTestServer({ plugins: [poacher], seed: false })).rejects.toThrow(
      "plugin 'poacher' registers job kind 'notifications.index-report': a plugin's job kinds read 'poacher.<job>'",
    );
  });
});
