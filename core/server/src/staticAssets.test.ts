import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createServer, type DiscoveryServer } from './app';

/** Writes a client build the way scripts/build.ts does: index.html naming its entry, the assets (and their .gz). */
function writeBuild(dir: string, hash: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<!doctype html><script type="module" src="/assets/app-${hash}.js"></script>`);
  const js = `console.log('build ${hash}');`;
  writeFileSync(join(dir, 'assets', `app-${hash}.js`), js);
  writeFileSync(join(dir, 'assets', `app-${hash}.js.gz`), gzipSync(js));
  writeFileSync(join(dir, 'assets', `app-${hash}.js.map`), '{"version":3}');
}

describe('the client build is served from the snapshot taken at start (issue 25 §8)', () => {
  let root: string;
  let server: DiscoveryServer;
  let url: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'discovery-public-'));
    writeBuild(join(root, 'public'), 'AAAA');
    server = await createServer({ dataDir: 'memory://', staticDir: join(root, 'public'), seed: false });
    url = await server.listen(0);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('a rebuild that deletes and rewrites the folder does not blank the running app: the page and its assets stay the start-time ones', async () => {
    // `npm run build` while the server runs: the folder is deleted and written again with other names.
    writeBuild(join(root, 'public'), 'BBBB');
    for (const path of ['/', '/acme/us/home']) {
      const page = await fetch(`${url}${path}`);
      expect([page.status, page.headers.get('cache-control')]).toEqual([200, 'no-cache']);
      expect(await page.text()).toContain('/assets/app-AAAA.js');
    }
    const asset = await fetch(`${url}/assets/app-AAAA.js`, { headers: { 'accept-encoding': 'identity' } });
    expect([asset.status, asset.headers.get('content-type'), asset.headers.get('cache-control')]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'public, max-age=31536000, immutable',
    ]);
    expect(await asset.text()).toBe("console.log('build AAAA');");
    // The compressed copy to a browser that takes it (fetch decodes it again).
    const gz = await fetch(`${url}/assets/app-AAAA.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect([gz.headers.get('content-encoding'), await gz.text()]).toEqual(['gzip', "console.log('build AAAA');"]);
    // The new build's files are the next start's.
    expect((await fetch(`${url}/assets/app-BBBB.js`)).status).toBe(404);
    expect((await fetch(`${url}/assets/%E0%A4%A`)).status).toBe(400);
  });

  it('the page answers 304 to its own ETag', async () => {
    const first = await fetch(`${url}/`);
    const etag = first.headers.get('etag')!;
    expect((await fetch(`${url}/`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});
