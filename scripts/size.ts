/**
 * npm run size [-- --build full] [--no-build] [--files]
 * What the browser really downloads, measured in headless Chromium against the built app (its own
 * server, a fresh embedded database, an empty browser cache): the JavaScript of the sign-in page
 * (opening the site at /, which leads there signed out), then, after signing in as the demo admin
 * through the form, what the product home adds. Bytes are those on the wire (bodies as the server
 * sends them, compressed, plus headers), from the browser's network events (WebDriver BiDi), and
 * are attributed to the modules in each file through the esbuild metafile. Each page is given in
 * both encodings the server sends: brotli (what Chromium takes) and gzip (the same files had the
 * browser taken gzip only: the `.gz` body in place of the `.br` one, headers alike). Budgets: the
 * sign-in page 180 KB gzipped, sign-in plus product home 350 KB in all (brotli), no chart library
 * (Plotly) on either, no zod locales. Exits 1 over budget. `--files` lists each file downloaded
 * with its largest inputs.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { remote } from 'webdriverio';
import { build } from './build';
import { CHROMIUM_ARGS } from './lib/chromium';
import { startBuiltServer } from './lib/proc';
import { seededDataDir } from './lib/seededData';
import { argValue, ROOT } from './lib/workspace';

const KB = 1024;
/** Issue 26 §4: the sign-in page, gzipped (the larger of the two encodings), as a browser receives it. */
const SIGN_IN_BUDGET = { kb: 180, encoding: 'gzip' } as const;
/** Sign-in plus the product home, as Chromium receives it (brotli). */
const PRODUCT_HOME_BUDGET = { kb: 350, encoding: 'brotli' } as const;
type Budget = { kb: number; encoding: 'gzip' | 'brotli' };
/** No page before a chart is drawn may carry the chart library (core/charts loads it lazily). */
const CHART_LIBRARY = /plotly/i;
/**
 * zod's error messages in every language: esbuild bundles them (~50 KB gzipped) when a file
 * writes `import { z } from 'zod'`; `import * as z from 'zod'` (zod's own advice) leaves them out.
 */
const ZOD_LOCALES = /node_modules\/zod\/.*\/locales\//;
const DEMO = { email: 'admin@example.com', password: process.env.DISCOVERY_DEMO_PASSWORD ?? 'discovery-demo' };
/** The admin's first product (core/server/src/seed.ts): where sign-in lands. */
const PRODUCT_HOME = /^\/acme\/us\/[^/]+\/[^/]+\/home$/;

interface Download {
  path: string;
  /** Bytes on the wire: headers plus the body as sent (compressed when the server compressed it). */
  bytes: number;
  /** Of which the response headers. */
  headers: number;
  encoding: string | null;
}

interface Module {
  name: string;
  bytes: number;
}

/** The package (or workspace folder) a bundled input file belongs to. */
function moduleOf(input: string): string {
  const pkg = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const ws = input.match(/^(core\/[^/]+|plugins\/[^/]+|host)\//);
  return ws ? ws[1] : input.startsWith('dist/') ? '(generated entry)' : input;
}

/** Spreads each download's bytes over the modules in it, by their share of the minified output. */
function attribute(downloads: Download[], meta: Metafile, publicKey: string): { modules: Module[]; inputs: Set<string> } {
  const byModule = new Map<string, number>();
  const inputs = new Set<string>();
  const add = (name: string, n: number) => byModule.set(name, (byModule.get(name) ?? 0) + n);
  for (const d of downloads) {
    const out = meta.outputs[publicKey + d.path];
    if (!out) {
      // Not from esbuild: the icon path modules scripts/build.ts copies.
      add(d.path.includes('/icons-') ? '@blueprintjs/icons (paths of the icons shown)' : d.path, d.bytes);
      continue;
    }
    const entries = Object.entries(out.inputs);
    const total = entries.reduce((s, [, i]) => s + i.bytesInOutput, 0) || 1;
    for (const [file, i] of entries) {
      inputs.add(file);
      add(moduleOf(file), (d.bytes * i.bytesInOutput) / total);
    }
  }
  return { modules: [...byModule].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes), inputs };
}

/** The bundled files that import zod by name (`import { z } from 'zod'`). */
function namedZodImports(meta: Metafile, inputs: Set<string>): string[] {
  return [...inputs].filter(
    (file) =>
      meta.inputs[file]?.imports.some((i) => i.original === 'zod') && /import\s*\{[^}]*\}\s*from\s*['"]zod['"]/.test(readFileSync(join(ROOT, file), 'utf8')),
  );
}

/** The same downloads had the browser accepted gzip only: the `.gz` body in place of the `.br` one. */
function asGzip(downloads: Download[], publicDir: string): number {
  const size = (f: string) => (existsSync(f) ? statSync(f).size : null);
  return downloads.reduce((s, d) => {
    const file = join(publicDir, d.path);
    const br = d.encoding === 'br' ? size(file + '.br') : null;
    const gz = size(file + '.gz');
    return s + (br !== null && gz !== null ? d.bytes - br + gz : d.bytes);
  }, 0);
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const sum = (ds: Download[]) => ds.reduce((s, d) => s + d.bytes, 0);

async function main() {
  const args = process.argv.slice(2);
  const name = argValue(args, '--build') ?? 'full';
  let serverFile = join(ROOT, 'dist', name, 'server.mjs');
  let metafileFile = join(ROOT, 'dist', name, 'metafile.json');
  if (!args.includes('--no-build')) ({ serverFile, metafileFile } = await build(name));
  const meta = JSON.parse(readFileSync(metafileFile, 'utf8')) as Metafile;
  const publicKey = `dist/${name}/public`;
  const publicDir = join(ROOT, publicKey);

  // A copy of the build's seeded data, as the e2e lanes beside it start on (scripts/lib/seededData.ts).
  const dataDir = await seededDataDir(serverFile, {}, 'discovery-size-');
  const server = await startBuiltServer(serverFile, { DISCOVERY_DATA_DIR: dataDir, DATABASE_URL: '' });
  const browser = await remote({
    logLevel: 'error',
    capabilities: {
      browserName: 'chrome',
      webSocketUrl: true,
      'goog:chromeOptions': { binary: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
      'wdio:chromedriverOptions': { binary: process.env.CHROMEDRIVER_BIN ?? '/usr/bin/chromedriver' },
    },
  });
  try {
    const js: Download[] = [];
    let pending = 0;
    let lastEvent = Date.now();
    await browser.sessionSubscribe({ events: ['network.beforeRequestSent', 'network.responseCompleted', 'network.fetchError'] });
    browser.on('network.beforeRequestSent', () => {
      pending++;
      lastEvent = Date.now();
    });
    browser.on('network.fetchError', () => {
      pending--;
      lastEvent = Date.now();
    });
    browser.on('network.responseCompleted', ({ request, response }) => {
      pending--;
      lastEvent = Date.now();
      const header = (h: string) => response.headers.find((x) => x.name.toLowerCase() === h)?.value;
      const type = header('content-type');
      const path = new URL(request.url).pathname;
      const isJs = (type?.type === 'string' && type.value.includes('javascript')) || path.endsWith('.js');
      if (isJs && !response.fromCache) {
        js.push({
          path,
          bytes: response.bytesReceived,
          headers: response.headersSize ?? 0,
          encoding: (header('content-encoding')?.value as string | undefined) ?? null,
        });
      }
    });
    /** Until nothing has been in flight for a second: lazy chunks and icons included. */
    const settled = () => browser.waitUntil(async () => pending <= 0 && Date.now() - lastEvent > 1000, { timeout: 30000, interval: 100 });

    // The site's address, as a visitor types it: / leads to /home and, signed out, to sign-in.
    await browser.url(`${server.url}/`);
    await (await browser.$('#login-email')).waitForDisplayed({ timeout: 30000 });
    await settled();
    const signIn = js.splice(0);
    const signInUrl = new URL(await browser.getUrl());

    await (await browser.$('#login-email')).setValue(DEMO.email);
    await (await browser.$('#login-password')).setValue(DEMO.password);
    await (await browser.$('button[type="submit"]')).click();
    await browser
      .waitUntil(async () => PRODUCT_HOME.test(new URL(await browser.getUrl()).pathname), { timeout: 30000 })
      .catch(async () => {
        throw new Error(`sign-in did not land on a product home (at ${await browser.getUrl()})`);
      });
    await (await browser.$('main h1')).waitForDisplayed({ timeout: 30000 });
    await settled();
    const productHome = js.splice(0);
    const homePath = new URL(await browser.getUrl()).pathname;

    const report = (title: string, downloads: Download[], budget: Budget, before: Download[] = []) => {
      const all = [...before, ...downloads];
      const total = sum(all);
      const gzipTotal = asGzip(all, publicDir);
      const measured = budget.encoding === 'gzip' ? gzipTotal : total;
      const { modules, inputs } = attribute(all, meta, publicKey);
      const charts = [...inputs].filter((i) => CHART_LIBRARY.test(i));
      const zodNamed = [...inputs].some((i) => ZOD_LOCALES.test(i)) ? namedZodImports(meta, inputs) : [];
      // What the build leaves uncompressed is under 1 KB (scripts/lib/precompress.ts).
      const plain = downloads.filter((d) => !d.encoding && d.bytes - d.headers >= 1024).map((d) => d.path);
      console.log(`\n${title}`);
      if (before.length) console.log(`  adds ${kb(sum(downloads))} in ${downloads.length} files after sign-in`);
      const count = new Map<string, number>();
      for (const d of all) count.set(d.encoding ?? 'uncompressed', (count.get(d.encoding ?? 'uncompressed') ?? 0) + 1);
      const encodings = [...count].map(([e, n]) => `${n} ${e}`).join(', ');
      console.log(`  JavaScript transferred: ${kb(total)} in ${all.length} files (${encodings})${before.length ? ', sign-in page included' : ''}`);
      console.log(`    brotli (as Chromium took it): ${kb(total)}`);
      console.log(`    gzip (the same files had the browser taken gzip only): ${kb(gzipTotal)}`);
      console.log(`    budget: ${budget.kb} KB ${budget.encoding} (${kb(measured)}: ${measured / KB <= budget.kb ? 'within' : 'OVER'})`);
      console.log(`  of which response headers: ${kb(all.reduce((n, d) => n + d.headers, 0))}`);
      console.log(`  largest modules (their share of the bytes transferred):`);
      for (const m of modules.slice(0, 12)) console.log(`    ${kb(m.bytes).padStart(9)}  ${m.name}`);
      console.log(`  chart library: ${charts.length ? 'YES ' + charts.slice(0, 3).join(', ') : 'none'}`);
      if (zodNamed.length) console.log(`  zod's locales are in (write \`import * as z from 'zod'\` in): ${zodNamed.join(', ')}`);
      if (plain.length) console.log(`  sent uncompressed: ${plain.join(', ')}`);
      if (args.includes('--files')) {
        console.log(`  files${before.length ? ' downloaded after sign-in' : ''}:`);
        for (const d of downloads) {
          const parts = Object.entries(meta.outputs[publicKey + d.path]?.inputs ?? {}).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
          console.log(
            `    ${kb(d.bytes).padStart(9)}  ${d.path}  ${parts
              .slice(0, 4)
              .map(([f, i]) => `${f.replace(/^.*node_modules\//, '')} ${kb(i.bytesInOutput)}`)
              .join(', ')}`,
          );
        }
      }
      return measured / KB <= budget.kb && charts.length === 0 && zodNamed.length === 0;
    };
    console.log(`build '${name}' served by its own server; headless Chromium, empty cache; bytes on the wire (compressed body + headers)`);
    const okSignIn = report(`sign-in page (opened at /, shown at ${decodeURIComponent(signInUrl.pathname + signInUrl.search)})`, signIn, SIGN_IN_BUDGET);
    const okHome = report(`product home after signing in (${homePath})`, productHome, PRODUCT_HOME_BUDGET, signIn);
    const ok = okSignIn && okHome;
    console.log(ok ? '\nsize: within budget' : '\nsize: OVER BUDGET');
    return ok ? 0 : 1;
  } finally {
    await browser.deleteSession().catch(() => undefined);
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  .then((code) => process.exit(code))
  .catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
