/**
 * npm run bench:counts -- --people 10000000 [--seed 42] [--dir /tmp/x] [--selections 20] [--repeat 1] [--no-pg] [--no-baselines] [--backend clickhouse]
 *
 * --repeat N times each engine operation N times per selection, so its p50 / p95 are over
 * selections × N calls: with N = 1 a p95 of 20 selections is one or two calls, and cannot tell
 * a heavy selection from a slow call (a tail). The ratios against baselines use the first call.
 *
 * --backend clickhouse adds the ClickHouse counts backend (issue 33) as a column: the population
 * loaded into embedded ClickHouse (chdb; CLICKHOUSE_URL for a server) and the same selections,
 * plus 24 counts, a 12x12 overlap and a 10x10 mekko within a filter, answered by one SQL statement
 * each, every answer equal to the engine's, with the ratio ClickHouse / engine per operation.
 * Counts, overlap and mekko within a filter are also timed (always) on the engine with its native
 * kernel switched off (roaring), the same run's baseline for the kernel's filtered paths.
 *
 * Times the count engine (sharded roaring bitmaps on a worker pool) on 20 seeded selections,
 * warm, and the same work done by baselines measured in the same run:
 *   - roaring pair-at-a-time on whole-population bitmaps (no shards, no workers), every size;
 *   - a JS Set of person ids (up to 10M people: a Set holds at most 2^24 entries);
 *   - a PostgreSQL membership table (segment_id, person_id) of every segment, JOIN / GROUP BY (1M and 10M;
 *     BENCH_DATABASE_URL, or a private cluster started here when PostgreSQL 15 is installed).
 * Every engine answer must equal the baselines' (the script fails otherwise).
 * Goals (at 100M people on 2 cores): 12x12 overlap p50 <= 150 ms and >= 2.5x faster than roaring
 * pair-at-a-time; 24 counts <= 1 ms; rule (AND of 3 OR groups of 3, minus 2) <= 50 ms; mekko
 * 10x10 matched+modeled <= 200 ms; >= 1000x faster than the PostgreSQL table (from 10M).
 */
import { CountsEngine, loadPopulation, openRunner, SegmentFileReader, SHARD_SIZE, type Manifest, type MekkoResult, type Rule } from '@discovery/counts';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import roaring from 'roaring';
import { freePort } from './lib/proc';
import { argValue, ROOT } from './lib/workspace';

const { RoaringBitmap32 } = roaring;
type Bitmap = InstanceType<typeof RoaringBitmap32>;

const args = process.argv.slice(2);
const PEOPLE = Number(argValue(args, '--people') ?? 10_000_000);
const SEED = Number(argValue(args, '--seed') ?? 42);
const SELECTIONS = Number(argValue(args, '--selections') ?? 20);
const REPEAT = Math.max(1, Number(argValue(args, '--repeat') ?? 1));
const DIR = argValue(args, '--dir') ?? join(tmpdir(), `discovery-bench-${PEOPLE}-${SEED}`);
/** --no-baselines: the engine (and --backend) only, without the whole-population, JS Set and PostgreSQL baselines (short runs). */
const BASELINES = !args.includes('--no-baselines');
const USE_PG = BASELINES && !args.includes('--no-pg') && PEOPLE <= 10_000_000;
const BACKEND = argValue(args, '--backend') ?? 'engine';
if (BACKEND !== 'engine' && BACKEND !== 'clickhouse') throw new Error(`--backend must be engine or clickhouse (got ${BACKEND})`);
/** A run's PostgreSQL figure, kept per size; the 100M run extrapolates the 10M one. */
const pgFigure = (people: number) => join(tmpdir(), `discovery-bench-pg-${SEED}-${people}.json`);
const PG_FIGURE = pgFigure(PEOPLE);
const PG_FROM = pgFigure(10_000_000);

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

interface Selection {
  x: string[];
  y: string[];
  counts: string[];
  rule: Rule;
  markets: { id: string; matched: string[]; modeled: string[] }[];
}

function selections(m: Manifest): Selection[] {
  const ids = m.segments.filter((s) => !s.deleted && !s.expired).map((s) => s.short_id);
  const r = rng(SEED * 7919);
  const pick = (n: number) => {
    const out = new Set<string>();
    while (out.size < n) out.add(ids[Math.floor(r() * ids.length)]);
    return [...out];
  };
  return Array.from({ length: SELECTIONS }, () => {
    const g = pick(11);
    return {
      x: pick(12),
      y: pick(12),
      counts: pick(24),
      rule: { include: { and: [{ or: g.slice(0, 3) }, { or: g.slice(3, 6) }, { or: g.slice(6, 9) }] }, exclude: { and: [{ or: g.slice(9, 11) }] } },
      markets: Array.from({ length: 10 }, (_, i) => {
        const sm = pick(10);
        return { id: `m${i}`, matched: sm, modeled: sm };
      }),
    };
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function time<T>(fn: () => Promise<T> | T): Promise<[number, T]> {
  const t0 = process.hrtime.bigint();
  const out = await fn();
  return [Number(process.hrtime.bigint() - t0) / 1e6, out];
}

function timeSync<T>(fn: () => T): [number, T] {
  const t0 = process.hrtime.bigint();
  const out = fn();
  return [Number(process.hrtime.bigint() - t0) / 1e6, out];
}

/** Whole-population bitmaps (global ids) from the shard files: the unsharded baseline's input. */
function globalBitmap(dir: string, kind: 'matched' | 'modeled', id: string, cache: Map<string, Bitmap>): Bitmap {
  const key = `${kind}/${id}`;
  let b = cache.get(key);
  if (!b) {
    const reader = new SegmentFileReader(join(dir, kind, `${id}.bin`));
    b = new RoaringBitmap32();
    for (let s = 0; s < reader.shardCount; s++) {
      const local = reader.read(s).toUint32Array();
      const off = s * SHARD_SIZE;
      for (let i = 0; i < local.length; i++) local[i] += off;
      b.addMany(local);
    }
    reader.close();
    cache.set(key, b);
  }
  return b;
}

async function startPg(): Promise<{ url: string; stop: () => void } | null> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => undefined };
  const bin = '/usr/lib/postgresql/15/bin';
  if (!existsSync(`${bin}/initdb`)) return null;
  const dir = join(tmpdir(), `discovery-bench-pg-${process.pid}`);
  const port = await freePort();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('chown', ['postgres', dir]);
  execFileSync('runuser', ['-u', 'postgres', '--', `${bin}/initdb`, '-A', 'trust', '-U', 'postgres', '-D', `${dir}/data`], { stdio: 'ignore' });
  execFileSync(
    'runuser',
    [
      '-u',
      'postgres',
      '--',
      `${bin}/pg_ctl`,
      '-D',
      `${dir}/data`,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=1GB -c work_mem=256MB`,
      '-l',
      `${dir}/log`,
      '-w',
      'start',
    ],
    { stdio: 'ignore' },
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      execFileSync('runuser', ['-u', 'postgres', '--', `${bin}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', 'stop'], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  console.log(`bench:counts  people ${PEOPLE.toLocaleString()}, seed ${SEED}, ${SELECTIONS} selections, population in ${DIR}`);
  let manifest: Manifest;
  if (CountsEngine.exists(DIR) && JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')).people === PEOPLE) {
    manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8'));
  } else {
    const [ms] = await time(() =>
      execFileSync('npx', ['tsx', 'scripts/data-generate.ts', '--people', String(PEOPLE), '--seed', String(SEED), '--out', DIR], {
        cwd: ROOT,
        stdio: 'inherit',
      }),
    );
    manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8'));
    console.log(`generated in ${(ms / 1000).toFixed(1)} s`);
  }
  const sel = selections(manifest);
  const engine = await CountsEngine.open({ dir: DIR, workerScript: join(ROOT, 'core', 'counts', 'src', 'worker-dev.cjs') });
  const rows: { op: string; impl: string; p50: number; p95: number }[] = [];
  const record = (op: string, impl: string, ms: number[]) => rows.push({ op, impl, p50: pct(ms, 50), p95: pct(ms, 95) });
  let mismatches = 0;
  const same = (what: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      mismatches++;
      console.error(`MISMATCH ${what}`);
    }
  };

  // Warm the engine: every bitmap a selection needs is read once.
  for (const s of sel) {
    await engine.overlap(s.x, s.y);
    await engine.counts(s.counts);
    await engine.ruleCount(s.rule);
    await engine.mekko(s.markets);
  }
  const eo: number[] = [],
    ec: number[] = [],
    er: number[] = [],
    em: number[] = [];
  const answers: { overlap: number[]; counts: Record<string, number>; rule: number; mekko: MekkoResult }[] = [];
  // Every call of --repeat, for the engine's own p50 / p95 (the first calls are eo, ec, er, em).
  const calls = { eo: [] as number[], ec: [] as number[], er: [] as number[], em: [] as number[] };
  for (const s of sel) {
    for (let k = 0; k < REPEAT; k++) {
      const [t1, o] = await time(() => engine.overlap(s.x, s.y));
      const [t2, c] = await time(() => engine.counts(s.counts));
      const [t3, r] = await time(() => engine.ruleCount(s.rule));
      const [t4, mk] = await time(() => engine.mekko(s.markets));
      calls.eo.push(t1);
      calls.ec.push(t2);
      calls.er.push(t3);
      calls.em.push(t4);
      if (k > 0) continue;
      eo.push(t1);
      ec.push(t2);
      er.push(t3);
      em.push(t4);
      answers.push({ overlap: o.cells.map((x) => x.count), counts: c, rule: r, mekko: mk });
    }
  }
  const engineImpl = REPEAT > 1 ? `engine (${sel.length} selections x ${REPEAT} calls)` : 'engine';
  record('overlap 12x12 (+% and index)', engineImpl, calls.eo);
  record('24 segment counts', engineImpl, calls.ec);
  record('rule: 3 OR groups of 3, minus 2', engineImpl, calls.er);
  record('mekko 10x10 matched+modeled', engineImpl, calls.em);
  const mem = await engine.memory();
  const floor = await mekkoFloor(sel, mem.threads);
  const ratios: string[] = [];
  const filtered = await withinFilter(engine, sel, record, same, ratios);
  if (BACKEND === 'clickhouse') await clickhouseColumn(engine, sel, { eo, er, em, ...filtered }, record, same, ratios);

  // Baseline: roaring, one pair at a time, whole-population bitmaps, one thread.
  const cache = new Map<string, Bitmap>();
  if (BASELINES) for (const s of sel) for (const id of [...s.x, ...s.y]) globalBitmap(DIR, 'matched', id, cache);
  const ro: number[] = [];
  (BASELINES ? sel : []).forEach((s, i) => {
    const t0 = process.hrtime.bigint();
    const xs = s.x.map((id) => globalBitmap(DIR, 'matched', id, cache));
    const ys = s.y.map((id) => globalBitmap(DIR, 'matched', id, cache));
    const cells: number[] = [];
    for (const a of xs) for (const b of ys) cells.push(a.andCardinality(b));
    ro.push(Number(process.hrtime.bigint() - t0) / 1e6);
    same(`selection ${i} overlap vs roaring pair-at-a-time`, answers[i].overlap, cells);
  });
  if (BASELINES) record('overlap 12x12 (+% and index)', 'roaring pair-at-a-time', ro);

  // Counts, rules and mekkos against whole-population bitmaps, one thread (up to 10M: the
  // whole-population copies of every segment a selection names must fit in memory).
  if (BASELINES && PEOPLE <= 10_000_000) {
    const g = (kind: 'matched' | 'modeled', id: string) => globalBitmap(DIR, kind, id, cache);
    const union = (bs: Bitmap[]) => (bs.length ? RoaringBitmap32.orMany(bs) : new RoaringBitmap32());
    const rc: number[] = [],
      rr: number[] = [],
      rm: number[] = [];
    sel.forEach((s, i) => {
      for (const id of [...s.counts, ...s.rule.include!.and.flatMap((x) => x.or), ...s.rule.exclude!.and.flatMap((x) => x.or)]) g('matched', id);
      for (const m of s.markets) {
        for (const id of m.matched) {
          g('matched', id);
          g('modeled', id);
        }
      }
      const [t1, counts] = timeSync(() => Object.fromEntries(s.counts.map((id) => [id, g('matched', id).size])));
      const [t2, rule] = timeSync(() => {
        let a: Bitmap | null = null;
        for (const grp of s.rule.include!.and)
          a = a ? RoaringBitmap32.and(a, union(grp.or.map((id) => g('matched', id)))) : union(grp.or.map((id) => g('matched', id)));
        let ex: Bitmap | null = null;
        for (const grp of s.rule.exclude!.and)
          ex = ex ? RoaringBitmap32.and(ex, union(grp.or.map((id) => g('matched', id)))) : union(grp.or.map((id) => g('matched', id)));
        return ex ? RoaringBitmap32.andNot(a!, ex).size : a!.size;
      });
      const [t3, mekko] = timeSync(() => {
        const mm = s.markets.map((m) => union(m.matched.map((id) => g('matched', id))));
        const mo = s.markets.map((m) => union(m.modeled.map((id) => g('modeled', id))));
        return {
          total_matched_count: union(mm).size,
          total_modeled_count: union(mo).size,
          market_counts: {
            matched: Object.fromEntries(s.markets.map((m, k) => [m.id, mm[k].size])),
            modeled: Object.fromEntries(s.markets.map((m, k) => [m.id, mo[k].size])),
          },
        };
      });
      rc.push(t1);
      rr.push(t2);
      rm.push(t3);
      same(`selection ${i} counts vs unsharded roaring`, answers[i].counts, counts);
      same(`selection ${i} rule vs unsharded roaring`, answers[i].rule, rule);
      const e = answers[i].mekko;
      same(
        `selection ${i} mekko vs unsharded roaring`,
        { total_matched_count: e.total_matched_count, total_modeled_count: e.total_modeled_count, market_counts: e.market_counts },
        mekko,
      );
    });
    record('24 segment counts', 'roaring unsharded', rc);
    record('rule: 3 OR groups of 3, minus 2', 'roaring unsharded', rr);
    record('mekko 10x10 matched+modeled', 'roaring unsharded', rm);
  }

  // Baseline: JS Set of person ids.
  if (BASELINES && PEOPLE <= 10_000_000) {
    const sets = new Map<string, Set<number>>();
    const setOf = (id: string) => {
      let st = sets.get(id);
      if (!st) {
        st = new Set(globalBitmap(DIR, 'matched', id, cache).toUint32Array());
        sets.set(id, st);
      }
      return st;
    };
    const so: number[] = [];
    sel.slice(0, 5).forEach((s, i) => {
      const xs = s.x.map(setOf);
      const ys = s.y.map(setOf);
      const t0 = process.hrtime.bigint();
      const cells: number[] = [];
      for (const a of xs) {
        for (const b of ys) {
          const [small, big] = a.size < b.size ? [a, b] : [b, a];
          let n = 0;
          for (const v of small) if (big.has(v)) n++;
          cells.push(n);
        }
      }
      so.push(Number(process.hrtime.bigint() - t0) / 1e6);
      same(`selection ${i} overlap vs JS Set`, answers[i].overlap, cells);
    });
    record('overlap 12x12 (+% and index)', 'JS Set (5 selections)', so);
  }

  // Baseline: PostgreSQL membership table with JOIN / GROUP BY.
  let pgRatio: number | null = null;
  if (USE_PG) {
    const server = await startPg();
    if (!server) console.log('PostgreSQL baseline skipped: no BENCH_DATABASE_URL and no PostgreSQL 15 installed');
    else {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        // The membership table as a product would keep it: every segment's matched members
        // (segment_id, person_id), not only the segments this run asks about.
        const segs = manifest.segments.filter((x) => !x.deleted && x.matched > 0).map((x) => x.short_id);
        const rowsTotal = manifest.segments.filter((x) => !x.deleted).reduce((n, x) => n + x.matched, 0);
        console.log(`loading the PostgreSQL membership table: ${segs.length} segments, ${rowsTotal.toLocaleString()} rows (takes a while at 10M)...`);
        const [loadMs] = await time(async () => {
          await client.query('drop table if exists membership; create unlogged table membership (segment_id int not null, person_id int not null)');
          for (const [k, id] of segs.entries()) {
            const reader = new SegmentFileReader(join(DIR, 'matched', `${id}.bin`));
            for (let sh = 0; sh < reader.shardCount; sh++) {
              const local = reader.read(sh).toUint32Array();
              const off = sh * SHARD_SIZE;
              const ids = Array.from(local, (v) => v + off);
              for (let i = 0; i < ids.length; i += 1_000_000)
                await client.query('insert into membership select $1, unnest($2::int[])', [k, ids.slice(i, i + 1_000_000)]);
            }
            reader.close();
          }
          await client.query('create index on membership (segment_id, person_id)');
          await client.query('analyze membership');
        });
        console.log(`loaded and indexed in ${(loadMs / 1000).toFixed(1)} s`);
        const q = `select a.segment_id as x, b.segment_id as y, count(*)::int as n from membership a join membership b on a.person_id = b.person_id
                   where a.segment_id = any($1) and b.segment_id = any($2) group by 1, 2`;
        const pgMs: number[] = [];
        for (const [i, s] of sel.slice(0, 3).entries()) {
          const xi = s.x.map((id) => segs.indexOf(id));
          const yi = s.y.map((id) => segs.indexOf(id));
          const [ms, res] = await time(() => client.query(q, [xi, yi]));
          pgMs.push(ms);
          const byPair = new Map(res.rows.map((r: { x: number; y: number; n: number }) => [`${r.x}/${r.y}`, r.n]));
          same(
            `selection ${i} overlap vs PostgreSQL`,
            answers[i].overlap,
            xi.flatMap((a) => yi.map((b) => byPair.get(`${a}/${b}`) ?? 0)),
          );
        }
        record('overlap 12x12 (+% and index)', 'PostgreSQL membership JOIN (3 selections)', pgMs);
        pgRatio = pct(pgMs, 50) / pct(eo, 50);
        writeFileSync(PG_FIGURE, JSON.stringify({ people: PEOPLE, p50: pct(pgMs, 50), measuredAt: new Date().toISOString() }));
      } finally {
        await client.end();
        server.stop();
      }
    }
  }

  console.log(`\nengine: ${mem.threads} thread(s), kernel ${mem.kernel}, ${mem.bitmaps} shard bitmaps held, ${(mem.bytes / 1048576).toFixed(1)} MB`);
  console.log('operation                           implementation                              p50 ms     p95 ms');
  for (const r of rows) console.log(`${r.op.padEnd(36)}${r.impl.padEnd(44)}${r.p50.toFixed(2).padStart(7)}${r.p95.toFixed(2).padStart(11)}`);
  const speedup = BASELINES ? pct(ro, 50) / pct(eo, 50) : NaN;
  if (!pgRatio && PEOPLE > 10_000_000 && !existsSync(PG_FROM))
    console.log(`no 10M PostgreSQL figure (${PG_FROM}): run npm run bench:counts -- --people 10000000 first`);
  if (!pgRatio && PEOPLE > 10_000_000 && existsSync(PG_FROM)) {
    // The JOIN grows at least linearly with the rows; extrapolate the 10M figure to this size.
    const f = JSON.parse(readFileSync(PG_FROM, 'utf8')) as { people: number; p50: number };
    const extrapolated = f.p50 * (PEOPLE / f.people);
    pgRatio = extrapolated / pct(eo, 50);
    console.log(
      `PostgreSQL membership JOIN at ${f.people.toLocaleString()} people: p50 ${f.p50.toFixed(0)} ms, extrapolated to ${PEOPLE.toLocaleString()}: ${extrapolated.toFixed(0)} ms`,
    );
  }
  for (const line of ratios) console.log(line);
  console.log(
    `\nmekko's memory floor: it reads ${(floor.bytes / 1e9).toFixed(2)} GB of shard bitmaps per call (mean over the selections; every segment of every market, ` +
      `matched and modeled); reading that many bytes once on ${mem.threads} thread(s) (memcpy): p50 ${pct(floor.ms, 50).toFixed(1)} ms ` +
      `(${(floor.bytes / 1e6 / pct(floor.ms, 50)).toFixed(1)} GB/s); engine mekko p50 ${pct(calls.em, 50).toFixed(1)} ms = ` +
      `${(pct(calls.em, 50) / pct(floor.ms, 50)).toFixed(2)}x that floor`,
  );
  if (BASELINES)
    console.log(`\noverlap: engine vs roaring pair-at-a-time ${speedup.toFixed(2)}x${pgRatio ? `; vs PostgreSQL table ${pgRatio.toFixed(0)}x` : ''}`);
  const at100M = PEOPLE >= 100_000_000;
  console.log(
    `goals${at100M ? '' : ' (they are set at 100M people; this run is smaller)'}: overlap p50 <= 150 ms: ${pct(eo, 50) <= 150 ? 'met' : 'MISSED'}; ` +
      `>= 2.5x roaring pair-at-a-time: ${BASELINES ? (speedup >= 2.5 ? 'met' : 'MISSED') : 'not measured (--no-baselines)'}; 24 counts <= 1 ms: ${pct(ec, 50) <= 1 ? 'met' : 'MISSED'}; ` +
      `rule <= 50 ms: ${pct(er, 50) <= 50 ? 'met' : 'MISSED'}; mekko <= 200 ms: ${pct(em, 50) <= 200 ? 'met' : 'MISSED'}` +
      (pgRatio ? `; >= 1000x PostgreSQL: ${pgRatio >= 1000 ? 'met' : 'MISSED'}` : ''),
  );
  await engine.close();
  if (mismatches) {
    console.error(`${mismatches} answer(s) differ from a baseline`);
    process.exit(1);
  }
  console.log('every engine answer equals the baselines');
}

/**
 * What a mekko cannot go below on this machine: it ORs every container of every segment of every
 * market, matched and modeled, so it reads all of their bytes. The bytes are the segment files'
 * (the shards' portable roaring bitmaps the workers hold). The machine's read bandwidth on
 * `threads` threads is measured in the same run: each thread reads a 256 MB block of its own (far
 * past the caches), copied 8 KB at a time into a block that stays in cache (Buffer.copy: memcpy),
 * 15 times; the floor is the bytes over that bandwidth.
 */
async function mekkoFloor(sel: Selection[], threads: number): Promise<{ bytes: number; ms: number[] }> {
  const fileBytes = (kind: string, id: string) => statSync(join(DIR, kind, `${id}.bin`)).size;
  const perCall = sel.map((s) =>
    s.markets.reduce(
      (n, m) => n + m.matched.reduce((a, id) => a + fileBytes('matched', id), 0) + m.modeled.reduce((a, id) => a + fileBytes('modeled', id), 0),
      0,
    ),
  );
  const bytes = perCall.reduce((a, b) => a + b, 0) / perCall.length;
  const BLOCK = 256 * 1024 * 1024;
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    // Random bytes: pages of one value can be merged by the host (same-page merging) and read
    // from cache, which measured 36 GB/s here instead of the memory's bandwidth.
    const data = require('node:crypto').randomFillSync(Buffer.allocUnsafe(workerData.block));
    const piece = Buffer.alloc(8192);
    parentPort.on('message', () => {
      for (let at = 0; at < data.length; at += 8192) data.copy(piece, 0, at, at + 8192);
      parentPort.postMessage(piece[0]);
    });
    parentPort.postMessage(-1);`;
  const workers = Array.from({ length: threads }, () => new Worker(source, { eval: true, workerData: { block: BLOCK } }));
  const next = (w: Worker) =>
    new Promise<void>((resolve, reject) => {
      const fail = (e: Error) => reject(new Error(`mekko floor: a bandwidth thread failed: ${e.message}`));
      w.once('error', fail);
      w.once('message', () => {
        w.off('error', fail);
        resolve();
      });
    });
  const ms: number[] = [];
  try {
    await Promise.all(workers.map(next));
    for (let i = 0; i < 16; i++) {
      const t0 = process.hrtime.bigint();
      await Promise.all(workers.map((w) => (w.postMessage(0), next(w))));
      // ms to read the mekko's bytes at the bandwidth of this round (the first round warms up).
      if (i > 0) ms.push((Number(process.hrtime.bigint() - t0) / 1e6) * (bytes / (BLOCK * threads)));
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return { bytes, ms };
}

/** A 10x10 mekko within a filter audience (the first OR group of the selection's rule). */
const filterOf = (s: Selection): Rule => ({ include: { and: [s.rule.include!.and[0]] } });

/**
 * Counts, overlap and mekko within a filter audience (issue 33 §5): the engine (native kernel) against
 * the same engine with the kernel off (roaring: how every filtered call ran before), both on the
 * worker pool, warm, every answer equal.
 */
async function withinFilter(
  engine: CountsEngine,
  sel: Selection[],
  record: (op: string, impl: string, ms: number[]) => void,
  same: (what: string, a: unknown, b: unknown) => void,
  ratios: string[],
): Promise<{ ecf: number[]; eof: number[]; emf: number[] }> {
  const plain = await CountsEngine.open({ dir: DIR, workerScript: join(ROOT, 'core', 'counts', 'src', 'worker-dev.cjs'), kernel: false });
  const out = { ecf: [] as number[], eof: [] as number[], emf: [] as number[] };
  try {
    const ops: [string, number[], (e: CountsEngine, s: Selection) => Promise<unknown>][] = [
      // 24 counts without a filter come from the manifest (no counting): within a filter they are counted.
      ['24 segment counts within a filter', out.ecf, (e, s) => e.counts(s.counts, { filter: filterOf(s) })],
      ['overlap 12x12 within a filter', out.eof, (e, s) => e.overlap(s.x, s.y, { filter: filterOf(s) })],
      ['mekko 10x10 within a filter', out.emf, (e, s) => e.mekko(s.markets, undefined, filterOf(s))],
    ];
    for (const [op, ms, fn] of ops) {
      const base: number[] = [];
      for (const s of sel) {
        await fn(engine, s);
        await fn(plain, s);
      }
      for (const [i, s] of sel.entries()) {
        const [t, got] = await time(() => fn(engine, s));
        const [tb, want] = await time(() => fn(plain, s));
        ms.push(t);
        base.push(tb);
        same(`selection ${i} ${op}: engine vs engine on roaring`, got, want);
      }
      record(op, 'engine', ms);
      record(op, `engine, kernel off (${(await plain.memory()).kernel.split(' ')[0]})`, base);
      ratios.push(`${op.padEnd(36)}kernel off / engine: p50 ${(pct(base, 50) / pct(ms, 50)).toFixed(1)}x, p95 ${(pct(base, 95) / pct(ms, 95)).toFixed(1)}x`);
    }
  } finally {
    await plain.close();
  }
  return out;
}

/**
 * The ClickHouse backend on the same selections: the population loaded (once per version) into
 * CLICKHOUSE_URL or embedded ClickHouse, warm, timed, every answer equal to the engine's.
 */
async function clickhouseColumn(
  engine: CountsEngine,
  sel: Selection[],
  times: { eo: number[]; er: number[]; em: number[]; ecf: number[]; eof: number[]; emf: number[] },
  record: (op: string, impl: string, ms: number[]) => void,
  same: (what: string, a: unknown, b: unknown) => void,
  ratios: string[],
) {
  const url = process.env.CLICKHOUSE_URL ?? `chdb://${join(tmpdir(), `discovery-bench-chdb-${PEOPLE}-${SEED}`)}`;
  const runner = await openRunner(url, 120_000);
  const [loadMs, loaded] = await time(() => loadPopulation(runner, DIR));
  console.log(
    `ClickHouse (${runner.where}): population ${loaded.version} ${loaded.loaded ? `loaded in ${(loadMs / 1000).toFixed(1)} s (${loaded.rows} bitmaps, ${(loaded.bytes / 1e6).toFixed(0)} MB)` : 'loaded already'}`,
  );
  const ch = await CountsEngine.open({ dir: DIR, backend: 'clickhouse', clickhouse: { runner } });
  const impl = `ClickHouse (${runner.where})`;
  try {
    const ops: [string, number[], (e: CountsEngine, s: Selection) => Promise<unknown>][] = [
      ['overlap 12x12 (+% and index)', times.eo, (e, s) => e.overlap(s.x, s.y)],
      // 24 counts without a filter come from the manifest (no query): both count within a filter here.
      ['24 segment counts within a filter', times.ecf, (e, s) => e.counts(s.counts, { filter: filterOf(s) })],
      ['rule: 3 OR groups of 3, minus 2', times.er, (e, s) => e.ruleCount(s.rule)],
      ['mekko 10x10 matched+modeled', times.em, (e, s) => e.mekko(s.markets)],
      ['overlap 12x12 within a filter', times.eof, (e, s) => e.overlap(s.x, s.y, { filter: filterOf(s) })],
      ['mekko 10x10 within a filter', times.emf, (e, s) => e.mekko(s.markets, undefined, filterOf(s))],
    ];
    for (const [op, engineMs, fn] of ops) {
      // Operations the engine was not timed on above (within a filter) are timed here, warm too.
      const fresh = !engineMs.length;
      const base = fresh ? [] : engineMs;
      const ms: number[] = [];
      for (const s of sel) {
        await fn(ch, s);
        if (fresh) await fn(engine, s);
      }
      for (const [i, s] of sel.entries()) {
        const [t, got] = await time(() => fn(ch, s));
        const [te, want] = await time(() => fn(engine, s));
        ms.push(t);
        if (fresh) base.push(te);
        same(`selection ${i} ${op}: ClickHouse vs engine`, got, want);
      }
      if (fresh) record(op, 'engine', base);
      record(op, impl, ms);
      ratios.push(`${op.padEnd(36)}ClickHouse / engine: p50 ${(pct(ms, 50) / pct(base, 50)).toFixed(1)}x, p95 ${(pct(ms, 95) / pct(base, 95)).toFixed(1)}x`);
    }
  } finally {
    await ch.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
