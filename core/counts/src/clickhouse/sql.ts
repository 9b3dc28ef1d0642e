import type { Op, Rule } from '../ops';
import type { MembershipKind } from '../storage';

/**
 * One SQL statement per count operation, over the bitmap table (see ddl.ts): one row per
 * (version, kind, segment, shard) holding that shard's members as a groupBitmap state (local ids
 * 0..2^20-1, the engine's shards), and kind 'universe' rows holding everyone of a shard
 * (segment '') or of a region's slice of it (segment = the region key).
 *
 * Each statement has three levels:
 * 1. per shard, one `groupBitmapMergeStateIf` per operand (a segment, or an OR group of segments:
 *    the OR is the merge), so a shard's rows are read once;
 * 2. per shard, the derived bitmaps (a rule, a filter, a segment within the filter);
 * 3. `sumForEach` of each shard's array of cardinalities: one row, one array, laid out as the
 *    engine's per-shard partial (ops.ts runOnShard), so CountsEngine shapes the answer as it does
 *    for its own workers. On a Distributed table level 1 runs on the shards' hosts.
 */

/** A SQL string literal. */
export function lit(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

const list = (ids: readonly string[]) => `(${ids.map(lit).join(', ')})`;

/** Builds the operands of one statement, each a per-shard state column named s<n>, deduplicated. */
class Operands {
  private readonly cols = new Map<string, string>();
  readonly conds: string[] = [];
  readonly kinds = new Map<string, Set<string>>();

  constructor(private readonly universe: string) {}

  private col(cond: string): string {
    let name = this.cols.get(cond);
    if (!name) {
      name = `s${this.cols.size}`;
      this.cols.set(cond, name);
      this.conds.push(`groupBitmapMergeStateIf(bm, ${cond}) AS ${name}`);
    }
    return name;
  }

  private need(kind: string, ids: readonly string[]): void {
    let s = this.kinds.get(kind);
    if (!s) this.kinds.set(kind, (s = new Set()));
    for (const id of ids) s.add(id);
  }

  /** Everyone of the shard, or of the region's slice of it. */
  u(): string {
    this.need('universe', [this.universe]);
    return this.col(`kind = 'universe' AND segment = ${lit(this.universe)}`);
  }

  /** The union of segments (one merged state), or null for none. */
  union(kind: MembershipKind, ids: readonly (string | null)[]): string | null {
    const real = [...new Set(ids.filter((x): x is string => !!x))].sort();
    if (!real.length) return null;
    this.need(kind, real);
    return this.col(real.length === 1 ? `kind = '${kind}' AND segment = ${lit(real[0])}` : `kind = '${kind}' AND segment IN ${list(real)}`);
  }

  seg(kind: MembershipKind, id: string): string {
    return this.union(kind, [id])!;
  }

  /** Level 1: the rows of these shards this statement reads. */
  where(table: string, version: string, shards: readonly number[]): string {
    const parts = [...this.kinds].map(([k, ids]) => `(kind = ${lit(k)} AND segment IN ${list([...ids].sort())})`);
    return `SELECT shard, ${this.conds.join(', ')} FROM ${table} WHERE version = ${lit(version)} AND shard IN (${shards.join(', ')}) AND (${parts.join(' OR ')}) GROUP BY shard`;
  }
}

const and = (a: string, b: string) => `bitmapAnd(${a}, ${b})`;
const card = (a: string) => `bitmapCardinality(${a})`;
const andCard = (a: string, b: string) => `bitmapAndCardinality(${a}, ${b})`;

/**
 * A rule over one shard (ops.ts evalRule): everyone (in the region), AND each include group's
 * union, AND NOT the AND of the exclude groups' unions. Empty groups are no constraint.
 */
function rule(o: Operands, kind: MembershipKind, r: Rule | undefined): string {
  let out = o.u();
  for (const g of r?.include?.and ?? []) {
    const u = o.union(kind, g.or);
    if (u) out = and(out, u);
  }
  let excl: string | null = null;
  for (const g of r?.exclude?.and ?? []) {
    const u = o.union(kind, g.or);
    if (u) excl = excl ? and(excl, u) : u;
  }
  return excl ? `bitmapAndnot(${out}, ${excl})` : out;
}

/**
 * The statement answering `op` over `shards`: its one row's one column is the summed partial
 * (ops.ts layout). `table` is the bitmap table (or the Distributed table over it).
 */
export function opSql(op: Op, shards: readonly number[], table: string, version: string): string {
  const o = new Operands(op.region ?? '');
  // Level 2 expressions as named columns, then level 3 cardinalities.
  const derived: string[] = [];
  const let_ = (expr: string): string => {
    const name = `d${derived.length}`;
    derived.push(`${expr} AS ${name}`);
    return name;
  };
  const out: string[] = [];
  switch (op.op) {
    case 'counts': {
      const f = op.filter || op.region ? let_(rule(o, op.kind, op.filter)) : null;
      for (const id of op.ids) out.push(f ? andCard(f, o.seg(op.kind, id)) : card(o.seg(op.kind, id)));
      break;
    }
    case 'overlap': {
      const f = op.filter || op.region ? let_(rule(o, op.kind, op.filter)) : null;
      const xs = op.x.map((id) => (f ? let_(and(o.seg(op.kind, id), f)) : o.seg(op.kind, id)));
      const ys = op.y.map((id) => o.seg(op.kind, id));
      out.push(card(f ?? o.u()));
      for (const x of xs) out.push(card(x));
      for (const y of ys) out.push(f ? andCard(y, f) : card(y));
      for (const x of xs) for (const y of ys) out.push(andCard(x, y));
      break;
    }
    case 'rule':
      out.push(card(rule(o, op.kind, op.rule)));
      break;
    case 'mekko': {
      // [total matched, total modeled, per market (matched, modeled), then within a region or a
      // filter per market per id (matched ids, modeled ids)]. Each kind within its own filter.
      const within = !!(op.region || op.filter);
      const fm = within ? let_(rule(o, 'matched', op.filter)) : null;
      const fo = within ? (op.filter ? let_(rule(o, 'modeled', op.filter)) : fm) : null;
      const sized = (b: string | null, f: string | null) => (b === null ? '0' : f ? andCard(b, f) : card(b));
      out.push(
        sized(
          o.union(
            'matched',
            op.markets.flatMap((m) => m.matched),
          ),
          fm,
        ),
      );
      out.push(
        sized(
          o.union(
            'modeled',
            op.markets.flatMap((m) => m.modeled),
          ),
          fo,
        ),
      );
      for (const m of op.markets) out.push(sized(o.union('matched', m.matched), fm), sized(o.union('modeled', m.modeled), fo));
      if (within)
        for (const m of op.markets) {
          for (const id of m.matched) out.push(sized(o.seg('matched', id), fm));
          for (const id of m.modeled) out.push(sized(o.seg('modeled', id), fo));
        }
      break;
    }
    case 'funnel': {
      // Per row and kind: [|S_i| ..., |S_i \ (S_i+1 ∪ … ∪ S_n)| ..., |S_1 ∪ … ∪ S_n|] within the
      // region and the filter, each kind within its own filter.
      const within = !!(op.region || op.filter);
      const fm = within ? let_(rule(o, 'matched', op.filter)) : null;
      const fo = within ? (op.filter ? let_(rule(o, 'modeled', op.filter)) : fm) : null;
      for (const row of op.rows) {
        for (const kind of ['matched', 'modeled'] as const) {
          const ids = row[kind];
          const f = kind === 'matched' ? fm : fo;
          const stage = ids.map((id) => (id ? (f ? let_(and(o.seg(kind, id), f)) : o.seg(kind, id)) : null));
          const raw = stage.map((s) => (s ? card(s) : '0'));
          const deduped = stage.map((s, i) => {
            if (!s) return '0';
            const later = o.union(kind, ids.slice(i + 1));
            return later ? card(`bitmapAndnot(${s}, ${later})`) : card(s);
          });
          const all = o.union(kind, ids);
          out.push(...raw, ...deduped, all ? (f ? andCard(all, f) : card(all)) : '0');
        }
      }
      break;
    }
    case 'profile': {
      // [population, |A|, |S_i| ..., |A ∩ S_i| ...]
      const u = o.u();
      const a = let_(rule(o, op.kind, op.audience));
      out.push(card(u), card(a));
      for (const id of op.ids) out.push(op.region ? andCard(o.seg(op.kind, id), u) : card(o.seg(op.kind, id)));
      for (const id of op.ids) out.push(andCard(a, o.seg(op.kind, id)));
      break;
    }
  }
  // Every statement reads the universe rows: a shard with none of the operands' members still
  // gives its row (and its population), and every shard's array has the same length.
  o.u();
  const level1 = o.where(table, version, shards);
  const level2 = derived.length ? `SELECT *, ${derived.join(', ')} FROM (${level1})` : level1;
  const cells = out.map((e) => `toUInt64(${e})`).join(', ');
  return `SELECT sumForEach([${cells}]) AS partial FROM (${level2})`;
}

export type { MembershipKind };
