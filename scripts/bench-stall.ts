/**
 * npm run bench:stall -- [--people 1000000] [--seed 42] [--users 8] [--seconds 20]
 *
 * Issue 25 §2: nothing a user sends stalls the server. The built server on the demo's population
 * (1M people: one shard, the case that used to count on the event loop), 8 signed-in users each
 * keeping as many count requests running as the server allows one user (DISCOVERY_COUNT_CONCURRENCY,
 * default 4), each request the heaviest the per-request budget allows (20,000 references on one
 * shard: a 20,000-entry rule, 100 markets of 200 segments, a filtered 12x12 overlap). Meanwhile
 * GET /api/v1/ping is timed one call after another. Baseline in the same run: the same pings on the
 * idle server first. Prints p50/p95/p99 of both and the ratio; goal ping p99 < 50 ms under load.
 * Exits 1 when the goal is missed or a count answers anything but 200.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from './build';
import { benchPopulation, countsReady, populationDir, quantile, rng, signIn, type BenchSession } from './lib/bench';
import { startBuiltServer } from './lib/proc';
import { argValue } from './lib/workspace';

const args = process.argv.slice(2);
const PEOPLE = Number(argValue(args, '--people') ?? 1_000_000);
const SEED = Number(argValue(args, '--seed') ?? 42);
const USERS = Number(argValue(args, '--users') ?? 8);
const SECONDS = Number(argValue(args, '--seconds') ?? 20);
const PER_USER = 4;
const BUDGET = 20_000;
const GOAL_P99_MS = 50;
const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

async function pings(url: string, ms: number): Promise<number[]> {
  const out: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/v1/ping`);
    await res.arrayBuffer();
    out.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
  }
  return out;
}

const fmt = (xs: number[]) => [0.5, 0.95, 0.99].map((q) => quantile(xs, q).toFixed(1).padStart(8)).join('');

async function main() {
  const dir = populationDir(PEOPLE, SEED);
  const manifest = benchPopulation(PEOPLE, SEED, dir);
  const shards = manifest.shards;
  // The heaviest the budget allows: references × shards = 20,000.
  const refs = Math.floor(BUDGET / shards);
  const ids = manifest.segments.filter((s) => !s.deleted && !s.expired).map((s) => s.short_id);
  const r = rng(SEED * 7919);
  const pick = (n: number) => Array.from({ length: n }, () => ids[Math.floor(r() * ids.length)]);
  const groups = (total: number) => Array.from({ length: Math.ceil(total / 200) }, (_, g) => ({ or: pick(Math.min(200, total - g * 200)) }));
  const heavy: { path: string; body: string }[] = [
    { path: '/api/v1/counts/rule', body: JSON.stringify({ rules: { include: { and: groups(refs / 2) }, exclude: { and: groups(refs / 2) } } }) },
    {
      path: '/api/v1/segments/counts',
      body: JSON.stringify({
        matched_short_ids: Object.fromEntries(Array.from({ length: Math.ceil(refs / 200) }, (_, m) => [`m${m}`, pick(Math.min(200, refs - m * 200))])),
      }),
    },
    {
      // 24 axis segments and 144 cells, the rest in the filter (a rule holds at most 50 groups of 200 in each part).
      path: '/api/v1/counts/overlap',
      body: JSON.stringify({
        x_axis_ids: pick(12),
        y_axis_ids: pick(12),
        filter: { include: { and: groups(Math.min(10_000, refs - 168)) }, exclude: { and: groups(Math.max(0, refs - 168 - 10_000)) } },
      }),
    },
  ];

  const built = await build('full');
  const dataDir = mkdtempSync(join(tmpdir(), 'discovery-bench-stall-'));
  const env = {
    DISCOVERY_DATA_DIR: dataDir,
    DATABASE_URL: '',
    DISCOVERY_POPULATION_DIR: dir,
    DISCOVERY_POPULATION_PEOPLE: String(PEOPLE),
    DISCOVERY_POPULATION_SEED: String(SEED),
    DISCOVERY_COUNT_CONCURRENCY: String(PER_USER),
    DISCOVERY_COUNT_BUDGET: String(BUDGET),
  };
  try {
    // First start: migrations and demo data; then 8 planners of Acme (the demo password) straight into the stopped server's database.
    await (await startBuiltServer(built.serverFile, env)).stop();
    const db = new PGlite(dataDir);
    await db.query(
      `with u as (insert into users (email, password_hash, first_name, last_name, login_user_id)
                  select 'stall-' || n || '@example.com', p.password_hash, 'Stall', 'User ' || n, 'stall-' || n
                    from generate_series(1, $1::int) n, (select password_hash from users where email = 'planner@example.com') p returning id)
       , r as (insert into user_roles (user_id, role_id) select u.id, (select id from roles where name = 'Planner') from u returning user_id)
       insert into user_hierarchy_slugs (user_id, slug) select user_id, 'acme' from r`,
      [USERS],
    );
    await db.close();

    const server = await startBuiltServer(built.serverFile, env);
    try {
      const sessions: BenchSession[] = [];
      for (let n = 1; n <= USERS; n++) sessions.push(await signIn(server.url, `stall-${n}@example.com`, CONTEXT));
      await countsReady(sessions[0]);
      // Warm: each heavy request once (segment files are read on first use); each must be allowed.
      for (const h of heavy) {
        const res = await sessions[0].api('POST', h.path, JSON.parse(h.body));
        if (res.status !== 200) throw new Error(`${h.path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      }
      const idle = await pings(server.url, 5000);

      let stop = false;
      const statuses = new Map<number, number>();
      const countMs: number[] = [];
      const loop = async (s: BenchSession, k: number) => {
        for (let i = k; !stop; i++) {
          const h = heavy[i % heavy.length];
          const t0 = performance.now();
          const res = await fetch(`${server.url}${h.path}`, { method: 'POST', headers: s.headers({ json: true }), body: h.body });
          await res.arrayBuffer();
          countMs.push(performance.now() - t0);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      };
      const loops = sessions.flatMap((s, u) => Array.from({ length: PER_USER }, (_, k) => loop(s, u + k)));
      // Let the queue fill before timing.
      await new Promise((r) => setTimeout(r, 1000));
      const busy = await pings(server.url, SECONDS * 1000);
      stop = true;
      await Promise.all(loops);

      const p99 = quantile(busy, 0.99);
      console.log(
        `bench:stall  ${PEOPLE.toLocaleString('en-US')} people (${shards} shard${shards === 1 ? '' : 's'}), ${USERS} users × ${PER_USER} count requests at once, each ${(refs * shards).toLocaleString('en-US')} units (budget ${BUDGET.toLocaleString('en-US')}), ${SECONDS} s`,
      );
      console.log('GET /api/v1/ping                        n      p50 ms  p95 ms  p99 ms');
      console.log(`idle server (baseline)           ${String(idle.length).padStart(8)}${fmt(idle)}`);
      console.log(`while ${USERS} users count           ${String(busy.length).padStart(8)}${fmt(busy)}`);
      console.log(`ratio busy/idle: p50 ${(quantile(busy, 0.5) / quantile(idle, 0.5)).toFixed(1)}x, p99 ${(p99 / quantile(idle, 0.99)).toFixed(1)}x`);
      console.log(
        `heavy counts: ${countMs.length} answered, p50 ${quantile(countMs, 0.5).toFixed(0)} ms, p95 ${quantile(countMs, 0.95).toFixed(0)} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      const allOk = [...statuses.keys()].every((s) => s === 200);
      const ok = p99 < GOAL_P99_MS && allOk;
      console.log(
        `goal ping p99 < ${GOAL_P99_MS} ms while ${USERS} users send the heaviest counts allowed, every count answered 200: ${ok ? 'met' : 'MISSED'}`,
      );
      process.exitCode = ok ? 0 : 1;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
