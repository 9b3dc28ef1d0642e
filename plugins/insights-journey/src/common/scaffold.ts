import { defineEndpoint, typed } from '@discovery/plugin-api';
import { text } from '@discovery/plugin-api/zod';
import * as z from 'zod';
import { journeyRoute, journeysPermissions } from './endpoints';

/**
 * TEMPORARY: the scaffold's sample names, kept only so the scaffold client compiles until the
 * client branch replaces it; delete this file (and its export in index.ts) when nothing imports it.
 * `items` reads the journeys list; the server serves no `addItem`.
 */
export const insightsJourneyRoute = journeyRoute;
export const insightsJourneyPermissions = { read: journeysPermissions.read, create: journeysPermissions.create };
export const insightsJourneyItemInput = z.object({ name: text({ min: 1, max: 100, required: 'Name is required.' }) });
export interface InsightsJourneyItem {
  id: number;
  name: string;
  created_at: string;
}
export const insightsJourneyEndpoints = {
  items: defineEndpoint({
    // The journeys list, read as items (id and name), so the scaffold page loads against this server.
    method: 'GET',
    path: '/api/v1/insights-journey/journeys',
    access: { permission: journeysPermissions.read, scope: 'product' },
    response: typed<{ data: InsightsJourneyItem[] }>(),
  }),
  addItem: defineEndpoint({
    method: 'POST',
    path: '/api/v1/insights-journey/scaffold-items',
    access: { permission: journeysPermissions.create, scope: 'product' },
    body: z.object({ item: insightsJourneyItemInput }),
    bodyErrors: 'rule',
    response: typed<{ data: InsightsJourneyItem }>(),
  }),
};
