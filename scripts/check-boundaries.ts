/**
 * npm run check-boundaries: fails when a plugin imports another plugin's client or server code,
 * any deep path of a package (only its `exports` entries are public), or a relative path outside
 * its own folder; when a plugin's src/common pulls in React, Node or a runtime package; and when
 * core imports a plugin; when a package's `exports` name a file that does not exist; and when a workspace package imports a package it does not declare, or
 * declares one it does not use (scripts/lib/packageDeps.ts, issue 26 §5).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { checkDependencies } from './lib/packageDeps';
import { packagesIn, readWorkspace, ROOT } from './lib/workspace';

export interface Violation {
  file: string;
  specifier: string;
  reason: string;
}

const IMPORT_RE =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|js|mjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

export function importsOf(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT_RE)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

/** Specifiers a file needs at run time: every import but the type-only ones (`import type ... from`). */
export function runtimeImportsOf(source: string): Set<string> {
  return new Set(importsOf(source.replace(/(?:import|export)\s+type\s+[^'"`;]*?\s+from\s+['"][^'"]+['"]/g, '')));
}

function packageOf(spec: string): { name: string; sub: string } {
  const parts = spec.split('/');
  const n = spec.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, n).join('/');
  const rest = parts.slice(n).join('/');
  return { name, sub: rest ? './' + rest : '.' };
}

const COMMON_FORBIDDEN =
  /^(react|react-dom|react-router-dom|mobx-react-lite|@blueprintjs\/|fastify|pg|@electric-sql\/|node:|fs$|path$|@discovery\/(platform|ui|server|test-utils)|@discovery\/counts|@discovery\/[^/]+\/server$)/;

export function checkBoundaries(root = ROOT, ws = readWorkspace(root)): Violation[] {
  // name -> exported subpaths ('.', './server', ...), kind and declared plugin dependencies of every core and plugin package.
  const exportsMap = new Map(
    [...packagesIn(ws, 'core'), ...packagesIn(ws, 'plugins')].map(({ where, pkg }) => [
      pkg.name,
      {
        exports: Object.keys(pkg.exports ?? { '.': '' }),
        plugin: where.startsWith('plugins/'),
        pluginId: pkg.discovery?.pluginId,
        dependsOn: pkg.discovery?.dependsOn ?? [],
      },
    ]),
  );
  const violations: Violation[] = [];
  const check = (file: string, ownDir: string, ownPkg: string, kind: 'plugin' | 'core') => {
    const rel = relative(root, file);
    const inCommon = kind === 'plugin' && rel.split(sep).includes('common') && rel.includes(`${sep}src${sep}common${sep}`);
    const source = readFileSync(file, 'utf8');
    const runtime = runtimeImportsOf(source);
    for (const spec of new Set(importsOf(source))) {
      if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec);
        if (!target.startsWith(ownDir + sep) && target !== ownDir) {
          violations.push({ file: rel, specifier: spec, reason: 'relative import leaves the package' });
        } else if (inCommon && !target.includes(`${sep}src${sep}common`)) {
          violations.push({ file: rel, specifier: spec, reason: 'src/common may not import client or server code' });
        }
        continue;
      }
      if (inCommon && COMMON_FORBIDDEN.test(spec)) {
        violations.push({ file: rel, specifier: spec, reason: 'src/common must stay free of React, Node and runtime packages' });
      }
      const { name, sub } = packageOf(spec);
      if (!name.startsWith('@discovery/')) continue;
      const target = exportsMap.get(name);
      if (!target) {
        violations.push({ file: rel, specifier: spec, reason: `unknown workspace package '${name}'` });
        continue;
      }
      if (!target.exports.includes(sub)) {
        violations.push({ file: rel, specifier: spec, reason: `deep import: '${name}' exports only ${target.exports.join(', ')}` });
        continue;
      }
      if (target.plugin) {
        if (kind === 'core') {
          violations.push({ file: rel, specifier: spec, reason: 'core may not import a plugin' });
        } else if (name !== ownPkg && sub !== './common') {
          violations.push({ file: rel, specifier: spec, reason: "a plugin may import only another plugin's './common' entry" });
        } else if (name !== ownPkg && runtime.has(spec) && !exportsMap.get(ownPkg)?.dependsOn.includes(target.pluginId ?? '')) {
          // Using another plugin's endpoints, refs or rules at run time needs that plugin in the build.
          violations.push({
            file: rel,
            specifier: spec,
            reason: `uses plugin '${target.pluginId}' at run time: declare it in package.json "discovery": { "dependsOn": ["${target.pluginId}"] }`,
          });
        }
      }
    }
  };
  for (const group of ['plugins', 'core'] as const) {
    for (const { dir, pkg } of packagesIn(ws, group)) {
      for (const f of walk(join(dir, 'src'))) check(f, dir, pkg.name, group === 'plugins' ? 'plugin' : 'core');
      // An entry whose file is gone is a public name nobody can import.
      for (const [sub, target] of Object.entries<unknown>(pkg.exports ?? {})) {
        if (typeof target === 'string' && !existsSync(join(dir, target))) {
          violations.push({
            file: relative(root, join(dir, 'package.json')),
            specifier: sub,
            reason: `exports '${sub}' names ${target}, which does not exist`,
          });
        }
      }
    }
  }
  return violations;
}

if (require.main === module) {
  const ws = readWorkspace(ROOT);
  const v = checkBoundaries(ROOT, ws);
  const d = checkDependencies(ROOT, ws);
  if (v.length || d.length) {
    console.error(`check-boundaries: ${v.length + d.length} violation(s)`);
    for (const x of v) console.error(`  ${x.file}: '${x.specifier}': ${x.reason}`);
    for (const x of d) console.error(`  ${x.package}: '${x.dependency}': ${x.reason}`);
    process.exit(1);
  }
  console.log('check-boundaries: no violations (imports and declared dependencies)');
}
