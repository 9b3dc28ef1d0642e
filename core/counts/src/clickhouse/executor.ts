import { CountsUnavailableError, PopulationLoadError } from '../errors';
import type { Op, Partial } from '../ops';
import { bitmapsFrom, DEFAULT_TABLES, loadedVersion, type ClickHouseTables } from './load';
import { lit } from './sql';
import { opSql } from './sql';
import type { ClickHouseRunner } from './runner';

/**
 * The ClickHouse side of the engine: each operation over a set of shards is one SQL statement
 * whose one row is the summed partial (sql.ts), so CountsEngine checks identifiers, charges the
 * budget and shapes answers as it does for its own workers.
 *
 * The statement also reads the version ClickHouse answers from: when it is no longer the
 * population this server opened (someone loaded another), the backend refuses (status failed,
 * every call 503) instead of answering from other data. An error or a timeout from ClickHouse is a
 * CountsUnavailableError (503) for that call; the next call tries again.
 */
export class ClickHouseExecutor {
  busy = 0;
  readonly restarts = 0;
  failure: string | null = null;
  /** The last call's error, cleared by the next answer (shown by the status route). */
  lastError: string | null = null;

  constructor(
    readonly runner: ClickHouseRunner,
    readonly version: string,
    readonly tables: ClickHouseTables = DEFAULT_TABLES,
  ) {}

  /** Opens over a loaded population: PopulationLoadError when ClickHouse holds another version (or none) or does not answer. */
  static async open(runner: ClickHouseRunner, version: string, tables: ClickHouseTables = DEFAULT_TABLES): Promise<ClickHouseExecutor> {
    let loaded: string | null;
    try {
      loaded = await loadedVersion(runner, tables);
    } catch (e) {
      throw new PopulationLoadError(`ClickHouse at ${runner.where} did not answer: ${firstLine(e)}`);
    }
    if (loaded !== version) throw new PopulationLoadError(mismatch(runner.where, loaded, version));
    return new ClickHouseExecutor(runner, version, tables);
  }

  async run(op: Op, shards: number[]): Promise<Partial | null> {
    if (this.failure) throw new CountsUnavailableError(`Audience counts are unavailable: ${this.failure}.`);
    if (!shards.length) return null;
    // On a cluster each node answers for the shards it holds (its local table) and only the
    // partial arrays travel: the initiator adds them up.
    const one = opSql(op, shards, this.tables.bitmaps, this.version);
    const partials = this.tables.cluster ? `SELECT sumForEach(partial) AS partial FROM cluster(${lit(this.tables.cluster)}, view(${one}))` : one;
    const sql = `SELECT partial, (SELECT version FROM ${this.tables.populations} ORDER BY loaded_at DESC LIMIT 1) AS loaded FROM (${partials})`;
    this.busy++;
    let rows: [number[], string][];
    try {
      rows = await this.runner.rows<[number[], string]>(sql);
    } catch (e) {
      this.lastError = firstLine(e);
      throw new CountsUnavailableError(
        `Audience counts are unavailable: ClickHouse at ${this.runner.where} did not answer (${this.lastError}). Please try again.`,
      );
    } finally {
      this.busy--;
    }
    this.lastError = null;
    const [partial, loaded] = rows[0] ?? [[], null];
    if (loaded !== this.version) {
      this.failure = mismatch(this.runner.where, loaded, this.version);
      throw new CountsUnavailableError(`Audience counts are unavailable: ${this.failure}.`);
    }
    return partial.map(Number);
  }

  async memory(): Promise<{ bitmaps: number; bytes: number }> {
    const [[bitmaps, bytes]] = await this.runner.rows<[number, number]>(
      `SELECT count(), sum(byteSize(bm)) FROM ${bitmapsFrom(this.tables)} WHERE version = ${lit(this.version)}`,
    );
    return { bitmaps: Number(bitmaps), bytes: Number(bytes) };
  }

  async close(): Promise<void> {
    await this.runner.close();
  }
}

function mismatch(where: string, loaded: string | null, version: string): string {
  return loaded
    ? `ClickHouse at ${where} holds population version ${loaded}, this server's population is ${version} (run npm run data:load-clickhouse)`
    : `ClickHouse at ${where} holds no population (run npm run data:load-clickhouse)`;
}

function firstLine(e: unknown): string {
  return String((e as Error)?.message ?? e)
    .split('\n')[0]
    .slice(0, 300);
}
