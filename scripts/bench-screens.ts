/**
 * npm run bench:screens -- [--runs 15] [--people 1000000] [--seed 42] [--no-build] [--verbose]
 *
 * Opening Grow, Overlap and Journeys as a planner does, in headless Chromium against the built app
 * on the demo data (the demo population and seed): for each screen, --runs full navigations to
 * its address (after two to warm the cache), each timed from navigation start to the screen's
 * `discovery:drawn:<screen>` performance mark (set when the chart is on screen with its counts,
 * core/platform markDrawn), and the API round trips before it: the depth of the chain of the
 * screen's own requests (a request that starts after another ended is one trip later), read
 * from the browser's resource timing. Baseline in the same run and the same browser: the product
 * home (its greeting drawn). Goal: p95 ≤ 1000 ms per screen and at most 2 round trips; exits 1 when
 * missed.
 */
// The page's Resource Timing entries, typed by Node's implementation of the same W3C interface
// (this script is checked without the DOM library; the callback below runs in the browser).
import type { PerformanceResourceTiming } from 'node:perf_hooks';
import { remote } from 'webdriverio';
import { build } from './build';
import { benchPopulation, populationDir, quantile, startBenchServer } from './lib/bench';
import { CHROMIUM_ARGS } from './lib/chromium';
import { argValue, ROOT } from './lib/workspace';

const args = process.argv.slice(2);
const RUNS = Number(argValue(args, '--runs') ?? 15);
const PEOPLE = Number(argValue(args, '--people') ?? 1_000_000);
const SEED = Number(argValue(args, '--seed') ?? 42);
const PRODUCT = '/acme/us/fizz-cola/fizz-zero';
const GOAL_P95_MS = 1000;
const GOAL_TRIPS = 2;
const VERBOSE = args.includes('--verbose');

interface Screen {
  name: string;
  path: string;
  /** The API prefixes of the screen's own requests (the shell's start-up calls are the baseline's too). */
  own: string[];
}
const SCREENS: Screen[] = [
  { name: 'home', path: `${PRODUCT}/home`, own: [] },
  { name: 'grow', path: `${PRODUCT}/insights/grow`, own: ['/api/v1/insights-grow/', '/api/v1/insights/'] },
  { name: 'overlap', path: `${PRODUCT}/insights/overlap`, own: ['/api/v1/overlap/', '/api/v1/insights/'] },
  { name: 'journey', path: `${PRODUCT}/insights/journey`, own: ['/api/v1/insights-journey/', '/api/v1/insights/'] },
];

interface Timed {
  url: string;
  start: number;
  end: number;
}

/**
 * The round trips before the chart's counts were in: the depth of the last counts request in the
 * chain of the screen's requests, where a request that starts after another ended is one trip later.
 */
function roundTrips(requests: readonly Timed[]): number {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  sorted.forEach((r, i) => {
    let d = 1;
    for (let j = 0; j < i; j++) if (sorted[j].end <= r.start) d = Math.max(d, depth[j] + 1);
    depth.push(d);
  });
  const counts = sorted.map((r, i) => (/\/counts$/.test(r.url) ? depth[i] : 0));
  return Math.max(0, ...counts);
}

async function main() {
  const dir = populationDir(PEOPLE, SEED);
  benchPopulation(PEOPLE, SEED, dir);
  const built = args.includes('--no-build') ? { serverFile: `${ROOT}/dist/full/server.mjs` } : await build('full');
  const server = await startBenchServer(built.serverFile, { population: { dir, people: PEOPLE, seed: SEED } });
  const browser = await remote({
    logLevel: 'error',
    baseUrl: server.url,
    capabilities: {
      browserName: 'chrome',
      'goog:chromeOptions': { binary: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
      'wdio:chromedriverOptions': { binary: process.env.CHROMEDRIVER_BIN ?? '/usr/bin/chromedriver' },
    },
  });
  const results: { screen: Screen; times: number[]; trips: number[]; requests: number[] }[] = [];
  let failed = false;
  try {
    // Sign in through the form as a planner would.
    await browser.url('/login');
    await (await browser.$('input[name="email"]')).setValue('planner@example.com');
    await (await browser.$('input[name="password"]')).setValue(process.env.DISCOVERY_DEMO_PASSWORD ?? 'discovery-demo');
    await (await browser.$('button[type="submit"]')).click();
    await browser.waitUntil(async () => !(await browser.getUrl()).includes('/login'), { timeout: 30000, timeoutMsg: 'sign-in did not leave /login' });

    const open = async (s: Screen) => {
      await browser.url(s.path);
      const mark = `discovery:drawn:${s.name}`;
      await browser.waitUntil(async () => browser.execute((m: string) => performance.getEntriesByName(m).length > 0, mark), {
        timeout: 60000,
        interval: 20,
        timeoutMsg: `${s.name}: the screen never marked '${mark}' (chart drawn with its counts)`,
      });
      return browser.execute((m: string) => {
        const drawn = performance.getEntriesByName(m)[0].startTime;
        const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((r) => new URL(r.name).pathname.startsWith('/api/') && r.startTime <= drawn)
          .map((r) => ({ url: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd }));
        return { drawn, requests };
      }, mark);
    };

    for (const s of SCREENS) {
      for (let i = 0; i < 2; i++) await open(s); // warm: the browser's cache and the server's segment files
      const times: number[] = [];
      const trips: number[] = [];
      const requests: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await open(s);
        times.push(r.drawn);
        const own = r.requests.filter((q) => s.own.some((p) => q.url.startsWith(p)));
        trips.push(roundTrips(own));
        requests.push(own.length);
        if (VERBOSE && i === RUNS - 1)
          for (const q of [...own].sort((a, b) => a.start - b.start)) console.log(`  ${s.name} ${q.start.toFixed(0)}–${q.end.toFixed(0)} ms ${q.url}`);
      }
      results.push({ screen: s, times, trips, requests });
    }
  } finally {
    await browser.deleteSession();
    await server.stop();
  }

  const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;
  const home = results.find((r) => r.screen.name === 'home')!;
  const homeP95 = quantile(home.times, 0.95);
  console.log(
    `bench:screens  demo data (${PEOPLE.toLocaleString('en-US')} people), planner@example.com, ${RUNS} navigations per screen after 2 warm-ups, product ${PRODUCT}`,
  );
  console.log('screen    navigation → drawn p50   p95      vs home p95   round trips (own requests)');
  for (const r of results) {
    const p95 = quantile(r.times, 0.95);
    const trips = Math.max(...r.trips);
    const own = r.screen.name === 'home' ? '     (baseline)' : `   ${trips} (${Math.max(...r.requests)} requests)`;
    console.log(`${r.screen.name.padEnd(9)} ${ms(quantile(r.times, 0.5))}  ${ms(p95)}   ${(p95 / Math.max(1, homeP95)).toFixed(2)}x${own}`);
    if (r.screen.name !== 'home' && (p95 > GOAL_P95_MS || trips > GOAL_TRIPS)) failed = true;
  }
  console.log(`goal: p95 ≤ ${GOAL_P95_MS} ms and ≤ ${GOAL_TRIPS} round trips before the chart is drawn, on an idle machine: ${failed ? 'MISSED' : 'met'}`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
