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
import type { Manifest } from '@discovery/counts';
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from './build';
import { startBuiltServer } from './lib/proc';
import { argValue, ROOT } from './lib/workspace';

const args = process.argv.slice(2);
const PEOPLE = Number(argValue(args, '--people') ?? 10_000_000);
const SEED = Number(argValue(args, '--seed') ?? 42);
const DIR = argValue(args, '--dir') ?? join(tmpdir(), `discovery-bench-${PEOPLE}-${SEED}`);
const CONNECTIONS = Number(argValue(args, '--connections') ?? 8);
const SECONDS = Number(argValue(args, '--seconds') ?? 15);
const CONTEXT = 'acme/us/fizz-cola/fizz-zero';
const GOAL_P99_MS = 300;

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

function manifestOf(dir: string): Manifest | null {
  const file = join(dir, 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
}

async function main() {
  let manifest = manifestOf(DIR);
  if (manifest?.people !== PEOPLE || manifest.seed !== SEED) {
    execFileSync('npx', ['tsx', 'scripts/data-generate.ts', '--people', String(PEOPLE), '--seed', String(SEED), '--out', DIR], { cwd: ROOT, stdio: 'inherit' });
    manifest = manifestOf(DIR)!;
  }
  const ids = manifest.segments.filter((s) => !s.deleted && !s.expired).map((s) => s.short_id);
  const r = rng(SEED * 104729);
  const pick = (n: number) => {
    const out = new Set<string>();
    while (out.size < n) out.add(ids[Math.floor(r() * ids.length)]);
    return [...out];
  };
  const bodies = Array.from({ length: 20 }, () => JSON.stringify({ x_axis_ids: pick(12), y_axis_ids: pick(12), is_index: true, is_modeled: false }));

  const built = await build('full');
  const dataDir = mkdtempSync(join(tmpdir(), 'discovery-bench-db-'));
  const server = await startBuiltServer(built.serverFile, {
    DISCOVERY_DATA_DIR: dataDir,
    DATABASE_URL: '',
    DISCOVERY_POPULATION_DIR: DIR,
    DISCOVERY_POPULATION_PEOPLE: String(PEOPLE),
    DISCOVERY_POPULATION_SEED: String(SEED),
  });
  try {
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: process.env.DISCOVERY_DEMO_PASSWORD ?? 'discovery-demo' }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const csrf = cookies.find((c) => c.startsWith('csrf-token='))?.split('=')[1] ?? login.headers.get('x-csrf-token') ?? '';
    const headers = { cookie: cookies.join('; '), 'x-csrf-token': csrf, 'x-context': CONTEXT, 'content-type': 'application/json' };

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
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
