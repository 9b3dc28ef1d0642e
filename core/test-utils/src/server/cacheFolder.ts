import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The housekeeping of the folders where tests and npm test keep what they made once (test
 * populations, database templates, seeded data folders): an entry in use is touched, and entries
 * unused for longer than their folder allows are removed.
 */

/** Marks a cached entry as just used, so `pruneUnused` keeps it. */
export function markUsed(path: string): void {
  const now = new Date();
  try {
    utimesSync(path, now, now);
  } catch {
    // removed meanwhile by another process: its reader finds it missing and says so
  }
}

/** Removes the entries of `dir` (files or folders) not used for `maxIdleMs`. */
export function pruneUnused(dir: string, maxIdleMs: number): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > maxIdleMs) rmSync(path, { recursive: true, force: true });
    } catch {
      // removed by another process meanwhile
    }
  }
}
