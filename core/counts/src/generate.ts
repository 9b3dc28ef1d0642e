import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RoaringBitmap32 } from './roaring';
import { draw, rng, saltOf } from './hash';
import { MANIFEST_FILE, type Manifest, type RegionSlice, type SegmentEntry } from './manifest';
import { SegmentFileWriter, SHARD_BITS, SHARD_SIZE } from './storage';
import { buildTaxonomy, displayPath, VENDORS, type SegmentDef } from './taxonomy';

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

/** The regions of the demo hierarchy. */
export const DEMO_REGIONS = ['acme/us', 'acme/uk', 'globex/de', 'globex/fr', 'initech/ca'];

/**
 * Is person p a member? Share segments pass a gate shared by their category group first, so
 * segments of one group overlap more than unrelated ones; partition bands split one draw.
 */
export function memberTest(def: SegmentDef, seed: number): { matched: (p: number) => boolean; extra: (p: number) => boolean } {
  const m = def.membership;
  if (m.kind === 'partition') {
    const salt = saltOf(`partition:${m.partition}`, seed);
    let lo = 0;
    for (let i = 0; i < m.band; i++) lo += m.weights[i];
    const hi = m.band === m.weights.length - 1 ? 1.0000001 : lo + m.weights[m.band];
    // Modeled adds a neighbouring band's edge: people the model places in this band too.
    const modelSalt = saltOf(`modeled:${def.short_id}`, seed);
    return {
      matched: (p) => {
        const u = draw(p, salt);
        return u >= lo && u < hi;
      },
      extra: (p) => draw(p, modelSalt) < m.weights[m.band] * 0.3,
    };
  }
  const gate = Math.min(1, m.share * 2);
  const gateSalt = saltOf(`gate:${m.gate}`, seed);
  const ownSalt = saltOf(`own:${def.short_id}`, seed);
  const modelSalt = saltOf(`modeled:${def.short_id}`, seed);
  const inner = m.share / gate;
  return {
    matched: (p) => draw(p, gateSalt) < gate && draw(p, ownSalt) < inner,
    extra: (p) => draw(p, modelSalt) < m.share,
  };
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

export interface GeneratePart {
  /** This part writes the segments whose taxonomy index i has i % of === index. */
  index: number;
  of: number;
}

function planOf(opts: GenerateOptions) {
  const { people } = opts;
  if (!Number.isInteger(people) || people <= 0 || people > 2 ** 32) throw new Error('people must be a positive integer up to 2^32');
  return { taxonomy: buildTaxonomy(opts.seed).slice(0, opts.maxSegments), shards: Math.ceil(people / SHARD_SIZE), tmp: `${opts.dir}.tmp-${process.pid}` };
}

/**
 * Writes the matched and modeled files of one part of the taxonomy into `tmp` (already created)
 * and returns their manifest entries. Parts are independent, so threads can share the work.
 */
export function writeSegmentPart(opts: GenerateOptions, tmp: string, part: GeneratePart = { index: 0, of: 1 }): SegmentEntry[] {
  const { people, seed } = opts;
  const { taxonomy, shards } = planOf(opts);
  const entries: SegmentEntry[] = [];
  const members = new Uint32Array(SHARD_SIZE);
  const extras = new Uint32Array(SHARD_SIZE);
  taxonomy.forEach((def, i) => {
    if (i % part.of !== part.index) return;
    const test = memberTest(def, seed);
    const mw = new SegmentFileWriter(join(tmp, 'matched', `${def.short_id}.bin`));
    const ow = new SegmentFileWriter(join(tmp, 'modeled', `${def.short_id}.bin`));
    let matched = 0;
    let modeled = 0;
    for (let s = 0; s < shards; s++) {
      const base = s << SHARD_BITS;
      const size = Math.min(SHARD_SIZE, people - base);
      let n = 0;
      let x = 0;
      if (!def.expired) {
        for (let local = 0; local < size; local++) {
          const p = base + local;
          if (test.matched(p)) members[n++] = local;
          else if (test.extra(p)) extras[x++] = local;
        }
      }
      const m = new RoaringBitmap32(members.subarray(0, n));
      const o = new RoaringBitmap32(extras.subarray(0, x));
      o.orInPlace(m);
      mw.append(m);
      ow.append(o);
      matched += n;
      modeled += o.size;
    }
    mw.close();
    ow.close();
    entries.push({
      short_id: def.short_id,
      name: def.name,
      vendor: def.vendor,
      path: displayPath(def),
      expired: def.expired,
      deleted: def.deleted,
      demographic: def.demographic,
      matched,
      modeled,
    });
    opts.onProgress?.(entries.length, Math.ceil((taxonomy.length - part.index) / part.of));
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
