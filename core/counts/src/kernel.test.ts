import { kernelStatus, loadKernel } from './kernel';
import { RoaringBitmap32 } from './roaring';

/** Bitmaps of one shard (ids < 2^20) with every container kind: empty, array, bitmap and run. */
function shardBitmaps(seed: number): RoaringBitmap32[] {
  let s = seed;
  const r = () => ((s = (s * 1103515245 + 12345) >>> 0) / 4294967296);
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

describe('native count kernel', () => {
  const kernel = loadKernel();

  it('is built by npm install and loaded (the engine would fall back to roaring otherwise)', () => {
    expect(kernelStatus()).toMatch(/^native/);
    expect(kernel).not.toBeNull();
  });

  it.each([1, 2, 3])('overlap equals roaring andCardinality for every pair of container kinds (seed %i)', (seed) => {
    const bs = shardBitmaps(seed);
    const xs = bs.slice(0, 12);
    const ys = bs.slice(2).reverse().slice(0, 12);
    const out = new Float64Array(xs.length + ys.length + xs.length * ys.length);
    kernel!.overlap(xs.map(bytes), ys.map(bytes), out);
    expect(Array.from(out.subarray(0, xs.length))).toEqual(xs.map((b) => b.size));
    expect(Array.from(out.subarray(xs.length, xs.length + ys.length))).toEqual(ys.map((b) => b.size));
    expect(Array.from(out.subarray(xs.length + ys.length))).toEqual(xs.flatMap((a) => ys.map((b) => a.andCardinality(b))));
    // it adds into out: a second call doubles every figure
    kernel!.overlap(xs.map(bytes), ys.map(bytes), out);
    expect(out[xs.length + ys.length + 5]).toBe(2 * xs[0].andCardinality(ys[5]));
  });

  it.each([4, 5])('mekko equals roaring unions per market and over all markets (seed %i)', (seed) => {
    const bs = shardBitmaps(seed);
    const modeled = shardBitmaps(seed + 10);
    const markets = [[1, 2, 3], [4, 9], [], [10, 12, 13, 0], [11]];
    const out = new Float64Array(2 + 2 * markets.length);
    kernel!.mekko(
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
    expect(() => kernel!.overlap([Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9])], [Buffer.alloc(0)], out)).toThrow(/portable roaring/);
    const beyond = new RoaringBitmap32([5 << 20]);
    expect(() => kernel!.overlap([bytes(beyond)], [Buffer.alloc(0)], out)).toThrow(/portable roaring/);
    expect(() => kernel!.overlap([Buffer.alloc(0)], [Buffer.alloc(0)], new Float64Array(1))).toThrow(/Float64Array/);
    const truncated = Buffer.from(bytes(shardBitmaps(1)[9]).subarray(0, 100));
    expect(() => kernel!.overlap([truncated], [Buffer.alloc(0)], out)).toThrow(/portable roaring/);
  });
});
