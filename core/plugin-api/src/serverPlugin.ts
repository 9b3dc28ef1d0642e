import type { PermissionDef } from './permissions';

/** One SQL migration. `id` orders them within a plugin (NNNN_name). */
export interface Migration {
  id: string;
  sql: string;
}

/**
 * Server plugin. `Core` is the service bundle the server passes to `register`; it is typed by
 * core/server, so plugin-api stays free of Node code.
 */
export interface ServerPlugin<Core = unknown, Router = unknown> {
  id: string;
  migrations?: Migration[];
  permissions?: PermissionDef[];
  /** Mount routes; `router` is already prefixed with /api/v1/<id>. */
  register(router: Router, core: Core): void | Promise<void>;
  /** Demo data for the embedded default. Runs once per fresh database. */
  seed?(core: Core): void | Promise<void>;
}

export function defineServerPlugin<Core, Router, P extends ServerPlugin<Core, Router> = ServerPlugin<Core, Router>>(plugin: P): P {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(plugin.id)) {
    throw new Error(`server plugin id '${plugin.id}' must be kebab-case`);
  }
  const seen = new Set<string>();
  for (const m of plugin.migrations ?? []) {
    if (!/^\d{4}_[a-z0-9_]+$/.test(m.id)) {
      throw new Error(`plugin '${plugin.id}': migration id '${m.id}' must read NNNN_name`);
    }
    if (seen.has(m.id)) throw new Error(`plugin '${plugin.id}': duplicate migration '${m.id}'`);
    seen.add(m.id);
  }
  return plugin;
}
