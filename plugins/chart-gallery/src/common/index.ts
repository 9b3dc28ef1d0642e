import { createRouteRef } from '@discovery/plugin-api';

/** The gallery page: /dev/charts (global, no hierarchy context). */
export const chartGalleryRoute = createRouteRef({ id: 'chart-gallery.page', scope: 'global', path: 'dev/charts' });

/**
 * The gallery shows where the server's environment is not a production one (DISCOVERY_ENV,
 * default 'dev'): the e2e suite and developers see it, production users get a notice.
 */
export function galleryAvailable(environment: string | undefined): boolean {
  return !/^prod/i.test(environment ?? '');
}
