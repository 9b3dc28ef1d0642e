import { cpSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CountsEngine, CountsUnavailableError, PopulationLoadError, UnknownSegmentsError } from './engine';
import { chooseKernel } from './kernel';
import { readFileSync } from 'node:fs';
import { generatePopulation, PopulationModel } from './generate';
import { generatePopulationParallel } from './parallel';
import { GENERATOR_VERSION, MANIFEST_FILE, type Manifest } from './manifest';
import type { Rule } from './ops';
import { Population } from './population';
import { SegmentFileReader, SHARD_SIZE } from './storage';
import { buildTaxonomy } from './taxonomy';
import { allOf, anyOf as anyOfIn, inAll, range, without, type People } from './testing/people';
import { generatedPopulation as generate, membersOf as membersIn } from './testing/population';

/**
 * Every operation against a brute-force answer computed person by person from the generator's
 * own membership rule (independent of bitmaps, files and shards), on a population that spans two
 * shards, so ids on both sides of the 2^20 boundary are counted.
 */
const PEOPLE = SHARD_SIZE + 4321;
const SEGMENTS = 40;
/** The kernel path a default engine takes on this machine. */
const cpuMode = chooseKernel().mode;

describe.each([7, 1234])('count engine against brute force (seed %i)', (seed) => {
  let dir: string;
  let manifest: Manifest;
  let engine: CountsEngine;
  let matched: Map<string, Uint8Array>;
  let modeled: Map<string, Uint8Array>;

  beforeAll(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'counts-')), 'pop');
    manifest = generate(PEOPLE, seed, dir, SEGMENTS);
    // Membership person by person, read straight from each file's shards (no engine code).
    matched = new Map();
    modeled = new Map();
    for (const s of manifest.segments) {
      matched.set(s.short_id, membersIn(join(dir, 'matched', `${s.short_id}.bin`), PEOPLE));
      modeled.set(s.short_id, membersIn(join(dir, 'modeled', `${s.short_id}.bin`), PEOPLE));
    }
  }, 120_000);

  beforeEach(async () => {
    engine = await CountsEngine.open({ dir, workers: 0 });
  });
  afterEach(() => engine.close());
  afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  const ids = () => manifest.segments.filter((s) => !s.deleted).map((s) => s.short_id);
  const count = (m: Uint8Array, pred: (p: number) => boolean = () => true) => {
    let n = 0;
    for (let p = 0; p < PEOPLE; p++) if (m[p] && pred(p)) n++;
    return n;
  };
  const anyOf = (sets: (Uint8Array | People)[]) => anyOfIn(PEOPLE, sets);
  /**
   * The people a rule picks: in the region; in some segment of every non-empty include group; not
   * in some segment of every non-empty exclude group (when there is one).
   */
  const ruleMask = (rule: Rule, kind: Map<string, Uint8Array>, region?: { start: number; end: number }): People => {
    const groupsOf = (gs: { or: string[] }[] | undefined) => (gs ?? []).filter((g) => g.or.length).map((g) => anyOf(g.or.map((id) => kind.get(id)!)));
    const ex = groupsOf(rule.exclude?.and);
    const m = allOf([range(PEOPLE, region?.start ?? 0, region?.end ?? PEOPLE), ...groupsOf(rule.include?.and)]);
    return ex.length ? without(m, allOf(ex)) : m;
  };

  it('counts matched and modeled for every segment; modeled contains matched', async () => {
    const all = ids();
    const m = await engine.counts(all);
    const o = await engine.counts(all, { kind: 'modeled' });
    for (const id of all) {
      expect(m[id]).toBe(count(matched.get(id)!));
      expect(o[id]).toBe(count(modeled.get(id)!));
      expect(o[id]).toBeGreaterThanOrEqual(m[id]);
    }
    expect(manifest.segments.find((s) => s.short_id === all[0])!.matched).toBe(m[all[0]]);
  });

  it('counts people on both sides of the shard boundary', async () => {
    const id = ids().find((x) => x.startsWith('dmx'))!; // an age band: about a fifth of everyone
    const slice = { start: SHARD_SIZE - 1000, end: SHARD_SIZE + 1000 };
    expect(count(matched.get(id)!, (p) => p >= slice.start && p < slice.end)).toBeGreaterThan(0);
    const left = count(matched.get(id)!, (p) => p < SHARD_SIZE);
    const right = count(matched.get(id)!, (p) => p >= SHARD_SIZE);
    expect(right).toBeGreaterThan(0);
    expect((await engine.counts([id]))[id]).toBe(left + right);
    // the ids either side of the boundary, one by one, through one-person region slices
    for (const p of [SHARD_SIZE - 1, SHARD_SIZE]) {
      const onePerson = { ...manifest, regions: [{ key: 'one', start: p, end: p + 1 }] };
      const e = await CountsEngine.fromManifest(dir, onePerson);
      expect((await e.counts([id], { region: 'one' }))[id]).toBe(matched.get(id)![p]);
      await e.close();
    }
  });

  it('partitions: age bands cover everyone once', async () => {
    const age = manifest.segments.filter((s) => s.path.join('/') === 'Demographix/Demographics/Age').map((s) => s.short_id);
    expect(age).toHaveLength(6);
    const c = await engine.counts(age);
    expect(age.reduce((s, id) => s + c[id], 0)).toBe(PEOPLE);
    const o = await engine.overlap(age, age);
    for (const cell of o.cells) if (cell.x !== cell.y) expect(cell.count).toBe(0);
  });

  it('overlap: |X∩Y|, percent and index, with and without a filter audience, in a region', async () => {
    const all = ids();
    const x = all.slice(6, 10);
    const y = all.slice(20, 25);
    const filter: Rule = { include: { and: [{ or: [all[0], all[1]] }] } };
    const region = manifest.regions[1];
    for (const opts of [{}, { filter }, { region: region.key }, { filter, region: region.key, kind: 'modeled' as const }]) {
      const kind = 'kind' in opts ? modeled : matched;
      const inF = ruleMask('filter' in opts ? filter : {}, kind, 'region' in opts ? region : undefined);
      const r = await engine.overlap(x, y, opts);
      const pop = inAll(inF);
      expect(r.population).toBe(pop);
      for (const cell of r.cells) {
        const xs = kind.get(cell.x)!;
        const ys = kind.get(cell.y)!;
        const xi = inAll(xs, inF);
        const yi = inAll(ys, inF);
        const both = inAll(xs, inF, ys);
        expect(cell.count).toBe(both);
        expect(cell.percent_value).toBeCloseTo(xi ? (both / xi) * 100 : 0, 9);
        expect(cell.index_value).toBeCloseTo(xi && yi ? (both / xi / (yi / pop)) * 100 : 0, 9);
      }
    }
  });

  it("OVL-022 / A-32 tier 3's Sum of Weights: a person in the matched cell weighs 1, one only in the modeled cell 0.5", async () => {
    const all = ids();
    const x = all.slice(6, 9);
    const y = all.slice(20, 23);
    const region = manifest.regions[1];
    const inR = (p: number) => p >= region.start && p < region.end;
    const weight = (a: string, b: string | null) => {
      let w = 0;
      for (let p = 0; p < PEOPLE; p++) {
        if (!inR(p)) continue;
        const m = matched.get(a)![p] === 1 && (b === null || matched.get(b)![p] === 1);
        const d = modeled.get(a)![p] === 1 && (b === null || modeled.get(b)![p] === 1);
        w += m ? 1 : 0;
        w += d ? 0.5 : 0;
        w -= m ? 0.5 : 0; // weightsOf: |m| + 0.5 (|d| - |m|) with m ⊆ d
      }
      return w;
    };
    const r = await engine.overlapWeights(x, y, { region: region.key });
    for (const cell of r.cells) {
      const both = weight(cell.x, cell.y);
      expect(cell.count).toBeCloseTo(both, 6);
      expect(cell.percent_value).toBeCloseTo((both / weight(cell.x, null)) * 100, 6);
      expect(cell.index_value).toBeCloseTo((both / weight(cell.x, null) / (weight(cell.y, null) / r.population)) * 100, 6);
    }
  });

  it('a region holding a whole shard and part of the next: overlap and mekko (the kernel counts the whole shard)', async () => {
    const wide = { key: 'wide', start: 0, end: SHARD_SIZE + 1000 };
    const e = await CountsEngine.fromManifest(dir, { ...manifest, regions: [wide] });
    const all = ids();
    const x = all.slice(3, 9);
    const y = all.slice(12, 19);
    const inR = (p: number) => p < wide.end;
    const o = await e.overlap(x, y, { region: 'wide' });
    expect(o.population).toBe(wide.end);
    for (const cell of o.cells) expect(cell.count).toBe(count(matched.get(cell.x)!, (p) => inR(p) && matched.get(cell.y)![p] === 1));
    const markets = [
      { id: 'a', matched: [all[3], all[4]], modeled: [all[5]] },
      { id: 'b', matched: [all[6]], modeled: [all[6], all[7]] },
    ];
    const unionIn = (kind: Map<string, Uint8Array>, list: string[]) => {
      let n = 0;
      for (let p = 0; p < wide.end; p++) if (list.some((id) => kind.get(id)![p])) n++;
      return n;
    };
    const mk = await e.mekko(markets, 'wide');
    expect(mk.market_counts.matched).toEqual({ a: unionIn(matched, [all[3], all[4]]), b: unionIn(matched, [all[6]]) });
    expect(mk.market_counts.modeled).toEqual({ a: unionIn(modeled, [all[5]]), b: unionIn(modeled, [all[6], all[7]]) });
    expect(mk.total_matched_count).toBe(unionIn(matched, [all[3], all[4], all[6]]));
    expect(mk.total_modeled_count).toBe(unionIn(modeled, [all[5], all[6], all[7]]));
    expect(mk.segment_counts[all[4]]).toBe(count(matched.get(all[4])!, inR));
    expect(mk.modeled_segment_counts[all[7]]).toBe(count(modeled.get(all[7])!, inR));
    await e.close();
  });

  // person-by-person cell counts, computed once for the three paths
  const cells = new Map<string, number>();
  const filtered = new Map<string, unknown>();
  const bruteFiltered = <T>(key: string, f: () => T): T => (filtered.get(key) ?? filtered.set(key, f()).get(key)) as T;
  const bruteCell = (key: string, f: () => number) => cells.get(key) ?? cells.set(key, f()).get(key)!;
  it.each([
    ['the best path (AVX-512 when the CPU has it)', true, cpuMode],
    ['the portable C path', 'portable' as const, 'portable'],
    ['roaring (kernel off)', false, 'roaring'],
  ])('overlap, mekko and rule audiences on %s equal brute force', async (_name, kernel, mode) => {
    const e = await CountsEngine.open({ dir, workers: 0, kernel });
    try {
      expect(e.kernel.mode).toBe(mode);
      expect((await e.memory()).kernelMode).toBe(mode);
      const all = ids();
      const x = all.slice(0, 12);
      const y = all.slice(12, 24);
      for (const kind of ['matched', 'modeled'] as const) {
        const k = kind === 'matched' ? matched : modeled;
        const o = await e.overlap(x, y, { kind });
        for (const cell of o.cells) expect(cell.count).toBe(bruteCell(`${kind}/${cell.x}/${cell.y}`, () => inAll(k.get(cell.x)!, k.get(cell.y)!)));
      }
      const markets = [
        { id: 'a', matched: all.slice(0, 4), modeled: all.slice(4, 6) },
        { id: 'b', matched: all.slice(20, 23), modeled: all.slice(20, 23) },
      ];
      const union = (kind: Map<string, Uint8Array>, list: string[]) => inAll(anyOf(list.map((id) => kind.get(id)!)));
      const mk = await e.mekko(markets);
      expect(mk.market_counts.matched).toEqual({ a: union(matched, markets[0].matched), b: union(matched, markets[1].matched) });
      expect(mk.market_counts.modeled).toEqual({ a: union(modeled, markets[0].modeled), b: union(modeled, markets[1].modeled) });
      expect(mk.total_matched_count).toBe(union(matched, [...markets[0].matched, ...markets[1].matched]));
      expect(mk.total_modeled_count).toBe(union(modeled, [...markets[0].modeled, ...markets[1].modeled]));
      // Rule audiences take the same path (the kernel's |F|), matched and modeled, with empty groups.
      const rules: Rule[] = [
        { include: { and: [{ or: all.slice(0, 3) }, { or: all.slice(6, 9) }, { or: all.slice(9, 12) }] }, exclude: { and: [{ or: all.slice(12, 14) }] } },
        { include: { and: [{ or: [] }, { or: [all[14]] }] }, exclude: { and: [{ or: [] }] } },
        { exclude: { and: [{ or: [all[6]] }, { or: [all[0]] }] } },
        {},
      ];
      for (const kind of ['matched', 'modeled'] as const)
        for (const [i, rule] of rules.entries()) {
          const want = bruteCell(`rule/${kind}/${i}`, () => inAll(ruleMask(rule, kind === 'matched' ? matched : modeled)));
          expect({ kind, i, count: await e.ruleCount(rule, { kind }) }).toEqual({ kind, i, count: want });
        }
    } finally {
      await e.close();
    }
  });

  it.each([
    ['the best path (AVX-512 when the CPU has it)', true, cpuMode],
    ['the portable C path', 'portable' as const, 'portable'],
    ['roaring (kernel off)', false, 'roaring'],
  ])(
    'overlap, mekko and counts within random filters on %s equal brute force, in a region holding a whole shard too (issue 33 §5)',
    async (_name, kernel, mode) => {
      const a = ids();
      let st = seed * 31 + 5;
      const r = () => (st = (st * 1103515245 + 12345) >>> 0) / 4294967296;
      const pick = () => a[Math.floor(r() * a.length)];
      const groups = (max: number) =>
        Array.from({ length: Math.floor(r() * (max + 1)) }, () => ({ or: Array.from({ length: 1 + Math.floor(r() * 3) }, pick) }));
      const filters: Rule[] = [
        ...Array.from({ length: 3 }, () => ({ include: { and: groups(3) }, exclude: { and: groups(2) } })),
        { include: { and: [{ or: [] }, { or: [a[2], a[3]] }] }, exclude: { and: [{ or: [] }, { or: [a[4]] }] } },
        { exclude: { and: [{ or: [a[5]] }] } },
        {},
      ];
      const wide = { key: 'wide', start: 0, end: SHARD_SIZE + 1000 };
      const e = await CountsEngine.fromManifest(dir, { ...manifest, regions: [wide] }, kernel);
      try {
        expect(e.kernel.mode).toBe(mode);
        const x = a.slice(0, 6);
        const y = a.slice(6, 11);
        const markets = [
          { id: 'a', matched: a.slice(11, 14), modeled: a.slice(14, 16) },
          { id: 'b', matched: [a[16]], modeled: a.slice(16, 19) },
          { id: 'c', matched: [], modeled: [] },
        ];
        for (const [fi, filter] of filters.entries()) {
          for (const region of [undefined, wide]) {
            const key = `${fi}/${region?.key ?? '-'}`;
            const want = bruteFiltered(key, () => {
              const fm = ruleMask(filter, matched, region);
              const fo = ruleMask(filter, modeled, region);
              const n = (f: People, ...ds: Uint8Array[]) => inAll(f, ...ds);
              const union = (f: People, ds: Uint8Array[]) => inAll(f, anyOf(ds));
              const ms = (ids: string[]) => ids.map((id) => matched.get(id)!);
              const os = (ids: string[]) => ids.map((id) => modeled.get(id)!);
              return {
                overlap: {
                  population: n(fo),
                  x: os(x).map((d) => n(fo, d)),
                  y: os(y).map((d) => n(fo, d)),
                  cells: os(x).flatMap((dx) => os(y).map((dy) => n(fo, dx, dy))),
                },
                mekko: {
                  total: [union(fm, ms(markets.flatMap((m) => m.matched))), union(fo, os(markets.flatMap((m) => m.modeled)))],
                  markets: markets.map((m) => [union(fm, ms(m.matched)), union(fo, os(m.modeled))]),
                  segments: markets.flatMap((m) => [...ms(m.matched).map((d) => n(fm, d)), ...os(m.modeled).map((d) => n(fo, d))]),
                },
                counts: ms(x).map((d) => n(fm, d)),
              };
            });
            const o = await e.overlap(x, y, { kind: 'modeled', filter, region: region?.key });
            const mk = await e.mekko(markets, region?.key, filter);
            const c = await e.counts(x, { filter, region: region?.key });
            expect({
              key,
              overlap: { population: o.population, x: o.x.map((v) => v.count), y: o.y.map((v) => v.count), cells: o.cells.map((v) => v.count) },
            }).toEqual({
              key,
              overlap: want.overlap,
            });
            expect({
              key,
              mekko: {
                total: [mk.total_matched_count, mk.total_modeled_count],
                markets: markets.map((m) => [mk.market_counts.matched[m.id], mk.market_counts.modeled[m.id]]),
                segments: markets.flatMap((m) => [...m.matched.map((id) => mk.segment_counts[id]), ...m.modeled.map((id) => mk.modeled_segment_counts[id])]),
              },
            }).toEqual({ key, mekko: want.mekko });
            expect({ key, counts: x.map((id) => c[id]) }).toEqual({ key, counts: want.counts });
          }
        }
      } finally {
        await e.close();
      }
    },
  );

  it('rule audiences: AND of OR groups, exclusions, empty groups', async () => {
    const a = ids();
    const rules: Rule[] = [
      { include: { and: [{ or: [a[6], a[7], a[8]] }, { or: [a[0], a[1], a[2]] }, { or: [a[9], a[10], a[11]] }] }, exclude: { and: [{ or: [a[12], a[13]] }] } },
      { include: { and: [{ or: [] }, { or: [a[14]] }] }, exclude: { and: [{ or: [] }] } },
      { exclude: { and: [{ or: [a[6]] }, { or: [a[0]] }] } },
      {},
      { include: { and: [{ or: [a[30]] }] }, exclude: { and: [{ or: [a[30]] }] } },
    ];
    for (const rule of rules) {
      expect(await engine.ruleCount(rule)).toBe(inAll(ruleMask(rule, matched)));
    }
    expect(await engine.ruleCount({})).toBe(PEOPLE);
  });

  it('mekko: sub-market counts, market unions and totals, matched and modeled', async () => {
    const a = ids();
    const markets = [
      { id: 'm1', matched: [a[20], a[21]], modeled: [a[20], a[21]] },
      { id: 'm2', matched: [a[22]], modeled: [a[23]] },
      { id: 'm3', matched: [], modeled: [] },
    ];
    const r = await engine.mekko(markets);
    const union = (kind: Map<string, Uint8Array>, list: string[]) => {
      let n = 0;
      for (let p = 0; p < PEOPLE; p++) if (list.some((id) => kind.get(id)![p])) n++;
      return n;
    };
    expect(r.market_counts.matched).toEqual({ m1: union(matched, [a[20], a[21]]), m2: union(matched, [a[22]]), m3: 0 });
    expect(r.market_counts.modeled.m2).toBe(union(modeled, [a[23]]));
    expect(r.total_matched_count).toBe(union(matched, [a[20], a[21], a[22]]));
    expect(r.total_modeled_count).toBe(union(modeled, [a[20], a[21], a[23]]));
    expect(r.segment_counts[a[22]]).toBe(count(matched.get(a[22])!));
    expect(r.modeled_segment_counts[a[23]]).toBe(count(modeled.get(a[23])!));
    // Within a region every figure is counted over the region's people only.
    const region = manifest.regions[1];
    const inRegion = (kind: Map<string, Uint8Array>, list: string[]) => {
      let n = 0;
      for (let p = region.start; p < region.end; p++) if (list.some((id) => kind.get(id)![p])) n++;
      return n;
    };
    const rr = await engine.mekko(markets, region.key);
    expect(rr.segment_counts[a[21]]).toBe(inRegion(matched, [a[21]]));
    expect(rr.modeled_segment_counts[a[23]]).toBe(inRegion(modeled, [a[23]]));
    expect(rr.market_counts.matched.m1).toBe(inRegion(matched, [a[20], a[21]]));
    expect(rr.total_modeled_count).toBe(inRegion(modeled, [a[20], a[21], a[23]]));
  });

  it('funnels: per stage its people and its people in no later stage, and the row total, by kind, in a region and a filter', async () => {
    const a = ids();
    const rows = [
      { matched: [a[20], a[21], null, a[22]], modeled: [a[23], null, a[20], a[21]] },
      { matched: [a[24]], modeled: [null] },
    ];
    const filter: Rule = { include: { and: [{ or: [a[5], a[6]] }] }, exclude: { and: [{ or: [a[7]] }] } };
    for (const [region, f] of [
      [undefined, undefined],
      [manifest.regions[1], undefined],
      [undefined, filter],
      [manifest.regions[1], filter],
    ] as const) {
      const [from, to] = region ? [region.start, region.end] : [0, PEOPLE];
      const got = await engine.funnels(rows, { region: region?.key, filter: f });
      for (const [r, row] of rows.entries()) {
        for (const kind of ['matched', 'modeled'] as const) {
          const bits = kind === 'matched' ? matched : modeled;
          const [f5, f6, f7] = [a[5], a[6], a[7]].map((id) => bits.get(id)!);
          const inF = (p: number) => !f || ((f5[p] || f6[p]) && !f7[p]);
          const list = row[kind];
          // A null stage holds no one.
          const stages = list.map((id) => (id ? bits.get(id)! : new Uint8Array(PEOPLE)));
          const want = { raw: list.map(() => 0), deduped: list.map(() => 0), total: 0 };
          for (let p = from; p < to; p++) {
            if (!inF(p)) continue;
            let later = false; // in a stage after the one being looked at
            for (let i = stages.length - 1; i >= 0; i--) {
              if (stages[i][p] !== 1) continue;
              want.raw[i]++;
              if (!later) want.deduped[i]++;
              later = true;
            }
            if (later) want.total++;
          }
          expect(got[r][kind]).toEqual(want);
        }
      }
    }
  });

  it('profiles an audience: share and index of each segment against the population', async () => {
    const a = ids();
    const audience: Rule = { include: { and: [{ or: [a[6]] }] } };
    const r = await engine.profile(audience, [a[0], a[1]]);
    const inA = matched.get(a[6])!;
    const size = count(inA);
    expect(r.audience).toBe(size);
    const both = count(matched.get(a[0])!, (p) => inA[p] === 1);
    expect(r.rows[0].count).toBe(both);
    expect(r.rows[0].share).toBeCloseTo(both / size, 12);
    expect(r.rows[0].index).toBeCloseTo((both / size / (count(matched.get(a[0])!) / PEOPLE)) * 100, 9);
    expect(r.rows[0].segment).toBe(count(matched.get(a[0])!));
  });

  it('names unknown and deleted identifiers instead of counting them', async () => {
    const deleted = manifest.segments.find((s) => s.deleted)?.short_id;
    const bad = ['nope-0001', ...(deleted ? [deleted] : [])];
    const err = await engine.counts([ids()[0], ...bad]).catch((e) => e);
    expect(err).toBeInstanceOf(UnknownSegmentsError);
    expect((err as UnknownSegmentsError).ids).toEqual(bad);
  });
});

describe('worker pool', () => {
  it('gives the same answers as the inline engine, across shards summed from two workers', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'counts-w-')), 'pop');
    try {
      const m = generate(SHARD_SIZE * 2 + 10, 3, dir, 12);
      const ids = m.segments.filter((s) => !s.deleted).map((s) => s.short_id);
      const inline = await CountsEngine.open({ dir, workers: 0 });
      const pool = await CountsEngine.open({ dir, workers: 2 });
      // The same answers with roaring alone (the native kernel switched off), in a region too.
      const plain = await CountsEngine.open({ dir, workers: 2, kernel: false });
      const portable = await CountsEngine.open({ dir, workers: 2, kernel: 'portable' });
      // The setting reaches the worker threads too: DISCOVERY_COUNT_KERNEL=portable.
      const saved = process.env.DISCOVERY_COUNT_KERNEL;
      process.env.DISCOVERY_COUNT_KERNEL = 'portable';
      const bySetting = await CountsEngine.open({ dir, workers: 2 });
      if (saved === undefined) delete process.env.DISCOVERY_COUNT_KERNEL;
      else process.env.DISCOVERY_COUNT_KERNEL = saved;
      try {
        expect([plain, portable, bySetting].map((e) => e.kernel.mode)).toEqual(['roaring', 'portable', 'portable']);
        expect(await pool.counts(ids)).toEqual(await inline.counts(ids));
        const x = ids.slice(0, 3);
        const y = ids.slice(3, 6);
        const markets = [
          { id: 'a', matched: ids.slice(0, 2), modeled: ids.slice(2, 4) },
          { id: 'b', matched: ids.slice(4, 7), modeled: ids.slice(4, 7) },
        ];
        for (const engine of [pool, plain, portable, bySetting]) {
          expect(await engine.overlap(x, y)).toEqual(await inline.overlap(x, y));
          expect(await engine.mekko(markets)).toEqual(await inline.mekko(markets));
          for (const region of m.regions.map((r) => r.key)) {
            expect(await engine.overlap(x, y, { region })).toEqual(await inline.overlap(x, y, { region }));
            expect(await engine.mekko(markets, region)).toEqual(await inline.mekko(markets, region));
          }
        }
        const mem = await pool.memory();
        expect(mem.threads).toBe(2);
        expect(mem.bytes).toBeGreaterThan(0);
        expect(mem.kernel).toMatch(/^native/);
        expect((await bySetting.memory()).kernel).toBe('native (portable C: DISCOVERY_COUNT_KERNEL=portable)');
        expect((await plain.memory()).kernel).toMatch(/^roaring/);
      } finally {
        await inline.close();
        await pool.close();
        await plain.close();
        await portable.close();
        await bySetting.close();
      }
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });

  it('stores exactly the members the generator rule picks, person by person, matched and modeled, for every segment', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'counts-g-')), 'pop');
    try {
      // The files come from the shard-at-a-time fill; the rule here is the person-by-person one.
      const m = generatePopulation({ people: 3000, seed: 5, dir });
      const taxonomy = buildTaxonomy(5);
      const model = new PopulationModel(taxonomy, 5);
      for (const def of taxonomy) {
        const t = model.test(def);
        const read = (kind: string) => {
          const r = new SegmentFileReader(join(dir, kind, `${def.short_id}.bin`));
          const stored = new Set(r.read(0).toUint32Array());
          r.close();
          return stored;
        };
        const matched = read('matched');
        const modeled = read('modeled');
        const wrong: number[] = [];
        for (let p = 0; p < 3000; p++) {
          if (matched.has(p) !== (!def.expired && t.matched(p)) || modeled.has(p) !== (!def.expired && t.modeled(p))) wrong.push(p);
        }
        expect({ id: def.short_id, wrong }).toEqual({ id: def.short_id, wrong: [] });
        expect(m.segments.find((x) => x.short_id === def.short_id)!.matched).toBe(matched.size);
      }
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });

  it('is deterministic per seed', () => {
    const a = join(mkdtempSync(join(tmpdir(), 'counts-d-')), 'pop');
    const b = join(mkdtempSync(join(tmpdir(), 'counts-d-')), 'pop');
    try {
      const ma = generatePopulation({ people: 5_000, seed: 11, dir: a });
      const mb = generatePopulation({ people: 5_000, seed: 11, dir: b });
      expect(ma.segments.map((s) => s.matched)).toEqual(mb.segments.map((s) => s.matched));
      expect(ma.segments.length).toBeGreaterThanOrEqual(300);
      expect(new Set(ma.vendors.map((v) => v.vendor_name)).size).toBeGreaterThanOrEqual(4);
      expect(ma.segments.filter((s) => s.expired).every((s) => s.matched === 0)).toBe(true);
      expect(ma.segments.some((s) => s.deleted)).toBe(true);
    } finally {
      rmSync(join(a, '..'), { recursive: true, force: true });
      rmSync(join(b, '..'), { recursive: true, force: true });
    }
  });

  it('writes the same population on three threads as on one', async () => {
    const a = join(mkdtempSync(join(tmpdir(), 'counts-p-')), 'pop');
    const b = join(mkdtempSync(join(tmpdir(), 'counts-p-')), 'pop');
    try {
      const one = generatePopulation({ people: 4_000, seed: 3, dir: a, maxSegments: 25 });
      const three = await generatePopulationParallel({ people: 4_000, seed: 3, dir: b, maxSegments: 25, workers: 3 });
      expect(three.segments).toEqual(one.segments);
      expect(three.regions).toEqual(one.regions);
      for (const s of one.segments) {
        for (const kind of ['matched', 'modeled']) {
          expect(readFileSync(join(b, kind, `${s.short_id}.bin`)).equals(readFileSync(join(a, kind, `${s.short_id}.bin`)))).toBe(true);
        }
      }
    } finally {
      rmSync(join(a, '..'), { recursive: true, force: true });
      rmSync(join(b, '..'), { recursive: true, force: true });
    }
  });
});

describe('count workers that die (issue 12)', () => {
  let dir: string;
  let ids: string[];
  let inline: CountsEngine;
  beforeAll(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'counts-crash-')), 'pop');
    // Two shards: two workers, each with its own shard.
    const m = generate(SHARD_SIZE + 5000, 4, dir, 12);
    ids = m.segments.filter((s) => !s.deleted).map((s) => s.short_id);
    inline = await CountsEngine.open({ dir, workers: 0 });
  });
  afterAll(async () => {
    await inline.close();
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it.each([
    ['process.exit', 'exit', /it exited with code 70/],
    ['an error thrown outside a task', 'throw', /it failed: injected fault: an error outside any task/],
    ['running out of memory', 'oom', /it ran out of memory/],
  ] as const)(
    'a worker dying mid-request by %s: that call fails once with the 503 error at once, the next runs on a new worker',
    async (_how, how, reason) => {
      const e = await CountsEngine.open({ dir, workers: 2, fault: { worker: 0, on: 'overlap', how } });
      try {
        const x = ids.slice(0, 4);
        const y = ids.slice(4, 8);
        // No request timeout exists in the pool: the reason in the message can only come from the
        // worker's exit being noticed, and a call that waited on the dead worker fails the test by its timeout.
        const err = await e.overlap(x, y).catch((x: unknown) => x);
        expect(err).toBeInstanceOf(CountsUnavailableError);
        expect((err as CountsUnavailableError).status).toBe(503);
        expect((err as Error).message).toMatch(reason);
        expect((err as Error).message).toMatch(/it has been replaced\. Please try again\.$/);
        // the replacement answers, with the same numbers as the inline engine
        expect(await e.overlap(x, y)).toEqual(await inline.overlap(x, y));
        expect(await e.mekko([{ id: 'm', matched: x, modeled: y }])).toEqual(await inline.mekko([{ id: 'm', matched: x, modeled: y }]));
        expect(e.health()).toEqual({ restarts: 1, failure: null });
      } finally {
        await e.close();
      }
    },
    30_000,
  );

  it('a worker that keeps dying before answering anything: the slot is failed with the reason, calls get the 503 error, none hangs', async () => {
    const script = join(dir, '..', 'broken-worker.cjs');
    writeFileSync(script, "throw new Error('cannot read the population');\n");
    const e = await CountsEngine.open({ dir, workers: 2, workerScript: script });
    try {
      const first = await e.counts(ids.slice(0, 2), { region: 'acme/us' }).catch((x: unknown) => x);
      expect(first).toBeInstanceOf(CountsUnavailableError);
      const t0 = Date.now();
      while (!e.health().failure && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 20));
      expect(e.health().failure).toBe('count workers stopped 3 times in a row, last because it failed: cannot read the population');
      const later = await e.counts(ids.slice(0, 2), { region: 'acme/us' }).catch((x: unknown) => x);
      expect((later as Error).message).toBe(
        'Audience counts are unavailable: count workers stopped 3 times in a row, last because it failed: cannot read the population.',
      );
    } finally {
      await e.close();
    }
  });
});

describe('a population that cannot be loaded is failed, with its reason (issue 12)', () => {
  let source: string;
  beforeAll(() => {
    source = join(mkdtempSync(join(tmpdir(), 'counts-bad-')), 'pop');
    generatePopulation({ people: 3000, seed: 6, dir: source, maxSegments: 10 });
  });
  afterAll(() => rmSync(join(source, '..'), { recursive: true, force: true }));

  const copy = () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'counts-bad-')), 'pop');
    cpSync(source, dir, { recursive: true });
    return dir;
  };

  it.each([
    [
      'a truncated segment file',
      (d: string) => truncateSync(join(d, 'matched', 'dmx-0003.bin'), 40),
      'matched/dmx-0003.bin is not a segment file (no end marker: truncated or overwritten)',
    ],
    ['a missing segment file', (d: string) => rmSync(join(d, 'modeled', 'dmx-0005.bin')), 'modeled/dmx-0005.bin is missing (ENOENT)'],
    [
      'a segment file with bytes missing in the middle',
      (d: string) => {
        const f = join(d, 'matched', 'dmx-0001.bin');
        const b = readFileSync(f);
        writeFileSync(f, Buffer.concat([b.subarray(0, 10), b.subarray(20)]));
      },
      /matched\/dmx-0001\.bin is \d+ bytes, its footer says \d+/,
    ],
    ['a manifest that is not JSON', (d: string) => writeFileSync(join(d, MANIFEST_FILE), '{"version": 1, "segm'), /manifest\.json: .*JSON/],
    ['a manifest of something else', (d: string) => writeFileSync(join(d, MANIFEST_FILE), '{"version": 2}'), 'not a population manifest'],
  ])('%s: state failed, the reason names the file, no engine', async (_what, damage, reason) => {
    const dir = copy();
    try {
      damage(dir);
      const p = new Population({ dir, people: 3000, seed: 6, workers: 0 });
      await expect(p.whenReady()).rejects.toBeInstanceOf(PopulationLoadError);
      const s = p.status();
      expect(s.state).toBe('failed');
      if (typeof reason === 'string') expect(s.error).toContain(reason);
      else expect(s.error).toMatch(reason);
      expect(p.current()).toBeNull();
      await p.close();
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });

  it('a demo population made by an older generator is made again at start; its data then adds up to the new rules', async () => {
    const dir = copy();
    try {
      const m = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
      delete m.generator; // as the generator before demo data that adds up wrote it
      writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(m));
      const logs: string[] = [];
      const p = new Population({ dir, people: 3000, seed: 6, workers: 0, log: (l) => logs.push(l) });
      const e = await p.whenReady();
      expect(logs.some((l) => l.includes('older generator'))).toBe(true);
      expect(JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')).generator).toBe(GENERATOR_VERSION);
      expect(e.people).toBe(3000);
      await p.close();
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });

  it('a generation error: state failed with the reason', async () => {
    const file = join(source, '..', 'not-a-folder');
    writeFileSync(file, 'x');
    const p = new Population({ dir: join(file, 'pop'), people: 1000, seed: 1, workers: 0 });
    await expect(p.whenReady()).rejects.toThrow(/generating it failed: .*ENOTDIR/);
    expect(p.status()).toMatchObject({ state: 'failed', error: expect.stringMatching(/^generating it failed: .*ENOTDIR/) });
  });
});
