/**
 * npm run data:load-clickhouse -- [--population ./var/population] [--url $CLICKHOUSE_URL] [--table discovery_bitmaps]
 *
 * Writes a population's bitmaps into ClickHouse for the ClickHouse counts backend
 * (DISCOVERY_COUNTS_BACKEND=clickhouse): each shard's portable roaring bytes, prefixed with 0x01
 * and their varint length, are a groupBitmap state in RowBinary, so nothing is re-encoded.
 * (--population, not --dir: the roaring package's loader reads --dir from the command line.)
 * Idempotent per population version (the manifest's hash): a version loaded already is not
 * written again. CLICKHOUSE_URL: http(s)://user:password@host:8123 (a server or a cluster's
 * Distributed table, see docs/clickhouse-cluster.md) or chdb://<folder> (embedded, tables kept in
 * the folder).
 */
import { DEFAULT_TABLES, loadPopulation, openRunner } from '@discovery/counts';
import { resolve } from 'node:path';
import { argValue } from './lib/workspace';

const args = process.argv.slice(2);
const dir = resolve(argValue(args, '--population') ?? process.env.DISCOVERY_POPULATION_DIR ?? './var/population');
const url = argValue(args, '--url') ?? process.env.CLICKHOUSE_URL;
const table = argValue(args, '--table');

async function main() {
  if (!url) throw new Error('data:load-clickhouse needs CLICKHOUSE_URL or --url (http://host:8123 or chdb://<folder>)');
  const runner = await openRunner(url, Number(process.env.CLICKHOUSE_TIMEOUT_MS) || 60_000);
  try {
    // CLICKHOUSE_CLUSTER: write through the Distributed table, drop old versions on every node.
    const cluster = process.env.CLICKHOUSE_CLUSTER;
    const base = cluster ? { ...DEFAULT_TABLES, bitmaps: 'discovery_bitmaps_local', insertInto: 'discovery_bitmaps', cluster } : DEFAULT_TABLES;
    const tables = table ? { ...base, bitmaps: table } : base;
    const r = await loadPopulation(runner, dir, { tables, log: (m) => console.log(`data:load-clickhouse: ${m}`) });
    if (r.loaded)
      console.log(
        `data:load-clickhouse: ${runner.where}: ${r.rows} rows, ${(r.bytes / 1e6).toFixed(1)} MB, ${(r.ms / 1000).toFixed(1)} s (population ${r.version})`,
      );
  } finally {
    await runner.close();
  }
}

main().catch((e) => {
  console.error(`data:load-clickhouse: ${(e as Error).message}`);
  process.exit(1);
});
