import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countsReady, signIn } from '../../../scripts/lib/bench';
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
  await signIn(server.url, 'planner@example.com')
    .then((session) => countsReady(session, 280_000))
    .catch((e: unknown) => {
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
