import type { ServerPlugin } from '@discovery/plugin-api';
import type { ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..', '..');

/**
 * The server plugins of a build (host/builds/<name>.json), loaded the way the generated server
 * entry loads them: for tests that must cover whatever the build contains (the route walk and
 * the route fuzzer), never a hand-written list.
 */
export async function loadBuildServerPlugins(name: string): Promise<ServerPlugin<ServerCore, FastifyInstance>[]> {
  const build = JSON.parse(readFileSync(join(ROOT, 'host', 'builds', `${name}.json`), 'utf8')) as { plugins: string[] };
  const out: ServerPlugin<ServerCore, FastifyInstance>[] = [];
  for (const id of build.plugins) {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'plugins', id, 'package.json'), 'utf8')) as { name: string; exports?: Record<string, string> };
    if (!pkg.exports?.['./server'] || !existsSync(join(ROOT, 'plugins', id, pkg.exports['./server']))) continue;
    const mod = (await import(`${pkg.name}/server`)) as { default: ServerPlugin<ServerCore, FastifyInstance> };
    out.push(mod.default);
  }
  return out;
}
