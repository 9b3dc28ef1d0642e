/**
 * npm run bench:chart-render [-- --runs 7] [--no-build]: how long the chart gallery's 10 × 10
 * mekko takes from its data to the screen in headless Chromium (issue 15 §1, budget 100 ms), on the
 * built app (reused when unchanged) with its own server and database. The figure the chart-gallery
 * e2e spec used to assert: a timing belongs in a bench that prints it, not in a test that fails on
 * a busy machine (issue 26 §3). Prints the first draw, each redraw on new data, the median and the
 * max; exits 0 whatever the figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remote } from 'webdriverio';
import { build } from './build';
import { CHROMIUM_ARGS } from './lib/chromium';
import { startBuiltServer } from './lib/proc';
import { argValue, ROOT } from './lib/workspace';

const BUDGET_MS = 100;
const DEMO = { email: 'admin@example.com', password: process.env.DISCOVERY_DEMO_PASSWORD ?? 'discovery-demo' };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const args = process.argv.slice(2);
  const runs = Number(argValue(args, '--runs') ?? 7);
  const serverFile = args.includes('--no-build') ? join(ROOT, 'dist', 'full', 'server.mjs') : (await build('full')).serverFile;
  const dataDir = mkdtempSync(join(tmpdir(), 'discovery-bench-chart-'));
  const server = await startBuiltServer(serverFile, { DISCOVERY_DATA_DIR: dataDir, DATABASE_URL: '' });
  const browser = await remote({
    logLevel: 'error',
    capabilities: {
      browserName: 'chrome',
      'goog:chromeOptions': { binary: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
      'wdio:chromedriverOptions': { binary: process.env.CHROMEDRIVER_BIN ?? '/usr/bin/chromedriver' },
    },
  });
  try {
    await browser.url(`${server.url}/login`);
    await (await browser.$('#login-email')).waitForDisplayed({ timeout: 30000 });
    await (await browser.$('#login-email')).setValue(DEMO.email);
    await (await browser.$('#login-password')).setValue(DEMO.password);
    await (await browser.$('button[type="submit"]')).click();
    await browser.waitUntil(async () => !(await browser.getUrl()).includes('/login'), { timeout: 30000 });
    await browser.url(`${server.url}/dev/charts`);
    const renderTime = await browser.$('[data-testid="mekko-render-ms"]');
    /** The mekko's last render time once it differs from `previous` (the page writes it in data-ms). */
    const next = async (previous: string | null) => {
      let ms = '';
      await browser.waitUntil(
        async () => {
          ms = (await renderTime.getAttribute('data-ms')) ?? '';
          return ms !== '' && ms !== previous;
        },
        { timeout: 30000, timeoutMsg: 'the mekko reported no render time' },
      );
      return Number(ms);
    };
    const first = await next(null);
    const times: number[] = [];
    let previous = String(first);
    for (let i = 0; i < runs; i++) {
      await (await browser.$('[data-testid="gallery-new-data"]')).click();
      const ms = await next(previous);
      previous = String(ms);
      times.push(ms);
    }
    const m = median(times);
    console.log(`bench:chart-render: 10 × 10 mekko, data to screen (Plotly loaded), headless Chromium`);
    console.log(`  first draw (includes the first layout): ${first.toFixed(1)} ms`);
    console.log(`  new data, ${runs} runs: ${times.map((t) => t.toFixed(1)).join(', ')} ms`);
    console.log(`  median ${m.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; budget ${BUDGET_MS} ms: ${m < BUDGET_MS ? 'within' : 'OVER'}`);
  } finally {
    await browser.deleteSession().catch(() => undefined);
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
