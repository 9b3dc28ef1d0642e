import type { ClientPlugin, PluginRoute, RouteRef, SessionSnapshot } from '@discovery/plugin-api';

/**
 * The routes of the running build, by ref. The shell and plugins ask it before they offer a link
 * to another plugin's page: a page the build does not have, or the user may not open, is not
 * offered (one predicate for the card, the nav item and the route: the route's own `requires`).
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

  /** Whether the build has the page and its `requires` lets this session open it. */
  canOpen(ref: RouteRef, session: SessionSnapshot): boolean {
    const r = this.byId.get(ref.id);
    return r !== undefined && (r.requires?.(session) ?? true);
  }
}
