import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MANIFEST_FILE } from '@discovery/counts/manifest';
import { markUsed, pruneUnused } from '@discovery/test-utils/cacheFolder';
import { builtServerEnv, startBuiltServer } from './proc';

/**
 * Seeded data folders for a built server (issue 26 §2): the e2e lanes and `npm run size` each start
 * the same build on a fresh embedded database, and each start used to run initdb, every migration,
 * every seed and the demo population's generation (6.4 s and 10 CPU-seconds here when idle, over
 * 30 s beside the rest of npm test). Now the first of them starts the build once on an empty
 * folder, stops it once its data is seeded and its population generated, and keeps that folder;
 * every server is then started on a copy of its own, where its migration check and seeds find
 * nothing to do (1.3 s). What a test changes stays in its copy.
 *
 * A template is named by a hash of the server bundle (a rebuilt server makes a new one: its build
 * stamp differs) and of the settings that decide what is seeded (tier, population), and is kept in
 * `<os.tmpdir()>/discovery-seeded-data/<name>/`. Processes that need the same one at once (the e2e
 * step and size, started side by side) make it once: the first takes a lock folder, the others
 * wait for it, and break it at once if its holder's process has died. Templates unused for a day are removed. DISCOVERY_SEEDED_DATA=0 turns this off
 * (each server seeds a fresh folder, as before).
 */
export const SEEDED_DATA_DIR = join(tmpdir(), 'discovery-seeded-data');

/** The settings that decide what a server seeds; the rest of its environment is read at each start. */
const SEEDING_ENV = ['DISCOVERY_TIER', 'DISCOVERY_SEED', 'DISCOVERY_POPULATION_PEOPLE', 'DISCOVERY_POPULATION_SEED'] as const;
const MAX_IDLE_MS = 24 * 3600 * 1000;
/** A lock older than this is broken even when its holder still runs (a hung server start). */
const STALE_LOCK_MS = 10 * 60 * 1000;

const enabled = () => process.env.DISCOVERY_SEEDED_DATA !== '0';

export function seededDataKey(serverFile: string, env: NodeJS.ProcessEnv): string {
  const h = createHash('sha256').update('seeded-data-1\0').update(readFileSync(serverFile));
  // What the server will see: a DISCOVERY_TIER in this process's environment seeds tier 3 too.
  const seen = builtServerEnv(env);
  for (const k of SEEDING_ENV) h.update(`\0${k}=${seen[k] ?? ''}`);
  return h.digest('hex').slice(0, 32);
}

/**
 * A fresh data folder for `serverFile` started with `env` (DISCOVERY_DATA_DIR then names it): a
 * copy of the seeded template, made first when there is none. The caller removes the folder.
 */
export async function seededDataDir(serverFile: string, env: NodeJS.ProcessEnv = {}, prefix = 'discovery-data-'): Promise<string> {
  if (!enabled()) return mkdtempSync(join(tmpdir(), prefix));
  const template = await templateFor(serverFile, env);
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(template, dir, { recursive: true });
  return dir;
}

async function templateFor(serverFile: string, env: NodeJS.ProcessEnv): Promise<string> {
  const key = seededDataKey(serverFile, env);
  const dir = join(SEEDED_DATA_DIR, key);
  const lock = `${dir}.lock`;
  mkdirSync(SEEDED_DATA_DIR, { recursive: true });
  for (;;) {
    if (existsSync(dir)) return touched(dir);
    if (takeLock(lock)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    if (existsSync(dir)) return touched(dir);
    const part = mkdtempSync(join(SEEDED_DATA_DIR, '.part-'));
    try {
      await makeTemplate(serverFile, env, part);
      try {
        renameSync(part, dir);
      } catch (e) {
        // Two made it (a lock broken by two waiters at once): the first one's is as good.
        if (!existsSync(dir)) throw e;
      }
    } finally {
      rmSync(part, { recursive: true, force: true });
    }
    prune();
    return dir;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Takes the lock folder (with the holder's pid in it), or breaks one whose holder is gone: a process
 * no longer running, or a lock older than STALE_LOCK_MS. False when another live process holds it.
 */
function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
  } catch {
    if (lockIsStale(lock)) rmSync(lock, { recursive: true, force: true });
    return false;
  }
  writeFileSync(join(lock, 'pid'), String(process.pid));
  return true;
}

function lockIsStale(lock: string): boolean {
  try {
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) return true;
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    return pid > 0 && !isRunning(pid);
  } catch {
    return false; // released meanwhile, or its holder has not written its pid yet
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // running, as another user
  }
}

/** Starts the server on the empty `dir`, waits for its seeds and its population, and stops it. */
async function makeTemplate(serverFile: string, env: NodeJS.ProcessEnv, dir: string): Promise<void> {
  // startBuiltServer answers once the data is seeded (DISCOVERY_SEED_WAIT) and puts the population in dir/population.
  const server = await startBuiltServer(serverFile, { ...env, DISCOVERY_DATA_DIR: dir, DATABASE_URL: '' });
  const { child } = server;
  try {
    const manifest = join(dir, 'population', MANIFEST_FILE);
    const t0 = Date.now();
    while (!existsSync(manifest)) {
      if (Date.now() - t0 > 300_000) throw new Error(`the demo population in ${dir} was not generated within 300 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  // A clean stop (the database closed), however long a busy machine takes for it.
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  child.kill('SIGTERM');
  await exited;
  if (child.exitCode !== 0) throw new Error(`the server that seeded ${dir} exited with code ${child.exitCode} (signal ${child.signalCode})`);
}

function touched(dir: string): string {
  markUsed(dir);
  return dir;
}

const prune = () => pruneUnused(SEEDED_DATA_DIR, MAX_IDLE_MS);
