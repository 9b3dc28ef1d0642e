import { join } from 'node:path';
import { RoaringBitmap32 } from './roaring';
import type { Manifest } from './manifest';
import { chooseKernel, type KernelFunctions, type KernelOption } from './kernel';
import { addPartials, runOnShard, type Op, type Partial, type ShardView } from './ops';
import { SegmentFileReader, SHARD_SIZE, toBitmap, type MembershipKind } from './storage';

/**
 * Segment bitmaps of one thread, loaded lazily: a segment file is opened on first use and each
 * shard's bitmap read (positional read) the first time an operation needs it, then kept.
 */
export class ShardStore {
  private readers = new Map<string, SegmentFileReader>();
  private cache = new Map<string, RoaringBitmap32>();
  private raw = new Map<string, Buffer>();
  private universes = new Map<string, RoaringBitmap32>();
  private bytes = 0;
  private readonly kernel: KernelFunctions | null;

  constructor(
    private readonly dir: string,
    private readonly manifest: Manifest,
    opts: { kernel?: KernelOption } = {},
  ) {
    this.kernel = chooseKernel(opts.kernel).kernel;
  }

  private reader(kind: MembershipKind, id: string): SegmentFileReader {
    const key = `${kind}/${id}`;
    let r = this.readers.get(key);
    if (!r) {
      r = new SegmentFileReader(join(this.dir, kind, `${id}.bin`));
      this.readers.set(key, r);
    }
    return r;
  }

  /** A shard's portable bytes, read once: what the native kernel works on. */
  portable(kind: MembershipKind, id: string, shard: number): Buffer {
    const key = `${kind}/${id}/${shard}`;
    let b = this.raw.get(key);
    if (!b) {
      b = this.reader(kind, id).readBytes(shard);
      this.bytes += b.length;
      this.raw.set(key, b);
    }
    return b;
  }

  bitmap(kind: MembershipKind, id: string, shard: number): RoaringBitmap32 {
    const key = `${kind}/${id}/${shard}`;
    let b = this.cache.get(key);
    if (!b) {
      // Kept bytes (the kernel read them first) are not read again; otherwise straight from the file.
      b = toBitmap(this.raw.get(key) ?? this.reader(kind, id).readBytes(shard));
      this.bytes += b.getSerializationSizeInBytes('portable');
      this.cache.set(key, b);
    }
    return b;
  }

  universe(shard: number, region?: string): RoaringBitmap32 {
    const key = `${region ?? '*'}/${shard}`;
    let u = this.universes.get(key);
    if (!u) {
      const base = shard * SHARD_SIZE;
      let lo = base;
      let hi = Math.min(base + SHARD_SIZE, this.manifest.people);
      if (region) {
        const slice = this.manifest.regions.find((r) => r.key === region);
        if (!slice) throw new Error(`unknown region '${region}'`);
        lo = Math.max(lo, slice.start);
        hi = Math.min(hi, slice.end);
      }
      u = new RoaringBitmap32();
      if (hi > lo) u.addRange(lo - base, hi - base);
      this.universes.set(key, u);
    }
    return u;
  }

  /** Whether the region (if any) holds every person of the shard. */
  whole(shard: number, region?: string): boolean {
    if (!region) return true;
    const slice = this.manifest.regions.find((r) => r.key === region);
    if (!slice) throw new Error(`unknown region '${region}'`);
    const base = shard * SHARD_SIZE;
    return slice.start <= base && slice.end >= Math.min(base + SHARD_SIZE, this.manifest.people);
  }

  view(shard: number, region?: string): ShardView {
    return {
      bitmap: (kind, id) => this.bitmap(kind, id, shard),
      portable: (kind, id) => this.portable(kind, id, shard),
      universe: () => this.universe(shard, region),
      kernel: this.kernel,
      whole: this.whole(shard, region),
    };
  }

  /** Runs an operation over these shards and sums the partial results. */
  run(op: Op, shards: number[]): Partial | null {
    let out: Partial | null = null;
    for (const s of shards) out = addPartials(out, runOnShard(this.view(s, op.region), op));
    return out;
  }

  memory(): { bitmaps: number; bytes: number } {
    return { bitmaps: this.cache.size + this.raw.size, bytes: this.bytes };
  }

  close(): void {
    for (const r of this.readers.values()) r.close();
    this.readers.clear();
    this.cache.clear();
    this.raw.clear();
  }
}
