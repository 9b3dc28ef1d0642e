import { createRouteRef, defineEndpoint, definePermission, typed } from '@discovery/plugin-api';
import { text } from '@discovery/plugin-api/zod';
// A namespace import: esbuild then bundles only the parts of zod in use (npm run size).
import * as z from 'zod';

export const insightsJourneyRoute = createRouteRef({ id: 'insights-journey.page', scope: 'product', path: 'insights-journey' });

export const insightsJourneyPermissions = {
  read: definePermission('insights_journey', 'read'),
  create: definePermission('insights_journey', 'create'),
};

/** The one validation rule for an item, run by the form and by the server. */
export const insightsJourneyItemInput = z.object({
  name: text({ min: 1, max: 100, required: 'Name is required.', tooLong: 'Name must be 100 characters or fewer.' }),
});
export type InsightsJourneyItemInput = z.infer<typeof insightsJourneyItemInput>;

export interface InsightsJourneyItem {
  id: number;
  name: string;
  created_at: string;
}

/**
 * The plugin's API, defined once: the server serves these with handle(), the client calls them
 * with api.call(), tests answer them with FakeServer.on(). Each declares who may call it.
 */
export const insightsJourneyEndpoints = {
  items: defineEndpoint({
    method: 'GET',
    path: '/api/v1/insights-journey/items',
    access: { permission: insightsJourneyPermissions.read, scope: 'product' },
    response: typed<{ data: InsightsJourneyItem[] }>(),
  }),
  addItem: defineEndpoint({
    method: 'POST',
    path: '/api/v1/insights-journey/items',
    access: { permission: insightsJourneyPermissions.create, scope: 'product' },
    body: z.object({ item: insightsJourneyItemInput }),
    bodyErrors: 'rule',
    response: typed<{ data: InsightsJourneyItem }>(),
  }),
};
