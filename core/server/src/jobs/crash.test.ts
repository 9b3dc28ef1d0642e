import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleChildServer, createTestDatabase, startChildServer } from '@discovery/test-utils/server';

const LEASE_MS = 3000;

/** A job as the child prints it (JSON: its times are strings). */
interface PrintedJob {
  id: number;
  leaseUntil: string;
  startedAt: string;
  claimedBy: string | null;
}

describe('a job survives kill -9 of its server', () => {
  const work = mkdtempSync(join(tmpdir(), 'discovery-crash-'));
  let dropDb: (() => Promise<void>) | null = null;
  let bundle: { file: string; dispose: () => void } | null = null;

  afterAll(async () => {
    await dropDb?.();
    rmSync(work, { recursive: true, force: true });
    bundle?.dispose();
  });

  it('a job whose server was killed mid-run completes on the next server once its lease has run out', async () => {
    bundle = await bundleChildServer(join(__dirname, 'crashChild.ts'), 'jobs-crash');
    const file = bundle.file;
    // A file-backed PGlite, or a fresh PostgreSQL database on the jest PostgreSQL pass.
    const env: Record<string, string> = { CRASH_LEASE_MS: String(LEASE_MS), CRASH_WORK_MS: '1000', CRASH_DATA_DIR: join(work, 'db'), CRASH_DATABASE_URL: '' };
    const testDb = await createTestDatabase('discovery_crash');
    dropDb = testDb.drop;
    if (testDb.url) env.CRASH_DATABASE_URL = testDb.url;

    const first = startChildServer(file, { ...env, CRASH_MODE: 'enqueue' });
    const { id } = await first.line<{ id: number }>('enqueued');
    const started = await first.line('started');
    expect(started).toMatchObject({ id, attempt: 1 });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    const second = startChildServer(file, { ...env, CRASH_MODE: 'resume' });
    // the new server finds the job still running under the dead server's claim
    const found = (await second.line<{ job: PrintedJob }>('found')).job;
    expect(found).toMatchObject({ id, state: 'running', attempts: 1 });
    const deadLease = Date.parse(found.leaseUntil);
    const done = (await second.line<{ job: PrintedJob }>('done', 30_000)).job;
    expect(await second.exited).toBe(0);
    expect(done).toMatchObject({ id, state: 'completed', attempts: 2, progress: 1, result: { pid: second.child.pid, attempt: 2 } });
    expect(done.claimedBy).not.toBe(found.claimedBy);
    // taken over only once the lease had run out
    expect(Date.parse(done.startedAt)).toBeGreaterThanOrEqual(deadLease);
  });
});
