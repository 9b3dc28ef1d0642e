import type { ServerPlugin } from '@discovery/plugin-api';
import type { ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { readBuild, resolveBuild } from '../../../scripts/lib/workspace';

/**
 * The server plugins of a build (host/builds/<name>.json), loaded the way the generated server
 * entry loads them (the same list, in dependency order): for tests that must cover whatever the
 * build contains (the route walk and the route fuzzer), never a hand-written list.
 */
export async function loadBuildServerPlugins(name: string): Promise<ServerPlugin<ServerCore, FastifyInstance>[]> {
  const out: ServerPlugin<ServerCore, FastifyInstance>[] = [];
  for (const p of resolveBuild(readBuild(name))) {
    if (!p.hasServer) continue;
    const mod = (await import(`${p.name}/server`)) as { default: ServerPlugin<ServerCore, FastifyInstance> };
    out.push(mod.default);
  }
  return out;
}
