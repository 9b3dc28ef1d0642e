/**
 * npm run bench:outcomes -- [--people 10000000] [--seed 42] [--users 8] [--opens 25]
 *
 * Opening an Outcomes Measure chart over a 13-month range (issue 28) on the built server at
 * --people: a Grow chart of 10 markets x 10 audiences (100 distinct segments) with 12 stored past
 * timeframes (nested outcomes for every market and audience) and the live current month. 8
 * concurrent users each open it --opens times as the screen does (GET the chart, GET its
 * timeframes and POST its current timeframe by chart id, at once; X-Context
 * acme/us/fizz-cola/fizz-zero). Reports p50/p95 of the current timeframe's server time
 * (Server-Timing), of the timeframes' round trip and of the whole open. Baseline in the same run:
 * the engine's mekko called directly on the same population, markets and region, 8 at a time (the
 * server stopped first). Goal: current timeframe p95 server time under 300 ms; exits 1 when missed
 * or on any error.
 */
import { CountsEngine } from '@discovery/counts';
import type { MekkoDto } from '@discovery/plugin-insights-grow/common';
import type { CurrentTimeframeDto, OutcomeTimeframeDto } from '@discovery/plugin-outcomes/common';
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
const OUT = '/api/v1/outcomes';

const pct = (xs: number[], p: number) => quantile(xs, p / 100);
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const manifest = benchPopulation(PEOPLE, SEED, DIR);
  const ids = manifest.segments.filter((s) => !s.deleted && !s.expired).map((s) => s.short_id);
  if (ids.length < 100) throw new Error(`the population has ${ids.length} usable segments, 100 needed`);
  // 100 distinct segments spread over the taxonomy: every third usable one.
  const chosen = Array.from({ length: 100 }, (_, i) => ids[(i * 3) % ids.length]);

  const built = await build('full');
  // The bench's users are one account: each real user has their own count slots, so the account
  // gets the slots `USERS` users opening the chart (one count call each) would have between them.
  const server = await startBenchServer(built.serverFile, {
    population: { dir: DIR, people: PEOPLE, seed: SEED },
    env: { DISCOVERY_COUNT_CONCURRENCY: String(Math.max(4, USERS)) },
  });
  let mekko: MekkoDto;
  const counts: number[] = [];
  const opens: number[] = [];
  const countsOnly: number[] = [];
  const lists: number[] = [];
  let errors = 0;
  try {
    const headers = (await signIn(server.url, 'admin@example.com', CONTEXT)).headers({ json: true });
    const call = benchCaller(server.url, headers);

    // The chart, built through the API as a user would.
    const id = await createBenchMekko(call, chosen);
    mekko = (await call<{ data: MekkoDto }>('GET', `${API}/mekkos/${id}`)).body.data;
    // 12 past months with every market's and audience's outcome: with the current month, a 13-month range.
    const now = new Date();
    for (let back = 1; back <= 12; back++) {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
      const subs = mekko.markets.flatMap((k) => k.sub_markets);
      await call('POST', `${OUT}/mekkos/${id}/outcome_timeframes`, {
        outcome_timeframe: {
          year: d.getUTCFullYear(),
          month: d.getUTCMonth(),
          total: 1000 * back,
          matched: 400 * back,
          modeled: 600 * back,
          market_outcomes_attributes: mekko.markets.map((k) => ({ market_id: k.id, total: 100 * back, matched: 40 * back, modeled: 60 * back })),
          submarket_outcomes_attributes: subs.map((s) => ({
            sub_market_id: s.id,
            market_id: s.market_id,
            total: 10 * back,
            matched: 4 * back,
            modeled: 6 * back,
          })),
        },
      });
    }

    const open = async () => {
      const t0 = performance.now();
      try {
        // The screen's round trip: the chart, its timeframes and its current timeframe at once.
        const t1 = performance.now();
        const [, list, { res, body }] = await Promise.all([
          call<{ data: MekkoDto }>('GET', `${API}/mekkos/${id}`),
          call<{ data: OutcomeTimeframeDto[] }>('GET', `${OUT}/mekkos/${id}/outcome_timeframes`).then((r) => {
            lists.push(performance.now() - t1);
            return r;
          }),
          call<CurrentTimeframeDto>('POST', `${OUT}/mekkos/${id}/current_timeframe`, { filters: [] }),
        ]);
        const timing = serverMs(res);
        if (Number.isNaN(timing) || !(body.data.matched > 0)) throw new Error('no Server-Timing or no count');
        if (list.body.data.length !== 12 || list.body.data[0].submarket_outcomes.length !== 100)
          throw new Error('the 12 stored timeframes did not come back whole');
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
    lists.length = 0;
    await concurrently(USERS, USERS * OPENS, open);
    // The counts call alone at the same concurrency (no chart reads in between), to tell the
    // engine's share from the rest of the server's.
    await concurrently(USERS, USERS * OPENS, async () => {
      const { res } = await call('POST', `${OUT}/mekkos/${id}/current_timeframe`, { filters: [] });
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
    `bench:outcomes  ${PEOPLE.toLocaleString()} people, chart of 10 markets x 10 audiences (100 segments) over 13 months (12 stored + current), ${USERS} concurrent users x ${OPENS} opens, context ${CONTEXT}`,
  );
  console.log(`current timeframe, server time (Server-Timing): p50 ${ms(pct(counts, 50))}  p95 ${ms(p95)}  (${counts.length} calls, ${errors} errors)`);
  console.log(`timeframes list (12 x 110 outcomes), round trip: p50 ${ms(pct(lists, 50))}  p95 ${ms(pct(lists, 95))}`);
  console.log(`open (chart + timeframes + current), round trip: p50 ${ms(pct(opens, 50))}  p95 ${ms(pct(opens, 95))}`);
  console.log(`current timeframe alone, server time:          p50 ${ms(pct(countsOnly, 50))}  p95 ${ms(pct(countsOnly, 95))}`);
  console.log(`baseline: engine.mekko called directly:        p50 ${ms(pct(direct, 50))}  p95 ${ms(pct(direct, 95))}`);
  console.log(`ratio current server p95 / engine.mekko p95:   ${(p95 / Math.max(0.001, pct(direct, 95))).toFixed(2)}x`);
  const ok = p95 < GOAL_P95_MS && errors === 0;
  console.log(
    `goal current timeframe p95 server time < ${GOAL_P95_MS} ms with ${USERS} concurrent users${PEOPLE >= 10_000_000 ? '' : ' (set at 10M people; this run is smaller)'}: ${ok ? 'met' : 'MISSED'}`,
  );
  process.exitCode = ok ? 0 : 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
