import { RouteTable } from './routeTable';
import { RouteTableToken } from './tokens';
import { routePath, validatePlugins, type ClientPlugin } from '@discovery/plugin-api';
import { Container } from 'inversify';
import { exposeRoutesToAutomation } from './automation';
import { coreModule } from './coreModule';
import { registerPluginI18n } from './i18n';

export interface BootResult {
  container: Container;
  /** Plugins in activation order. */
  plugins: ClientPlugin[];
  /** Plugins whose module or activation threw: their routes show an error panel. */
  failed: Map<string, Error>;
}

const pageModules = new WeakMap<Container, Map<string, Promise<void>>>();

/**
 * Loads a plugin's `pageModule` into the container once (later calls share the first load);
 * resolves at once for a plugin without one. The shell calls it with the plugin's page chunk.
 */
export function loadPageModule(container: Container, plugin: ClientPlugin): Promise<void> {
  if (!plugin.pageModule) return Promise.resolve();
  let loads = pageModules.get(container);
  if (!loads) pageModules.set(container, (loads = new Map()));
  let done = loads.get(plugin.id);
  if (!done) {
    const id = plugin.id;
    done = plugin.pageModule().then(
      (m) => container.loadSync(m),
      (e: unknown) => {
        // A failed load (a chunk that did not arrive) is tried again by the next visit.
        loads.delete(id);
        throw e;
      },
    );
    loads.set(plugin.id, done);
  }
  return done;
}

/** A container holding the core module only: what the sign-in page needs before any plugin loads. */
export function createCoreContainer(): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.loadSync(coreModule);
  return container;
}

/**
 * Validates the build's plugins before anything runs (throws PluginValidationError naming the
 * culprit), then loads each plugin's module in dependency order (into a new core container unless
 * one is given) and runs its activate(). A plugin that throws is recorded in `failed`; the others
 * go on (Lumino style).
 */
export async function bootstrapPlugins(plugins: ClientPlugin[], opts: { container?: Container } = {}): Promise<BootResult> {
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

  // The app passes the container its sign-in page already uses (createCoreContainer), so the
  // session and the other core stores stay the same instances once the plugins arrive.
  const container = opts.container ?? createCoreContainer();
  container.bind(RouteTableToken.symbol).toConstantValue(new RouteTable(ordered));
  exposeRoutesToAutomation(ordered);
  const failed = new Map<string, Error>();
  // Every plugin's strings are fetched at once (the app boots after sign-in, waiting on them);
  // a plugin whose strings fail still fails alone, below.
  const strings = new Map(
    ordered.map((p) => [
      p.id,
      p.i18n
        ? registerPluginI18n(p.i18n).then(
            () => null,
            (e: unknown) => e,
          )
        : null,
    ]),
  );
  for (const p of ordered) {
    try {
      if (p.module) container.loadSync(p.module);
      const stringsError = await strings.get(p.id);
      if (stringsError) throw stringsError;
      await p.activate?.({ get: (token) => container.get(token.symbol) });
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      console.error(`plugin '${p.id}' failed to activate:`, err);
      failed.set(p.id, err);
    }
  }
  return { container, plugins: ordered, failed };
}
