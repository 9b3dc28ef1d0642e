import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from './build';
import { startBuiltServer } from './lib/proc';
import { readBuild, resolveBuild } from './lib/workspace';

const chunks = (dir: string) => readdirSync(join(dir, 'assets', 'chunks'));

describe('builds', () => {
  it('a subset build has neither the left-out plugin’s page chunk nor its API', async () => {
    const full = await build('full', { minify: false });
    expect(chunks(full.publicDir).some((f) => f.startsWith('AdminDashboardPage-'))).toBe(true);
    const sub = await build('essentials', { minify: false });
    expect(chunks(sub.publicDir).some((f) => f.startsWith('AdminDashboardPage-'))).toBe(false);
    expect(chunks(sub.publicDir).some((f) => f.startsWith('HealthPage-'))).toBe(true);

    const dataDir = mkdtempSync(join(tmpdir(), 'discovery-build-test-'));
    const server = await startBuiltServer(sub.serverFile, { DISCOVERY_DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      const login = await fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'discovery-demo' }),
      });
      const headers = {
        cookie: login.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
        'x-csrf-token': login.headers.get('x-csrf-token')!,
      };
      expect((await fetch(`${server.url}/api/v1/global-admin/summary`, { headers })).status).toBe(404);
      expect((await fetch(`${server.url}/api/v1/me`, { headers })).status).toBe(200);
      // The SPA is served for client routes.
      const page = await fetch(`${server.url}/acme/us/fizz-cola/fizz-zero/home`);
      expect(await page.text()).toContain('<div id="root"></div>');
      // Assets go out compressed (written at build time), in the encoding the browser accepts.
      const entry = '/' + relative(sub.publicDir, sub.entryJs);
      for (const encoding of ['br', 'gzip']) {
        const asset = await fetch(`${server.url}${entry}`, { headers: { 'accept-encoding': encoding } });
        expect([asset.status, asset.headers.get('content-encoding')]).toEqual([200, encoding]);
        // Assets are named by their content: cached for good. The page itself is asked for again.
        expect([asset.headers.get('cache-control'), asset.headers.get('etag')]).toEqual(['public, max-age=31536000, immutable', null]);
      }
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('etag')).toBeTruthy();
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(join(sub.outDir), { recursive: true, force: true });
    }
  }, 90_000);
});

describe('declared plugin dependencies', () => {
  it('a build with global-admin but without brands-admin stops at build time, naming both', () => {
    const def = { name: 'no-brands', plugins: ['home', 'global-admin'] };
    expect(() => resolveBuild(def)).toThrow(
      "build 'no-brands' includes plugin 'global-admin', which depends on plugin 'brands-admin': add 'brands-admin' to host/builds/no-brands.json or leave out 'global-admin'",
    );
    expect(resolveBuild({ name: 'ok', plugins: ['home', 'brands-admin', 'global-admin'] }).map((p) => p.id)).toEqual(['home', 'brands-admin', 'global-admin']);
  });

  it('a plugin comes after the plugins it depends on, whatever the build lists first: their migrations run first', () => {
    const order = resolveBuild({ name: 'any-order', plugins: ['global-admin', 'home', 'brands-admin'] }).map((p) => p.id);
    expect(order).toEqual(['brands-admin', 'global-admin', 'home']);
    const full = resolveBuild(readBuild('full')).map((p) => p.id);
    for (const p of resolveBuild(readBuild('full'))) for (const d of p.dependsOn) expect(full.indexOf(d)).toBeLessThan(full.indexOf(p.id));
  });
});
