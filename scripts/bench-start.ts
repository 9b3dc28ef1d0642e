/**
 * npm run bench:start: time from `npm start` on a fresh checkout state (no dist/, no database;
 * install excluded) to a served login page. Goal: under 20 s. Uses a temporary data directory
 * and a free port, so it never touches ./var.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './lib/proc';
import { ROOT } from './lib/workspace';

async function main() {
  rmSync(join(ROOT, 'dist', 'full'), { recursive: true, force: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'discovery-start-'));
  const port = await freePort();
  const t0 = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DISCOVERY_DATA_DIR: dataDir, DISCOVERY_POPULATION_DIR: join(dataDir, 'population'), DATABASE_URL: '' },
    stdio: 'ignore',
    detached: true,
  });
  let ms = -1;
  try {
    while (Date.now() - t0 < 60_000) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/login`);
        if (r.ok && (await r.text()).includes('<div id="root">')) {
          ms = Date.now() - t0;
          break;
        }
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (ms < 0) {
    console.log('bench:start: no login page within 60 s');
    process.exit(1);
  }
  console.log(`bench:start: first start (build + new database + migrations + demo seed) to a served login page: ${(ms / 1000).toFixed(1)} s (goal < 20 s)`);
  process.exit(ms < 20_000 ? 0 : 1);
}

void main();
