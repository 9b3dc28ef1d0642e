import { KERNEL_MAX_GROUPS, KERNEL_MAX_WITHIN, type KernelFilter, type KernelFunctions } from './kernel';
import { RoaringBitmap32 } from './roaring';
import type { MembershipKind } from './storage';

export interface RuleGroup {
  or: string[];
}
/** The spec's audience rules: include = AND of OR groups; exclude = AND of OR groups, removed. */
export interface Rule {
  include?: { and: RuleGroup[] };
  exclude?: { and: RuleGroup[] };
}

/** What an operation sees of one shard. */
export interface ShardView {
  bitmap(kind: MembershipKind, id: string): RoaringBitmap32;
  /** Everyone in this shard, restricted to the region when one is given. */
  universe(): RoaringBitmap32;
  /** The shard's portable roaring bytes (for the native kernel). */
  portable?(kind: MembershipKind, id: string): Buffer;
  /** The native kernel, when built: overlaps and mekkos in one call per shard. */
  kernel?: KernelFunctions | null;
  /** Whether everyone of this shard is in the universe (no region, or a region holding the whole shard). */
  whole?: boolean;
}

export interface MarketSpec {
  id: string;
  matched: string[];
  modeled: string[];
}

/** One row of a funnel: a segment per stage (null: none), left to right, for each kind. */
export interface FunnelRow {
  matched: (string | null)[];
  modeled: (string | null)[];
}

export type Op =
  | { op: 'counts'; kind: MembershipKind; ids: string[]; region?: string; filter?: Rule }
  | { op: 'overlap'; kind: MembershipKind; x: string[]; y: string[]; region?: string; filter?: Rule }
  | { op: 'rule'; kind: MembershipKind; rule: Rule; region?: string }
  | { op: 'mekko'; markets: MarketSpec[]; region?: string; filter?: Rule }
  | { op: 'funnel'; rows: FunnelRow[]; region?: string; filter?: Rule }
  | { op: 'profile'; kind: MembershipKind; audience?: Rule; ids: string[]; region?: string };

/** Partial sums of one or more shards; the engine adds them up. */
export type Partial = number[];

function groupUnion(view: ShardView, kind: MembershipKind, group: RuleGroup): RoaringBitmap32 | null {
  const ids = group.or.filter(Boolean);
  if (ids.length === 0) return null;
  if (ids.length === 1) return view.bitmap(kind, ids[0]);
  return RoaringBitmap32.orMany(ids.map((id) => view.bitmap(kind, id)));
}

/**
 * Evaluates rules on one shard. Empty OR groups are no constraint; with no include group the
 * audience starts from everyone (in the region), so 'exclude only' rules work.
 */
export function evalRule(view: ShardView, kind: MembershipKind, rule: Rule | undefined): RoaringBitmap32 {
  const out = view.universe().clone();
  for (const g of rule?.include?.and ?? []) {
    const u = groupUnion(view, kind, g);
    if (u) out.andInPlace(u);
  }
  let excl: RoaringBitmap32 | null = null;
  for (const g of rule?.exclude?.and ?? []) {
    const u = groupUnion(view, kind, g);
    if (!u) continue;
    excl = excl ? RoaringBitmap32.and(excl, u) : u.clone();
  }
  if (excl) out.andNotInPlace(excl);
  return out;
}

/**
 * A filter rule as the native kernel takes it on this shard (the same rule as evalRule: empty
 * groups left out), or null when the kernel cannot count here: not built, a region holding part
 * of the shard, or more groups than it takes.
 */
function kernelFilter(view: ShardView, kind: MembershipKind, rule: Rule): KernelFilter | null {
  if (!view.kernel || !view.portable || !view.whole) return null;
  const groups = (gs: RuleGroup[] | undefined) =>
    (gs ?? [])
      .map((g) => g.or.filter(Boolean))
      .filter((ids) => ids.length > 0)
      .map((ids) => ids.map((id) => view.portable!(kind, id)));
  const include = groups(rule.include?.and);
  const exclude = groups(rule.exclude?.and);
  if (include.length > KERNEL_MAX_GROUPS || exclude.length > KERNEL_MAX_GROUPS) return null;
  // The shard is whole: everyone of it is ids 0 .. size - 1.
  return [include, exclude, view.universe().size];
}

/** Runs one operation on one shard; returns numbers laid out so that shards simply add up. */
export function runOnShard(view: ShardView, op: Op): Partial {
  switch (op.op) {
    case 'counts': {
      const kf = op.filter ? kernelFilter(view, op.kind, op.filter) : null;
      if (kf) {
        const out = new Float64Array(1 + op.ids.length);
        view.kernel!.countsWithin(
          op.ids.map((id) => view.portable!(op.kind, id)),
          kf,
          out,
        );
        return Array.from(out.subarray(1));
      }
      const f = op.filter || op.region ? evalRule(view, op.kind, op.filter) : null;
      return op.ids.map((id) => (f ? f.andCardinality(view.bitmap(op.kind, id)) : view.bitmap(op.kind, id).size));
    }
    case 'overlap': {
      // [population, |X_i| ..., |Y_j| ..., |X_i ∩ Y_j| row by row], all within the filter.
      if (view.kernel && view.portable && view.whole && !op.filter) {
        const out = new Float64Array(op.x.length + op.y.length + op.x.length * op.y.length);
        view.kernel.overlap(
          op.x.map((id) => view.portable!(op.kind, id)),
          op.y.map((id) => view.portable!(op.kind, id)),
          out,
        );
        return [view.universe().size, ...out];
      }
      // Within a filter too, when the kernel takes it: the same layout.
      const kf = op.filter && op.x.length <= KERNEL_MAX_WITHIN && op.y.length <= KERNEL_MAX_WITHIN ? kernelFilter(view, op.kind, op.filter) : null;
      if (kf) {
        const out = new Float64Array(1 + op.x.length + op.y.length + op.x.length * op.y.length);
        view.kernel!.overlapWithin(
          op.x.map((id) => view.portable!(op.kind, id)),
          op.y.map((id) => view.portable!(op.kind, id)),
          kf,
          out,
        );
        return Array.from(out);
      }
      const f = op.filter || op.region ? evalRule(view, op.kind, op.filter) : null;
      const xs = op.x.map((id) => (f ? RoaringBitmap32.and(view.bitmap(op.kind, id), f) : view.bitmap(op.kind, id)));
      const ys = op.y.map((id) => (f ? RoaringBitmap32.and(view.bitmap(op.kind, id), f) : view.bitmap(op.kind, id)));
      const out: number[] = [f ? f.size : view.universe().size];
      for (const b of xs) out.push(b.size);
      for (const b of ys) out.push(b.size);
      for (const a of xs) for (const b of ys) out.push(a.andCardinality(b));
      return out;
    }
    case 'rule': {
      // On the kernel when it takes the rule: |F| is the first number countsWithin gives, with no segments.
      const kf = kernelFilter(view, op.kind, op.rule);
      if (kf) {
        const out = new Float64Array(1);
        view.kernel!.countsWithin([], kf, out);
        return [out[0]];
      }
      return [evalRule(view, op.kind, op.rule).size];
    }
    case 'mekko': {
      if (view.kernel && view.portable && view.whole && !op.filter) {
        const matched = op.markets.map((m) => m.matched.map((id) => view.portable!('matched', id)));
        const modeled = op.markets.map((m) => m.modeled.map((id) => view.portable!('modeled', id)));
        const out = new Float64Array(2 + 2 * op.markets.length);
        view.kernel.mekko(matched, modeled, out);
        if (!op.region) return Array.from(out);
        // Within a region, the sub-market sizes too (the engine takes the population's from the manifest).
        const bufs = matched.flatMap((list, k) => [...list, ...modeled[k]]);
        const sizes = new Float64Array(bufs.length);
        view.kernel.sizes(bufs, sizes);
        return [...out, ...sizes];
      }
      const kfm = op.filter ? kernelFilter(view, 'matched', op.filter) : null;
      const kfo = kfm && op.filter ? kernelFilter(view, 'modeled', op.filter) : null;
      if (kfm && kfo) {
        // Within a filter on the kernel: every sub-market counted within the filter too (the layout below).
        const matched = op.markets.map((m) => m.matched.map((id) => view.portable!('matched', id)));
        const modeled = op.markets.map((m) => m.modeled.map((id) => view.portable!('modeled', id)));
        const out = new Float64Array(2 + 2 * op.markets.length);
        const nMatched = matched.reduce((n, l) => n + l.length, 0);
        const ids = new Float64Array(nMatched + modeled.reduce((n, l) => n + l.length, 0));
        view.kernel!.mekkoWithin(matched, modeled, [kfm, kfo], out, ids);
        // ids come every market's matched, then every market's modeled; the layout is market by market.
        const perId: number[] = [];
        let m0 = 0;
        let o0 = nMatched;
        for (let k = 0; k < op.markets.length; k++) {
          for (let i = 0; i < matched[k].length; i++) perId.push(ids[m0++]);
          for (let i = 0; i < modeled[k].length; i++) perId.push(ids[o0++]);
        }
        return [...out, ...perId];
      }
      // [total matched, total modeled, per market (matched, modeled), then, within a region only,
      // per market per id (matched|modeled): whole-population sizes are in the manifest]
      // Within a filter each membership kind is narrowed by the filter's own kind (as overlaps are),
      // and every sub-market is counted here (the manifest's sizes are the unfiltered ones).
      const u = op.region || op.filter ? view.universe() : null;
      const uMatched = op.filter ? evalRule(view, 'matched', op.filter) : u;
      const uModeled = op.filter ? evalRule(view, 'modeled', op.filter) : u;
      const within = (b: RoaringBitmap32, w: RoaringBitmap32 | null) => (w ? RoaringBitmap32.and(b, w) : b);
      const union = (bs: RoaringBitmap32[]) => (bs.length === 0 ? null : bs.length === 1 ? bs[0] : RoaringBitmap32.orMany(bs));
      const out: number[] = [0, 0];
      const marketMatched: RoaringBitmap32[] = [];
      const marketModeled: RoaringBitmap32[] = [];
      const perId: number[] = [];
      for (const m of op.markets) {
        const mm = m.matched.map((id) => within(view.bitmap('matched', id), uMatched));
        const mo = m.modeled.map((id) => within(view.bitmap('modeled', id), uModeled));
        const um = union(mm);
        const uo = union(mo);
        out.push(um?.size ?? 0, uo?.size ?? 0);
        if (um) marketMatched.push(um);
        if (uo) marketModeled.push(uo);
        if (u) {
          for (const b of mm) perId.push(b.size);
          for (const b of mo) perId.push(b.size);
        }
      }
      // The totals are the union of the market unions: 10 inputs, not every sub-market again.
      out[0] = union(marketMatched)?.size ?? 0;
      out[1] = union(marketModeled)?.size ?? 0;
      return out.concat(perId);
    }
    case 'funnel': {
      // Per row and kind: [|S_i| ..., |S_i \ (S_i+1 ∪ … ∪ S_n)| ..., |S_1 ∪ … ∪ S_n|], all within the
      // region and the filter (each kind filtered by its own bitmaps). Right to left with a running
      // union of the later stages: n intersections and n unions, not a union per suffix.
      // A region holding this whole shard restricts nothing: no intersection per stage then.
      const fm = op.filter ? evalRule(view, 'matched', op.filter) : op.region && !view.whole ? view.universe() : null;
      const fo = op.filter ? evalRule(view, 'modeled', op.filter) : fm;
      const out: number[] = [];
      for (const row of op.rows) {
        for (const kind of ['matched', 'modeled'] as const) {
          const ids = row[kind];
          const f = kind === 'matched' ? fm : fo;
          const raw = new Array<number>(ids.length).fill(0);
          const deduped = new Array<number>(ids.length).fill(0);
          let later: RoaringBitmap32 | null = null;
          for (let i = ids.length - 1; i >= 0; i--) {
            const id = ids[i];
            if (!id) continue;
            const b = f ? RoaringBitmap32.and(view.bitmap(kind, id), f) : view.bitmap(kind, id);
            raw[i] = b.size;
            deduped[i] = later ? b.size - b.andCardinality(later) : b.size;
            // Never in place on a shard's own bitmap: the first union is a new bitmap.
            if (later) later.orInPlace(b);
            else later = f ? b : b.clone();
          }
          out.push(...raw, ...deduped, later?.size ?? 0);
        }
      }
      return out;
    }
    case 'profile': {
      // [population, |A|, |S_i| ..., |A ∩ S_i| ...]
      const universe = view.universe();
      const a = evalRule(view, op.kind, op.audience);
      const out: number[] = [universe.size, a.size];
      const segs = op.ids.map((id) => (op.region ? RoaringBitmap32.and(view.bitmap(op.kind, id), universe) : view.bitmap(op.kind, id)));
      for (const s of segs) out.push(s.size);
      for (const s of segs) out.push(a.andCardinality(s));
      return out;
    }
  }
}

export function addPartials(into: Partial | null, p: Partial): Partial {
  if (!into) return p.slice();
  for (let i = 0; i < p.length; i++) into[i] += p[i];
  return into;
}
