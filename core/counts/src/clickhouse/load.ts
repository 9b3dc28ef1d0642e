import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RoaringBitmap32 } from '../roaring';
import { MANIFEST_FILE, type Manifest } from '../manifest';
import { SegmentFileReader, SHARD_SIZE } from '../storage';
import { lit } from './sql';
import type { ClickHouseRunner } from './runner';

/** The bitmap table and the table of loaded population versions (CLICKHOUSE_TABLE prefix). */
export interface ClickHouseTables {
  /** Where counts read: the bitmap table, or on a cluster the Distributed table over it. */
  bitmaps: string;
  /** Where the loader writes bitmaps (on a cluster: the Distributed table too, or the local one). */
  insertInto?: string;
  populations: string;
  /**
   * A cluster (docs/clickhouse-cluster.md): `bitmaps` is then each node's local table, every
   * statement runs on every shard through `cluster(name, view(...))` and only the partial sums
   * come back; the loader writes through `insertInto` (the Distributed table, sharded by shard).
   */
  cluster?: string;
}

/** The bitmap rows as one table, on every shard of a cluster. */
export function bitmapsFrom(t: ClickHouseTables): string {
  return t.cluster ? `cluster(${lit(t.cluster)}, currentDatabase(), ${t.bitmaps})` : t.bitmaps;
}

const onCluster = (t: ClickHouseTables) => (t.cluster ? ` ON CLUSTER ${lit(t.cluster)}` : '');

export const DEFAULT_TABLES: ClickHouseTables = { bitmaps: 'discovery_bitmaps', populations: 'discovery_populations' };

const COLUMNS = 'version, kind, segment, shard, bm';
const STRUCTURE = 'version String, kind String, segment String, shard UInt32, bm AggregateFunction(groupBitmap, UInt32)';

/**
 * Single-node DDL (chdb, one server). A cluster's (ReplicatedMergeTree + Distributed by shard) is
 * in docs/clickhouse-cluster.md: same columns, same key.
 */
export function createTablesSql(t: ClickHouseTables = DEFAULT_TABLES): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${t.bitmaps} (
      version LowCardinality(String),
      kind LowCardinality(String),
      segment String,
      shard UInt32,
      bm AggregateFunction(groupBitmap, UInt32)
    ) ENGINE = MergeTree PARTITION BY version ORDER BY (kind, segment, shard)`,
    `CREATE TABLE IF NOT EXISTS ${t.populations} (
      version String,
      people UInt64,
      shards UInt32,
      rows UInt64,
      loaded_at DateTime64(3) DEFAULT now64(3)
    ) ENGINE = MergeTree ORDER BY loaded_at`,
  ];
}

/** A population's version: the first 16 hex digits of its manifest's SHA-256 (what the loader records and the backend checks). */
export function populationVersion(dir: string): string {
  return createHash('sha256')
    .update(readFileSync(join(dir, MANIFEST_FILE)))
    .digest('hex')
    .slice(0, 16);
}

function varint(n: number): Buffer {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return Buffer.from(out);
}

const str = (s: string) => {
  const b = Buffer.from(s, 'utf8');
  return Buffer.concat([varint(b.length), b]);
};

/**
 * One RowBinary row. A portable roaring bitmap prefixed with 0x01 (the bitmap form, not the small
 * set) and its varint byte length is a groupBitmap state: the bytes are not re-encoded.
 */
export function bitmapRow(version: string, kind: string, segment: string, shard: number, portable: Buffer): Buffer {
  const sh = Buffer.alloc(4);
  sh.writeUInt32LE(shard);
  return Buffer.concat([str(version), str(kind), str(segment), sh, Buffer.from([1]), varint(portable.length), portable]);
}

/** The rows a population loads to: its non-empty shard bitmaps and the universe rows. */
export function expectedRows(dir: string, manifest: Manifest): number {
  let n = 0;
  for (const s of manifest.segments) {
    if (s.deleted) continue;
    for (const kind of ['matched', 'modeled'] as const) {
      const r = new SegmentFileReader(join(dir, kind, `${s.short_id}.bin`));
      n += r.lengths.filter((l) => l > 0).length;
      r.close();
    }
  }
  return n + universeRows(manifest).length;
}

/** Everyone of each shard (segment ''), and each region's slice of each shard it touches (segment = its key). */
function universeRows(m: Manifest): { segment: string; shard: number; lo: number; hi: number }[] {
  const out: { segment: string; shard: number; lo: number; hi: number }[] = [];
  for (let s = 0; s < m.shards; s++) {
    const base = s * SHARD_SIZE;
    const hi = Math.min(base + SHARD_SIZE, m.people);
    if (hi > base) out.push({ segment: '', shard: s, lo: 0, hi: hi - base });
    for (const r of m.regions) {
      const a = Math.max(base, r.start);
      const b = Math.min(hi, r.end);
      if (b > a) out.push({ segment: r.key, shard: s, lo: a - base, hi: b - base });
    }
  }
  return out;
}

export interface LoadResult {
  version: string;
  /** false: this version was loaded already, nothing written. */
  loaded: boolean;
  rows: number;
  bytes: number;
  ms: number;
}

/** The version ClickHouse answers from: the last population loaded completely, or null. */
export async function loadedVersion(runner: ClickHouseRunner, t: ClickHouseTables = DEFAULT_TABLES): Promise<string | null> {
  const rows = await runner.rows<[string]>(`SELECT version FROM ${t.populations} ORDER BY loaded_at DESC LIMIT 1`);
  return rows[0]?.[0] ?? null;
}

/**
 * Writes a population's bitmaps into ClickHouse, as they are on disk. Idempotent per population
 * version: a version recorded as loaded is not written again; a load that stopped half way (no
 * record) is dropped and written again. The version becomes the one the backend answers from
 * only once every row is in; older versions' partitions are dropped after that.
 */
export async function loadPopulation(
  runner: ClickHouseRunner,
  dir: string,
  opts: { tables?: ClickHouseTables; batchBytes?: number; log?: (m: string) => void } = {},
): Promise<LoadResult> {
  const t = opts.tables ?? DEFAULT_TABLES;
  const t0 = Date.now();
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
  const version = populationVersion(dir);
  // A cluster's tables are made once by its DDL (docs/clickhouse-cluster.md).
  if (!t.cluster) for (const sql of createTablesSql(t)) await runner.command(sql);
  // Loaded already: recorded, and every recorded row still there (a later version drops older partitions).
  const [recorded] = await runner.rows<[number]>(`SELECT rows FROM ${t.populations} WHERE version = ${lit(version)} ORDER BY loaded_at DESC LIMIT 1`);
  const [[present]] = await runner.rows<[number]>(`SELECT count() FROM ${bitmapsFrom(t)} WHERE version = ${lit(version)}`);
  if (recorded && Number(recorded[0]) === Number(present)) {
    if ((await loadedVersion(runner, t)) !== version)
      await runner.command(
        `INSERT INTO ${t.populations} (version, people, shards, rows) SELECT version, people, shards, rows FROM ${t.populations} WHERE version = ${lit(version)} LIMIT 1`,
      );
    opts.log?.(`Population ${version} (${manifest.people.toLocaleString('en-US')} people) is loaded already.`);
    return { version, loaded: false, rows: 0, bytes: 0, ms: Date.now() - t0 };
  }
  await runner.command(`ALTER TABLE ${t.bitmaps}${onCluster(t)} DROP PARTITION ${lit(version)}`);
  const target = t.insertInto ?? t.bitmaps;
  const batchBytes = opts.batchBytes ?? 64 << 20;
  let batch: Buffer[] = [];
  let size = 0;
  let rows = 0;
  let bytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    await runner.insertRowBinary(target, COLUMNS, STRUCTURE, Buffer.concat(batch));
    batch = [];
    size = 0;
  };
  const push = async (row: Buffer) => {
    batch.push(row);
    size += row.length;
    bytes += row.length;
    rows++;
    if (size >= batchBytes) await flush();
  };
  for (const s of manifest.segments) {
    if (s.deleted) continue;
    for (const kind of ['matched', 'modeled'] as const) {
      const r = new SegmentFileReader(join(dir, kind, `${s.short_id}.bin`));
      try {
        for (let shard = 0; shard < r.shardCount; shard++) {
          const b = r.readBytes(shard);
          if (b.length) await push(bitmapRow(version, kind, s.short_id, shard, b));
        }
      } finally {
        r.close();
      }
    }
  }
  for (const u of universeRows(manifest)) {
    const b = new RoaringBitmap32();
    b.addRange(u.lo, u.hi);
    b.runOptimize();
    await push(bitmapRow(version, 'universe', u.segment, u.shard, Buffer.from(b.serialize('portable'))));
  }
  await flush();
  const [[stored]] = await runner.rows<[number]>(`SELECT count() FROM ${bitmapsFrom(t)} WHERE version = ${lit(version)}`);
  if (stored !== rows) throw new Error(`ClickHouse holds ${stored} rows of population ${version}, ${rows} were written`);
  await runner.command(
    `INSERT INTO ${t.populations} (version, people, shards, rows) VALUES (${lit(version)}, ${manifest.people}, ${manifest.shards}, ${rows})`,
  );
  const old = await runner.rows<[string]>(`SELECT DISTINCT version FROM ${bitmapsFrom(t)} WHERE version != ${lit(version)}`);
  for (const [v] of old) await runner.command(`ALTER TABLE ${t.bitmaps}${onCluster(t)} DROP PARTITION ${lit(v)}`);
  const ms = Date.now() - t0;
  opts.log?.(
    `Loaded population ${version} (${manifest.people.toLocaleString('en-US')} people): ${rows.toLocaleString('en-US')} bitmaps, ${(bytes / 1e6).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s.`,
  );
  return { version, loaded: true, rows, bytes, ms };
}
