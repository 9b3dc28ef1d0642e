import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseKernel, kernelStatus, loadKernel, type KernelFilter, type KernelFunctions } from './kernel';
import { RoaringBitmap32 } from './roaring';
import { allOf, anyOf, inAll, range, without, type People } from './testing/people';

const PACKAGE = join(__dirname, '..');

/** Whether this CPU has AVX-512 VPOPCNTDQ, read from the kernel's view of the world: /proc/cpuinfo. */
function cpuHasVpopcnt(): boolean {
  if (process.arch !== 'x64' || !existsSync('/proc/cpuinfo')) return false;
  const flags =
    readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('flags')) ?? '';
  return / avx512f( |$)/.test(flags) && / avx512_vpopcntdq( |$)/.test(flags);
}

/** Members of a shard bitmap, person by person: the brute-force reference. */
function dense(b: RoaringBitmap32): Uint8Array {
  const out = new Uint8Array(1 << 20);
  for (const v of b.toUint32Array()) out[v] = 1;
  return out;
}

const madeBitmaps = new Map<number, RoaringBitmap32[]>();
/**
 * Bitmaps of one shard (ids < 2^20) with every container kind: empty, array, bitmap and run. Made
 * once per seed (a fresh array of the same bitmaps, which no test changes): drawing them took a
 * fifth of this suite's time.
 */
function shardBitmaps(seed: number): RoaringBitmap32[] {
  if (!madeBitmaps.has(seed)) madeBitmaps.set(seed, makeShardBitmaps(seed));
  return [...madeBitmaps.get(seed)!];
}
function makeShardBitmaps(seed: number): RoaringBitmap32[] {
  let s = seed;
  const r = () => (s = (s * 1103515245 + 12345) >>> 0) / 4294967296;
  const out: RoaringBitmap32[] = [new RoaringBitmap32()];
  // densities from a handful of people to most of the shard, some only in a few keys
  for (const density of [0.00001, 0.001, 0.003, 0.004, 0.02, 0.05, 0.06, 0.07, 0.2, 0.5, 0.9]) {
    const b = new RoaringBitmap32();
    const keys = r() < 0.3 ? [Math.floor(r() * 16)] : Array.from({ length: 16 }, (_, k) => k);
    for (const k of keys) for (let v = 0; v < 65536; v++) if (r() < density) b.add(k * 65536 + v);
    out.push(b);
  }
  // runs: long stretches, which runOptimize stores as run containers
  const runs = new RoaringBitmap32();
  runs.addRange(1000, 70000);
  runs.addRange(300000, 300001);
  runs.addRange(1048000, 1048576);
  runs.runOptimize();
  out.push(runs);
  // 0 and the shard's last id, the edges of a shard
  out.push(new RoaringBitmap32([0, 65535, 65536, 1048575]));
  return out;
}

const bytes = (b: RoaringBitmap32): Buffer => (b.isEmpty ? Buffer.alloc(0) : Buffer.from(b.serialize('portable')));

const built = loadKernel();
/** Both paths of the built kernel: the best this CPU runs (AVX-512 here when it has it) and plain C. */
const PATHS: [string, KernelFunctions][] = built
  ? [
      [built.avx512 ? 'AVX-512' : 'best (portable C on this CPU)', built],
      ['portable C', built.portable],
    ]
  : [];

describe('native count kernel', () => {
  it('is built by npm install and loaded (the engine would fall back to roaring otherwise)', () => {
    expect(kernelStatus()).toMatch(/^native/);
    expect(built).not.toBeNull();
  });

  it('takes the AVX-512 path exactly when this CPU has AVX-512 VPOPCNTDQ; the portable path never', () => {
    expect(built!.avx512).toBe(cpuHasVpopcnt());
    expect(built!.portable.avx512).toBe(false);
    expect(built!.build).toBe(process.arch === 'x64' || process.arch === 'ia32' ? 'x86' : 'portable-only');
    expect(chooseKernel().mode).toBe(cpuHasVpopcnt() ? 'avx512' : 'portable');
    expect(chooseKernel().status).toBe(cpuHasVpopcnt() ? 'native (AVX-512)' : 'native (portable C: this CPU has no AVX-512 VPOPCNTDQ)');
  });

  it('gives the same overlap and mekko on the AVX-512 path, the portable C path and person by person', () => {
    const xs = shardBitmaps(7);
    const ys = shardBitmaps(8).reverse();
    const dx = xs.map(dense);
    const dy = ys.map(dense);
    const brute = dx.flatMap((a) => dy.map((b) => inAll(a, b)));
    const answers = PATHS.map(([, k]) => {
      const out = new Float64Array(xs.length + ys.length + xs.length * ys.length);
      k.overlap(xs.map(bytes), ys.map(bytes), out);
      return Array.from(out.subarray(xs.length + ys.length));
    });
    for (const a of answers) expect(a).toEqual(brute);
    const markets = [[0, 3, 5], [9, 10], [12]];
    const mekkos = PATHS.map(([, k]) => {
      const out = new Float64Array(2 + 2 * markets.length);
      k.mekko(
        markets.map((m) => m.map((i) => bytes(xs[i]))),
        markets.map((m) => m.map((i) => bytes(ys[i]))),
        out,
      );
      return Array.from(out);
    });
    const unionCount = (list: Uint8Array[]) => inAll(anyOf(1 << 20, list));
    const bruteMekko = [
      unionCount(markets.flat().map((i) => dx[i])),
      unionCount(markets.flat().map((i) => dy[i])),
      ...markets.flatMap((m) => [unionCount(m.map((i) => dx[i])), unionCount(m.map((i) => dy[i]))]),
    ];
    for (const m of mekkos) expect(m).toEqual(bruteMekko);
  });

  describe.each(PATHS)('%s path', (_name, kernel) => {
    it.each([1, 2, 3])('overlap equals roaring andCardinality for every pair of container kinds (seed %i)', (seed) => {
      const bs = shardBitmaps(seed);
      const xs = bs.slice(0, 12);
      const ys = bs.slice(2).reverse().slice(0, 12);
      const out = new Float64Array(xs.length + ys.length + xs.length * ys.length);
      kernel.overlap(xs.map(bytes), ys.map(bytes), out);
      expect(Array.from(out.subarray(0, xs.length))).toEqual(xs.map((b) => b.size));
      expect(Array.from(out.subarray(xs.length, xs.length + ys.length))).toEqual(ys.map((b) => b.size));
      expect(Array.from(out.subarray(xs.length + ys.length))).toEqual(xs.flatMap((a) => ys.map((b) => a.andCardinality(b))));
      // it adds into out: a second call doubles every figure
      kernel.overlap(xs.map(bytes), ys.map(bytes), out);
      expect(out[xs.length + ys.length + 5]).toBe(2 * xs[0].andCardinality(ys[5]));
    });

    it.each([4, 5])('mekko equals roaring unions per market and over all markets (seed %i)', (seed) => {
      const bs = shardBitmaps(seed);
      const modeled = shardBitmaps(seed + 10);
      const markets = [[1, 2, 3], [4, 9], [], [10, 12, 13, 0], [11]];
      const out = new Float64Array(2 + 2 * markets.length);
      kernel.mekko(
        markets.map((m) => m.map((i) => bytes(bs[i]))),
        markets.map((m) => m.map((i) => bytes(modeled[i]))),
        out,
      );
      const union = (list: RoaringBitmap32[]) => (list.length ? RoaringBitmap32.orMany(list).size : 0);
      expect(out[0]).toBe(union(markets.flat().map((i) => bs[i])));
      expect(out[1]).toBe(union(markets.flat().map((i) => modeled[i])));
      markets.forEach((m, k) => {
        expect(out[2 + 2 * k]).toBe(union(m.map((i) => bs[i])));
        expect(out[3 + 2 * k]).toBe(union(m.map((i) => modeled[i])));
      });
    });

    it('refuses what is not one shard of portable roaring bytes with an error, not a crash', () => {
      const out = new Float64Array(3);
      expect(() => kernel.overlap([Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9])], [Buffer.alloc(0)], out)).toThrow(/portable roaring/);
      const beyond = new RoaringBitmap32([5 << 20]);
      expect(() => kernel.overlap([bytes(beyond)], [Buffer.alloc(0)], out)).toThrow(/portable roaring/);
      expect(() => kernel.overlap([Buffer.alloc(0)], [Buffer.alloc(0)], new Float64Array(1))).toThrow(/Float64Array/);
      const truncated = Buffer.from(bytes(shardBitmaps(1)[9]).subarray(0, 100));
      expect(() => kernel.overlap([truncated], [Buffer.alloc(0)], out)).toThrow(/portable roaring/);
    });
  });
});

/** A seeded random shard: each key empty, a short array, a long array, a bitmap or runs, at random. */
function randomShard(r: () => number): RoaringBitmap32 {
  const b = new RoaringBitmap32();
  for (let k = 0; k < 16; k++) {
    const base = k * 65536;
    const kind = Math.floor(r() * 6);
    if (kind === 0) continue; // empty key
    if (kind === 1 || kind === 2) {
      const n = kind === 1 ? 1 + Math.floor(r() * 64) : 65 + Math.floor(r() * 4000);
      for (let i = 0; i < n; i++) b.add(base + Math.floor(r() * 65536));
    } else if (kind === 3) {
      const density = 0.07 + r() * 0.9;
      for (let v = 0; v < 65536; v++) if (r() < density) b.add(base + v);
    } else {
      // runs: a few stretches, some crossing 64-id words and touching the key's ends
      const runs = 1 + Math.floor(r() * 6);
      for (let i = 0; i < runs; i++) {
        const start = r() < 0.15 ? 0 : Math.floor(r() * 65536);
        const end = r() < 0.15 ? 65536 : Math.min(65536, start + 1 + Math.floor(r() * 9000));
        b.addRange(base + start, base + end);
      }
      if (kind === 5) for (let i = 0; i < 30; i++) b.add(base + Math.floor(r() * 65536));
    }
  }
  b.runOptimize();
  return b;
}

/** A random filter over a pool of bitmaps: include and exclude groups of OR lists, and the shard's people. */
interface RandomFilter {
  include: number[][];
  exclude: number[][];
  people: number;
}
function randomFilter(r: () => number, pool: number): RandomFilter {
  const groups = (max: number) =>
    Array.from({ length: Math.floor(r() * (max + 1)) }, () => Array.from({ length: 1 + Math.floor(r() * 3) }, () => Math.floor(r() * pool)));
  const people = [1 << 20, 1 << 20, 1 + Math.floor(r() * (1 << 20)), 65536 * 3, 65536 * 5 + 63, 0][Math.floor(r() * 6)];
  return { include: groups(3), exclude: groups(2), people };
}

describe('native count kernel within a filter audience (issue 33 §5): random populations and filters against brute force', () => {
  /** Person by person: in the shard's people, in every include group, and not in every exclude group. */
  const bruteFilter = (f: RandomFilter, pool: Uint8Array[]): People => {
    const group = (g: number[]) =>
      anyOf(
        1 << 20,
        g.map((i) => pool[i]),
      );
    const m = allOf([range(1 << 20, 0, f.people), ...f.include.map(group)]);
    return f.exclude.length ? without(m, allOf(f.exclude.map(group))) : m;
  };
  const count = (...ds: (Uint8Array | People)[]) => inAll(...ds);
  const unionWithin = (list: Uint8Array[], f: People) => inAll(f, anyOf(1 << 20, list));
  const asKernel = (f: RandomFilter, pool: RoaringBitmap32[]): KernelFilter => [
    f.include.map((g) => g.map((i) => bytes(pool[i]))),
    f.exclude.map((g) => g.map((i) => bytes(pool[i]))),
    f.people,
  ];

  it.each([11, 12, 13, 14])(
    'overlap, mekko and counts within a random filter, and mekko without one, equal person-by-person counts on every path (seed %i)',
    (seed) => {
      let st = seed * 7777 + 1;
      const r = () => (st = (st * 1103515245 + 12345) >>> 0) / 4294967296;
      const pool = [...Array.from({ length: 10 }, () => randomShard(r)), new RoaringBitmap32(), ...shardBitmaps(seed).slice(1, 6)];
      const dpool = pool.map(dense);
      const xs = [0, 1, 2, 10, 11, 12].map((i) => pool[i]);
      const ys = [3, 4, 5, 13, 14].map((i) => pool[i]);
      const dx = xs.map(dense);
      const dy = ys.map(dense);
      const markets = [[0, 1], [2, 3, 4], [], [10, 15, 6], [7]];
      const modeledMarkets = [[5], [6, 7], [8, 9, 1], [], [11, 12]];
      // Without a filter too: each key's first container of a market may be of any kind.
      const everyone = range(1 << 20, 0, 1 << 20);
      const unions = (ms: number[][]) =>
        ms.map((m) =>
          unionWithin(
            m.map((i) => dpool[i]),
            everyone,
          ),
        );
      const plainMekko = [...unions([markets.flat(), modeledMarkets.flat()]), ...unions(markets).flatMap((u, k) => [u, unions([modeledMarkets[k]])[0]])];
      for (const [name, kernel] of PATHS) {
        const out = new Float64Array(2 + 2 * markets.length);
        kernel.mekko(
          markets.map((m) => m.map((i) => bytes(pool[i]))),
          modeledMarkets.map((m) => m.map((i) => bytes(pool[i]))),
          out,
        );
        expect({ name, mekko: Array.from(out) }).toEqual({ name, mekko: plainMekko });
      }
      let narrowing = 0;
      for (let trial = 0; trial < 3; trial++) {
        const f = randomFilter(r, pool.length);
        const df = bruteFilter(f, dpool);
        if (count(df) > 0 && count(df) < f.people) narrowing++;
        const brute = [count(df), ...dx.map((d) => count(d, df)), ...dy.map((d) => count(d, df)), ...dx.flatMap((a) => dy.map((b) => count(a, b, df)))];
        // the modeled side of a mekko has its own filter, evaluated on other bitmaps
        const f2 = randomFilter(r, pool.length);
        const df2 = bruteFilter(f2, dpool);
        const bruteMekko = [
          unionWithin(
            markets.flat().map((i) => dpool[i]),
            df,
          ),
          unionWithin(
            modeledMarkets.flat().map((i) => dpool[i]),
            df2,
          ),
          ...markets.flatMap((m, k) => [
            unionWithin(
              m.map((i) => dpool[i]),
              df,
            ),
            unionWithin(
              modeledMarkets[k].map((i) => dpool[i]),
              df2,
            ),
          ]),
        ];
        const bruteIds = [...markets.flat().map((i) => count(dpool[i], df)), ...modeledMarkets.flat().map((i) => count(dpool[i], df2))];
        for (const [name, kernel] of PATHS) {
          const out = new Float64Array(1 + xs.length + ys.length + xs.length * ys.length);
          kernel.overlapWithin(xs.map(bytes), ys.map(bytes), asKernel(f, pool), out);
          expect({ name, trial, overlap: Array.from(out) }).toEqual({ name, trial, overlap: brute });
          const mk = new Float64Array(2 + 2 * markets.length);
          const ids = new Float64Array(bruteIds.length);
          kernel.mekkoWithin(
            markets.map((m) => m.map((i) => bytes(pool[i]))),
            modeledMarkets.map((m) => m.map((i) => bytes(pool[i]))),
            [asKernel(f, pool), asKernel(f2, pool)],
            mk,
            ids,
          );
          expect({ name, trial, mekko: Array.from(mk), ids: Array.from(ids) }).toEqual({ name, trial, mekko: bruteMekko, ids: bruteIds });
          const counts = new Float64Array(1 + pool.length);
          kernel.countsWithin(pool.map(bytes), asKernel(f, pool), counts);
          expect({ name, trial, counts: Array.from(counts) }).toEqual({ name, trial, counts: [count(df), ...dpool.map((d) => count(d, df))] });
        }
      }
      // the seeds draw filters that keep some people of the shard and leave others out
      expect(narrowing).toBeGreaterThan(0);
    },
  );

  describe.each(PATHS)('%s path', (_name, kernel) => {
    it('a filter of everyone is no filter: the same cells as overlap and the same unions as mekko (issue 33 §5)', () => {
      const bs = shardBitmaps(21);
      const xs = bs.slice(0, 8).map(bytes);
      const ys = bs.slice(6).map(bytes);
      const plain = new Float64Array(xs.length + ys.length + xs.length * ys.length);
      kernel.overlap(xs, ys, plain);
      const within = new Float64Array(1 + plain.length);
      kernel.overlapWithin(xs, ys, [[], [], 1 << 20], within);
      expect(within[0]).toBe(1 << 20);
      expect(Array.from(within.subarray(1))).toEqual(Array.from(plain));
      const markets = [xs.slice(0, 3), xs.slice(3)];
      const mk = new Float64Array(6);
      kernel.mekko(markets, markets, mk);
      const mw = new Float64Array(6);
      kernel.mekkoWithin(
        markets,
        markets,
        [
          [[], [], 1 << 20],
          [[], [], 1 << 20],
        ],
        mw,
        new Float64Array(2 * xs.length),
      );
      expect(Array.from(mw)).toEqual(Array.from(mk));
    });

    it('refuses a malformed filter with an error, not a crash (issue 33 §5)', () => {
      const b = bytes(shardBitmaps(3)[5]);
      const out = new Float64Array(4);
      const bad = [
        [[[]], [], 10],
        [[], [[]], 10],
        [[], [], -1],
        [[], [], 2 ** 21],
        [[], []],
        [[[b]], [], 'x'],
        [[Array.from({ length: 65 }, () => [b])], [], 10],
      ];
      for (const f of bad) expect(() => kernel.overlapWithin([b], [b], f as unknown as KernelFilter, out)).toThrow(/filter/);
      expect(() => kernel.overlapWithin([b], [b], [[[Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9])]], [], 10], out)).toThrow(/portable roaring/);
      expect(() => kernel.overlapWithin([b], [b], [[], [], 10], new Float64Array(3))).toThrow(/Float64Array/);
      expect(() => kernel.countsWithin([b, b], [[], [], 10], new Float64Array(2))).toThrow(/Float64Array/);
      expect(() =>
        kernel.mekkoWithin(
          [[b]],
          [[b]],
          [
            [[], [], 10],
            [[], [], 10],
          ],
          new Float64Array(4),
          new Float64Array(1),
        ),
      ).toThrow(/ids/);
      expect(() =>
        kernel.mekkoWithin([[b]], [[b]], [[[], [], 10]] as unknown as [KernelFilter, KernelFilter], new Float64Array(4), new Float64Array(2)),
      ).toThrow(/mekkoWithin/);
    });
  });
});

describe('kernel setting (DISCOVERY_COUNT_KERNEL) and what the status says', () => {
  const saved = process.env.DISCOVERY_COUNT_KERNEL;
  afterEach(() => {
    if (saved === undefined) delete process.env.DISCOVERY_COUNT_KERNEL;
    else process.env.DISCOVERY_COUNT_KERNEL = saved;
  });

  it.each([
    ['portable', 'portable', 'native (portable C: DISCOVERY_COUNT_KERNEL=portable)'],
    ['off', 'roaring', 'roaring (DISCOVERY_COUNT_KERNEL=off)'],
    ['auto', cpuHasVpopcnt() ? 'avx512' : 'portable', cpuHasVpopcnt() ? 'native (AVX-512)' : 'native (portable C: this CPU has no AVX-512 VPOPCNTDQ)'],
  ])('%s: mode %s, status %s', (value, mode, status) => {
    process.env.DISCOVERY_COUNT_KERNEL = value;
    expect(chooseKernel()).toMatchObject({ mode, status });
    expect(kernelStatus()).toBe(status);
    if (mode === 'portable') expect(chooseKernel().kernel).toBe(built!.portable);
    if (mode === 'roaring') expect(chooseKernel().kernel).toBeNull();
  });

  it('a kernel that is not built: roaring, and the status says so and how to build it', () => {
    process.env.DISCOVERY_COUNT_KERNEL = '/nowhere/count_kernel.node';
    expect(chooseKernel()).toMatchObject({
      mode: 'roaring',
      kernel: null,
      status: 'roaring (native kernel not built (/nowhere/count_kernel.node); run npm rebuild @discovery/counts)',
    });
  });

  it('an engine may ask for the portable path or roaring whatever the setting', () => {
    expect(chooseKernel('portable')).toMatchObject({ mode: 'portable', status: 'native (portable C: asked for by this engine)' });
    expect(chooseKernel(false)).toMatchObject({ mode: 'roaring', kernel: null });
  });

  it('refuses an unknown setting with a message naming the choices (the engine does not open on a guess)', () => {
    process.env.DISCOVERY_COUNT_KERNEL = 'fast';
    expect(() => chooseKernel()).toThrow('DISCOVERY_COUNT_KERNEL=fast is not one of auto, portable, off or a path to count_kernel.node');
    expect(kernelStatus()).toMatch(/^roaring \(DISCOVERY_COUNT_KERNEL=fast is not one of/);
  });
});

describe('the kernel builds everywhere or steps aside', () => {
  it('compiles without its x86 parts: for aarch64 with the cross compiler, and with -DKERNEL_PORTABLE_ONLY here (native/check-portable.sh)', () => {
    // CI installs gcc-aarch64-linux-gnu (.ci/run) and requires the cross compile; elsewhere it runs when installed.
    const args = [join(PACKAGE, 'native', 'check-portable.sh'), ...(process.env.CI ? ['--require-cross'] : [])];
    const out = execFileSync('sh', args, { encoding: 'utf8' });
    expect(out).toContain('kernel.c: portable-only build compiles');
    const cross = spawnSync('sh', ['-c', 'command -v aarch64-linux-gnu-gcc']).status === 0;
    if (cross || process.env.CI) expect(out).toContain('kernel.c: compiles for aarch64');
  });

  it('a failed native build does not fail npm install: the install script warns, exits 0 and records why', () => {
    const root = mkdtempSync(join(tmpdir(), 'counts-kernel-'));
    try {
      const failing = join(root, 'gyp-fails.js');
      writeFileSync(failing, "process.stderr.write('gyp ERR! build error\\n'); process.exit(1);");
      const r = spawnSync(process.execPath, [join(PACKAGE, 'scripts', 'build-kernel.cjs'), root], {
        env: { ...process.env, npm_config_node_gyp: failing },
        encoding: 'utf8',
      });
      expect(r.status).toBe(0);
      expect(r.stderr).toContain('WARNING @discovery/counts: the native count kernel was not built (node-gyp exited with 1)');
      expect(r.stderr).toContain('the count engine runs on roaring');
      expect(JSON.parse(readFileSync(join(root, 'build', 'kernel-build.json'), 'utf8'))).toMatchObject({ reason: 'node-gyp exited with 1' });
      // a later build that works removes the record
      const passing = join(root, 'gyp-passes.js');
      writeFileSync(passing, 'process.exit(0);');
      const ok = spawnSync(process.execPath, [join(PACKAGE, 'scripts', 'build-kernel.cjs'), root], {
        env: { ...process.env, npm_config_node_gyp: passing },
        encoding: 'utf8',
      });
      expect(ok.status).toBe(0);
      expect(ok.stderr).not.toContain('WARNING');
      expect(existsSync(join(root, 'build', 'kernel-build.json'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
