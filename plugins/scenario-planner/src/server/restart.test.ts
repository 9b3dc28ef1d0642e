import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleChildServer, createTestDatabase, startChildServer } from '@discovery/test-utils/server';

const LEASE_MS = 3000;

/** SRV-116: a real server process killed (SIGKILL) while it imports; the next one finishes the import. */
describe('a plan import survives kill -9 of its server', () => {
  const work = mkdtempSync(join(tmpdir(), 'discovery-scn-restart-'));
  let dropDb: (() => Promise<void>) | null = null;
  let bundle: { file: string; dispose: () => void } | null = null;

  afterAll(async () => {
    await dropDb?.();
    rmSync(work, { recursive: true, force: true });
    bundle?.dispose();
  });

  it('SRV-116 an import whose server died mid-job is completed by the next server once the lease ran out', async () => {
    bundle = await bundleChildServer(join(__dirname, 'restartChild.ts'), 'scn-restart');
    const file = bundle.file;
    const env: Record<string, string> = {
      RESTART_LEASE_MS: String(LEASE_MS),
      RESTART_DATA_DIR: join(work, 'db'),
      RESTART_DATABASE_URL: '',
      DISCOVERY_PLANNING_DEMO: 'true',
    };
    const testDb = await createTestDatabase('discovery_scn_restart');
    dropDb = testDb.drop;
    if (testDb.url) env.RESTART_DATABASE_URL = testDb.url;

    // The first server's planning service takes a minute: it is killed while the job waits for it.
    const first = startChildServer(file, { ...env, RESTART_MODE: 'import', DISCOVERY_PLANNING_DEMO_DELAY_MS: '60000' });
    const { id } = await first.line('imported');
    expect((await first.line('running')).job).toMatchObject({ state: 'running', attempts: 1 });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    const second = startChildServer(file, { ...env, RESTART_MODE: 'resume', DISCOVERY_PLANNING_DEMO_DELAY_MS: '0' });
    const found = await second.line<{ rec: unknown; job: { leaseUntil: string } }>('found');
    expect(found.rec).toMatchObject({ id, import_success: null });
    expect(found.job).toMatchObject({ state: 'running', attempts: 1 });
    const done = await second.line<{ rec: unknown; job: { startedAt: string } }>('done', 40_000);
    expect(await second.exited).toBe(0);
    expect(done.rec).toMatchObject({ id, import_success: true, message: "Imported 'Holiday Always-On' (3 media lines)" });
    expect(done.job).toMatchObject({ state: 'completed', attempts: 2 });
    expect(Date.parse(done.job.startedAt)).toBeGreaterThanOrEqual(Date.parse(found.job.leaseUntil));
  });
});
