import { createRouteRef } from '@discovery/plugin-api';

/**
 * Pages the shell links to but a plugin owns (SHELL-022): the audiences plugin binds its pages to
 * these refs, so the shell never writes their paths by hand.
 */
export const audienceDetailRoute = createRouteRef({ id: 'audiences.detail', scope: 'product', path: 'audiences/overview/:type/:id' });
export const audiencesOverviewRoute = createRouteRef({ id: 'audiences.overview', scope: 'product', path: 'audiences/overview' });
