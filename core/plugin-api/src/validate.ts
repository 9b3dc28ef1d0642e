import type { Token } from './tokens';

/** What validation needs of a plugin, client or server. */
export interface ValidatablePlugin {
  id: string;
  requires?: Token<unknown>[];
  optional?: Token<unknown>[];
  provides?: Token<unknown>[];
  /** Full route paths, for the duplicate check (client only). */
  routePaths?: string[];
}

export class PluginValidationError extends Error {
  constructor(
    message: string,
    readonly culprit: string,
  ) {
    super(message);
    this.name = 'PluginValidationError';
  }
}

/**
 * Checks a build's plugins before anything activates (STYLE habit 5) and returns them in
 * activation order (providers before the plugins that require their tokens).
 * Throws PluginValidationError naming the culprit: duplicate plugin id, duplicate route path,
 * a token provided twice, a required token nobody provides, a dependency cycle.
 */
export function validatePlugins<P extends ValidatablePlugin>(plugins: readonly P[]): P[] {
  const byId = new Map<string, P>();
  for (const p of plugins) {
    if (byId.has(p.id)) {
      throw new PluginValidationError(`duplicate plugin id '${p.id}': two enabled plugins use it`, p.id);
    }
    byId.set(p.id, p);
  }

  const routeOwner = new Map<string, string>();
  for (const p of plugins) {
    for (const path of p.routePaths ?? []) {
      const owner = routeOwner.get(path);
      if (owner !== undefined) {
        throw new PluginValidationError(`duplicate route path '${path}': declared by plugin '${owner}' and plugin '${p.id}'`, p.id);
      }
      routeOwner.set(path, p.id);
    }
  }

  const provider = new Map<string, string>();
  for (const p of plugins) {
    for (const t of p.provides ?? []) {
      const other = provider.get(t.id);
      if (other !== undefined) {
        throw new PluginValidationError(`token '${t.id}' is provided by both plugin '${other}' and plugin '${p.id}'`, p.id);
      }
      provider.set(t.id, p.id);
    }
  }

  const deps = new Map<string, string[]>();
  for (const p of plugins) {
    const list: string[] = [];
    for (const t of p.requires ?? []) {
      const from = provider.get(t.id);
      if (from === undefined) {
        throw new PluginValidationError(`plugin '${p.id}' requires token '${t.id}' which no enabled plugin provides`, p.id);
      }
      if (from !== p.id) list.push(from);
    }
    for (const t of p.optional ?? []) {
      const from = provider.get(t.id);
      if (from !== undefined && from !== p.id) list.push(from);
    }
    deps.set(p.id, list);
  }

  // Depth-first topological sort; a grey node met again is a cycle.
  const state = new Map<string, 'grey' | 'black'>();
  const order: P[] = [];
  const visit = (id: string, trail: string[]) => {
    const s = state.get(id);
    if (s === 'black') return;
    if (s === 'grey') {
      const cycle = [...trail.slice(trail.indexOf(id)), id];
      throw new PluginValidationError(`dependency cycle between plugins: ${cycle.join(' -> ')}`, id);
    }
    state.set(id, 'grey');
    for (const d of deps.get(id) ?? []) visit(d, [...trail, id]);
    state.set(id, 'black');
    order.push(byId.get(id)!);
  };
  for (const p of plugins) visit(p.id, []);
  return order;
}
