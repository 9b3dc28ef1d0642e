import { createTestServer, type TestServer } from '@discovery/test-utils/server';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type DiscoveryServer } from './app';
import { loadConfig } from './config';
import type * as Passwords from './auth/passwords';
import { verifyPassword } from './auth/passwords';
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_PAIR } from './routes/auth';

const FRAME_ORIGIN = 'https://apps.discovery.example';

// The real password check, watched: the sign-in timing test counts the checks and their cost.
jest.mock('./auth/passwords', () => {
  const actual = jest.requireActual<typeof Passwords>('./auth/passwords');
  return { ...actual, verifyPassword: jest.fn(actual.verifyPassword) };
});

/**
 * Secure by construction (issue 12 §4, §5) over real HTTP: security headers and cookies, the login
 * throttle per (email, address), sign-in timing, the logout address reached from another site and
 * the return-address filter. The server trusts X-Forwarded-For / -Proto here (as behind a proxy),
 * so each test can play its own address and protocol.
 */
describe('security headers, cookies and sign-in edges', () => {
  let s: TestServer;
  // A first start on a busy machine (initdb, migrations and seeds before a template exists) can pass 30 s.
  beforeAll(async () => {
    s = await createTestServer({ config: { trustProxy: true, frameOrigins: [FRAME_ORIGIN] } });
  }, 120_000);
  afterAll(() => s.close());

  let nextAddress = 1;
  /** A fresh client address (10.1.x.y) per call unless one is given. */
  const address = () => `10.1.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
  const login = (email: string, password: string, from = address(), extra: Record<string, string> = {}) =>
    fetch(`${s.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from, ...extra },
      body: JSON.stringify({ email, password }),
    });
  const directives = (csp: string | null) => new Map((csp ?? '').split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));

  describe('headers (§4)', () => {
    it('every API answer carries the CSP (scripts from self, frames from self and the configured origins, framed by self only), nosniff and the referrer policy', async () => {
      const answers = [
        await fetch(`${s.url}/api/v1/ping`),
        await fetch(`${s.url}/api/v1/me`), // 401
        await fetch(`${s.url}/api/v1/no-such-route`), // 401 (no map of the API for the signed-out)
        await fetch(`${s.url}/api/v1/sso/validate?token=x`), // 401, any origin
        await login('viewer@example.com', 'wrong'), // 401
      ];
      expect(answers.map((r) => r.status)).toEqual([200, 401, 401, 401, 401]);
      for (const r of answers) {
        const csp = directives(r.headers.get('content-security-policy'));
        expect(csp.get('script-src')).toEqual(["'self'"]);
        expect(csp.get('default-src')).toEqual(["'self'"]);
        // Plotly's empty <style> element only (the hash of no content), never 'unsafe-inline'.
        expect(csp.get('style-src')).toEqual(["'self'", `'sha256-${createHash('sha256').update('').digest('base64')}'`]);
        expect(csp.get('frame-src')).toEqual(["'self'", FRAME_ORIGIN]);
        expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
        expect(csp.get('object-src')).toEqual(["'none'"]);
        expect(r.headers.get('x-content-type-options')).toBe('nosniff');
        expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(r.headers.get('strict-transport-security')).toBeNull();
      }
    });

    it("the build's assets carry nosniff but no page policy (it governs the page that loads them)", async () => {
      const asset = await fetch(`${s.url}/assets/none.js`);
      expect(asset.status).toBe(404);
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
      expect(asset.headers.get('content-security-policy')).toBeNull();
    });

    it('HSTS only when the request came over https (X-Forwarded-Proto behind a trusted proxy)', async () => {
      const https = await fetch(`${s.url}/api/v1/ping`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect((await fetch(`${s.url}/api/v1/ping`)).headers.get('strict-transport-security')).toBeNull();
    });

    it('429 answers carry Retry-After in seconds', async () => {
      const from = address();
      let r: Response | undefined;
      for (let i = 0; i <= LOGIN_FAILURES_PER_PAIR; i++) r = await login('planner@example.com', 'wrong', from);
      expect(r!.status).toBe(429);
      expect(r!.headers.get('retry-after')).toMatch(/^[1-9][0-9]?$/);
      expect(Number(r!.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    });
  });

  describe('the pages (index.html and the SPA fallback)', () => {
    let page: DiscoveryServer;
    let url: string;
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'discovery-static-'));
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Discovery</title>');
      page = await createServer({ dataDir: 'memory://', staticDir: dir, seed: false, config: { frameOrigins: [FRAME_ORIGIN] } });
      url = await page.listen(0);
    });
    afterAll(async () => {
      await page.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('a page carries the same CSP, nosniff and referrer policy', async () => {
      for (const path of ['/login', '/acme/us/home', '/index.html']) {
        const r = await fetch(`${url}${path}`);
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toMatch(/text\/html/);
        const csp = directives(r.headers.get('content-security-policy'));
        expect(csp.get('script-src')).toEqual(["'self'"]);
        expect(csp.get('frame-src')).toEqual(["'self'", FRAME_ORIGIN]);
        expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
        expect(r.headers.get('x-content-type-options')).toBe('nosniff');
        expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      }
    });
  });

  describe('the session cookie', () => {
    const flags = (r: Response) => r.headers.getSetCookie().map((c) => ({ name: c.split('=')[0], secure: /;\s*Secure/i.test(c) }));

    it('is Secure when the sign-in came over https, not over plain http in development', async () => {
      const https = await login('viewer@example.com', 'discovery-demo', address(), { 'x-forwarded-proto': 'https' });
      expect(https.status).toBe(200);
      expect(flags(https)).toEqual([
        { name: 'discovery_session', secure: true },
        { name: 'csrf-token', secure: true },
      ]);
      const http = await login('viewer@example.com', 'discovery-demo');
      expect(flags(http).every((c) => !c.secure)).toBe(true);
    });

    it('is Secure on every answer with NODE_ENV=production (or DISCOVERY_SECURE_COOKIES=true)', async () => {
      expect(loadConfig({ NODE_ENV: 'production' }).secureCookies).toBe('always');
      expect(loadConfig({ DISCOVERY_SECURE_COOKIES: 'true' }).secureCookies).toBe('always');
      expect(loadConfig({}).secureCookies).toBe('https');
      const prod = await createTestServer({ config: { secureCookies: 'always' } });
      try {
        const r = await fetch(`${prod.url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'viewer@example.com', password: 'discovery-demo' }),
        });
        expect(flags(r).every((c) => c.secure)).toBe(true);
      } finally {
        await prod.close();
      }
    });

    it('DISCOVERY_FRAME_ORIGINS holds origins only: a path is cut to its origin, anything else stops the start', () => {
      expect(loadConfig({ DISCOVERY_FRAME_ORIGINS: 'https://a.example/app, http://b.example:8080' }).frameOrigins).toEqual([
        'https://a.example',
        'http://b.example:8080',
      ]);
      expect(() => loadConfig({ DISCOVERY_FRAME_ORIGINS: "'unsafe-inline'" })).toThrow(/DISCOVERY_FRAME_ORIGINS/);
      expect(() => loadConfig({ DISCOVERY_FRAME_ORIGINS: 'javascript:alert(1)' })).toThrow(/DISCOVERY_FRAME_ORIGINS/);
    });
  });

  describe('sign-in (§5)', () => {
    it(`ten wrong passwords from one address lock that (email, address) pair only: the owner signs in from another`, async () => {
      const attacker = address();
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_FAILURES_PER_PAIR; i++) statuses.push((await login('viewer@example.com', 'wrong', attacker)).status);
      expect(statuses).toEqual(Array(LOGIN_FAILURES_PER_PAIR).fill(401));
      expect((await login('viewer@example.com', 'discovery-demo', attacker)).status).toBe(429);
      expect((await login('viewer@example.com', 'discovery-demo', address())).status).toBe(200);
      // another email from the attacker's address is still answered (the address limit is higher)
      expect((await login('planner@example.com', 'discovery-demo', attacker)).status).toBe(200);
    });

    it(`an address is stopped after ${LOGIN_FAILURES_PER_ADDRESS} failures over any emails, with Retry-After`, async () => {
      const sprayer = address();
      for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i++) {
        expect((await login(`nobody${i}@example.com`, 'guess', sprayer)).status).toBe(401);
      }
      const r = await login('planner@example.com', 'discovery-demo', sprayer);
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await login('planner@example.com', 'discovery-demo', address())).status).toBe(200);
    });

    it('the answer time does not tell a known email from an unknown one: both run the same password check, at the same cost', async () => {
      // The work, not a stopwatch (a busy machine would fail a timing): an unknown email is
      // checked against a hash made like a user's, so it costs one scrypt of the same parameters.
      const checked = jest.mocked(verifyPassword);
      checked.mockClear();
      const costOf = (hash: string) => hash.split('$').slice(0, 4).join('$');
      try {
        expect((await login('planner@example.com', 'not-the-password')).status).toBe(401);
        expect((await login('unknown-person@example.com', 'not-the-password')).status).toBe(401);
        expect(checked).toHaveBeenCalledTimes(2);
        const [[, knownHash], [, unknownHash]] = checked.mock.calls;
        const [{ password_hash: stored }] = await s.core.query<{ password_hash: string }>(
          "select password_hash from users where email = 'planner@example.com'",
        );
        expect(knownHash).toBe(stored);
        expect(unknownHash).not.toBe(stored);
        expect(costOf(unknownHash)).toBe(costOf(stored));
        expect(costOf(stored)).toMatch(/^scrypt\$\d+\$\d+\$\d+$/);
      } finally {
        checked.mockClear();
      }
    });
  });

  describe('logout and return addresses (§5)', () => {
    const logout = (cookie: string, query: string, site?: string) =>
      fetch(`${s.url}/api/v1/adfs/logout${query}`, { headers: { cookie, ...(site ? { 'sec-fetch-site': site } : {}) }, redirect: 'manual' });
    const me = async (headers: Record<string, string>) => (await fetch(`${s.url}/api/v1/me`, { headers })).status;

    it('SRV-012 reached from another site, the logout address keeps the session and sends to /logout-confirm', async () => {
      const v = await s.login('viewer@example.com');
      for (const site of ['cross-site', 'same-site']) {
        const r = await logout(v.cookie, `?returnUrl=${encodeURIComponent('/acme/us/home')}`, site);
        expect(r.status).toBe(302);
        expect(r.headers.get('location')).toBe(`/logout-confirm?returnUrl=${encodeURIComponent('/acme/us/home')}`);
        expect(r.headers.getSetCookie()).toEqual([]);
        expect(await me(v.headers())).toBe(200);
      }
    });

    it('SRV-012 from our own pages (and from a client that sends no Sec-Fetch-Site) it ends the session as before', async () => {
      for (const site of ['same-origin', 'none', undefined]) {
        const v = await s.login('viewer@example.com');
        const r = await logout(v.cookie, `?returnUrl=${encodeURIComponent('/acme/us/home')}`, site);
        expect(r.status).toBe(302);
        expect(r.headers.get('location')).toBe(`/login?returnUrl=${encodeURIComponent('/acme/us/home')}`);
        expect(await me(v.headers())).toBe(401);
      }
    });

    it('SRV-012 from another site without a live session there is nothing to confirm: on to sign-in', async () => {
      const r = await logout('discovery_session=ended', '', 'cross-site');
      expect(r.headers.get('location')).toBe('/login');
    });

    it.each(['//evil.example', '/\\evil.example', '/%5Cevil.example', '/%09/evil.example', 'javascript:alert(1)', 'https://evil.example'])(
      'SRV-011 SRV-012 a return address %j is dropped, never followed',
      async (hostile) => {
        const out = await logout('', `?returnUrl=${encodeURIComponent(hostile)}`, 'same-origin');
        expect(out.headers.get('location')).toBe('/login');
        const inn = await fetch(`${s.url}/api/v1/adfs/login?RelayState=${encodeURIComponent(hostile)}`, { redirect: 'manual' });
        expect(inn.headers.get('location')).toBe(`/login?returnUrl=${encodeURIComponent('/home')}`);
      },
    );
  });
});
