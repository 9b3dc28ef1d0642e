import * as esbuild from 'esbuild';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase } from '@discovery/test-utils/server';

const ROOT = resolve(__dirname, '../../../..');
const LEASE_MS = 3000;

interface Line {
  event: string;
  pid: number;
  [k: string]: any;
}

/** A server process: its JSON lines as they come, and its exit. */
function start(file: string, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [file], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Line[] = [];
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
    for (const l of String(d).split('\n')) if (l.startsWith('{')) lines.push(JSON.parse(l));
  });
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    child,
    exited,
    async line(event: string, timeoutMs = 30_000): Promise<Line> {
      const t0 = Date.now();
      for (;;) {
        const hit = lines.find((l) => l.event === event);
        if (hit) return hit;
        if (lines.some((l) => l.event === 'error') || child.exitCode !== null || Date.now() - t0 > timeoutMs) {
          throw new Error(`no '${event}' from the server process; its output:\n${out}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/** SRV-116: a real server process killed (SIGKILL) while it imports; the next one finishes the import. */
describe('a plan import survives kill -9 of its server', () => {
  const work = mkdtempSync(join(tmpdir(), 'discovery-scn-restart-'));
  const bundleDir = join(ROOT, 'node_modules', '.cache', 'discovery-scn-restart', randomBytes(4).toString('hex'));
  let dropDb: (() => Promise<void>) | null = null;

  afterAll(async () => {
    await dropDb?.();
    rmSync(work, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  });

  it('SRV-116 an import whose server died mid-job is completed by the next server once the lease ran out', async () => {
    mkdirSync(bundleDir, { recursive: true });
    const file = join(bundleDir, 'restart-child.mjs');
    await esbuild.build({
      entryPoints: [join(__dirname, 'restartChild.ts')],
      outfile: file,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      plugins: [
        {
          name: 'external-deps',
          setup: (b) => b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@discovery/') ? undefined : { path: a.path, external: true })),
        },
      ],
      tsconfig: join(ROOT, 'tsconfig.json'),
      loader: { '.sql': 'text' },
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      logLevel: 'warning',
    });
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
    const first = start(file, { ...env, RESTART_MODE: 'import', DISCOVERY_PLANNING_DEMO_DELAY_MS: '60000' });
    const { id } = await first.line('imported');
    expect((await first.line('running')).job).toMatchObject({ state: 'running', attempts: 1 });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    const second = start(file, { ...env, RESTART_MODE: 'resume', DISCOVERY_PLANNING_DEMO_DELAY_MS: '0' });
    const found = await second.line('found');
    expect(found.rec).toMatchObject({ id, import_success: null });
    expect(found.job).toMatchObject({ state: 'running', attempts: 1 });
    const done = await second.line('done', 40_000);
    expect(await second.exited).toBe(0);
    expect(done.rec).toMatchObject({ id, import_success: true, message: "Imported 'Holiday Always-On' (3 media lines)" });
    expect(done.job).toMatchObject({ state: 'completed', attempts: 2 });
    expect(Date.parse(done.job.startedAt)).toBeGreaterThanOrEqual(Date.parse(found.job.leaseUntil));
  }, 90_000);
});
