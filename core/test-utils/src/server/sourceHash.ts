import { createHash, type Hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The repository's root (this file is core/test-utils/src/server/sourceHash.ts). */
export const REPO_ROOT = join(__dirname, '..', '..', '..', '..');

function hashTree(h: Hash, dir: string): void {
  if (!existsSync(dir)) return;
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'client' && e.name !== 'node_modules') hashTree(h, path);
    } else if (/\.(ts|sql|json|cjs|js)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
      h.update(`\0${relative(REPO_ROOT, path)}\0`).update(readFileSync(path));
    }
  }
}

/**
 * A hash of the server-side sources under these folders of the repository (client folders and
 * tests left out; a `*` segment stands for each folder there) and of these files: what names a
 * cached test database or population, so that a changed source makes a new one.
 */
export function sourceHash(folders: string[], files: string[] = []): string {
  const h = createHash('sha256');
  for (const f of folders) {
    const [head, tail] = f.split('/*/');
    const roots =
      tail === undefined
        ? [f]
        : existsSync(join(REPO_ROOT, head))
          ? readdirSync(join(REPO_ROOT, head))
              .sort()
              .map((d) => `${head}/${d}/${tail}`)
          : [];
    for (const r of roots) hashTree(h, join(REPO_ROOT, r));
  }
  for (const f of files) if (existsSync(join(REPO_ROOT, f))) h.update(`\0${f}\0`).update(readFileSync(join(REPO_ROOT, f)));
  return h.digest('hex');
}
