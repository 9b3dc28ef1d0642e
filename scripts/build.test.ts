import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { BUILD_INFO_ID, parseBuildInfo } from '@discovery/ui/buildInfoElement';
import { build } from './build';
import { buildInfo } from './lib/buildInfo';
import { startBuiltServer } from './lib/proc';
import { readBuild, resolveBuild } from './lib/workspace';

const chunks = (dir: string) => readdirSync(join(dir, 'assets', 'chunks'));

describe('builds', () => {
  it('a subset build has neither the left-out plugin’s page chunk nor its API', async () => {
    // The production build: in npm test the one that size and e2e then reuse (unchanged inputs).
    const full = await build('full');
    expect(chunks(full.publicDir).some((f) => f.startsWith('AdminDashboardPage-'))).toBe(true);
    const sub = await build('essentials');
    // Issue 26: unchanged inputs, the build is reused; one input changed, it is built again.
    const again = await build('essentials');
    expect([again.cached, again.entryJs, Object.keys(again.metafile.outputs)]).toEqual([true, sub.entryJs, Object.keys(sub.metafile.outputs)]);
    const stampFile = join(sub.outDir, 'build-stamp.json');
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { inputs: Record<string, string> };
    // What the stamp recorded for one source file no longer matches it: as if the file had been edited.
    stamp.inputs[Object.keys(stamp.inputs).find((f) => f.startsWith('core/'))!] = 'edited';
    writeFileSync(stampFile, JSON.stringify(stamp));
    const rebuilt = await build('essentials');
    expect([rebuilt.cached, Object.keys(rebuilt.phases)]).toEqual([false, expect.arrayContaining(['client', 'precompress', 'server'])]);
    // Built again from the same sources, every chunk has the same bytes (its name is its content's
    // hash): the build's date is in index.html, not in a chunk, so browsers keep their chunks.
    expect(Object.keys(rebuilt.metafile.outputs).sort()).toEqual(Object.keys(sub.metafile.outputs).sort());
    // What follows serves the build now on disk: the rebuilt one (its entry may have another name).
    expect(chunks(rebuilt.publicDir).some((f) => f.startsWith('AdminDashboardPage-'))).toBe(false);
    expect(chunks(rebuilt.publicDir).some((f) => f.startsWith('HealthPage-'))).toBe(true);

    const dataDir = mkdtempSync(join(tmpdir(), 'discovery-build-test-'));
    const server = await startBuiltServer(rebuilt.serverFile, { DISCOVERY_DATA_DIR: dataDir, DATABASE_URL: '' });
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
      const html = await page.text();
      expect(html).toContain('<div id="root"></div>');
      // SHELL-011: the build's branch, revision and date come with the page.
      const carried = new RegExp(`<script id="${BUILD_INFO_ID}" type="application/json">(.*?)</script>`).exec(html)?.[1];
      const { version, branch, revision } = buildInfo();
      expect(parseBuildInfo(carried)).toEqual({ version, branch, revision, date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      // Assets go out compressed (written at build time), in the encoding the browser accepts.
      // The largest chunk: the entry itself is a few hundred bytes (the sign-in page's code is one chunk
      // it imports), and files under 1 KB go as they are.
      const dir = join(rebuilt.publicDir, 'assets', 'chunks');
      const [largest] = chunks(rebuilt.publicDir)
        .filter((f) => f.endsWith('.js'))
        .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size);
      const asset = '/' + relative(rebuilt.publicDir, join(dir, largest));
      for (const encoding of ['br', 'gzip']) {
        const res = await fetch(`${server.url}${asset}`, { headers: { 'accept-encoding': encoding } });
        expect([res.status, res.headers.get('content-encoding')]).toEqual([200, encoding]);
        // Assets are named by their content: cached for good. The page itself is asked for again.
        expect([res.headers.get('cache-control'), res.headers.get('etag')]).toEqual(['public, max-age=31536000, immutable', null]);
      }
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('etag')).toBeTruthy();
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(join(rebuilt.outDir), { recursive: true, force: true });
    }
  }, 300_000);
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
