/**
 * npm run bench:overlap -- [--people 10000000] [--seed 42] [--dir /tmp/x] [--users 8] [--seconds 15]
 *
 * Opening a 12 × 12 Overlap chart as the screen does: GET /api/v1/overlap/comparisons/:id, then
 * POST /api/v1/overlap/comparisons/counts with its axes. The built server on a generated
 * population (the folder bench:counts uses, generated when missing), 20 saved 12 × 12 charts of
 * seeded segments, `--users` concurrent users opening them in turn for `--seconds`. Server time
 * is the sum of both answers' Server-Timing. Baseline in the same run, same server and users:
 * the count engine's own overlap endpoint (POST /api/v1/counts/overlap) on the same axes.
 * Every chart's cells must equal the engine's. Goal: p95 server time under 100 ms at 10M people
 * with 8 users; exits 1 when missed or when an answer differs.
 */
import { build } from './build';
import { benchPopulation, populationDir, quantile, rng, serverMs, signIn, startBenchServer } from './lib/bench';
import { argValue } from './lib/workspace';

const args = process.argv.slice(2);
const PEOPLE = Number(argValue(args, '--people') ?? 10_000_000);
const SEED = Number(argValue(args, '--seed') ?? 42);
const DIR = argValue(args, '--dir') ?? populationDir(PEOPLE, SEED);
const USERS = Number(argValue(args, '--users') ?? 8);
const SECONDS = Number(argValue(args, '--seconds') ?? 15);
const CONTEXT = 'acme/us/fizz-cola/fizz-zero';
const GOAL_P95_MS = 100;
const CHARTS = 20;

interface Cell {
  x: string;
  y: string;
  count: number;
  percent_value: number;
  index_value: number;
}

async function main() {
  const manifest = benchPopulation(PEOPLE, SEED, DIR);
  const segments = manifest.segments.filter((s) => !s.deleted && !s.expired);
  const r = rng(SEED * 7919);
  const pick = (n: number) => {
    const out = new Map<string, string>();
    while (out.size < n) {
      const s = segments[Math.floor(r() * segments.length)];
      out.set(s.short_id, s.name);
    }
    return [...out].map(([short_id, name]) => ({ short_id, name }));
  };

  const built = await build('full');
  const server = await startBenchServer(built.serverFile, { population: { dir: DIR, people: PEOPLE, seed: SEED } });
  try {
    const { api } = await signIn(server.url, 'admin@example.com', CONTEXT);

    // 20 saved 12 × 12 charts (the population must be ready: the save checks the segments).
    const ids: number[] = [];
    for (let i = 0; i < CHARTS; i++) {
      const comparison = { name: `Bench ${i}`, mode: i % 2 ? 'index' : 'matched', x_segments: pick(12), y_segments: pick(12) };
      let res = await api('POST', '/api/v1/overlap/comparisons', { comparison });
      for (let wait = 0; res.status === 503 && wait < 600; wait++) {
        await new Promise((ok) => setTimeout(ok, 1000));
        res = await api('POST', '/api/v1/overlap/comparisons', { comparison });
      }
      if (res.status !== 201) throw new Error(`saving a chart answered ${res.status}: ${await res.text()}`);
      ids.push(((await res.json()) as { data: { id: number } }).data.id);
    }

    /** Opening a chart: fetch, then its counts. */
    const open = async (id: number) => {
      const t0 = performance.now();
      const got = await api('GET', `/api/v1/overlap/comparisons/${id}`);
      if (got.status !== 200) throw new Error(`fetch answered ${got.status}`);
      const c = ((await got.json()) as { data: { mode: string; x_segments: { short_id: string }[]; y_segments: { short_id: string }[] } }).data;
      const body = {
        x_axis_ids: c.x_segments.map((e) => e.short_id),
        y_axis_ids: c.y_segments.map((e) => e.short_id),
        is_index: c.mode === 'index',
        is_modeled: false,
        service_type: 'overlap',
      };
      const counts = await api('POST', '/api/v1/overlap/comparisons/counts', body);
      if (counts.status !== 200) throw new Error(`counts answered ${counts.status}`);
      const json = (await counts.json()) as { cells: Cell[] };
      return { fetch: serverMs(got), counts: serverMs(counts), trip: performance.now() - t0, body, cells: json.cells };
    };
    const engine = async (body: unknown) => {
      const t0 = performance.now();
      const res = await api('POST', '/api/v1/counts/overlap', body);
      if (res.status !== 200) throw new Error(`engine overlap answered ${res.status}`);
      const json = (await res.json()) as { cells: Cell[] };
      return { trip: performance.now() - t0, cells: json.cells };
    };

    // Warm every chart once and check its cells against the engine's own overlap.
    let mismatches = 0;
    const bodies: unknown[] = [];
    for (const id of ids) {
      const o = await open(id);
      const e = await engine(o.body);
      bodies.push(o.body);
      if (o.cells.length !== 144 || JSON.stringify(o.cells) !== JSON.stringify(e.cells)) mismatches++;
    }

    /** `USERS` concurrent users, each doing `step` in turn until the time is up. */
    const load = async (step: (i: number) => Promise<number[]>) => {
      const samples: number[][] = [];
      const until = performance.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: USERS }, async (_, u) => {
          for (let i = u; performance.now() < until; i += USERS) samples.push(await step(i));
        }),
      );
      return samples;
    };
    const base = await load(async (i) => [(await engine(bodies[i % bodies.length])).trip]);
    const opened = await load(async (i) => {
      const o = await open(ids[i % ids.length]);
      return [o.fetch + o.counts, o.trip, o.fetch, o.counts];
    });

    const serverTimes = opened.map((s) => s[0]);
    const trips = opened.map((s) => s[1]);
    const baseTrips = base.map((s) => s[0]);
    const f = (n: number) => n.toFixed(1).padStart(9);
    console.log(
      `bench:overlap  ${PEOPLE.toLocaleString()} people, ${USERS} concurrent users, ${SECONDS} s each, ${CHARTS} saved 12x12 charts, context ${CONTEXT}`,
    );
    console.log('what                                           opens    p50 ms   p95 ms');
    console.log(
      `open a chart: server time (fetch + counts)  ${String(opened.length).padStart(8)}${f(quantile(serverTimes, 0.5))}${f(quantile(serverTimes, 0.95))}`,
    );
    console.log(
      `  of which the fetch (server time)           ${String(opened.length).padStart(8)}${f(
        quantile(
          opened.map((s) => s[2]),
          0.5,
        ),
      )}${f(
        quantile(
          opened.map((s) => s[2]),
          0.95,
        ),
      )}`,
    );
    console.log(
      `  of which the counts (server time)          ${String(opened.length).padStart(8)}${f(
        quantile(
          opened.map((s) => s[3]),
          0.5,
        ),
      )}${f(
        quantile(
          opened.map((s) => s[3]),
          0.95,
        ),
      )}`,
    );
    console.log(`open a chart: round trip (2 calls)          ${String(opened.length).padStart(8)}${f(quantile(trips, 0.5))}${f(quantile(trips, 0.95))}`);
    console.log(`baseline: engine overlap, round trip        ${String(base.length).padStart(8)}${f(quantile(baseTrips, 0.5))}${f(quantile(baseTrips, 0.95))}`);
    console.log(
      `open / baseline: p50 ${(quantile(trips, 0.5) / quantile(baseTrips, 0.5)).toFixed(2)}x, p95 ${(quantile(trips, 0.95) / quantile(baseTrips, 0.95)).toFixed(2)}x (round trips)`,
    );
    console.log(`cells equal to the engine's own overlap: ${CHARTS - mismatches} of ${CHARTS} charts`);
    const ok = quantile(serverTimes, 0.95) < GOAL_P95_MS && mismatches === 0;
    console.log(
      `goal p95 server time < ${GOAL_P95_MS} ms with ${USERS} users${PEOPLE >= 10_000_000 ? '' : ' (set at 10M people; this run is smaller)'}, answers equal: ${ok ? 'met' : 'MISSED'}`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
