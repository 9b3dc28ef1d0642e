import { RouteTable } from './routeTable';
import { RouteTableToken } from './tokens';
import { routePath, validatePlugins, type ClientPlugin } from '@discovery/plugin-api';
import { Container } from 'inversify';
import { coreModule } from './coreModule';
import { registerPluginI18n } from './i18n';

export interface BootResult {
  container: Container;
  /** Plugins in activation order. */
  plugins: ClientPlugin[];
  /** Plugins whose module or activation threw: their routes show an error panel. */
  failed: Map<string, Error>;
}

/**
 * Validates the build's plugins before anything runs (throws PluginValidationError naming the
 * culprit), then loads the core module and each plugin's module in dependency order and runs its
 * activate(). A plugin that throws is recorded in `failed`; the others go on (Lumino style).
 */
export async function bootstrapPlugins(plugins: ClientPlugin[]): Promise<BootResult> {
  const ordered = validatePlugins(
    plugins.map((p) => ({
      plugin: p,
      id: p.id,
      requires: p.requires,
      optional: p.optional,
      provides: p.provides,
      routePaths: (p.routes ?? []).map((r) => routePath(r.ref.scope, r.ref.path)),
    })),
  ).map((x) => x.plugin);

  const container = new Container({ defaultScope: 'Singleton' });
  container.loadSync(coreModule);
  container.bind(RouteTableToken.symbol).toConstantValue(new RouteTable(ordered));
  const failed = new Map<string, Error>();
  for (const p of ordered) {
    try {
      if (p.module) container.loadSync(p.module);
      if (p.i18n) await registerPluginI18n(p.i18n);
      await p.activate?.({ get: (token) => container.get(token.symbol) });
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      console.error(`plugin '${p.id}' failed to activate:`, err);
      failed.set(p.id, err);
    }
  }
  return { container, plugins: ordered, failed };
}
