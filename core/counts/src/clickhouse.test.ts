import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClickHouseExecutor } from './clickhouse/executor';
import { ChdbRunner, ServerRunner } from './clickhouse/runner';
import { bitmapRow, loadPopulation, loadedVersion, populationVersion } from './clickhouse/load';
import { opSql } from './clickhouse/sql';
import { CountsEngine, CountsUnavailableError, PopulationLoadError, countsBackendSetting } from './engine';
import { MANIFEST_FILE, type Manifest } from './manifest';
import type { MarketSpec, Rule } from './ops';
import { rng } from './hash';
import { SegmentFileReader, SHARD_SIZE } from './storage';
import { generatedPopulation as generate, membersOf as membersIn } from './testing/population';

/**
 * Issue 33: the ClickHouse backend (embedded ClickHouse, npm chdb) answers every operation the
 * screens use with the engine's answers, and both equal brute force person by person. A small
 * population spanning two shards (ids either side of 2^20) keeps it fast.
 */
const PEOPLE = SHARD_SIZE + 4321;
const SEGMENTS = 40;

describe('issue 33: the ClickHouse counts backend on embedded ClickHouse (chdb)', () => {
  let root: string;
  let dir: string;
  let manifest: Manifest;
  let runner: ChdbRunner;
  let ch: CountsEngine;
  let engine: CountsEngine;
  let matched: Map<string, Uint8Array>;
  let modeled: Map<string, Uint8Array>;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'counts-ch-'));
    dir = join(root, 'pop');
    manifest = generate(PEOPLE, 7, dir, SEGMENTS);
    matched = new Map();
    modeled = new Map();
    for (const s of manifest.segments) {
      matched.set(s.short_id, membersIn(join(dir, 'matched', `${s.short_id}.bin`), PEOPLE));
      modeled.set(s.short_id, membersIn(join(dir, 'modeled', `${s.short_id}.bin`), PEOPLE));
    }
    runner = await ChdbRunner.open({ path: join(root, 'chdb'), timeoutMs: 30_000 });
    await loadPopulation(runner, dir);
    ch = await CountsEngine.open({ dir, backend: 'clickhouse', clickhouse: { runner } });
    engine = await CountsEngine.open({ dir, workers: 0 });
  }, 180_000);

  afterAll(async () => {
    await engine?.close();
    await ch?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const ids = () => manifest.segments.filter((s) => !s.deleted).map((s) => s.short_id);
  const count = (m: Uint8Array, pred: (p: number) => boolean = () => true) => {
    let n = 0;
    for (let p = 0; p < PEOPLE; p++) if (m[p] && pred(p)) n++;
    return n;
  };
  const ruleBrute = (rule: Rule, kind: Map<string, Uint8Array>, region?: { start: number; end: number }) => (p: number) => {
    if (region && (p < region.start || p >= region.end)) return false;
    for (const g of rule.include?.and ?? []) if (g.or.length && !g.or.some((id) => kind.get(id)![p])) return false;
    const ex = (rule.exclude?.and ?? []).filter((g) => g.or.length);
    if (ex.length && ex.every((g) => g.or.some((id) => kind.get(id)![p]))) return false;
    return true;
  };

  it('loads the population files as groupBitmap states without re-encoding, once per population version', async () => {
    expect(ch.backend).toEqual({ name: 'clickhouse', where: 'chdb (embedded)', error: null });
    expect(ch.kernel.mode).toBe('clickhouse');
    expect(await loadedVersion(runner)).toBe(populationVersion(dir));
    // A second load of the same version writes nothing.
    expect((await loadPopulation(runner, dir)).loaded).toBe(false);
    // The stored state is the file's bytes after 0x01 and the varint length.
    const id = ids()[0];
    const bytes = new SegmentFileReader(join(dir, 'matched', `${id}.bin`)).readBytes(0);
    const row = bitmapRow('v', 'matched', id, 0, bytes);
    expect(row.subarray(row.length - bytes.length).equals(bytes)).toBe(true);
    const [[hex]] = await runner.rows<[string]>(
      `SELECT hex(toString(bm)) FROM discovery_bitmaps WHERE version = '${populationVersion(dir)}' AND kind = 'matched' AND segment = '${id}' AND shard = 0`,
    );
    expect(hex.endsWith(bytes.toString('hex').toUpperCase())).toBe(true);
    const mem = await ch.memory();
    expect(mem.bitmaps).toBeGreaterThan(ids().length);
  });

  it('counts, overlap (percent, index), rules, mekko, funnels, profile and weights equal brute force and the engine', async () => {
    const all = ids();
    const region = manifest.regions[1];
    const filter: Rule = { include: { and: [{ or: [all[0], all[1]] }] }, exclude: { and: [{ or: [all[7]] }] } };
    // counts
    for (const o of [{}, { kind: 'modeled' as const }, { region: region.key }, { filter, kind: 'modeled' as const, region: region.key }]) {
      const got = await ch.counts(all, o);
      expect(got).toEqual(await engine.counts(all, o));
      const kind = 'kind' in o ? modeled : matched;
      const inF = ruleBrute('filter' in o ? filter : {}, kind, 'region' in o ? region : undefined);
      for (const id of all.slice(0, 8)) expect(got[id]).toBe(count(kind.get(id)!, inF));
    }
    // overlap with percent and index
    const x = all.slice(6, 10);
    const y = all.slice(20, 25);
    for (const o of [{}, { filter }, { region: region.key }, { filter, region: region.key, kind: 'modeled' as const }]) {
      const r = await ch.overlap(x, y, o);
      expect(r).toEqual(await engine.overlap(x, y, o));
      const kind = 'kind' in o ? modeled : matched;
      const inF = ruleBrute('filter' in o ? filter : {}, kind, 'region' in o ? region : undefined);
      for (const cell of r.cells) expect(cell.count).toBe(count(kind.get(cell.x)!, (p) => inF(p) && kind.get(cell.y)![p] === 1));
    }
    expect(await ch.overlapWeights(x, y, { region: region.key })).toEqual(await engine.overlapWeights(x, y, { region: region.key }));
    expect(await ch.sumOfWeights(all, { filter })).toEqual(await engine.sumOfWeights(all, { filter }));
    // rules
    const rules: Rule[] = [
      { include: { and: [{ or: [all[6], all[7], all[8]] }, { or: [all[0], all[1], all[2]] }] }, exclude: { and: [{ or: [all[12], all[13]] }] } },
      { include: { and: [{ or: [] }, { or: [all[14]] }] }, exclude: { and: [{ or: [] }] } },
      { exclude: { and: [{ or: [all[6]] }, { or: [all[0]] }] } },
      {},
      { include: { and: [{ or: [all[30]] }] }, exclude: { and: [{ or: [all[30]] }] } },
    ];
    for (const rule of rules) {
      const f = ruleBrute(rule, matched);
      let brute = 0;
      for (let p = 0; p < PEOPLE; p++) if (f(p)) brute++;
      expect(await ch.ruleCount(rule)).toBe(brute);
      expect(await ch.ruleCount(rule, { kind: 'modeled', region: region.key })).toBe(await engine.ruleCount(rule, { kind: 'modeled', region: region.key }));
    }
    // mekko, within a region and a filter
    const markets: MarketSpec[] = [
      { id: 'm1', matched: [all[20], all[21]], modeled: [all[20], all[21]] },
      { id: 'm2', matched: [all[22]], modeled: [all[23]] },
      { id: 'm3', matched: [], modeled: [] },
    ];
    for (const [r, f] of [
      [undefined, undefined],
      [region.key, undefined],
      [undefined, filter],
      [region.key, filter],
    ] as const)
      expect(await ch.mekko(markets, r, f)).toEqual(await engine.mekko(markets, r, f));
    const union = (kind: Map<string, Uint8Array>, list: string[]) => {
      let n = 0;
      for (let p = 0; p < PEOPLE; p++) if (list.some((id) => kind.get(id)![p])) n++;
      return n;
    };
    const mk = await ch.mekko(markets);
    expect(mk.total_modeled_count).toBe(union(modeled, [all[20], all[21], all[23]]));
    // funnels
    const rows = [
      { matched: [all[20], all[21], null, all[22]], modeled: [all[23], null, all[20], all[21]] },
      { matched: [all[24]], modeled: [null] },
    ];
    for (const o of [{}, { region: region.key }, { filter }, { region: region.key, filter }])
      expect(await ch.funnels(rows, o)).toEqual(await engine.funnels(rows, o));
    // profile
    const audience: Rule = { include: { and: [{ or: [all[6]] }] } };
    for (const o of [{}, { region: region.key, kind: 'modeled' as const }])
      expect(await ch.profile(audience, all.slice(0, 10), o)).toEqual(await engine.profile(audience, all.slice(0, 10), o));
    const p = await ch.profile(audience, [all[0]]);
    expect(p.rows[0].count).toBe(count(matched.get(all[0])!, (q) => matched.get(all[6])![q] === 1));
  }, 120_000);

  it('random operations (seeded): every answer equals the engine', async () => {
    const all = ids();
    const rnd = rng(33);
    const pick = (n: number) => Array.from({ length: n }, () => all[Math.floor(rnd() * all.length)]);
    const regions = [undefined, ...manifest.regions.map((r) => r.key)];
    const anyRegion = () => regions[Math.floor(rnd() * regions.length)];
    const anyRule = (): Rule => ({
      include: { and: Array.from({ length: Math.floor(rnd() * 3) }, () => ({ or: pick(Math.floor(rnd() * 3)) })) },
      exclude: { and: Array.from({ length: Math.floor(rnd() * 2) }, () => ({ or: pick(1 + Math.floor(rnd() * 2)) })) },
    });
    const kind = () => (rnd() < 0.5 ? ('matched' as const) : ('modeled' as const));
    for (let i = 0; i < 12; i++) {
      const region = anyRegion();
      const filter = rnd() < 0.5 ? anyRule() : undefined;
      const k = kind();
      const x = pick(1 + Math.floor(rnd() * 5));
      const y = pick(1 + Math.floor(rnd() * 5));
      expect(await ch.counts(x, { kind: k, region, filter })).toEqual(await engine.counts(x, { kind: k, region, filter }));
      expect(await ch.overlap(x, y, { kind: k, region, filter })).toEqual(await engine.overlap(x, y, { kind: k, region, filter }));
      const rule = anyRule();
      expect(await ch.ruleCount(rule, { kind: k, region })).toBe(await engine.ruleCount(rule, { kind: k, region }));
      const markets = [0, 1, 2].map((m) => ({ id: `m${m}`, matched: pick(Math.floor(rnd() * 3)), modeled: pick(Math.floor(rnd() * 3)) }));
      expect(await ch.mekko(markets, region, filter)).toEqual(await engine.mekko(markets, region, filter));
      const funnel = [{ matched: [...pick(2), null, ...pick(1)], modeled: pick(3) }];
      expect(await ch.funnels(funnel, { region, filter })).toEqual(await engine.funnels(funnel, { region, filter }));
      const audience = rnd() < 0.8 ? anyRule() : undefined;
      expect(await ch.profile(audience, x, { kind: k, region })).toEqual(await engine.profile(audience, x, { kind: k, region }));
    }
  }, 120_000);

  it('one SQL statement per operation, over the shards asked for', () => {
    const sql = opSql(
      { op: 'overlap', kind: 'matched', x: ['a'], y: ['b'], filter: { include: { and: [{ or: ['c', 'd'] }] } } },
      [0, 1],
      'discovery_bitmaps',
      'v1',
    );
    expect(sql.match(/\bFROM discovery_bitmaps\b/g)).toHaveLength(1);
    expect(sql).toContain('shard IN (0, 1)');
    expect(sql).toContain("groupBitmapMergeStateIf(bm, kind = 'matched' AND segment IN ('c', 'd'))");
    expect(sql).not.toMatch(/;/);
  });

  it('on a cluster the statement runs on every node over its local table and only the partial sums travel', async () => {
    const seen: string[] = [];
    const fake = {
      where: 'fake',
      rows: async <T>(q: string) => {
        seen.push(q);
        return [[[1], 'v']] as T[];
      },
      command: async () => undefined,
      insertRowBinary: async () => undefined,
      close: async () => undefined,
    };
    const e = new ClickHouseExecutor(fake, 'v', {
      bitmaps: 'discovery_bitmaps_local',
      insertInto: 'discovery_bitmaps',
      populations: 'discovery_populations',
      cluster: 'discovery',
    });
    expect(await e.run({ op: 'rule', kind: 'matched', rule: {} }, [0, 5])).toEqual([1]);
    expect(seen[0]).toMatch(
      /^SELECT partial, \(SELECT version FROM discovery_populations .*\) AS loaded FROM \(SELECT sumForEach\(partial\) AS partial FROM cluster\('discovery', view\(SELECT sumForEach\(/,
    );
    expect(seen[0]).toContain('FROM discovery_bitmaps_local WHERE');
  });

  it('names unknown identifiers and refuses to answer from another population version (503)', async () => {
    await expect(ch.counts(['nope-0001'], { region: manifest.regions[0].key })).rejects.toThrow('nope-0001');
    const copy = join(root, 'pop2');
    execFileSync('cp', ['-r', dir, copy]);
    const m = JSON.parse(readFileSync(join(copy, MANIFEST_FILE), 'utf8')) as Manifest;
    writeFileSync(join(copy, MANIFEST_FILE), JSON.stringify({ ...m, generatedAt: '2000-01-01T00:00:00.000Z' }));
    await expect(CountsEngine.open({ dir: copy, backend: 'clickhouse', clickhouse: { runner } })).rejects.toThrow(PopulationLoadError);
    await expect(CountsEngine.open({ dir: copy, backend: 'clickhouse', clickhouse: { runner } })).rejects.toThrow(
      /holds population version [0-9a-f]{16}, this server's population is [0-9a-f]{16}/,
    );
    // Another version loaded while a backend answers: its next call is refused, not answered from the other data.
    await loadPopulation(runner, copy);
    const err = await ch.counts([ids()[0]], { region: manifest.regions[0].key }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(CountsUnavailableError);
    expect(ch.health().failure).toMatch(/holds population version/);
    // Loading the first version again is idempotent and quick; a new backend answers again.
    await loadPopulation(runner, dir);
    const again = await CountsEngine.open({ dir, backend: 'clickhouse', clickhouse: { runner } });
    expect(await again.ruleCount({})).toBe(PEOPLE);
  });

  it('DISCOVERY_COUNTS_BACKEND chooses the backend; a bad value or a missing CLICKHOUSE_URL says why', async () => {
    expect(countsBackendSetting({})).toBe('engine');
    expect(countsBackendSetting({ DISCOVERY_COUNTS_BACKEND: 'clickhouse' })).toBe('clickhouse');
    expect(() => countsBackendSetting({ DISCOVERY_COUNTS_BACKEND: 'pg' })).toThrow("DISCOVERY_COUNTS_BACKEND must be 'engine' or 'clickhouse' (got 'pg')");
    const saved = process.env.CLICKHOUSE_URL;
    delete process.env.CLICKHOUSE_URL;
    try {
      await expect(CountsEngine.open({ dir, backend: 'clickhouse' })).rejects.toThrow('needs CLICKHOUSE_URL');
    } finally {
      if (saved !== undefined) process.env.CLICKHOUSE_URL = saved;
    }
  });

  it('a ClickHouse server that is down fails the open with the reason and quickly, never hangs', async () => {
    // A port nothing listens on: the connection is refused, and the open says so (the refusal, not
    // a timeout: it did not wait); the request timeout bounds any wait, so a hang fails by jest's timeout.
    await expect(CountsEngine.open({ dir, backend: 'clickhouse', clickhouse: { url: 'http://127.0.0.1:1', timeoutMs: 2000 } })).rejects.toThrow(
      /ClickHouse at http:\/\/127\.0\.0\.1:1 did not answer: .*ECONNREFUSED/,
    );
    // A server that goes down while answering: that call gets the 503 with the reason.
    const down = new ClickHouseExecutor(await ServerRunner.open('http://127.0.0.1:1', 2000), 'v');
    const err = await down.run({ op: 'rule', kind: 'matched', rule: {} }, [0]).catch((e: Error) => e);
    expect(err).toBeInstanceOf(CountsUnavailableError);
    expect((err as CountsUnavailableError).status).toBe(503);
    expect((err as Error).message).toMatch(
      /^Audience counts are unavailable: ClickHouse at http:\/\/127\.0\.0\.1:1 did not answer \(.+\)\. Please try again\.$/,
    );
    await down.close();
  });
});
