import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pruneUnused } from './cacheFolder';
import { sourceHash } from './sourceHash';

/**
 * Migrated and seeded PGlite databases, made once and copied by every test server that asks for
 * the same database (issue 26 §2): a server opens a copy (`loadDataDir`) instead of running initdb,
 * every migration and every seed again. It still runs its migration check and its seeds at start,
 * and they find nothing to do.
 *
 * A template is the tarball of a data directory (`db.dumpDataDir()`), kept in
 * `<os.tmpdir()>/discovery-db-templates/` and named by a hash of everything that makes it: the
 * server-side sources (core's migrations and demo seed, every plugin's migrations and seeds and
 * what they import), the PGlite version, the plugins with migrations or a seed in their order, the
 * seed and population options, the configuration, and the day (UTC), so that seeded dates are never
 * older than a day. A plugin with neither (most tests' probe plugins) writes nothing to the database
 * at start (`register` mounts routes), so servers that differ only by such plugins share a template.
 * A changed migration or seed makes a new name; templates older than a day are removed.
 * Workers that miss the same template at once both make it; each writes a file of its own and
 * renames it into place, so a reader never sees half a template. DISCOVERY_TEST_DB_TEMPLATES=0
 * turns templates off (every server migrates and seeds its own database, as before).
 */
export const TEMPLATE_DIR = join(tmpdir(), 'discovery-db-templates');

const FORMAT = 'pglite-template-1';
const MAX_AGE_MS = 24 * 3600 * 1000;
const inMemory = new Map<string, Blob>();

let sources: string | null = null;
/** Server-side sources (what a migration, a seed or a plugin's start can run) and the PGlite version. */
const serverSources = () =>
  (sources ??= sourceHash(
    ['core/counts/src', 'core/insights-kit/src', 'core/plugin-api/src', 'core/server/src', 'host/src', 'plugins/*/src'],
    ['node_modules/@electric-sql/pglite/package.json'],
  ));

export interface TemplateInputs {
  plugins: { id: string; migrations?: { id: string; sql: string }[]; seed?: unknown }[];
  seed: boolean;
  population: { people: number; seed: number } | null;
  config: unknown;
}

/** The template's name: a hash of everything that makes its content. */
export function templateKey(inputs: TemplateInputs): string {
  const h = createHash('sha256').update(FORMAT).update(serverSources()).update(new Date().toISOString().slice(0, 10));
  for (const p of inputs.plugins) {
    if (!p.migrations?.length && !p.seed) continue;
    h.update(`\0plugin ${p.id}`);
    for (const m of p.migrations ?? []) h.update(`\0${m.id}\0${m.sql}`);
  }
  h.update(JSON.stringify({ seed: inputs.seed, population: inputs.population, config: inputs.config }));
  return h.digest('hex').slice(0, 32);
}

/** The template of this key, or undefined when none was made yet. */
export function loadTemplate(key: string): Blob | undefined {
  const mem = inMemory.get(key);
  if (mem) return mem;
  const file = join(TEMPLATE_DIR, `${key}.tar`);
  if (!existsSync(file)) return undefined;
  const blob = new Blob([readFileSync(file)]);
  inMemory.set(key, blob);
  return blob;
}

/** Keeps a template: in memory, and for other workers and runs on disk (written aside, then renamed). */
export async function saveTemplate(key: string, blob: Blob): Promise<void> {
  inMemory.set(key, blob);
  const file = join(TEMPLATE_DIR, `${key}.tar`);
  const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.part`;
  try {
    mkdirSync(TEMPLATE_DIR, { recursive: true });
    writeFileSync(part, Buffer.from(await blob.arrayBuffer()));
    renameSync(part, file);
    prune();
  } catch {
    rmSync(part, { force: true }); // a template only saves time: without it the next server migrates again
  }
}

const prune = () => pruneUnused(TEMPLATE_DIR, MAX_AGE_MS);
