import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ClickHouseClient } from '@clickhouse/client';
import type { Session } from 'chdb';

/** How long one statement may take before the call fails with a 503 (CLICKHOUSE_TIMEOUT_MS). */
export const DEFAULT_CLICKHOUSE_TIMEOUT_MS = 10_000;

/**
 * Where the SQL runs: a ClickHouse server or cluster (`@clickhouse/client` over HTTP) or embedded
 * ClickHouse in this process (`chdb`: tests, benchmarks, one-host tools). Every call has a time
 * limit: a server that is down or stuck fails the call, it never hangs.
 */
export interface ClickHouseRunner {
  /** 'chdb (embedded)' or the server's URL without credentials. */
  readonly where: string;
  /** The result rows of a SELECT (JSONCompact, 64-bit integers as numbers). */
  rows<T = unknown[]>(sql: string): Promise<T[]>;
  /** A statement without a result (DDL, INSERT ... SELECT, ALTER). */
  command(sql: string): Promise<void>;
  /** `INSERT INTO table (columns) FORMAT RowBinary` with these bytes. */
  insertRowBinary(table: string, columns: string, structure: string, data: Buffer): Promise<void>;
  close(): Promise<void>;
}

const SETTINGS = { output_format_json_quote_64bit_integers: 0 } as const;

/** ClickHouse through its HTTP interface (`@clickhouse/client`). */
export class ServerRunner implements ClickHouseRunner {
  readonly where: string;
  private constructor(
    private readonly client: ClickHouseClient,
    url: URL,
    private readonly timeoutMs: number,
  ) {
    url.username = '';
    url.password = '';
    this.where = url.toString().replace(/\/$/, '');
  }

  static async open(url: string, timeoutMs = DEFAULT_CLICKHOUSE_TIMEOUT_MS): Promise<ServerRunner> {
    const { createClient, ClickHouseLogLevel } = await import('@clickhouse/client');
    const u = new URL(url);
    const client = createClient({
      url: u.toString(),
      request_timeout: timeoutMs,
      max_open_connections: 16,
      // Errors reach the caller (a 503 with the reason); the client's own log would repeat them.
      log: { level: ClickHouseLogLevel.OFF },
      clickhouse_settings: { ...SETTINGS, max_execution_time: Math.max(1, Math.ceil(timeoutMs / 1000)) },
    });
    return new ServerRunner(client, u, timeoutMs);
  }

  async rows<T = unknown[]>(sql: string): Promise<T[]> {
    const rs = await this.client.query({ query: sql, format: 'JSONCompact' });
    return ((await rs.json()) as { data: T[] }).data;
  }

  async command(sql: string): Promise<void> {
    await this.client.command({ query: sql, clickhouse_settings: { mutations_sync: '2' } });
  }

  async insertRowBinary(table: string, columns: string, _structure: string, data: Buffer): Promise<void> {
    const r = await this.client.exec({
      query: `INSERT INTO ${table} (${columns}) FORMAT RowBinary`,
      values: Readable.from([data]),
      // A load is bigger than a count: ten times the count timeout.
      clickhouse_settings: { max_execution_time: Math.ceil((10 * this.timeoutMs) / 1000) },
    });
    r.stream.resume();
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/**
 * Embedded ClickHouse (`chdb`, a prebuilt library in the npm package): no server, the same SQL.
 * A session keeps its tables in a folder (a temporary one unless given).
 */
export class ChdbRunner implements ClickHouseRunner {
  readonly where = 'chdb (embedded)';
  private readonly scratch = join(tmpdir(), `discovery-chdb-${process.pid}-${randomUUID().slice(0, 8)}`);

  private constructor(
    private readonly session: Session,
    private readonly timeoutMs: number,
  ) {}

  static async open(opts: { path?: string; timeoutMs?: number } = {}): Promise<ChdbRunner> {
    const { Session } = await import('chdb');
    return new ChdbRunner(new Session(opts.path), opts.timeoutMs ?? DEFAULT_CLICKHOUSE_TIMEOUT_MS);
  }

  async rows<T = unknown[]>(sql: string): Promise<T[]> {
    const r = await this.session.queryAsync(`${sql} SETTINGS output_format_json_quote_64bit_integers = 0`, { format: 'JSONCompact', timeout: this.timeoutMs });
    return r.json<{ data: T[] }>().data;
  }

  async command(sql: string): Promise<void> {
    await this.session.queryAsync(sql, { timeout: this.timeoutMs });
  }

  /** chdb's insert takes text formats only: the RowBinary bytes go through a file, as they are. */
  async insertRowBinary(table: string, columns: string, structure: string, data: Buffer): Promise<void> {
    mkdirSync(this.scratch, { recursive: true });
    const file = join(this.scratch, `${randomUUID()}.bin`);
    writeFileSync(file, data);
    try {
      await this.session.queryAsync(`INSERT INTO ${table} (${columns}) SELECT * FROM file(${`'${file}'`}, 'RowBinary', '${structure}')`, {
        timeout: 10 * this.timeoutMs,
      });
    } finally {
      rmSync(file, { force: true });
    }
  }

  async close(): Promise<void> {
    rmSync(this.scratch, { recursive: true, force: true });
    this.session.cleanup();
  }
}

/** CLICKHOUSE_URL: a server (http(s)://user:password@host:8123/?database=...) or `chdb://<folder>` (embedded, tables kept in the folder). */
export async function openRunner(url: string, timeoutMs = DEFAULT_CLICKHOUSE_TIMEOUT_MS): Promise<ClickHouseRunner> {
  if (url.startsWith('chdb:')) {
    const path = url.slice('chdb:'.length).replace(/^\/\//, '');
    return ChdbRunner.open({ path: path || undefined, timeoutMs });
  }
  return ServerRunner.open(url, timeoutMs);
}
