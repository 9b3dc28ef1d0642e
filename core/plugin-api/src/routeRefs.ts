import { fullSlugOf, type HierarchySelection, type RouteScope } from './hierarchy';

/**
 * A typed reference to a page. Plugins link to each other through the RouteRefs another
 * plugin exports from its `./common` entry, never through hand-written paths.
 */
export interface RouteRef {
  readonly id: string;
  readonly scope: RouteScope;
  /** Path relative to the scope prefix, e.g. 'audiences/overview/:type/:id'. */
  readonly path: string;
  /** Absolute URL for a hierarchy context and path params. */
  link(context?: HierarchySelection, params?: Record<string, string | number>): string;
}

export function createRouteRef(opts: { id: string; scope: RouteScope; path: string }): RouteRef {
  const { id, scope, path } = opts;
  if (path.startsWith('/')) throw new Error(`RouteRef '${id}': path must be relative to its scope`);
  return Object.freeze({
    id,
    scope,
    path,
    link(context: HierarchySelection = {}, params: Record<string, string | number> = {}) {
      let prefix = '';
      if (scope !== 'global') {
        const needed: HierarchySelection =
          scope === 'client'
            ? { client: context.client }
            : scope === 'region'
              ? { client: context.client, region: context.region }
              : scope === 'brand'
                ? { client: context.client, region: context.region, brand: context.brand }
                : context;
        prefix = fullSlugOf(needed);
      }
      const filled = path
        .split('/')
        .map((seg) => {
          if (!seg.startsWith(':')) return seg;
          const optional = seg.endsWith('?');
          const name = seg.slice(1, optional ? -1 : undefined);
          const v = params[name];
          if (v === undefined || v === '') {
            if (optional) return '';
            throw new Error(`RouteRef '${id}': missing param '${name}'`);
          }
          return encodeURIComponent(String(v));
        })
        .filter((s) => s !== '')
        .join('/');
      return '/' + [prefix, filled].filter(Boolean).join('/');
    },
  });
}
