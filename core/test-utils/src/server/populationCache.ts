import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markUsed, pruneUnused } from './cacheFolder';
import { sourceHash } from './sourceHash';

export { sourceHash };

/**
 * Generated test populations, made once and opened read-only by every test server that asks for
 * the same one (issue 26 §2). The count engine only reads a population's files, so servers in
 * several jest workers share one folder.
 *
 * `<os.tmpdir()>/discovery-test-populations/<key>/`, the key a hash of the people, the seed and
 * the generator's sources (core/counts/src, which holds GENERATOR_VERSION): a changed generator
 * makes a new one. A server that finds none generates its own as before and then publishes a copy:
 * written to a folder of its own beside the cache's, then renamed into place, so that workers
 * racing for the same population never see half of one (the first rename wins, the others drop
 * their copy). Populations unused for two days are removed. DISCOVERY_TEST_POPULATIONS=0 turns
 * the cache off.
 */
export const POPULATION_CACHE = join(tmpdir(), 'discovery-test-populations');

const MAX_IDLE_MS = 2 * 24 * 3600 * 1000;

let generator: string | null = null;

export function populationKey(people: number, seed: number): string {
  generator ??= sourceHash(['core/counts/src']);
  return createHash('sha256').update(`population-1\0${generator}\0${people}\0${seed}`).digest('hex').slice(0, 32);
}

const enabled = () => process.env.DISCOVERY_TEST_POPULATIONS !== '0';

/** The cached population's folder, or null when there is none yet. */
export function cachedPopulation(people: number, seed: number): string | null {
  if (!enabled()) return null;
  const dir = join(POPULATION_CACHE, populationKey(people, seed));
  if (!existsSync(join(dir, 'manifest.json'))) return null;
  markUsed(dir); // in use: not pruned
  return dir;
}

/** Publishes a generated population (left where it is) as the cached one of (people, seed). */
export function publishPopulation(from: string, people: number, seed: number): void {
  if (!enabled()) return;
  const dir = join(POPULATION_CACHE, populationKey(people, seed));
  if (existsSync(dir)) return;
  let aside: string | null = null;
  try {
    mkdirSync(POPULATION_CACHE, { recursive: true });
    aside = mkdtempSync(join(POPULATION_CACHE, '.part-'));
    cpSync(from, join(aside, 'population'), { recursive: true });
    renameSync(join(aside, 'population'), dir);
  } catch {
    // another worker published it first, or the copy failed: the cache only saves time
  } finally {
    if (aside) rmSync(aside, { recursive: true, force: true });
  }
  prune();
}

const prune = () => pruneUnused(POPULATION_CACHE, MAX_IDLE_MS);

/**
 * A folder made once per key by `make` (given an empty folder to fill) and cached beside the
 * populations, published as `publishPopulation` does; the cached folder, which callers only read
 * or copy. For fixtures whose making is not what a test checks (the count engine's test populations).
 */
export function cachedFolder(key: string, make: (dir: string) => void): string {
  const dir = join(POPULATION_CACHE, createHash('sha256').update(`folder-1\0${key}`).digest('hex').slice(0, 32));
  if (enabled() && existsSync(dir)) {
    markUsed(dir);
    return dir;
  }
  mkdirSync(POPULATION_CACHE, { recursive: true });
  const aside = mkdtempSync(join(POPULATION_CACHE, '.part-'));
  make(join(aside, 'made'));
  if (!enabled()) return join(aside, 'made');
  try {
    renameSync(join(aside, 'made'), dir);
  } catch {
    // another worker published it first: theirs is the same
  }
  rmSync(aside, { recursive: true, force: true });
  prune();
  return dir;
}
