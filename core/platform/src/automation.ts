import { routePath, type ClientPlugin, type RouteScope } from '@discovery/plugin-api';

/** One page of the running build, as the end-to-end suites read it (`window.__discoveryRoutes`). */
export interface AutomationRoute {
  /** The RouteRef's id, e.g. 'audiences.detail'. */
  id: string;
  pluginId: string;
  scope: RouteScope;
  /** Path relative to the scope, with its params: 'audiences/overview/:type/:id'. */
  path: string;
  /** The full react-router pattern: '/:clientSlug/:regionSlug/:brandSlug/:productSlug/audiences/overview/:type/:id'. */
  pattern: string;
  public: boolean;
  layout: 'shell' | 'bare';
}

export const AUTOMATION_ROUTES_KEY = '__discoveryRoutes';

/** The route patterns of these plugins, in the order the app registers them. */
export function automationRoutes(plugins: readonly ClientPlugin[]): AutomationRoute[] {
  return plugins.flatMap((p) =>
    (p.routes ?? []).map((r) => ({
      id: r.ref.id,
      pluginId: p.id,
      scope: r.ref.scope,
      path: r.ref.path,
      pattern: routePath(r.ref.scope, r.ref.path),
      public: r.public === true,
      layout: r.layout ?? 'shell',
    })),
  );
}

/**
 * Under WebDriver control only (`navigator.webdriver`, set by every browser a WebDriver session
 * drives), the app lists its route patterns on `window`, so the accessibility and pseudo-locale
 * suites visit every page of the build they run against, a new plugin's included, without a hand
 * list. The tested bundle is the production one; nothing is added for other visitors.
 */
export function exposeRoutesToAutomation(plugins: readonly ClientPlugin[]): void {
  if (typeof window === 'undefined' || typeof navigator === 'undefined' || navigator.webdriver !== true) return;
  Object.defineProperty(window, AUTOMATION_ROUTES_KEY, { value: Object.freeze(automationRoutes(plugins)), configurable: true });
}
