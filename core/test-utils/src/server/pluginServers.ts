import type { ServerPlugin } from '@discovery/plugin-api';
import type { ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PLUGINS = resolve(__dirname, '..', '..', '..', '..', 'plugins');

/**
 * The server parts of plugins and of every plugin they depend on (package.json "discovery":
 * { "dependsOn" }), dependencies first, the way a build orders them: a plugin whose migration
 * references another plugin's table is tested with that plugin's tables there, without its test
 * importing another plugin's server code.
 */
export async function serverPluginsWithDependencies(...ids: string[]): Promise<ServerPlugin<ServerCore, FastifyInstance>[]> {
  const order: { name: string; hasServer: boolean }[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const file = join(PLUGINS, id, 'package.json');
    if (!existsSync(file)) throw new Error(`no plugin '${id}' under plugins/`);
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name: string; exports?: Record<string, string>; discovery?: { dependsOn?: string[] } };
    for (const d of pkg.discovery?.dependsOn ?? []) visit(d);
    order.push({ name: pkg.name, hasServer: !!pkg.exports?.['./server'] });
  };
  ids.forEach(visit);
  const out: ServerPlugin<ServerCore, FastifyInstance>[] = [];
  for (const p of order.filter((x) => x.hasServer))
    out.push(((await import(`${p.name}/server`)) as { default: ServerPlugin<ServerCore, FastifyInstance> }).default);
  return out;
}
