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
  const waiters: (() => void)[] = [];
  child.stdout!.on('data', (d) => {
    out += d;
    for (const l of String(d).split('\n')) {
      if (!l.startsWith('{')) continue;
      lines.push(JSON.parse(l));
      waiters.splice(0).forEach((w) => w());
    }
  });
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    child,
    exited,
    async line(event: string, timeoutMs = 20_000): Promise<Line> {
      const t0 = Date.now();
      for (;;) {
        const hit = lines.find((l) => l.event === event);
        if (hit) return hit;
        if (lines.some((l) => l.event === 'error') || child.exitCode !== null || Date.now() - t0 > timeoutMs) {
          throw new Error(`no '${event}' from the server process; its output:\n${out}`);
        }
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
  };
}

describe('a job survives kill -9 of its server', () => {
  const work = mkdtempSync(join(tmpdir(), 'discovery-crash-'));
  // Inside node_modules, so the bundle's external packages resolve from the repository's.
  const bundleDir = join(ROOT, 'node_modules', '.cache', 'discovery-jobs-crash', randomBytes(4).toString('hex'));
  let dropDb: (() => Promise<void>) | null = null;

  afterAll(async () => {
    await dropDb?.();
    rmSync(work, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  });

  it('a job whose server was killed mid-run completes on the next server once its lease has run out', async () => {
    mkdirSync(bundleDir, { recursive: true });
    const file = join(bundleDir, 'crash-child.mjs');
    await esbuild.build({
      entryPoints: [join(__dirname, 'crashChild.ts')],
      outfile: file,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // npm packages from node_modules, our workspace packages (TypeScript source) bundled
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
    // A file-backed PGlite, or a fresh PostgreSQL database on the jest PostgreSQL pass.
    const env: Record<string, string> = { CRASH_LEASE_MS: String(LEASE_MS), CRASH_WORK_MS: '1000', CRASH_DATA_DIR: join(work, 'db'), CRASH_DATABASE_URL: '' };
    const testDb = await createTestDatabase('discovery_crash');
    dropDb = testDb.drop;
    if (testDb.url) env.CRASH_DATABASE_URL = testDb.url;

    const first = start(file, { ...env, CRASH_MODE: 'enqueue' });
    const { id } = await first.line('enqueued');
    const started = await first.line('started');
    expect(started).toMatchObject({ id, attempt: 1 });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    const second = start(file, { ...env, CRASH_MODE: 'resume' });
    // the new server finds the job still running under the dead server's claim
    const found = (await second.line('found')).job;
    expect(found).toMatchObject({ id, state: 'running', attempts: 1 });
    const deadLease = Date.parse(found.leaseUntil);
    const done = (await second.line('done', 30_000)).job;
    expect(await second.exited).toBe(0);
    expect(done).toMatchObject({ id, state: 'completed', attempts: 2, progress: 1, result: { pid: second.child.pid, attempt: 2 } });
    expect(done.claimedBy).not.toBe(found.claimedBy);
    // taken over only once the lease had run out
    expect(Date.parse(done.startedAt)).toBeGreaterThanOrEqual(deadLease);
  }, 60_000);
});
