import type { ClientPlugin, HierarchySelection, PluginRoute, RouteRef, RouteScope, SessionSnapshot } from '@discovery/plugin-api';

const LEVELS = ['client', 'region', 'brand', 'product'] as const;
const DEPTH: Record<RouteScope, number> = { global: 0, client: 1, region: 2, brand: 3, product: 4 };

/** Whether a context names every level a page of this scope lives under (a product page needs a product). */
export function contextReaches(scope: RouteScope, selection: HierarchySelection): boolean {
  return LEVELS.slice(0, DEPTH[scope]).every((l) => !!selection[l]);
}

/**
 * The routes of the running build, by ref. The shell and plugins ask it before they offer a link
 * to another plugin's page: a page the build does not have, the user may not open, or the current
 * context cannot show (a product page in a region without brands) is not offered. One predicate
 * for the home card, the nav item and the route: the route's own `requires`.
 */
export class RouteTable {
  private readonly byId = new Map<string, PluginRoute>();

  constructor(plugins: readonly ClientPlugin[]) {
    for (const p of plugins) for (const r of p.routes ?? []) this.byId.set(r.ref.id, r);
  }

  /** Whether the build has a page for this ref. */
  has(ref: RouteRef): boolean {
    return this.byId.has(ref.id);
  }

  /** Whether the build has the page and its `requires` lets this session open it (in any context). */
  allows(ref: RouteRef, session: SessionSnapshot): boolean {
    const r = this.byId.get(ref.id);
    return r !== undefined && (r.requires?.(session) ?? true);
  }

  /** Whether this session can open the page from its current context: allowed, and the context has the levels the page needs. */
  canOpen(ref: RouteRef, session: SessionSnapshot): boolean {
    return contextReaches(ref.scope, session.hierarchy) && this.allows(ref, session);
  }
}
