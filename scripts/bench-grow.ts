/**
 * npm run bench:grow -- [--people 10000000] [--seed 42] [--users 8] [--opens 25]
 *
 * Opening a Grow chart of 10 markets x 10 audiences (100 distinct segments, matched and modeled)
 * on the built server at --people: 8 concurrent users each open the chart --opens times as the
 * screen does (GET the chart and, at once, its counts by chart id, POST .../mekkos/:id/counts, X-Context
 * acme/us/fizz-cola/fizz-zero so the region slice applies). Reports p50/p95 of the counts call's
 * server time (its Server-Timing header) and of the whole open's round trip. Baseline in the same
 * run: the engine's mekko called directly in this process on the same population, markets and
 * region, 8 at a time (the server stopped first, so both have the machine). Goal: counts p95
 * server time under 300 ms; exits 1 when missed or on any error.
 */
import { CountsEngine } from '@discovery/counts';
import type { GrowCountsDto, MekkoDto } from '@discovery/plugin-insights-grow/common';
import { join } from 'node:path';
import { build } from './build';
import { benchCaller, benchPopulation, concurrently, createBenchMekko, populationDir, quantile, serverMs, signIn, startBenchServer } from './lib/bench';
import { argValue, ROOT } from './lib/workspace';

const args = process.argv.slice(2);
const PEOPLE = Number(argValue(args, '--people') ?? 10_000_000);
const SEED = Number(argValue(args, '--seed') ?? 42);
const USERS = Number(argValue(args, '--users') ?? 8);
const OPENS = Number(argValue(args, '--opens') ?? 25);
const CONTEXT = 'acme/us/fizz-cola/fizz-zero';
const REGION = ['acme', 'us'] as const;
const GOAL_P95_MS = 300;
const DIR = populationDir(PEOPLE, SEED);
const API = '/api/v1/insights-grow';

const pct = (xs: number[], p: number) => quantile(xs, p / 100);
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const manifest = benchPopulation(PEOPLE, SEED, DIR);
  const ids = manifest.segments.filter((s) => !s.deleted && !s.expired).map((s) => s.short_id);
  if (ids.length < 100) throw new Error(`the population has ${ids.length} usable segments, 100 needed`);
  // 100 distinct segments spread over the taxonomy: every third usable one.
  const chosen = Array.from({ length: 100 }, (_, i) => ids[(i * 3) % ids.length]);

  const built = await build('full');
  const server = await startBenchServer(built.serverFile, { population: { dir: DIR, people: PEOPLE, seed: SEED } });
  let mekko: MekkoDto;
  const counts: number[] = [];
  const opens: number[] = [];
  const countsOnly: number[] = [];
  let errors = 0;
  try {
    const headers = (await signIn(server.url, 'admin@example.com', CONTEXT)).headers({ json: true });
    const call = benchCaller(server.url, headers);

    // The chart, built through the API as a user would.
    const id = await createBenchMekko(call, chosen);
    mekko = (await call<{ data: MekkoDto }>('GET', `${API}/mekkos/${id}`)).body.data;

    const open = async () => {
      const t0 = performance.now();
      try {
        // The screen's one round trip: the chart and its counts at once.
        const [, { res, body }] = await Promise.all([
          call<{ data: MekkoDto }>('GET', `${API}/mekkos/${id}`),
          call<GrowCountsDto>('POST', `${API}/mekkos/${id}/counts`, { filters: [] }),
        ]);
        const timing = serverMs(res);
        if (Number.isNaN(timing) || !(body.total.matched > 0)) throw new Error('no Server-Timing or no count');
        counts.push(timing);
        opens.push(performance.now() - t0);
      } catch (e) {
        errors++;
        if (errors === 1) console.error(e);
      }
    };
    for (let i = 0; i < 3; i++) await open(); // warm: segment files are read on first use
    counts.length = 0;
    opens.length = 0;
    await concurrently(USERS, USERS * OPENS, open);
    // The counts call alone at the same concurrency (no chart reads in between), to tell the
    // engine's share from the rest of the server's.
    await concurrently(USERS, USERS * OPENS, async () => {
      const { res } = await call('POST', `${API}/mekkos/${id}/counts`, { filters: [] });
      countsOnly.push(serverMs(res));
    });
  } finally {
    await server.stop();
  }

  // Baseline: the engine's mekko directly, same markets and region, the same concurrency.
  const engine = await CountsEngine.open({ dir: DIR, workerScript: join(ROOT, 'core', 'counts', 'src', 'worker-dev.cjs') });
  const direct: number[] = [];
  try {
    const region = engine.regionKey(...REGION);
    const markets = mekko!.markets.map((k) => ({
      id: String(k.id),
      matched: k.sub_markets.map((s) => s.matched_short_id!),
      modeled: k.sub_markets.map((s) => s.modeled_short_id!),
    }));
    for (let i = 0; i < 3; i++) await engine.mekko(markets, region);
    await concurrently(USERS, USERS * OPENS, async () => {
      const t0 = performance.now();
      await engine.mekko(markets, region);
      direct.push(performance.now() - t0);
    });
  } finally {
    await engine.close();
  }

  const p95 = pct(counts, 95);
  console.log(
    `bench:grow  ${PEOPLE.toLocaleString()} people, chart of 10 markets x 10 audiences (100 segments), ${USERS} concurrent users x ${OPENS} opens, context ${CONTEXT}`,
  );
  console.log(`counts call, server time (Server-Timing):   p50 ${ms(pct(counts, 50))}  p95 ${ms(p95)}  (${counts.length} calls, ${errors} errors)`);
  console.log(`open (GET chart + counts), round trip:      p50 ${ms(pct(opens, 50))}  p95 ${ms(pct(opens, 95))}`);
  console.log(`counts call alone, server time:             p50 ${ms(pct(countsOnly, 50))}  p95 ${ms(pct(countsOnly, 95))}`);
  console.log(`baseline: engine.mekko called directly:     p50 ${ms(pct(direct, 50))}  p95 ${ms(pct(direct, 95))}`);
  console.log(`ratio counts server p95 / engine.mekko p95: ${(p95 / Math.max(0.001, pct(direct, 95))).toFixed(2)}x`);
  const ok = p95 < GOAL_P95_MS && errors === 0;
  console.log(
    `goal counts p95 server time < ${GOAL_P95_MS} ms with ${USERS} concurrent users${PEOPLE >= 10_000_000 ? '' : ' (set at 10M people; this run is smaller)'}: ${ok ? 'met' : 'MISSED'}`,
  );
  process.exitCode = ok ? 0 : 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
