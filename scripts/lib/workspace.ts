import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');

export interface BuildDef {
  name: string;
  description?: string;
  plugins: string[];
}

export interface PluginPackage {
  id: string;
  name: string;
  dir: string;
  hasClient: boolean;
  hasServer: boolean;
}

/** Every plugin package under plugins/, keyed by its `discovery.pluginId`. */
export function discoverPlugins(root = ROOT): Map<string, PluginPackage> {
  const out = new Map<string, PluginPackage>();
  const base = join(root, 'plugins');
  if (!existsSync(base)) return out;
  for (const entry of readdirSync(base, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(base, entry.name);
    const pkgFile = join(dir, 'package.json');
    if (!existsSync(pkgFile)) continue;
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
    const id = pkg.discovery?.pluginId;
    if (typeof id !== 'string') {
      throw new Error(`${pkgFile}: missing "discovery": { "pluginId" }`);
    }
    if (id !== entry.name) throw new Error(`${pkgFile}: pluginId '${id}' must equal its folder name '${entry.name}'`);
    if (out.has(id)) throw new Error(`plugin id '${id}' is declared twice`);
    const exportsMap = pkg.exports ?? {};
    out.set(id, { id, name: pkg.name, dir, hasClient: '.' in exportsMap, hasServer: './server' in exportsMap });
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
  const all = discoverPlugins(root);
  return def.plugins.map((id) => {
    const p = all.get(id);
    if (!p) throw new Error(`build '${def.name}' lists plugin '${id}', but no package under plugins/ has that pluginId`);
    return p;
  });
}

export function argValue(args: string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(flag + '='));
  return eq?.slice(flag.length + 1);
}
