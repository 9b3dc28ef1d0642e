import type { Queryable } from '@discovery/server';

/**
 * The row count of every table (the route fuzzer's "a refused write leaves no row behind"), read
 * again only when some transaction has ended since the last count. `pg_current_snapshot()` names
 * what a statement sees: xmax is one past the last transaction id to end, the list the ones below
 * it still running (an id is assigned only to a transaction that writes). A transaction that ends
 * between two snapshots either leaves that list or, begun since, raises xmax past its id, so the
 * same snapshot twice means the same rows in every table. The counts are read in one statement
 * with the snapshot they go with. Any transaction that ends since, the request's or anything
 * else's on the cluster (another database, a job), costs a count again, never a missed row.
 * Counting every table before and after each of ~3,800 refused writes was most of the fuzzer's
 * time (issue 26). PostgreSQL and PGlite alike.
 */
export function rowCounter(db: Pick<Queryable, 'query'>, tables: string[]): { counts: () => Promise<Record<string, number>>; reads: () => number } {
  let last: { snapshot: string; counts: Record<string, number> } | null = null;
  let reads = 0;
  return {
    reads: () => reads,
    async counts() {
      if (last) {
        const [{ snapshot }] = await db.query<{ snapshot: string }>('select pg_current_snapshot()::text as snapshot');
        if (snapshot === last.snapshot) return last.counts;
      }
      reads++;
      const [row] = await db.query<Record<string, string>>(
        `select pg_current_snapshot()::text as snapshot, ${tables.map((n, i) => `(select count(*) from "${n}") as c${i}`).join(', ')}`,
      );
      last = { snapshot: row.snapshot, counts: Object.fromEntries(tables.map((n, i) => [n, Number(row[`c${i}`])])) };
      return last.counts;
    },
  };
}
