/**
 * npm run bench:insights -- [--people 10000000] [--check-people 1000000] [--seed 42] [--runs 60]
 *
 * Person Level of the Insights panel: one audience profiled over every demographic category of the
 * taxonomy (POST /api/v1/insights/audiences/profile, the built server, X-Context
 * acme/us/fizz-cola/fizz-zero, so the region slice applies).
 *   1. Equality at --check-people (1M): every count of the answer (population, audience size, and
 *      per segment its members and the audience's) against a brute-force profile computed here
 *      person by person from the stored bitmaps; share and index from those counts.
 *   2. Time at --people (10M): warm, then --runs sequential calls; p50/p95 of the server's own time
 *      (its Server-Timing header) and of the round trip. Goal: p95 server time under 100 ms. For
 *      the worst case, the engine's profile over the whole population (no region slice) too.
 * Populations are generated when missing, in the folders bench:counts uses. Exits 1 on a
 * difference or a missed goal.
 */
import { CountsEngine, SegmentFileReader, SHARD_SIZE, type Manifest } from '@discovery/counts';
import { join } from 'node:path';
import type { ProfileDto } from '@discovery/plugin-insights/common';
import { build } from './build';
import { benchPopulation, countsReady, populationDir, quantile, serverMs, signIn, startBenchServer } from './lib/bench';
import type { StartedServer } from './lib/proc';
import { argValue, ROOT } from './lib/workspace';

const args = process.argv.slice(2);
const PEOPLE = Number(argValue(args, '--people') ?? 10_000_000);
const CHECK_PEOPLE = Number(argValue(args, '--check-people') ?? 1_000_000);
const SEED = Number(argValue(args, '--seed') ?? 42);
const RUNS = Number(argValue(args, '--runs') ?? 60);
const CONTEXT = 'acme/us/fizz-cola/fizz-zero';
const REGION = 'acme/us';
const GOAL_P95_MS = 100;
/** The demo audience 'Health-conscious young women': (25-34 or 35-44) and Female and Video streaming. */
const AUDIENCE = {
  name: 'Health-conscious young women',
  rules: { include: { and: [{ or: ['dmx-0002', 'dmx-0003'] }, { or: ['dmx-0007'] }, { or: ['mp-0005'] }] }, exclude: { and: [] as { or: string[] }[] } },
};

const dirOf = (people: number) => populationDir(people, SEED);
const pct = (xs: number[], p: number) => quantile(xs, p / 100);
const population = (people: number): Manifest => benchPopulation(people, SEED);

async function withServer<T>(
  serverFile: string,
  people: number,
  fn: (call: () => Promise<{ body: ProfileDto; serverMs: number; roundTripMs: number }>) => Promise<T>,
): Promise<T> {
  let server: StartedServer | null = null;
  try {
    server = await startBenchServer(serverFile, { population: { dir: dirOf(people), people, seed: SEED } });
    const url = server.url;
    const session = await signIn(url, 'admin@example.com', CONTEXT);
    const headers = session.headers({ json: true });
    const body = JSON.stringify({ audiences: [AUDIENCE] });
    const call = async () => {
      const t0 = process.hrtime.bigint();
      const res = await fetch(`${url}/api/v1/insights/audiences/profile`, { method: 'POST', headers, body });
      const json = (await res.json()) as { data: ProfileDto };
      const roundTripMs = Number(process.hrtime.bigint() - t0) / 1e6;
      if (res.status !== 200) throw new Error(`profile answered ${res.status}: ${JSON.stringify(json)}`);
      return { body: json.data, serverMs: serverMs(res), roundTripMs };
    };
    // The population opens (or is read) when the server starts; wait until counts answer.
    await countsReady(session);
    return await fn(call);
  } finally {
    await server?.stop();
  }
}

/** The profile computed person by person over the region's slice from the stored (matched) bitmaps. */
function bruteForce(m: Manifest, ids: string[]): { population: number; audience: number; segment: Map<string, number>; both: Map<string, number> } {
  const dir = dirOf(m.people);
  const slice = m.regions.find((r) => r.key === REGION)!;
  const ruleIds = [...new Set(AUDIENCE.rules.include.and.flatMap((g) => g.or))];
  const all = [...new Set([...ruleIds, ...ids])];
  const readers = new Map(all.map((id) => [id, new SegmentFileReader(join(dir, 'matched', `${id}.bin`))]));
  const segment = new Map(ids.map((id) => [id, 0]));
  const both = new Map(ids.map((id) => [id, 0]));
  let audience = 0;
  for (let shard = Math.floor(slice.start / SHARD_SIZE); shard * SHARD_SIZE < slice.end; shard++) {
    const bits = new Map(all.map((id) => [id, readers.get(id)!.read(shard)]));
    const from = Math.max(slice.start, shard * SHARD_SIZE);
    const to = Math.min(slice.end, (shard + 1) * SHARD_SIZE);
    for (let p = from; p < to; p++) {
      const local = p - shard * SHARD_SIZE;
      const inA = AUDIENCE.rules.include.and.every((g) => g.or.some((id) => bits.get(id)!.has(local)));
      if (inA) audience++;
      for (const id of ids) {
        if (!bits.get(id)!.has(local)) continue;
        segment.set(id, segment.get(id)! + 1);
        if (inA) both.set(id, both.get(id)! + 1);
      }
    }
  }
  for (const r of readers.values()) r.close();
  return { population: slice.end - slice.start, audience, segment, both };
}

async function main() {
  const built = await build('full');
  const failures: string[] = [];

  // 1. Equality at 1M.
  const small = population(CHECK_PEOPLE);
  const demographic = small.segments.filter((s) => s.demographic && !s.deleted && !s.expired).map((s) => s.short_id);
  await withServer(built.serverFile, CHECK_PEOPLE, async (call) => {
    const { body } = await call();
    const t0 = Date.now();
    const bf = bruteForce(small, demographic);
    const rows = body.tabs[0].widgets.flatMap((w) => w.rows);
    const categories = body.tabs[0].widgets.map((w) => w.name);
    let compared = 0;
    const diff = (what: string, got: number, want: number) => {
      compared++;
      if (got !== want) failures.push(`${what}: answered ${got}, brute force ${want}`);
    };
    diff('population', body.population, bf.population);
    diff('audience', body.audiences[0].size, bf.audience);
    diff('segments', rows.length, demographic.length);
    for (const r of rows) {
      const seg = bf.segment.get(r.identifier)!;
      const both = bf.both.get(r.identifier)!;
      diff(`${r.identifier} count`, r.values[0].count, both);
      diff(`${r.identifier} population members`, Math.round((r.population_share ?? NaN) * bf.population), seg);
      const share = bf.audience ? both / bf.audience : 0;
      const index = seg ? (share / (seg / bf.population)) * 100 : 0;
      if (Math.abs(r.values[0].share - share) > 1e-12 || Math.abs(r.values[0].index - index) > 1e-9)
        failures.push(`${r.identifier} share/index: answered ${r.values[0].share}/${r.values[0].index}, brute force ${share}/${index}`);
      compared += 2;
    }
    console.log(
      `equality at ${CHECK_PEOPLE.toLocaleString()} people (region ${REGION}, ${bf.population.toLocaleString()} people; audience ${bf.audience.toLocaleString()}): ${compared} figures over ${rows.length} segments in ${categories.length} categories (${categories.join(', ')}) compared with a person-by-person profile (${((Date.now() - t0) / 1000).toFixed(1)} s): ${failures.length ? `${failures.length} DIFFERENT` : 'all equal'}`,
    );
  });

  // 2. Time at 10M.
  const big = population(PEOPLE);
  {
    // The worst case: a context whose region the population does not slice (every person counts).
    const engine = await CountsEngine.open({ dir: dirOf(PEOPLE), workerScript: join(ROOT, 'core', 'counts', 'src', 'worker-dev.cjs') });
    const ids = big.segments.filter((x) => x.demographic && !x.deleted && !x.expired).map((x) => x.short_id);
    for (let i = 0; i < 3; i++) await engine.profile(AUDIENCE.rules, ids);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = process.hrtime.bigint();
      await engine.profile(AUDIENCE.rules, ids);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    await engine.close();
    console.log(
      `engine profile over all ${PEOPLE.toLocaleString()} people (no region), ${ids.length} segments, ${RUNS} runs: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms`,
    );
  }
  await withServer(built.serverFile, PEOPLE, async (call) => {
    for (let i = 0; i < 5; i++) await call(); // warm: shards read on first use
    const server: number[] = [];
    const trip: number[] = [];
    let segments = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await call();
      server.push(r.serverMs);
      trip.push(r.roundTripMs);
      segments = r.body.tabs[0].widgets.flatMap((w) => w.rows).length;
    }
    const p95 = pct(server, 95);
    console.log(
      `profile at ${PEOPLE.toLocaleString()} people, ${segments} demographic segments, ${RUNS} calls: server time p50 ${pct(server, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; round trip p50 ${pct(trip, 50).toFixed(1)} ms, p95 ${pct(trip, 95).toFixed(1)} ms (goal: p95 server time < ${GOAL_P95_MS} ms)`,
    );
    if (!(p95 < GOAL_P95_MS)) failures.push(`p95 server time ${p95.toFixed(1)} ms is not under ${GOAL_P95_MS} ms`);
  });

  if (failures.length) {
    console.error(failures.slice(0, 20).join('\n'));
    process.exit(1);
  }
  console.log('bench:insights: ok');
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
