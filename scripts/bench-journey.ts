/**
 * npm run bench:journey -- [--people 10000000] [--seed 42] [--users 8] [--opens 25] [--journeys 10]
 *
 * Opening a Journey of 4 brands × 10 stages (40 cells, each with a matched and a modeled segment)
 * as the viewer does: GET /api/v1/insights-journey/journeys/:id, then POST …/journeys/:id/counts
 * (every cell raw and deduplicated right to left, JRN-017, in one call), X-Context
 * acme/us/fizz-cola/fizz-zero so the region slice applies. The built server on the generated
 * population (the folder bench:counts uses, generated when missing); `--users` concurrent users
 * open the saved journeys in turn. Server time is the sum of both answers' Server-Timing.
 * Baselines in the same run, the server stopped first so both have the machine: the engine's own
 * call the counts endpoint makes (one `funnels` call over the journey's brands) called directly,
 * at the same concurrency; and, for scale, the naive way (two rule counts per cell and kind).
 * Equality: every cell of `--check` journeys equals brute-force set arithmetic from the engine
 * (rule counts: the stage minus the union of the later stages). Goal: p95 server time of an open
 * under 150 ms at 10M people with 8 users; exits 1 when missed or when an answer differs.
 */
import { CountsEngine, type Rule } from '@discovery/counts';
import type { JourneyCountsDto, JourneyDto, JourneyInput } from '@discovery/plugin-insights-journey/common';
import { join } from 'node:path';
import { journeyRows } from '../plugins/insights-journey/src/server/counting';
import { build } from './build';
import { benchPopulation, populationDir, quantile, rng, serverMs, signIn, startBenchServer } from './lib/bench';
import { argValue, ROOT } from './lib/workspace';

const args = process.argv.slice(2);
const PEOPLE = Number(argValue(args, '--people') ?? 10_000_000);
const SEED = Number(argValue(args, '--seed') ?? 42);
const DIR = argValue(args, '--dir') ?? populationDir(PEOPLE, SEED);
const USERS = Number(argValue(args, '--users') ?? 8);
const OPENS = Number(argValue(args, '--opens') ?? 25);
const JOURNEYS = Number(argValue(args, '--journeys') ?? 10);
const CHECK = Number(argValue(args, '--check') ?? 2);
const CONTEXT = 'acme/us/fizz-cola/fizz-zero';
const REGION = ['acme', 'us'] as const;
const GOAL_P95_MS = 150;
const API = '/api/v1/insights-journey';
const BRANDS = 4;
const STAGES = 10;

const pct = (xs: number[], p: number) => quantile(xs, p / 100);
const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

/** Runs `n` jobs with `width` at a time. */
async function concurrently(width: number, n: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let i = next++; i < n; i = next++) await job(i);
    }),
  );
}

async function main() {
  const manifest = benchPopulation(PEOPLE, SEED, DIR);
  const usable = manifest.segments.filter((s) => !s.deleted && !s.expired).map((s) => s.short_id);
  const r = rng(SEED * 104_729);
  const pick = () => usable[Math.floor(r() * usable.length)];
  const draft = (n: number): JourneyInput => ({
    name: `Bench journey ${n}`,
    has_transition_data: true,
    brands: Array.from({ length: BRANDS }, (_, b) => ({ new_id: -b - 1, name: `Brand ${b + 1}`, order: b })),
    stages: Array.from({ length: STAGES }, (_, s) => ({ new_id: -s - 1, name: `Stage ${s + 1}`, priority: s, icon: 'blank' as const })),
    sub_markets: Array.from({ length: BRANDS * STAGES }, (_, k) => ({
      new_journey_brand_id: -Math.floor(k / STAGES) - 1,
      new_journey_stage_id: -(k % STAGES) - 1,
      matched_id: pick(),
      modeled_id: pick(),
    })),
  });

  const built = await build('full');
  const server = await startBenchServer(built.serverFile, { population: { dir: DIR, people: PEOPLE, seed: SEED } });
  const journeys: JourneyDto[] = [];
  const answers = new Map<number, JourneyCountsDto>();
  const opens: number[][] = [];
  const alone: number[] = [];
  let errors = 0;
  try {
    const { api } = await signIn(server.url, 'admin@example.com', CONTEXT);
    const call = async <T>(method: string, path: string, body?: unknown): Promise<{ body: T; res: Response }> => {
      const res = await api(method, path, body);
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
      return { body: (await res.json()) as T, res };
    };
    // Saved through the API as the builder does (the save checks the segments: the population must be ready).
    for (let n = 0; n < JOURNEYS; n++) {
      let res = await api('POST', `${API}/journeys`, { journey: draft(n) });
      for (let wait = 0; res.status === 503 && wait < 600; wait++) {
        await new Promise((ok) => setTimeout(ok, 1000));
        res = await api('POST', `${API}/journeys`, { journey: draft(n) });
      }
      if (res.status !== 201) throw new Error(`saving a journey answered ${res.status}: ${await res.text()}`);
      const id = ((await res.json()) as { journey: { id: number } }).journey.id;
      journeys.push((await call<{ data: JourneyDto }>('GET', `${API}/journeys/${id}`)).body.data);
    }

    const open = async (i: number) => {
      const id = journeys[i % journeys.length].id;
      const t0 = performance.now();
      try {
        const got = await call<{ data: JourneyDto }>('GET', `${API}/journeys/${id}`);
        const counts = await call<{ data: JourneyCountsDto }>('POST', `${API}/journeys/${id}/counts`, {});
        if (counts.body.data.cells.length !== BRANDS * STAGES) throw new Error(`counts have ${counts.body.data.cells.length} cells`);
        answers.set(id, counts.body.data);
        opens.push([serverMs(got.res) + serverMs(counts.res), performance.now() - t0, serverMs(got.res), serverMs(counts.res)]);
      } catch (e) {
        errors++;
        if (errors === 1) console.error(e);
      }
    };
    for (let i = 0; i < journeys.length; i++) await open(i); // warm: segment files are read on first use
    // One user alone first (what an open costs without queueing), then `USERS` at once.
    opens.length = 0;
    for (let i = 0; i < 2 * journeys.length; i++) await open(i);
    alone.push(...opens.map((o) => o[0]));
    opens.length = 0;
    await concurrently(USERS, USERS * OPENS, open);
  } finally {
    await server.stop();
  }

  // Baselines and the equality check: the engine in this process, same population, markets and region.
  const engine = await CountsEngine.open({ dir: DIR, workerScript: join(ROOT, 'core', 'counts', 'src', 'worker-dev.cjs') });
  const direct: number[] = [];
  const naive: number[] = [];
  let checked = 0;
  let mismatches = 0;
  try {
    const region = engine.regionKey(...REGION);
    const rows = journeys.map((j) => journeyRows(j));
    for (const m of rows) await engine.funnels(m, { region });
    await concurrently(USERS, USERS * OPENS, async (i) => {
      const t0 = performance.now();
      await engine.funnels(rows[i % rows.length], { region });
      direct.push(performance.now() - t0);
    });

    /** The brute-force figures of one cell: |S| and |S \ later stages| by rule counts. */
    const cellsOf = (j: JourneyDto) =>
      j.brands.flatMap((b) => {
        const row = j.stages.map((s) => j.sub_markets.find((c) => c.journey_brand_id === b.id && c.journey_stage_id === s.id)!);
        return row.map((c, i) => ({ c, later: row.slice(i + 1) }));
      });
    const brute = async (j: JourneyDto) =>
      Promise.all(
        cellsOf(j).flatMap(({ c, later }) =>
          (['matched', 'modeled'] as const).map(async (kind) => {
            const seg = kind === 'matched' ? c.matched_id : c.modeled_id;
            const rest = later.map((x) => (kind === 'matched' ? x.matched_id : x.modeled_id)).filter((x): x is string => !!x);
            const rule: Rule = { include: { and: [{ or: [seg!] }] }, ...(rest.length ? { exclude: { and: [{ or: rest }] } } : {}) };
            const [raw, deduped] = await Promise.all([engine.ruleCount({ include: rule.include }, { kind, region }), engine.ruleCount(rule, { kind, region })]);
            return { brand: c.journey_brand_id, stage: c.journey_stage_id, kind, raw, deduped };
          }),
        ),
      );
    for (const j of journeys.slice(0, CHECK)) {
      const got = answers.get(j.id)!;
      const t0 = performance.now();
      const want = await brute(j);
      naive.push(performance.now() - t0);
      for (const w of want) {
        const cell = got.cells.find((x) => x.journey_brand_id === w.brand && x.journey_stage_id === w.stage)!;
        if (cell[w.kind] !== w.raw || cell[`${w.kind}_deduped`] !== w.deduped) mismatches++;
      }
      checked++;
    }
  } finally {
    await engine.close();
  }

  const server95 = pct(
    opens.map((o) => o[0]),
    95,
  );
  const col = (k: number, p: number) =>
    pct(
      opens.map((o) => o[k]),
      p,
    );
  console.log(
    `bench:journey  ${PEOPLE.toLocaleString('en-US')} people, ${JOURNEYS} journeys of ${BRANDS} brands x ${STAGES} stages (matched + modeled per cell), ${USERS} concurrent users x ${OPENS} opens, context ${CONTEXT}`,
  );
  console.log(`open (fetch + counts), server time:        p50 ${ms(col(0, 50))}  p95 ${ms(server95)}  (${opens.length} opens, ${errors} errors)`);
  console.log(`  of which the fetch:                      p50 ${ms(col(2, 50))}  p95 ${ms(col(2, 95))}`);
  console.log(`  of which the counts:                     p50 ${ms(col(3, 50))}  p95 ${ms(col(3, 95))}`);
  console.log(`one user alone, server time:               p50 ${ms(pct(alone, 50))}  p95 ${ms(pct(alone, 95))}  (${alone.length} opens)`);
  console.log(`open, round trip (2 calls):                p50 ${ms(col(1, 50))}  p95 ${ms(col(1, 95))}`);
  console.log(`baseline: the engine's funnels, directly:  p50 ${ms(pct(direct, 50))}  p95 ${ms(pct(direct, 95))}`);
  console.log(`ratio open server p95 / engine p95:        ${(server95 / Math.max(0.001, pct(direct, 95))).toFixed(2)}x`);
  console.log(`naive (320 rule counts per journey, alone): ${naive.map((n) => `${n.toFixed(0)} ms`).join(', ')}`);
  console.log(`cells equal to brute-force rule counts: ${checked - (mismatches ? 1 : 0)} of ${checked} journeys (${mismatches} figures differ)`);
  const ok = server95 < GOAL_P95_MS && errors === 0 && mismatches === 0;
  console.log(
    `goal p95 server time < ${GOAL_P95_MS} ms with ${USERS} users${PEOPLE >= 10_000_000 ? '' : ' (set at 10M people; this run is smaller)'}, answers equal: ${ok ? 'met' : 'MISSED'}`,
  );
  process.exitCode = ok ? 0 : 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
