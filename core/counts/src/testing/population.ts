/**
 * Test populations made by the data:generate CLI and read back person by person, shared by the
 * engine's and the ClickHouse backend's brute-force tests.
 */
import { cachedFolder, sourceHash } from '@discovery/test-utils/populationCache';
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_FILE, type Manifest } from '../manifest';
import { SegmentFileReader, SHARD_SIZE } from '../storage';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** What a generated population depends on: the engine's sources and the CLI's. */
const GENERATOR = sourceHash(['core/counts/src'], ['scripts/data-generate.ts']);

/** Runs the data:generate CLI in a child process (generation is slow inside jest's module sandbox). */
function generateWithCli(people: number, seed: number, dir: string, segments?: number, threads?: number): void {
  execFileSync(
    'npx',
    [
      'tsx',
      'scripts/data-generate.ts',
      '--people',
      String(people),
      '--seed',
      String(seed),
      '--out',
      dir,
      ...(segments ? ['--segments', String(segments)] : []),
      ...(threads ? ['--threads', String(threads)] : []),
    ],
    { cwd: ROOT, stdio: 'ignore' },
  );
}

/**
 * The folder of a population made once per (people, seed, segments, threads, generator sources),
 * by the CLI on `threads` worker threads (its default when unset), to be read, never written: the
 * tests that use it check what is in it or what is done with it, not its making.
 */
export function cachedGeneratedPopulation(people: number, seed: number, opts: { segments?: number; threads?: number } = {}): string {
  const { segments, threads } = opts;
  return cachedFolder(`counts population ${GENERATOR} ${people} ${seed} ${segments ?? 'all'}${threads ? ` threads ${threads}` : ''}`, (out) =>
    generateWithCli(people, seed, out, segments, threads),
  );
}

/** A cached population (cachedGeneratedPopulation) copied into `dir`, for a test that changes its files. */
export function generatedPopulation(people: number, seed: number, dir: string, segments?: number): Manifest {
  cpSync(cachedGeneratedPopulation(people, seed, { segments }), dir, { recursive: true });
  return JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
}

/** A segment file's members person by person: entry p is 1 when person p is in it. */
export function membersOf(file: string, people: number): Uint8Array {
  const out = new Uint8Array(people);
  const r = new SegmentFileReader(file);
  for (let s = 0; s < r.shardCount; s++) for (const local of r.read(s).toUint32Array()) out[s * SHARD_SIZE + local] = 1;
  r.close();
  return out;
}
