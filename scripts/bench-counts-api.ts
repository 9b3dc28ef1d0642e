/**
 * npm run bench:counts-api -- [--people 10000000] [--seed 42] [--dir /tmp/x] [--connections 8] [--seconds 15]
 *
 * The overlap endpoint under load: the built server on a generated population (the same folder
 * bench:counts uses, generated when missing), signed in as the demo admin, 8 concurrent clients
 * sending POST /api/v1/counts/overlap with 20 seeded 12x12 selections in turn (percent and index,
 * region of X-Context applied). Baseline in the same run, same server and clients: GET /api/v1/me
 * (authentication, context and JSON, no counting). Goal: overlap p99 under 300 ms at 10M people
 * with no errors; exits 1 when it is missed.
 */
import autocannon from 'autocannon';
import { build } from './build';
import { benchPopulation, populationDir, rng, signIn, startBenchServer } from './lib/bench';
import { argValue } from './lib/workspace';

const args = process.argv.slice(2);
const PEOPLE = Number(argValue(args, '--people') ?? 10_000_000);
const SEED = Number(argValue(args, '--seed') ?? 42);
const DIR = argValue(args, '--dir') ?? populationDir(PEOPLE, SEED);
const CONNECTIONS = Number(argValue(args, '--connections') ?? 8);
const SECONDS = Number(argValue(args, '--seconds') ?? 15);
const CONTEXT = 'acme/us/fizz-cola/fizz-zero';
const GOAL_P99_MS = 300;

async function main() {
  const manifest = benchPopulation(PEOPLE, SEED, DIR);
  const ids = manifest.segments.filter((s) => !s.deleted && !s.expired).map((s) => s.short_id);
  const r = rng(SEED * 104729);
  const pick = (n: number) => {
    const out = new Set<string>();
    while (out.size < n) out.add(ids[Math.floor(r() * ids.length)]);
    return [...out];
  };
  const bodies = Array.from({ length: 20 }, () => JSON.stringify({ x_axis_ids: pick(12), y_axis_ids: pick(12), is_index: true, is_modeled: false }));

  const built = await build('full');
  const server = await startBenchServer(built.serverFile, { population: { dir: DIR, people: PEOPLE, seed: SEED } });
  try {
    const headers = (await signIn(server.url, 'admin@example.com', CONTEXT)).headers({ json: true });

    // Warm: every selection once, in turn (segment files are read on first use), and check answers.
    for (const body of bodies) {
      const res = await fetch(`${server.url}/api/v1/counts/overlap`, { method: 'POST', headers, body });
      if (res.status !== 200) throw new Error(`overlap answered ${res.status}: ${await res.text()}`);
      const json = (await res.json()) as { cells: unknown[] };
      if (json.cells.length !== 144) throw new Error(`overlap answered ${json.cells.length} cells, not 144`);
    }

    const me = await autocannon({ url: `${server.url}/api/v1/me`, connections: CONNECTIONS, duration: SECONDS, headers });
    const overlap = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers,
      requests: bodies.map((body) => ({ method: 'POST' as const, path: '/api/v1/counts/overlap', body })),
    });
    const line = (name: string, x: autocannon.Result) =>
      console.log(
        `${name.padEnd(34)}${x.requests.average.toFixed(0).padStart(8)}${String(x.latency.p50).padStart(9)}${String(x.latency.p97_5).padStart(9)}${String(x.latency.p99).padStart(9)}${String(x.errors + x.non2xx).padStart(9)}`,
      );
    console.log(
      `bench:counts-api  ${PEOPLE.toLocaleString()} people, ${CONNECTIONS} connections, ${SECONDS} s per route, context ${CONTEXT}, 20 selections of 12x12`,
    );
    console.log('route                                req/s   p50 ms  p97.5 ms  p99 ms   errors');
    line('GET /api/v1/me (baseline)', me);
    line('POST /api/v1/counts/overlap 12x12', overlap);
    console.log(
      `overlap p99 / baseline p99: ${(overlap.latency.p99 / Math.max(1, me.latency.p99)).toFixed(1)}x; req/s ratio ${(overlap.requests.average / me.requests.average).toFixed(3)}`,
    );
    const ok = overlap.latency.p99 < GOAL_P99_MS && overlap.errors + overlap.non2xx === 0;
    console.log(
      `goal overlap p99 < ${GOAL_P99_MS} ms with ${CONNECTIONS} concurrent clients${PEOPLE >= 10_000_000 ? '' : ' (set at 10M people; this run is smaller)'}: ${ok ? 'met' : 'MISSED'}`,
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
