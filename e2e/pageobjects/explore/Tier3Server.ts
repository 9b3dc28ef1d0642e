import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer, type StartedServer } from '../../../scripts/lib/proc';
import { ROOT } from '../../../scripts/lib/workspace';

/**
 * The tier is deployment-wide (SHELL-013): the e2e server runs tier 1, and tier 3's screens (the
 * motivation audiences, EXP-016/018) need a server of their own. This starts the same full build
 * that scripts/e2e.ts built, with DISCOVERY_TIER=3, its own fresh embedded database and
 * population, seeded before it answers (startBuiltServer waits for its health), and returns once its
 * population is ready too: until then every count answers 503 'being generated', and the spec's first
 * page would show that (it did once, under load, when the population took longer than the page).
 */
export async function startTier3Server(): Promise<StartedServer> {
  const serverFile = join(ROOT, 'dist', 'full', 'server.mjs');
  if (!existsSync(serverFile)) throw new Error(`${serverFile} is missing: run the explore spec through npm run test:e2e (it builds first)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'discovery-e2e-tier3-'));
  const server = await startBuiltServer(serverFile, { DISCOVERY_DATA_DIR: dataDir, DATABASE_URL: '', DISCOVERY_TIER: '3' }, 280_000).catch((e: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  });
  await populationReady(server.url, 280_000).catch((e: unknown) => {
    server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  });
  // A worker that ends without the spec's `after` (a crash, a kill) takes the server with it.
  const kill = () => server.child.kill('SIGKILL');
  process.once('exit', kill);
  return {
    ...server,
    stop: async () => {
      process.off('exit', kill);
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the server's count engine has its population (GET /api/v1/counts/status, signed in). */
async function populationReady(url: string, timeoutMs: number): Promise<void> {
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'planner@example.com', password: process.env.DISCOVERY_DEMO_PASSWORD ?? 'discovery-demo' }),
  });
  if (!login.ok) throw new Error(`signing in to read the counts status answered ${login.status}`);
  const headers = {
    cookie: login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    'x-csrf-token': login.headers.get('x-csrf-token') ?? '',
  };
  const until = Date.now() + timeoutMs;
  let state = '?';
  while (Date.now() < until) {
    const res = await fetch(`${url}/api/v1/counts/status`, { headers });
    if (res.ok) {
      state = ((await res.json()) as { data: { state: string } }).data.state;
      if (state === 'ready') return;
      if (state === 'failed') throw new Error('the tier-3 server could not generate its population');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the tier-3 server's population was not ready within ${timeoutMs} ms (state ${state})`);
}
