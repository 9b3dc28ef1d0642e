import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { auditedCalls } from './audit';

/** Raw, parameterised SQL on a connection or inside a transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` holding a database-wide lock named `key` (a PostgreSQL session advisory lock, so
   * several server processes on one database take turns: migrations at start).
   */
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Connections of the pool (metrics): PGlite has one. */
  poolStats(): { total: number; idle: number; waiting: number };
  /** PGlite only: the data directory as a tarball, which `loadDataDir` opens again (test templates). */
  dumpDataDir?(): Promise<Blob>;
}

// int8 (count(*), bigint ids) arrive as strings from node-postgres; the values we store fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const db = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir ?? './var/db', opts.loadDataDir);
  // Every write made while a request is handled carries the request's audit context (audit.ts).
  return { ...db, ...auditedCalls(db) };
}

/**
 * A blank data directory, as initdb leaves it, dumped from the first in-memory database this
 * module opened (in-memory databases are the tests'; jest gives each test file its own module
 * registry, so this is per test file): the next ones open a copy of it instead of
 * running initdb again, which took 4-7 s a database on a busy 2-core machine, against 1-2 s for a
 * copy (issue 26 §2). A data directory opened from a dump is what test templates already use.
 */
let blankMemoryDir: Promise<Blob> | null = null;

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const memory = dataDir === 'memory://';
  if (!memory) mkdirSync(dataDir, { recursive: true });
  // loadDataDir: a tarball of a data directory (dumpDataDir) instead of initdb (test templates).
  const blank = memory && !loadDataDir && blankMemoryDir ? await blankMemoryDir.catch(() => undefined) : undefined;
  const client = memory ? new PGlite({ loadDataDir: loadDataDir ?? blank }) : new PGlite(dataDir, { loadDataDir });
  await client.waitReady;
  if (memory && !loadDataDir && !blank) {
    // A copy only saves time: without one, the next database runs initdb again.
    blankMemoryDir = client.exec('checkpoint').then(() => client.dumpDataDir('none'));
    await blankMemoryDir.catch(() => (blankMemoryDir = null));
  }
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      return (await q.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(client);
  // One process owns an embedded database: a queue in memory is the lock.
  let tail: Promise<unknown> = Promise.resolve();
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => client.transaction((tx) => fn(wrap(tx))),
    withLock<T>(_key: string, fn: () => Promise<T>): Promise<T> {
      const run = tail.then(fn, fn);
      tail = run.catch(() => undefined);
      return run;
    },
    close: () => client.close(),
    poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
    async dumpDataDir() {
      // Everything written is in the data files, so the copy opens without replaying the WAL.
      await client.exec('checkpoint');
      return client.dumpDataDir('none');
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DISCOVERY_PG_POOL ?? 10) });
  // An idle client whose connection the server ends (restart, failover, a dropped test database)
  // must not crash the process: the pool replaces it on the next query.
  pool.on('error', (e) => console.warn(`PostgreSQL idle client error: ${e.message}`));
  await pool.query('select 1');
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      return (await q.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
      // The lock belongs to one connection: it is held there while fn works on the pool.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock(hashtext($1))', [key]);
        try {
          return await fn();
        } finally {
          await holder.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
        }
      } finally {
        holder.release();
      }
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn(wrap(client));
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
