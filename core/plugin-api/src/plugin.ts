import type { ComponentType } from 'react';
import type { ContainerModule } from 'inversify';
import type { NavCategory } from './categories';
import { SCOPE_PREFIX, type HierarchySelection, type RouteScope } from './hierarchy';
import type { Predicate, SessionSnapshot } from './predicates';
import type { RouteRef } from './routeRefs';
import type { Token } from './tokens';

/** What a route guard sees: the URL's params and context, the session, and the container's services. */
export interface RouteGuardContext {
  params: Readonly<Record<string, string | undefined>>;
  selection: HierarchySelection;
  session: SessionSnapshot;
  get<T>(token: Token<T>): T;
}

/** A guard's answer: go on, go to the context's home, or go to a path. */
export type RouteGuardOutcome = { kind: 'allow' } | { kind: 'home' } | { kind: 'redirect'; to: string };

/**
 * A route-specific guard, run after the shell's auth and context guards on every URL change of
 * the route; it may wait for data (the page shows a spinner meanwhile). SHELL-031 / TBX-015.
 */
export type RouteGuard = (ctx: RouteGuardContext) => RouteGuardOutcome | Promise<RouteGuardOutcome>;

export interface PluginRoute {
  ref: RouteRef;
  /** Lazily loaded page: one chunk per plugin page. */
  load: () => Promise<{ default: ComponentType }>;
  /** Whether the route is reachable; hidden routes redirect to the context home (SHELL-005). */
  requires?: Predicate;
  /**
   * What a user for whom `requires` fails meets: 'redirect' (default) to the context home, or
   * the shared 'Missing Permissions' state in place of the page (BRAND-003, UPL-002).
   */
  onDenied?: 'redirect' | 'missing-permissions';
  /** Route-specific guard (e.g. the toolbox-unit guard), after `requires`. */
  guard?: RouteGuard;
  /** Route is reachable without signing in (privacy policy, health). */
  public?: boolean;
  /** Shell chrome around the page: 'shell' (default) or 'bare' (no nav, no top bar). */
  layout?: 'shell' | 'bare';
  /** The hierarchy selector is disabled on this page (SHELL-053). */
  disablesHierarchySelector?: boolean;
  /**
   * The page stays mounted when only the brand or product changes, and is told through the
   * context instead (an embedded frame must not reload). Default: the page mounts afresh, so
   * pages that load per product never show the previous product's data.
   */
  keepMountedOnProductChange?: boolean;
}

export interface PluginNavItem {
  target: RouteRef;
  /** Omit for an item of its own on the nav's top level (e.g. Home). */
  category?: NavCategory;
  labelKey: string;
  /** Blueprint icon name. */
  icon: string;
  order?: number;
  visibleWhen?: Predicate;
  /** Rendered disabled (not hidden) when this is false (SHELL-007). */
  enabledWhen?: Predicate;
}

export interface PluginI18n {
  /** Namespace = plugin id. */
  namespace: string;
  /** Lazily loaded resources per language ('en' always; the others it lists). */
  load: (lng: string) => Promise<Record<string, unknown>>;
  /** Languages besides English it has complete resources for; for the rest the shell shows its English. */
  languages?: string[];
}

export interface ClientPluginContext {
  /** Resolve a token from the container (for activation work). */
  get<T>(token: Token<T>): T;
}

export interface ClientPlugin {
  id: string;
  /** i18n key of the plugin's name: the browser tab's title on its pages ('Audiences · Discovery'). */
  titleKey: string;
  /** Bindings loaded at boot: what the shell or another plugin may ask for (every token in `provides`). */
  module?: ContainerModule;
  /**
   * Bindings only this plugin's own pages use (their stores): loaded once, before the first of
   * its pages renders, so signing in does not download them (`npm run size`). A token another
   * plugin or the shell asks for belongs in `module`.
   */
  pageModule?: () => Promise<ContainerModule>;
  routes?: PluginRoute[];
  nav?: PluginNavItem[];
  requires?: Token<unknown>[];
  optional?: Token<unknown>[];
  provides?: Token<unknown>[];
  i18n?: PluginI18n;
  /** Runs once after every module is loaded; a throw marks the plugin failed. */
  activate?: (ctx: ClientPluginContext) => void | Promise<void>;
}

const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export function definePlugin<P extends ClientPlugin>(plugin: P): P {
  if (!PLUGIN_ID.test(plugin.id)) {
    throw new Error(`plugin id '${plugin.id}' must be kebab-case`);
  }
  return plugin;
}

/** Full react-router path of a route: scope prefix + relative path. */
export function routePath(scope: RouteScope, path: string): string {
  const prefix = SCOPE_PREFIX[scope];
  return '/' + [prefix, path].filter(Boolean).join('/');
}
