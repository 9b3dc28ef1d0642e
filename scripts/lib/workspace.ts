import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');

export interface BuildDef {
  name: string;
  description?: string;
  plugins: string[];
}

export interface PackageJson {
  name: string;
  exports?: Record<string, unknown>;
  /** A plugin's id and the plugins it needs (checked by discoverPlugins). */
  discovery?: { pluginId?: string; dependsOn?: string[] };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  workspaces?: string[];
}

export interface WorkspacePackage {
  /** Its folder. */
  dir: string;
  /** Its folder from the root, '/'-separated: 'plugins/grow', 'host'. */
  where: string;
  pkg: PackageJson;
}

export interface Workspace {
  /** The root package.json. */
  pkg: PackageJson;
  /** The workspace packages, in the order of the root's "workspaces" globs ('core/*', 'host'), each glob's by folder name. */
  packages: WorkspacePackage[];
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** The root package.json and every workspace package's folder and package.json, each read once. */
export function readWorkspace(root = ROOT): Workspace {
  const pkg = readJson(join(root, 'package.json')) as PackageJson;
  const packages: WorkspacePackage[] = [];
  const add = (where: string) => {
    const dir = join(root, where);
    const file = join(dir, 'package.json');
    if (existsSync(file)) packages.push({ dir, where, pkg: readJson(file) });
  };
  for (const g of pkg.workspaces ?? []) {
    const base = g.endsWith('/*') ? g.slice(0, -2) : null;
    if (base === null) add(g);
    else if (existsSync(join(root, base))) for (const d of readdirSync(join(root, base)).sort()) add(`${base}/${d}`);
  }
  return { pkg, packages };
}

/** The packages of one folder of the workspace ('plugins', 'core'). */
export const packagesIn = (ws: Workspace, folder: string) => ws.packages.filter((p) => p.where.startsWith(`${folder}/`));

export interface PluginPackage {
  id: string;
  name: string;
  dir: string;
  hasClient: boolean;
  hasServer: boolean;
  /** The plugins it needs in the same build (package.json "discovery": { "dependsOn" }). */
  dependsOn: string[];
}

/** Every plugin package under plugins/, keyed by its `discovery.pluginId`. */
export function discoverPlugins(ws = readWorkspace()): Map<string, PluginPackage> {
  const out = new Map<string, PluginPackage>();
  for (const { dir, where, pkg } of packagesIn(ws, 'plugins')) {
    const pkgFile = join(dir, 'package.json');
    const folder = basename(where);
    const id = pkg.discovery?.pluginId;
    if (typeof id !== 'string') {
      throw new Error(`${pkgFile}: missing "discovery": { "pluginId" }`);
    }
    if (id !== folder) throw new Error(`${pkgFile}: pluginId '${id}' must equal its folder name '${folder}'`);
    if (out.has(id)) throw new Error(`plugin id '${id}' is declared twice`);
    const exportsMap = pkg.exports ?? {};
    const dependsOn = pkg.discovery?.dependsOn ?? [];
    if (!Array.isArray(dependsOn) || dependsOn.some((d: unknown) => typeof d !== 'string'))
      throw new Error(`${pkgFile}: "discovery": { "dependsOn" } must be a list of plugin ids`);
    out.set(id, { id, name: pkg.name, dir, hasClient: '.' in exportsMap, hasServer: './server' in exportsMap, dependsOn });
  }
  return out;
}

export function readBuild(name: string, root = ROOT): BuildDef {
  const file = join(root, 'host', 'builds', `${name}.json`);
  if (!existsSync(file)) {
    const known = readdirSync(join(root, 'host', 'builds')).map((f) => f.replace(/\.json$/, ''));
    throw new Error(`unknown build '${name}'; known builds: ${known.join(', ')}`);
  }
  const def = JSON.parse(readFileSync(file, 'utf8')) as BuildDef;
  if (!Array.isArray(def.plugins)) throw new Error(`${file}: "plugins" must be a list of plugin ids`);
  return def;
}

/** Resolves a build's plugin ids to packages, failing with the id that has no package. */
export function resolveBuild(def: BuildDef, root = ROOT): PluginPackage[] {
  const all = discoverPlugins(readWorkspace(root));
  const list = def.plugins.map((id) => {
    const p = all.get(id);
    if (!p) throw new Error(`build '${def.name}' lists plugin '${id}', but no package under plugins/ has that pluginId`);
    return p;
  });
  // A plugin's declared needs are in the same build, or the build stops here (not as 404s at run time).
  const ids = new Set(def.plugins);
  for (const p of list) {
    for (const d of p.dependsOn) {
      if (!all.has(d)) throw new Error(`plugin '${p.id}' depends on plugin '${d}', which does not exist under plugins/`);
      if (!ids.has(d)) {
        throw new Error(
          `build '${def.name}' includes plugin '${p.id}', which depends on plugin '${d}': add '${d}' to host/builds/${def.name}.json or leave out '${p.id}'`,
        );
      }
    }
  }
  return dependencyOrder(list);
}

/**
 * The build's plugins with each one after the plugins it depends on, otherwise in the build's
 * order: the server runs their migrations in this order, so a foreign key to another plugin's
 * table finds the table (resolveBuild has already refused cycles' missing members).
 */
export function dependencyOrder(list: PluginPackage[]): PluginPackage[] {
  const byId = new Map(list.map((p) => [p.id, p]));
  const out: PluginPackage[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: PluginPackage, path: string[]) => {
    if (state.get(p.id) === 'done') return;
    if (state.get(p.id) === 'visiting') throw new Error(`plugin dependency cycle: ${[...path, p.id].join(' -> ')}`);
    state.set(p.id, 'visiting');
    for (const d of p.dependsOn) visit(byId.get(d)!, [...path, p.id]);
    state.set(p.id, 'done');
    out.push(p);
  };
  for (const p of list) visit(p, []);
  return out;
}

export function argValue(args: string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(flag + '='));
  return eq?.slice(flag.length + 1);
}
