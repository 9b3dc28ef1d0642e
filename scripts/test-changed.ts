/**
 * npm run test:changed [-- --base <ref>] [--no-e2e] [--list]: the developer's loop (issue 26). The files
 * changed against <ref> (default: main; committed, staged, unstaged and new files) decide what
 * runs: the jest tests of each workspace package they touch (core/<x>, plugins/<x>, host, scripts),
 * then, in one browser session on the full build (reused when unchanged), the e2e spec files that
 * changed and those of every touched plugin (e2e/specs/<plugin id>/). A change to core or the host
 * runs the shell specs too. Lists what it chose before running it (--list: only that).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { e2e } from './e2e';
import { run } from './lib/proc';
import { argValue, ROOT } from './lib/workspace';

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The files a change touches: against the merge base with `base`, plus what is not committed yet. */
export function changedFiles(base: string): string[] {
  const mergeBase = git('merge-base', base, 'HEAD')[0];
  return [...new Set([...git('diff', '--name-only', mergeBase), ...git('ls-files', '--others', '--exclude-standard')])].sort();
}

/** The workspace package (test root) a file belongs to, or null (docs, config at the root). */
export function packageOf(file: string): string | null {
  const m = /^(core\/[^/]+|plugins\/[^/]+|host|scripts)\//.exec(file);
  return m ? m[1] : null;
}

/** The e2e spec files for a set of changed files. */
export function specsFor(files: string[]): string[] {
  const specs = new Set(files.filter((f) => /^e2e\/specs\/.*\.e2e\.ts$/.test(f) && existsSync(join(ROOT, f))));
  const dirs = new Set<string>();
  for (const f of files) {
    const plugin = /^(?:plugins\/([^/]+)\/|e2e\/pageobjects\/([^/]+)\/)/.exec(f);
    if (plugin) dirs.add(plugin[1] ?? plugin[2]);
    if (/^(core\/(platform|ui|plugin-api|server)|host)\//.test(f)) dirs.add('shell');
  }
  for (const d of dirs) {
    const dir = join(ROOT, 'e2e', 'specs', d);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) if (f.endsWith('.e2e.ts')) specs.add(`e2e/specs/${d}/${f}`);
  }
  return [...specs].sort();
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const files = changedFiles(argValue(args, '--base') ?? 'main');
  const packages = [...new Set(files.map(packageOf).filter((p): p is string => p !== null))].sort();
  const specs = args.includes('--no-e2e') ? [] : specsFor(files);
  console.log(`test:changed: ${files.length} changed files`);
  console.log(`  jest: ${packages.join(', ') || '(none)'}`);
  console.log(`  e2e: ${specs.join(', ') || '(none)'}`);
  if (args.includes('--list')) return 0;
  if (packages.length) {
    const code = await run('npx', ['jest', '--ci', ...packages.map((p) => `${p}/`)], {
      ...process.env,
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
    });
    if (code !== 0) return code;
  }
  return specs.length ? e2e(specs.flatMap((s) => ['--spec', s])) : 0;
}

if (require.main === module) {
  main()
    .then((code) => process.exit(code))
    .catch((e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    });
}
