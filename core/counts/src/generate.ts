import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RoaringBitmap32 } from './roaring';
import * as hash from './hash';
import { GENERATOR_VERSION, MANIFEST_FILE, type Manifest, type RegionSlice, type SegmentEntry } from './manifest';
import { SegmentFileWriter, SHARD_BITS, SHARD_SIZE } from './storage';
import { calibrate as solveScale, isDemographic, LatentSpace } from './latent';
import {
  buildTaxonomy,
  DEMOGRAPHIC_KEYS,
  displayPath,
  FACTOR_LEVELS,
  PARTITIONS,
  VENDORS,
  type DemographicKey,
  type FactorKey,
  type PartitionKey,
  type SegmentDef,
} from './taxonomy';

/** Bound once, as in hash.ts: `Math.x` read in a hot loop is a global lookup, many times slower in jest's vm context. */
const { ceil, exp, floor, min, round } = Math;

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
const LEVELS = FACTOR_LEVELS;

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

/** The band a uniform draw falls in, given cumulative weights (from `from`, `n` of them, the last implied). */
function pick(u: number, cum: Float64Array, from = 0, n = cum.length): number {
  const last = n - 1;
  for (let i = 0; i < last; i++) if (u < cum[from + i]) return i;
  return last;
}

function cumulative(weights: number[]): Float64Array {
  const total = weights.reduce((a, b) => a + b, 0);
  const out = new Float64Array(weights.length);
  let acc = 0;
  weights.forEach((w, i) => (out[i] = acc += w / total));
  return out;
}

/** Values for the people of one shard, drawn on first use per shard (after what they depend on). */
interface ShardArray {
  values: Uint8Array | Uint16Array;
  base: number;
  size: number;
  deps: ShardArray[];
  fill: (base: number, size: number) => void;
}

function shardArray(values: Uint8Array | Uint16Array, deps: ShardArray[], fill: (base: number, size: number) => void): ShardArray {
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

/** A variable a segment's chance depends on: a demographic band or a factor level, person by person and per shard. */
interface Driver {
  slow: (p: number) => number;
  array: ShardArray;
  /** Its values 0..n-1 and its place in the segment's table (stride). */
  n: number;
  stride: number;
}

/** A share segment's rule, calibrated: its chance per person from its drivers' values, and its chance over the latent space. */
interface Calibrated {
  /** The factors its chance, and its parents', depend on (sorted). */
  factors: FactorKey[];
  /** P(matched member) per configuration of `factors` (LatentSpace.weights order). */
  prob: Float64Array;
  drivers: Driver[];
  /** Its own chance per combination of its drivers' values (Σ value × stride). */
  table: Float64Array;
}

/**
 * Who is in which segment, person by person, from seeded hash draws: no state, so any thread can
 * write any segment. Every person has latent traits: demographic bands (partitions pick a band
 * from one draw, from the band of the partition they depend on: income from age, education from
 * income) and a level 0..4 of each factor (FACTORS: sport, news, digital, ...), drawn around a
 * centre their demographic cell sets. A share segment's chance for a person is its size times
 * its skews' multipliers for the person's bands and exp(weight × (level − 2)) for each factor it
 * loads on, capped at 1 and calibrated (exactly, over the latent space) so the segment keeps its
 * declared size; a segment `within` another draws only among that one's members (and keeps its
 * share of them), one `outside` another only among its non-members.
 *
 * Two forms of every rule: person by person (`matched(p)`, the reference the tests hold the files
 * to) and a shard at a time (`fill`, what the generator runs), which reads the bands, levels and
 * parent memberships drawn once per shard for all the segments that need them. The tests check
 * that the files (written by `fill`) hold exactly what `matched(p)` picks, for every segment.
 */
export class PopulationModel {
  private readonly byId: Map<string, SegmentDef>;
  private readonly tests = new Map<string, MemberTest>();
  private readonly slowBands = new Map<PartitionKey, (p: number) => number>();
  private readonly bandArrays = new Map<PartitionKey, ShardArray>();
  private readonly slowLevels = new Map<FactorKey, (p: number) => number>();
  private readonly levelArrays = new Map<FactorKey, ShardArray>();
  private readonly states = new Map<string, ShardArray>();
  private readonly calibrated = new Map<string, Calibrated>();
  private readonly cellShares = new Map<string, Float64Array>();
  private cellArrayCache: ShardArray | null = null;
  /** Each person's chance in the segment being filled (one segment's fill at a time: parents fill before the child computes its own). */
  private readonly scratch = new Float64Array(SHARD_SIZE);
  private slowCellCache: ((p: number) => number) | null = null;
  readonly space: LatentSpace;

  constructor(
    taxonomy: SegmentDef[],
    private readonly seed: number,
  ) {
    this.byId = new Map(taxonomy.map((d) => [d.short_id, d]));
    this.space = latentSpace();
  }

  /**
   * The memberships of a segment others nest in (1 matched, 2 modeled extra) for people
   * [base, base + size), drawn once per shard; undefined for any other segment.
   */
  prepared(id: string, base: number, size: number): Uint8Array | undefined {
    const a = this.states.get(id);
    if (!a) return undefined;
    ensure(a, base, size);
    return a.values as Uint8Array;
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

  /** The level (0..4) of a factor person p has, drawn person by person. */
  level(key: FactorKey): (p: number) => number {
    let f = this.slowLevels.get(key);
    if (!f) {
      const salt = saltOf(`factor:${key}`, this.seed);
      const cum = this.space.cumulative(key);
      const cell = this.slowCell();
      const n = LEVELS - 1;
      f = (p) => pick(draw(p, salt), cum, cell(p) * n, LEVELS);
      this.slowLevels.set(key, f);
    }
    return f;
  }

  /**
   * The expected share of everyone in the segment's matched membership (a population holds this
   * times its people, give or take chance); with `among`, the share of the people in that band of
   * a demographic partition (its index there is this over the plain share).
   */
  expectedShare(id: string, among?: { by: DemographicKey; band: number }): number {
    const def = this.byId.get(id);
    if (!def) throw new Error(`unknown segment ${id}`);
    if (def.expired) return 0;
    const m = def.membership;
    const space = this.space;
    const inBand = (c: number) => !among || space.cellBand[among.by][c] === among.band;
    if (m.kind === 'partition') {
      if (!among) return m.weights[m.band];
      if (!isDemographic(m.partition)) return m.weights[m.band];
      let s = 0;
      let all = 0;
      for (let c = 0; c < space.cells; c++)
        if (inBand(c)) {
          all += space.cellWeight[c];
          if (space.cellBand[m.partition][c] === m.band) s += space.cellWeight[c];
        }
      return s / all;
    }
    let cells = this.cellShares.get(id);
    if (!cells) {
      // Expected members per cell (summed over the factors' levels), once per segment.
      const cal = this.calibrate(def);
      const w = space.weights(cal.factors);
      const span = w.length / space.cells;
      cells = new Float64Array(space.cells);
      for (let j = 0; j < w.length; j++) cells[floor(j / span)] += w[j] * cal.prob[j];
      this.cellShares.set(id, cells);
    }
    let s = 0;
    let all = 0;
    for (let c = 0; c < space.cells; c++) {
      if (!inBand(c)) continue;
      s += cells[c];
      all += space.cellWeight[c];
    }
    return s / all;
  }

  private slowCell(): (p: number) => number {
    if (!this.slowCellCache) {
      const bands = DEMOGRAPHIC_KEYS.map((k) => this.band(k));
      const sizes = this.space.sizes;
      this.slowCellCache = (p) => {
        let c = 0;
        for (let k = 0; k < bands.length; k++) c = c * sizes[k] + bands[k](p);
        return c;
      };
    }
    return this.slowCellCache;
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

  /** The demographic cell of each person of a shard. */
  private cellArray(): ShardArray {
    if (!this.cellArrayCache) {
      const values = new Uint16Array(SHARD_SIZE);
      const deps = DEMOGRAPHIC_KEYS.map((k) => this.bandArray(k));
      const sizes = this.space.sizes;
      this.cellArrayCache = shardArray(values, deps, (_base, size) => {
        values.fill(0, 0, size);
        for (let k = 0; k < deps.length; k++) {
          const b = deps[k].values;
          const n = sizes[k];
          for (let i = 0; i < size; i++) values[i] = values[i] * n + b[i];
        }
      });
    }
    return this.cellArrayCache;
  }

  /** The level of a factor of each person of a shard. */
  private levelArray(key: FactorKey): ShardArray {
    let a = this.levelArrays.get(key);
    if (!a) {
      const values = new Uint8Array(SHARD_SIZE);
      const salt = saltOf(`factor:${key}`, this.seed);
      const cum = this.space.cumulative(key);
      const cells = this.cellArray();
      const n = LEVELS - 1;
      a = shardArray(values, [cells], (base, size) => {
        const c = cells.values;
        for (let i = 0; i < size; i++) {
          const u = draw(base + i, salt);
          const o = c[i] * n;
          values[i] = u < cum[o] ? 0 : u < cum[o + 1] ? 1 : u < cum[o + 2] ? 2 : u < cum[o + 3] ? 3 : 4;
        }
      });
      this.levelArrays.set(key, a);
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

  /**
   * A share segment's rule over the latent space: its multiplier per configuration (skews by the
   * cell's bands, loadings by the factors' levels), scaled by the c that gives it its declared
   * size (of everyone, of its parent's members, or of everyone with the excluded segment's
   * members left out), and its chance per combination of its own drivers for the per-person draw.
   */
  private calibrate(def: SegmentDef): Calibrated {
    const done = this.calibrated.get(def.short_id);
    if (done) return done;
    const m = def.membership as Extract<SegmentDef['membership'], { kind: 'share' }>;
    const parent = m.within ? this.calibrate(this.byId.get(m.within)!) : null;
    const other = m.outside ? this.calibrate(this.byId.get(m.outside)!) : null;
    for (const s of m.skews) if (!isDemographic(s.by)) throw new Error(`taxonomy: ${def.short_id} skews by ${s.by}, which is not demographic`);
    const own = [...new Set(m.loadings.map((l) => l.factor))];
    const factors = [...new Set([...own, ...(parent?.factors ?? []), ...(other?.factors ?? [])])].sort();
    const space = this.space;
    const span = LEVELS ** factors.length;
    const w = space.weights(factors);
    const ownAt = own.map((f) => factors.indexOf(f));
    // The multiplier per configuration: the skews' by cell, the loadings' by levels.
    const bySkews = new Float64Array(space.cells).fill(m.share);
    for (const s of m.skews) for (let c = 0; c < space.cells; c++) bySkews[c] *= s.index[space.cellBand[s.by as DemographicKey][c]];
    const a = new Float64Array(w.length);
    for (let j = 0; j < span; j++) {
      const levels = space.levelsOf(j, factors.length);
      let fk = 1;
      for (const l of m.loadings) fk *= exp(l.weight * (levels[ownAt[own.indexOf(l.factor)]] - 2));
      for (let c = 0; c < space.cells; c++) a[c * span + j] = bySkews[c] * fk;
    }
    const gate = parent
      ? space.expand(parent.prob, parent.factors, factors)
      : other
        ? space.expand(other.prob, other.factors, factors).map((x) => 1 - x)
        : null;
    const u = gate ? w.map((x, j) => x * gate[j]) : w;
    const target = parent ? m.share * u.reduce((s, x) => s + x, 0) : m.share;
    const scale = solveScale(u, a, target);
    const prob = new Float64Array(w.length);
    for (let j = 0; j < w.length; j++) prob[j] = (gate ? gate[j] : 1) * min(1, scale * a[j]);
    // The same chance per combination of the segment's own drivers, for the per-person draw.
    const drivers: Driver[] = [];
    let stride = 1;
    for (const key of [...new Set(m.skews.map((s) => s.by as DemographicKey))]) {
      const n = PARTITIONS.find((p) => p.key === key)!.bands.length;
      drivers.push({ slow: this.band(key), array: this.bandArray(key), n, stride });
      stride *= n;
    }
    for (const f of own) {
      drivers.push({ slow: this.level(f), array: this.levelArray(f), n: LEVELS, stride });
      stride *= LEVELS;
    }
    const table = new Float64Array(stride);
    for (let t = 0; t < stride; t++) {
      const value = (d: Driver) => floor(t / d.stride) % d.n;
      let k = m.share * scale;
      for (const s of m.skews) k *= s.index[value(drivers.find((d) => d.slow === this.band(s.by))!)];
      for (const l of m.loadings) k *= exp(l.weight * (value(drivers.find((d) => d.slow === this.level(l.factor))!) - 2));
      table[t] = min(1, k);
    }
    const out = { factors, prob, drivers, table };
    this.calibrated.set(def.short_id, out);
    return out;
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
    const { drivers, table } = this.calibrate(def);
    /** The segment's chance for person p (one by one) and for index i of the shard being filled. */
    const slowP = (p: number) => {
      let t = 0;
      for (const d of drivers) t += d.slow(p) * d.stride;
      return table[t];
    };
    const pv = this.scratch;
    /** Fills pv with the chance of each person of the shard being filled (tight loops: a closure per person measured 2x slower). */
    const probs = (size: number): Float64Array => {
      const [d0, d1, d2] = drivers.map((d) => d.array.values);
      const [s0, s1, s2] = drivers.map((d) => d.stride);
      if (drivers.length === 1) for (let i = 0; i < size; i++) pv[i] = table[d0[i]];
      else if (drivers.length === 2) for (let i = 0; i < size; i++) pv[i] = table[d0[i] * s0 + d1[i] * s1];
      else if (drivers.length === 3) for (let i = 0; i < size; i++) pv[i] = table[d0[i] * s0 + d1[i] * s1 + d2[i] * s2];
      else
        for (let i = 0; i < size; i++) {
          let t = 0;
          for (const d of drivers) t += d.array.values[i] * d.stride;
          pv[i] = table[t];
        }
      return pv;
    };
    const driverDeps = drivers.map((d) => d.array);
    if (m.within) {
      const parent = this.test(this.byId.get(m.within)!);
      const parentArray = this.stateArray(m.within);
      const ps = parentArray.values;
      // Matched among the parent's matched, the modeled extra among the parent's modeled extra:
      // modeled stays inside the parent's modeled membership and keeps the same share of it, so
      // a chain of nested segments (a brand funnel) narrows alike matched and modeled.
      return test(
        (p) => parent.matched(p) && draw(p, ownSalt) < slowP(p),
        (p) => !parent.matched(p) && parent.modeled(p) && draw(p, modelSalt) < slowP(p),
        [parentArray, ...driverDeps],
        (base, size, out) => {
          if (!drivers.length) {
            // A nested segment's chance is mostly one figure (a funnel stage): no per-person chances.
            const r = table[0];
            for (let i = 0; i < size; i++) {
              const s = ps[i];
              out[i] = s === 0 ? 0 : s === 1 ? (draw(base + i, ownSalt) < r ? 1 : 0) : draw(base + i, modelSalt) < r ? 2 : 0;
            }
            return;
          }
          const r = probs(size);
          for (let i = 0; i < size; i++) {
            const s = ps[i];
            out[i] = s === 0 ? 0 : s === 1 ? (draw(base + i, ownSalt) < r[i] ? 1 : 0) : draw(base + i, modelSalt) < r[i] ? 2 : 0;
          }
        },
      );
    }
    if (m.outside) {
      const other = this.test(this.byId.get(m.outside)!);
      const otherArray = this.stateArray(m.outside);
      const os = otherArray.values;
      // Drawn among the other's non-members (calibrated so that the size is still `share` of everyone).
      return test(
        (p) => !other.matched(p) && draw(p, ownSalt) < slowP(p),
        (p) => draw(p, modelSalt) < slowP(p),
        [otherArray, ...driverDeps],
        (base, size, out) => {
          const r = probs(size);
          for (let i = 0; i < size; i++) out[i] = os[i] !== 1 && draw(base + i, ownSalt) < r[i] ? 1 : draw(base + i, modelSalt) < r[i] ? 2 : 0;
        },
      );
    }
    // One draw for both: matched below the chance r, in the modeled extra up to r + (1 - r) r
    // (the modeled extra holds a share r of the people who are not matched).
    const member = (u: number, r: number) => (u < r ? 1 : u < r * (2 - r) ? 2 : 0);
    return test(
      (p) => draw(p, ownSalt) < slowP(p),
      (p) => member(draw(p, ownSalt), slowP(p)) === 2,
      driverDeps,
      (base, size, out) => {
        // Tight loops per number of drivers (a closure call per person measured 2x slower).
        if (drivers.length === 0) {
          const r = table[0];
          for (let i = 0; i < size; i++) out[i] = member(draw(base + i, ownSalt), r);
        } else if (drivers.length === 1) {
          const d0 = drivers[0].array.values;
          for (let i = 0; i < size; i++) out[i] = member(draw(base + i, ownSalt), table[d0[i]]);
        } else if (drivers.length === 2) {
          const [a, b] = drivers;
          const d0 = a.array.values;
          const d1 = b.array.values;
          for (let i = 0; i < size; i++) out[i] = member(draw(base + i, ownSalt), table[d0[i] * a.stride + d1[i] * b.stride]);
        } else {
          const r = probs(size);
          for (let i = 0; i < size; i++) out[i] = member(draw(base + i, ownSalt), r[i]);
        }
      },
    );
  }
}

let space: LatentSpace | null = null;
/** The latent space is the same for every seed: built once per thread. */
function latentSpace(): LatentSpace {
  return (space ??= new LatentSpace());
}

/**
 * Splits the population into contiguous region slices with seeded, uneven sizes (at most 1.5
 * times one another, so a product sold in two regions finds its audiences in both alike).
 */
export function regionSlices(people: number, regions: string[], seed: number): RegionSlice[] {
  const r = rng(seed ^ 0x2545f491);
  const weights = regions.map(() => 0.8 + 0.4 * r());
  const total = weights.reduce((a, b) => a + b, 0);
  let start = 0;
  return regions.map((key, i) => {
    const end = i === regions.length - 1 ? people : min(people, start + round((people * weights[i]) / total));
    const slice = { key, start, end };
    start = end;
    return slice;
  });
}

/** Progress is reported every this many segments written. */
const PROGRESS_EVERY = 16;

export interface GeneratePart {
  /** This part writes the segments whose taxonomy index i has i % of === index. */
  index: number;
  of: number;
}

function planOf(opts: GenerateOptions) {
  const { people } = opts;
  if (!Number.isInteger(people) || people <= 0 || people > 2 ** 32) throw new Error('people must be a positive integer up to 2^32');
  const full = buildTaxonomy(opts.seed);
  return { full, taxonomy: full.slice(0, opts.maxSegments), shards: ceil(people / SHARD_SIZE), tmp: `${opts.dir}.tmp-${process.pid}` };
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
  const members = new Uint32Array(SHARD_SIZE);
  const extras = new Uint32Array(SHARD_SIZE);
  const scratch = new Uint8Array(SHARD_SIZE);
  // Shard by shard, every segment of the part: a shard's bands, factor levels and parent
  // memberships are drawn once for all the segments that read them (segment by segment they were
  // drawn again for each batch, 4x the work at 10M people). The files are opened for each
  // append, so a part holds no files open however many segments it writes.
  const writers = mine.map((def) => ({
    def,
    test: model.test(def),
    mw: new SegmentFileWriter(join(tmp, 'matched', `${def.short_id}.bin`), { holdOpen: false }),
    ow: new SegmentFileWriter(join(tmp, 'modeled', `${def.short_id}.bin`), { holdOpen: false }),
    matched: 0,
    modeled: 0,
  }));
  for (let s = 0; s < shards; s++) {
    const base = s << SHARD_BITS;
    const size = min(SHARD_SIZE, people - base);
    writers.forEach((w, i) => {
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
      if ((i + 1) % PROGRESS_EVERY === 0 || i === writers.length - 1) opts.onProgress?.(floor((s * writers.length + i + 1) / shards), mine.length);
    });
  }
  const entries: SegmentEntry[] = writers.map((w) => {
    w.mw.close();
    w.ow.close();
    const def = w.def;
    return {
      short_id: def.short_id,
      name: def.name,
      vendor: def.vendor,
      path: displayPath(def),
      expired: def.expired,
      deleted: def.deleted,
      demographic: def.demographic,
      ...(def.keywords ? { keywords: def.keywords } : {}),
      matched: w.matched,
      modeled: w.modeled,
    };
  });
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
