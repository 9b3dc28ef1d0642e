/**
 * npm run bench:start: time from `npm start` to a served login page, twice (issue 26 §1):
 * - first start: a fresh checkout state (no dist/, no database; install excluded): build, new
 *   database, migrations; goal 10 s;
 * - unchanged start: `npm start` again with nothing changed (the build is reused, the database
 *   is there); goal 3 s.
 * Then how long the demo data took to be seeded after the first start. Uses a temporary data
 * directory and a free port, so it never touches ./var. Prints the figures; exits 1 only when no
 * page was served.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './lib/proc';
import { ROOT } from './lib/workspace';

interface Start {
  /** ms to a served login page, -1 when none within 5 min (a busy machine) */
  page: number;
  /** ms to the server's 'Demo data seeded' line, -1 when not seen (the run is stopped once it is) */
  seeded: number;
}

async function start(dataDir: string, opts: { waitForSeed: boolean }): Promise<Start> {
  const port = await freePort();
  const t0 = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DISCOVERY_DATA_DIR: dataDir, DISCOVERY_POPULATION_DIR: join(dataDir, 'population'), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let seeded = -1;
  child.stdout?.on('data', (d: Buffer) => {
    if (seeded < 0 && String(d).includes('Demo data seeded')) seeded = Date.now() - t0;
  });
  let page = -1;
  try {
    while (Date.now() - t0 < 300_000) {
      if (page < 0) {
        try {
          const r = await fetch(`http://127.0.0.1:${port}/login`);
          if (r.ok && (await r.text()).includes('<div id="root">')) page = Date.now() - t0;
        } catch {
          // not up yet
        }
      }
      if (page >= 0 && (!opts.waitForSeed || seeded >= 0)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    const exited = child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  return { page, seeded };
}

const s = (ms: number) => (ms < 0 ? 'not within 5 min' : `${(ms / 1000).toFixed(1)} s`);

async function main() {
  rmSync(join(ROOT, 'dist', 'full'), { recursive: true, force: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'discovery-start-'));
  try {
    const first = await start(dataDir, { waitForSeed: true });
    const again = await start(dataDir, { waitForSeed: false });
    console.log(`bench:start: first start (build + new database + migrations) to a served login page: ${s(first.page)} (goal 10 s)`);
    console.log(`bench:start:   the demo data was seeded ${s(first.seeded)} after that start (the login page is served meanwhile)`);
    console.log(`bench:start: unchanged start (build reused, database there) to a served login page: ${s(again.page)} (goal 3 s)`);
    process.exit(first.page < 0 || again.page < 0 ? 1 : 0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
