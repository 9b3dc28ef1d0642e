import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RoaringBitmap32 } from './roaring';
import * as hash from './hash';
import { GENERATOR_VERSION, MANIFEST_FILE, type Manifest, type RegionSlice, type SegmentEntry } from './manifest';
import { SegmentFileWriter, SHARD_BITS, SHARD_SIZE } from './storage';
import { buildTaxonomy, displayPath, marginalWeights, PARTITIONS, VENDORS, type PartitionKey, type SegmentDef, type Skew } from './taxonomy';

export interface GenerateOptions {
  people: number;
  seed: number;
  dir: string;
  /** Hierarchy regions ('client/region'); each gets a contiguous slice of the population. */
  regions?: string[];
  onProgress?: (done: number, total: number) => void;
  /** Only the first N segments of the taxonomy (small test populations). */
  maxSegments?: number;
}

/**
 * The hash draw, bound once: called through the module object (what tsx and jest's CommonJS
 * output do for an imported name), the per-person loops measured 3x slower (22 vs 7 ms per
 * segment and million people).
 */
const draw = hash.draw;
const { rng, saltOf } = hash;

/** The regions of the demo hierarchy. */
export const DEMO_REGIONS = ['acme/us', 'acme/uk', 'globex/de', 'globex/fr', 'initech/ca'];

/** Is person p a member: matched, in the modeled extra, in the modeled membership (matched or extra). */
export interface MemberTest {
  matched: (p: number) => boolean;
  extra: (p: number) => boolean;
  modeled: (p: number) => boolean;
  /**
   * The same for people [base, base + size) of one shard at once: out[i] is 1 (matched), 2 (in the
   * modeled extra, not matched) or 0. What the generator runs.
   */
  fill: (base: number, size: number, out: Uint8Array) => void;
}

/** The band a uniform draw falls in, given cumulative weights. */
function pick(u: number, cum: Float64Array): number {
  const last = cum.length - 1;
  for (let i = 0; i < last; i++) if (u < cum[i]) return i;
  return last;
}

function cumulative(weights: number[]): Float64Array {
  const total = weights.reduce((a, b) => a + b, 0);
  const out = new Float64Array(weights.length);
  let acc = 0;
  weights.forEach((w, i) => (out[i] = acc += w / total));
  return out;
}

/** A skew ready to apply: the band per person (one by one, or per shard) and the multiplier per band. */
interface Factor {
  slow: (p: number) => number;
  bands: ShardArray;
  mult: Float64Array;
}

/** Values for the people of one shard, drawn on first use per shard (after what they depend on). */
interface ShardArray {
  values: Uint8Array;
  base: number;
  size: number;
  deps: ShardArray[];
  fill: (base: number, size: number) => void;
}

function shardArray(values: Uint8Array, deps: ShardArray[], fill: (base: number, size: number) => void): ShardArray {
  return { values, base: -1, size: 0, deps, fill };
}

/** Makes `a` hold people [base, base + size). */
function ensure(a: ShardArray, base: number, size: number): void {
  if (a.base === base && a.size === size) return;
  for (const d of a.deps) ensure(d, base, size);
  a.fill(base, size);
  a.base = base;
  a.size = size;
}

/**
 * Who is in which segment, person by person, from seeded hash draws: no state, so any thread can
 * write any segment. Partitions pick a band from one draw (from the band of the partition they
 * depend on: income from age, education from income); share segments pass their group's gate
 * and their own draw, scaled by their skews; a segment `within` another draws only among that
 * one's members, one `outside` another only among its non-members.
 *
 * Two forms of every rule: person by person (`matched(p)`, the reference the tests hold the files
 * to) and a shard at a time (`fill`, what the generator runs), which reads the bands and parent
 * memberships drawn once per shard for all the segments that need them. The tests check that the
 * files (written by `fill`) hold exactly what `matched(p)` picks, for every segment.
 */
export class PopulationModel {
  private readonly byId: Map<string, SegmentDef>;
  private readonly tests = new Map<string, MemberTest>();
  private readonly slowBands = new Map<PartitionKey, (p: number) => number>();
  private readonly bandArrays = new Map<PartitionKey, ShardArray>();
  private readonly states = new Map<string, ShardArray>();

  constructor(
    taxonomy: SegmentDef[],
    private readonly seed: number,
  ) {
    this.byId = new Map(taxonomy.map((d) => [d.short_id, d]));
  }

  /**
   * The memberships of a segment others nest in (1 matched, 2 modeled extra) for people
   * [base, base + size), drawn once per shard; undefined for any other segment.
   */
  prepared(id: string, base: number, size: number): Uint8Array | undefined {
    const a = this.states.get(id);
    if (!a) return undefined;
    ensure(a, base, size);
    return a.values;
  }

  /** The band of a partition person p is in, drawn person by person. */
  band(key: PartitionKey): (p: number) => number {
    let f = this.slowBands.get(key);
    if (!f) {
      const part = PARTITIONS.find((x) => x.key === key)!;
      const salt = saltOf(`partition:${part.path.join('/')}`, this.seed);
      if (Array.isArray(part.weights)) {
        const cum = cumulative(part.weights);
        f = (p) => pick(draw(p, salt), cum);
      } else {
        const given = this.band(part.weights.given);
        const rows = part.weights.rows.map(cumulative);
        f = (p) => pick(draw(p, salt), rows[given(p)]);
      }
      this.slowBands.set(key, f);
    }
    return f;
  }

  /** The band of each person of a shard, drawn on first use per shard. */
  private bandArray(key: PartitionKey): ShardArray {
    let a = this.bandArrays.get(key);
    if (!a) {
      const values = new Uint8Array(SHARD_SIZE);
      const part = PARTITIONS.find((x) => x.key === key)!;
      const salt = saltOf(`partition:${part.path.join('/')}`, this.seed);
      if (Array.isArray(part.weights)) {
        const cum = cumulative(part.weights);
        a = shardArray(values, [], (base, size) => {
          for (let i = 0; i < size; i++) values[i] = pick(draw(base + i, salt), cum);
        });
      } else {
        const given = this.bandArray(part.weights.given);
        const rows = part.weights.rows.map(cumulative);
        a = shardArray(values, [given], (base, size) => {
          const g = given.values;
          for (let i = 0; i < size; i++) values[i] = pick(draw(base + i, salt), rows[g[i]]);
        });
      }
      this.bandArrays.set(key, a);
    }
    return a;
  }

  /** The memberships of a segment others nest in, per shard. */
  private stateArray(id: string): ShardArray {
    let a = this.states.get(id);
    if (!a) {
      const t = this.test(this.byId.get(id)!);
      const values = new Uint8Array(SHARD_SIZE);
      a = shardArray(values, [], (base, size) => t.fill(base, size, values));
      this.states.set(id, a);
    }
    return a;
  }

  /** The skews as multipliers normalised over the population (a segment keeps its size). */
  private factors(skews: Skew[]): Factor[] {
    return skews.map((s) => {
      const z = marginalWeights(s.by).reduce((acc, w, b) => acc + w * s.index[b], 0);
      return { slow: this.band(s.by), bands: this.bandArray(s.by), mult: Float64Array.from(s.index, (x) => x / z) };
    });
  }

  test(def: SegmentDef): MemberTest {
    let t = this.tests.get(def.short_id);
    if (!t) {
      t = this.build(def);
      this.tests.set(def.short_id, t);
    }
    return t;
  }

  private build(def: SegmentDef): MemberTest {
    const m = def.membership;
    const modelSalt = saltOf(`modeled:${def.short_id}`, this.seed);
    /** A test whose shard fill first draws the per-shard arrays it reads. */
    const test = (matched: (p: number) => boolean, extra: (p: number) => boolean, deps: ShardArray[], fill: MemberTest['fill']): MemberTest => ({
      matched,
      extra,
      modeled: (p) => matched(p) || extra(p),
      fill: (base, size, out) => {
        for (const d of deps) ensure(d, base, size);
        fill(base, size, out);
      },
    });
    if (m.kind === 'partition') {
      const slow = this.band(m.partition);
      const bandArray = this.bandArray(m.partition);
      const bands = bandArray.values;
      const band = m.band;
      // Modeled adds people the model places in this band too.
      const extraRate = m.weights[band] * 0.3;
      return test(
        (p) => slow(p) === band,
        (p) => draw(p, modelSalt) < extraRate,
        [bandArray],
        (base, size, out) => {
          for (let i = 0; i < size; i++) out[i] = bands[i] === band ? 1 : draw(base + i, modelSalt) < extraRate ? 2 : 0;
        },
      );
    }
    const ownSalt = saltOf(`own:${def.short_id}`, this.seed);
    const share = m.share;
    const fs = this.factors(m.skews);
    const k1 = fs.length === 1 ? fs[0] : null;
    /** The skews' multiplier for person p (one by one) and for index i of the shard being filled. */
    const slowK = (p: number) => fs.reduce((k, f) => k * f.mult[f.slow(p)], 1);
    const k1bands = k1?.bands.values;
    const shardK = k1 ? (i: number) => k1.mult[k1bands![i]] : (i: number) => fs.reduce((k, f) => k * f.mult[f.bands.values[i]], 1);
    const skewDeps = fs.map((f) => f.bands);
    if (m.within) {
      const parent = this.test(this.byId.get(m.within)!);
      const parentArray = this.stateArray(m.within);
      const ps = parentArray.values;
      // Modeled too stays inside the parent's modeled membership.
      return test(
        (p) => parent.matched(p) && draw(p, ownSalt) < share * slowK(p),
        (p) => parent.modeled(p) && draw(p, modelSalt) < share * slowK(p),
        [parentArray, ...skewDeps],
        (base, size, out) => {
          for (let i = 0; i < size; i++) {
            const s = ps[i];
            if (s === 0) {
              out[i] = 0;
              continue;
            }
            const r = share * shardK(i);
            out[i] = s === 1 && draw(base + i, ownSalt) < r ? 1 : draw(base + i, modelSalt) < r ? 2 : 0;
          }
        },
      );
    }
    if (m.outside) {
      const other = this.test(this.byId.get(m.outside)!);
      const otherArray = this.stateArray(m.outside);
      const os = otherArray.values;
      const om = this.byId.get(m.outside)!.membership;
      // Drawn among the other's non-members, scaled so that the size is still `share` of everyone.
      const scale = 1 / (1 - (om.kind === 'share' ? om.share : 0));
      return test(
        (p) => !other.matched(p) && draw(p, ownSalt) < share * slowK(p) * scale,
        (p) => draw(p, modelSalt) < share * slowK(p),
        [otherArray, ...skewDeps],
        (base, size, out) => {
          for (let i = 0; i < size; i++) {
            const r = share * shardK(i);
            out[i] = os[i] !== 1 && draw(base + i, ownSalt) < r * scale ? 1 : draw(base + i, modelSalt) < r ? 2 : 0;
          }
        },
      );
    }
    const gate = Math.min(1, share * 2);
    const gateSalt = saltOf(`gate:${m.gate}`, this.seed);
    if (!fs.length) {
      const inner = share / gate;
      return test(
        (p) => draw(p, gateSalt) < gate && draw(p, ownSalt) < inner,
        (p) => draw(p, modelSalt) < share,
        [],
        (base, size, out) => {
          for (let i = 0; i < size; i++) {
            const p = base + i;
            out[i] = draw(p, gateSalt) < gate && draw(p, ownSalt) < inner ? 1 : draw(p, modelSalt) < share ? 2 : 0;
          }
        },
      );
    }
    // Skewed: P(member | p's bands) = share x multiplier (at most 1); the gate carries the skew, so
    // the group's segments still share their members.
    const gated = (p: number, k: number) => {
      const g = Math.min(1, gate * k);
      return draw(p, gateSalt) < g && draw(p, ownSalt) < Math.min(1, share * k) / g;
    };
    return test(
      (p) => gated(p, slowK(p)),
      (p) => draw(p, modelSalt) < share * slowK(p),
      skewDeps,
      (base, size, out) => {
        for (let i = 0; i < size; i++) {
          const k = shardK(i);
          out[i] = gated(base + i, k) ? 1 : draw(base + i, modelSalt) < share * k ? 2 : 0;
        }
      },
    );
  }
}

/** Splits the population into contiguous region slices with seeded, uneven sizes. */
export function regionSlices(people: number, regions: string[], seed: number): RegionSlice[] {
  const r = rng(seed ^ 0x2545f491);
  const weights = regions.map(() => 0.5 + r());
  const total = weights.reduce((a, b) => a + b, 0);
  let start = 0;
  return regions.map((key, i) => {
    const end = i === regions.length - 1 ? people : Math.min(people, start + Math.round((people * weights[i]) / total));
    const slice = { key, start, end };
    start = end;
    return slice;
  });
}

/** Segments written together, shard by shard (2 open files each). */
const BATCH = 16;

export interface GeneratePart {
  /** This part writes the segments whose taxonomy index i has i % of === index. */
  index: number;
  of: number;
}

function planOf(opts: GenerateOptions) {
  const { people } = opts;
  if (!Number.isInteger(people) || people <= 0 || people > 2 ** 32) throw new Error('people must be a positive integer up to 2^32');
  const full = buildTaxonomy(opts.seed);
  return { full, taxonomy: full.slice(0, opts.maxSegments), shards: Math.ceil(people / SHARD_SIZE), tmp: `${opts.dir}.tmp-${process.pid}` };
}

/**
 * Writes the matched and modeled files of one part of the taxonomy into `tmp` (already created)
 * and returns their manifest entries. Parts are independent, so threads can share the work.
 */
export function writeSegmentPart(opts: GenerateOptions, tmp: string, part: GeneratePart = { index: 0, of: 1 }): SegmentEntry[] {
  const { people, seed } = opts;
  const { full, taxonomy, shards } = planOf(opts);
  // Built from the whole taxonomy: a segment's parent may lie beyond --segments.
  const model = new PopulationModel(full, seed);
  const mine = taxonomy.filter((_, i) => i % part.of === part.index);
  const entries: SegmentEntry[] = [];
  const members = new Uint32Array(SHARD_SIZE);
  const extras = new Uint32Array(SHARD_SIZE);
  const scratch = new Uint8Array(SHARD_SIZE);
  // Segments a batch at a time, shard by shard: a shard's bands and parent memberships are drawn
  // once for all the batch's segments that read them, and only a batch's files are open at once.
  for (let b = 0; b < mine.length; b += BATCH) {
    const batch = mine.slice(b, b + BATCH).map((def) => ({
      def,
      test: model.test(def),
      mw: new SegmentFileWriter(join(tmp, 'matched', `${def.short_id}.bin`)),
      ow: new SegmentFileWriter(join(tmp, 'modeled', `${def.short_id}.bin`)),
      matched: 0,
      modeled: 0,
    }));
    for (let s = 0; s < shards; s++) {
      const base = s << SHARD_BITS;
      const size = Math.min(SHARD_SIZE, people - base);
      for (const w of batch) {
        let n = 0;
        let x = 0;
        if (!w.def.expired) {
          // A segment others nest in was drawn for them (once per shard); any other is drawn here.
          let state = model.prepared(w.def.short_id, base, size);
          if (!state) {
            w.test.fill(base, size, scratch);
            state = scratch;
          }
          for (let local = 0; local < size; local++) {
            const st = state[local];
            if (st === 1) members[n++] = local;
            else if (st === 2) extras[x++] = local;
          }
        }
        const m = new RoaringBitmap32(members.subarray(0, n));
        const o = new RoaringBitmap32(extras.subarray(0, x));
        o.orInPlace(m);
        w.mw.append(m);
        w.ow.append(o);
        w.matched += n;
        w.modeled += o.size;
      }
    }
    for (const w of batch) {
      w.mw.close();
      w.ow.close();
      const def = w.def;
      entries.push({
        short_id: def.short_id,
        name: def.name,
        vendor: def.vendor,
        path: displayPath(def),
        expired: def.expired,
        deleted: def.deleted,
        demographic: def.demographic,
        matched: w.matched,
        modeled: w.modeled,
      });
    }
    opts.onProgress?.(entries.length, mine.length);
  }
  return entries;
}

/** Creates the temporary folder a population is written into before it is moved into place. */
export function beginPopulation(opts: GenerateOptions): string {
  const { tmp } = planOf(opts);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(join(tmp, 'matched'), { recursive: true });
  mkdirSync(join(tmp, 'modeled'), { recursive: true });
  return tmp;
}

/** Writes the manifest (entries in taxonomy order) and moves the finished population into place. */
export function finishPopulation(opts: GenerateOptions, tmp: string, entries: SegmentEntry[]): Manifest {
  const { taxonomy, shards } = planOf(opts);
  const order = new Map(taxonomy.map((d, i) => [d.short_id, i]));
  const manifest: Manifest = {
    version: 1,
    generator: GENERATOR_VERSION,
    seed: opts.seed,
    people: opts.people,
    shardBits: SHARD_BITS,
    shards,
    generatedAt: new Date().toISOString(),
    vendors: VENDORS,
    segments: [...entries].sort((a, b) => order.get(a.short_id)! - order.get(b.short_id)!),
    regions: regionSlices(opts.people, opts.regions ?? DEMO_REGIONS, opts.seed),
  };
  writeFileSync(join(tmp, MANIFEST_FILE), JSON.stringify(manifest));
  rmSync(opts.dir, { recursive: true, force: true });
  renameSync(tmp, opts.dir);
  return manifest;
}

/**
 * Writes a reproducible population under `dir` on this thread: manifest.json and, per segment, a
 * matched and a modeled file of sharded roaring bitmaps. Modeled is a superset of matched. Written
 * to a temporary folder and moved into place, so a reader never sees half a population.
 * `generatePopulationParallel` (./parallel) spreads the same work over worker threads.
 */
export function generatePopulation(opts: GenerateOptions): Manifest {
  const tmp = beginPopulation(opts);
  return finishPopulation(opts, tmp, writeSegmentPart(opts, tmp));
}
