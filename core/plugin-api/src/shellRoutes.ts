import { createRouteRef } from './routeRefs';

/**
 * SHELL-031 / TBX-024: the notice page ('Oops...'), owned by the toolbox plugin. When a build has a
 * page for it, the shell's brand/product guard sends a product-level route whose client and region
 * have no brand or product there instead of rendering it (TBX-026).
 */
export const noticeRoute = createRouteRef({ id: 'shell.notice', scope: 'global', path: 'notice' });

/**
 * Pages the shell links to from its own chrome (the user menu's Admin entry, the hierarchy
 * selector's Add entries), owned by plugins that bind their pages to these refs. The shell shows a
 * link only when the build has a route for its ref (`RouteTable.has`).
 */
export const adminDashboardRoute = createRouteRef({ id: 'global-admin.dashboard', scope: 'global', path: 'global/admin/dashboard' });
/** BRAND-001: Brand Management at {client}/brands/admin and {client}/{region}/brands/admin. */
export const brandsAdminRoutes = {
  client: createRouteRef({ id: 'brands-admin.client', scope: 'client', path: 'brands/admin' }),
  region: createRouteRef({ id: 'brands-admin.region', scope: 'region', path: 'brands/admin' }),
};
