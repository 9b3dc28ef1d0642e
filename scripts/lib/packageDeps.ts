/**
 * Each workspace package declares its own dependencies (issue 26 §5), checked by
 * `npm run check-boundaries`:
 * - every package a file imports is declared: in `dependencies` if code that ships imports it, in
 *   `devDependencies` if only its tests do (`*.test.ts(x)`, `testing.ts(x)`, a `testing/` folder);
 * - every declared package is imported by that package, and a `dependencies` entry by code that
 *   ships (only tests use it: a devDependency);
 * - a package's range is the same wherever it is declared, and a workspace package is declared
 *   as "*" (npm links the workspace).
 * The root package is the toolchain (scripts/, the jest, ESLint and wdio configs): it must declare
 * what its files import, and each of its packages must be used by name somewhere in its scripts
 * or configs, or be the peer or the types of one that is.
 */
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { readWorkspace, type Workspace } from './workspace';

export interface DependencyViolation {
  package: string;
  dependency: string;
  reason: string;
}

const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'var']);
const BUILTINS = new Set(builtinModules);

/** A test's file, whose imports may be devDependencies. */
export const isTestFile = (rel: string) => /\.test\.tsx?$/.test(rel) || /(^|[\\/])testing(\.tsx?$|[\\/])/.test(rel);

/** The package a bare specifier names ('@blueprintjs/icons/lib/css/x.css' -> '@blueprintjs/icons'); null for relative and Node built-in ones. */
export function packageName(spec: string): string | null {
  if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) return null;
  const name = spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
  return BUILTINS.has(name) ? null : name;
}

/**
 * The packages a source text imports (static, type-only, dynamic, require and side-effect
 * imports), read with TypeScript's scanner, so code inside a string (a template the scaffold
 * writes) does not count.
 */
export function importedPackages(source: string): Set<string> {
  const out = new Set<string>();
  for (const f of ts.preProcessFile(source, true, true).importedFiles) {
    const name = packageName(f.fileName);
    if (name) out.add(name);
  }
  return out;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(e.name) || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) sourceFiles(p, out);
    else if (SOURCE.test(e.name)) out.push(p);
  }
  return out;
}

/**
 * What a package's files import, given as [path relative to the package, text]: by code that
 * ships, and by its tests only. Files that are not source (README.md, locales) import nothing.
 */
export function usesOfTexts(files: Iterable<[string, string]>): { shipped: Map<string, string>; tests: Map<string, string> } {
  const shipped = new Map<string, string>();
  const tests = new Map<string, string>();
  for (const [rel, text] of files) {
    if (!SOURCE.test(rel)) continue;
    for (const name of importedPackages(text)) (isTestFile(rel) ? tests : shipped).set(name, rel);
  }
  for (const name of shipped.keys()) tests.delete(name);
  return { shipped, tests };
}

/** What the files of the package in `dir` import (usesOfTexts). */
export function usesOf(dir: string): { shipped: Map<string, string>; tests: Map<string, string> } {
  return usesOfTexts(sourceFiles(dir).map((f): [string, string] => [relative(dir, f), readFileSync(f, 'utf8')]));
}

/** The range a dependency is declared with anywhere in the workspace (the root package included), for a new package to use. */
export function declaredRange(ws: Workspace, dependency: string): string | undefined {
  for (const p of [ws.pkg, ...ws.packages.map((w) => w.pkg)]) {
    const r = p.dependencies?.[dependency] ?? p.devDependencies?.[dependency];
    if (r) return r;
  }
  return undefined;
}

export function checkDependencies(root: string, ws = readWorkspace(root)): DependencyViolation[] {
  const violations: DependencyViolation[] = [];
  const workspaceNames = new Set(ws.packages.map((p) => p.pkg.name));
  const ranges = new Map<string, Map<string, string>>(); // dependency -> range -> first package declaring it

  const note = (pkg: string, deps: Record<string, string> | undefined) => {
    for (const [d, r] of Object.entries(deps ?? {})) {
      if (workspaceNames.has(d)) {
        if (r !== '*') violations.push({ package: pkg, dependency: d, reason: `a workspace package is declared as "*" (found "${r}")` });
        continue;
      }
      const seen = ranges.get(d) ?? new Map<string, string>();
      if (!seen.has(r)) seen.set(r, pkg);
      ranges.set(d, seen);
    }
  };

  for (const { dir, where, pkg } of ws.packages) {
    const label = `${pkg.name} (${where})`;
    const deps = pkg.dependencies ?? {};
    const dev = pkg.devDependencies ?? {};
    note(label, deps);
    note(label, dev);
    const { shipped, tests } = usesOf(dir);
    // The ambient types its tsconfig loads ("types": ["node", "@wdio/globals/types"]) are used too.
    for (const name of typesOfTsconfig(join(dir, 'tsconfig.json'))) if (!shipped.has(name)) tests.set(name, 'tsconfig.json');
    for (const [name, file] of shipped) {
      if (name === pkg.name || name in deps || name in (pkg.peerDependencies ?? {})) continue;
      violations.push({
        package: label,
        dependency: name,
        reason: `${where}/${file} imports it: declare it in "dependencies"${name in dev ? ' (it is only a devDependency)' : ''}`,
      });
    }
    for (const [name, file] of tests) {
      if (name === pkg.name || name in deps || name in dev) continue;
      const how = file === 'tsconfig.json' ? 'loads its types' : '(a test) imports it';
      violations.push({ package: label, dependency: name, reason: `${where}/${file} ${how}: declare it in "devDependencies"` });
    }
    for (const name of Object.keys(deps)) {
      if (shipped.has(name)) continue;
      violations.push({
        package: label,
        dependency: name,
        reason: tests.has(name) ? 'only its tests import it: move it to "devDependencies"' : 'declared in "dependencies" but nothing imports it',
      });
    }
    for (const name of Object.keys(dev)) {
      if (!tests.has(name) && !shipped.has(name))
        violations.push({ package: label, dependency: name, reason: 'declared in "devDependencies" but nothing imports it' });
    }
  }

  violations.push(...checkRoot(root, ws, workspaceNames, note));

  for (const [d, seen] of ranges) {
    if (seen.size > 1) {
      violations.push({
        package: [...seen.values()].join(', '),
        dependency: d,
        reason: `declared with different ranges (${[...seen.keys()].map((r) => `"${r}"`).join(', ')}): use one`,
      });
    }
  }
  return violations;
}

/** The root package: the toolchain. */
function checkRoot(
  root: string,
  ws: Workspace,
  workspaceNames: Set<string>,
  note: (pkg: string, deps: Record<string, string> | undefined) => void,
): DependencyViolation[] {
  const violations: DependencyViolation[] = [];
  const { pkg } = ws;
  const label = `${pkg.name} (the root: scripts and configs)`;
  const declared = { ...pkg.dependencies, ...pkg.devDependencies };
  note(label, pkg.dependencies);
  note(label, pkg.devDependencies);
  const files = [
    ...sourceFiles(join(root, 'scripts')),
    ...readdirSync(root)
      .filter((f) => SOURCE.test(f))
      .map((f) => join(root, f)),
    join(root, 'e2e', 'wdio.conf.ts'),
  ].filter(existsSync);
  const imported = new Map<string, string>();
  for (const f of files) for (const name of importedPackages(readFileSync(f, 'utf8'))) imported.set(name, relative(root, f));
  for (const [name, file] of imported) {
    if (workspaceNames.has(name) || name in declared) continue;
    violations.push({ package: label, dependency: name, reason: `${file} imports it: declare it in the root "devDependencies"` });
  }
  // A tool is used when it is imported, or named in a script, a config or .ci/run (a CLI, a jest
  // transform, a wdio framework), or is a peer or the types of one that is.
  const text = [JSON.stringify(pkg.scripts ?? {}), ...files.map((f) => readFileSync(f, 'utf8')), readIfExists(join(root, '.ci', 'run'))].join('\n');
  const named = (d: string) => {
    if (imported.has(d) || text.includes(`'${d}'`) || text.includes(`"${d}"`) || text.includes(`'${d}/`) || text.includes(`"${d}/`)) return true;
    // WebdriverIO names its plugins by their short name: runner 'local' is @wdio/local-runner.
    const wdio = /^@wdio\/(.+)-(runner|framework|reporter|service)$/.exec(d);
    if (wdio && text.includes(`'${wdio[1]}'`)) return true;
    const bins = binsOf(root, d);
    return bins.some((b) => new RegExp(`(^|[\\s'"\`])(npx )?${b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([\\s'"\`]|$)`, 'm').test(text));
  };
  const used = new Set(Object.keys(declared).filter(named));
  const peers = new Set([...used].flatMap((u) => Object.keys(peersOf(root, u) ?? {})));
  // An @types package is in use when a root tsconfig loads it ("types": ["node", "jest"]) or any
  // package of the workspace (the root included) declares the package it types.
  const tsconfigTypes = new Set(
    [...readdirSync(root).filter((f) => /^tsconfig.*\.json$/.test(f)), 'e2e/tsconfig.json'].flatMap((f) => typesOfTsconfig(join(root, f))),
  );
  const declaredAnywhere = new Set(
    [pkg, ...ws.packages.map((p) => p.pkg)].flatMap((p) => [...Object.keys(p.dependencies ?? {}), ...Object.keys(p.devDependencies ?? {})]),
  );
  for (const d of Object.keys(declared)) {
    if (used.has(d) || peers.has(d)) continue;
    const typesOf = d.startsWith('@types/') ? d.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2') : null;
    if (typesOf && (tsconfigTypes.has(d) || declaredAnywhere.has(typesOf))) continue;
    violations.push({ package: label, dependency: d, reason: 'nothing imports it, names it in a script or config, or needs it as a peer or its types' });
  }
  return violations;
}

/** The packages a tsconfig's "types" load: 'node' is @types/node, '@wdio/globals/types' is @wdio/globals. */
export function typesOfTsconfig(file: string): string[] {
  if (!existsSync(file)) return [];
  const parsed = ts.readConfigFile(file, ts.sys.readFile).config as { compilerOptions?: { types?: string[] } } | undefined;
  return (parsed?.compilerOptions?.types ?? []).map((t) => (t.startsWith('@') ? (packageName(t) ?? t) : `@types/${t.split('/')[0]}`));
}

const readIfExists = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : '');

function installedPkg(root: string, name: string): { bin?: string | Record<string, string>; peerDependencies?: Record<string, string> } | undefined {
  const f = join(root, 'node_modules', name, 'package.json');
  return existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : undefined;
}

function binsOf(root: string, name: string): string[] {
  const bin = installedPkg(root, name)?.bin;
  if (!bin) return [];
  return typeof bin === 'string' ? [name.split('/').pop() as string] : Object.keys(bin);
}

const peersOf = (root: string, name: string) => installedPkg(root, name)?.peerDependencies;
