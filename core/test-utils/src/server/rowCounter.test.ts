import { createTestServer, type TestServer } from './index';
import { rowCounter } from './rowCounter';

/**
 * The route fuzzer's row counts (issue 26): read again only when the database's snapshot moved,
 * and never missing a row, whoever wrote it and whenever its transaction began.
 */
describe('rowCounter', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ seed: false });
    await t.core.query('create table fuzz_a (x int)');
    await t.core.query('create table fuzz_b (x int)');
  });
  afterAll(() => t?.close());

  it('counts again after a write, committed or rolled back, and reuses the counts while no transaction ended', async () => {
    const rows = rowCounter(t.core, ['fuzz_a', 'fuzz_b']);
    // On PostgreSQL another suite's database on the cluster may end a transaction at any time
    // (a count again, as it should be); on PGlite nothing else runs.
    const alone = t.server.db.kind === 'pglite';
    expect(await rows.counts()).toEqual({ fuzz_a: 0, fuzz_b: 0 });
    expect(await rows.counts()).toEqual({ fuzz_a: 0, fuzz_b: 0 });
    if (alone) expect(rows.reads()).toBe(1);
    await t.core.query('insert into fuzz_b values (1)');
    expect(await rows.counts()).toEqual({ fuzz_a: 0, fuzz_b: 1 });
    await expect(
      t.core.transaction(async (tx) => {
        await tx.query('insert into fuzz_a values (1)');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await rows.counts()).toEqual({ fuzz_a: 0, fuzz_b: 1 });
    if (alone) expect(rows.reads()).toBe(3);
  });

  it('sees the rows of a transaction that was running during a count once it commits, after a later one ended first', async () => {
    const rows = rowCounter(t.core, ['fuzz_a', 'fuzz_b']);
    const before = await rows.counts();
    if (t.server.db.kind === 'postgres') {
      // Its id is below the later transaction's, so xmax does not move when it ends: it leaves the running list.
      await t.core.transaction(async (tx) => {
        await tx.query('insert into fuzz_a values (2)');
        expect(await rows.counts()).toEqual(before);
        await t.core.query('insert into fuzz_b values (2)');
        expect(await rows.counts()).toEqual({ ...before, fuzz_b: before.fuzz_b + 1 });
      });
    } else {
      // PGlite has one connection: a transaction holds it, so none is running during a count.
      await t.core.query('insert into fuzz_a values (2)');
      await t.core.query('insert into fuzz_b values (2)');
    }
    expect(await rows.counts()).toEqual({ fuzz_a: before.fuzz_a + 1, fuzz_b: before.fuzz_b + 1 });
  });
});
