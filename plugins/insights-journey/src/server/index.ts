import { defineServerPlugin } from '@discovery/plugin-api';
import { handle, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { insightsJourneyEndpoints as E, insightsJourneyPermissions, type InsightsJourneyItem } from '../common';
import init from './migrations/0001_insights_journey.sql';

const toItem = (r: Record<string, unknown>): InsightsJourneyItem => ({
  id: Number(r.id),
  name: String(r.name),
  created_at: new Date(r.created_at as string).toISOString(),
});

/**
 * Each route is served against its endpoint definition: the server checks the declared access
 * (permission and product scope) and validates the body with the shared schema before the
 * handler runs.
 */
export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'insights-journey',
  permissions: [insightsJourneyPermissions.read, insightsJourneyPermissions.create],
  migrations: [{ id: '0001_insights_journey', sql: init }],
  register(router, core) {
    handle(router, E.items, async ({ context }) => {
      const rows = await core.query('select id, name, created_at from insights_journey_items where product_id = $1 order by id desc', [context.product!.id]);
      return { data: rows.map(toItem) };
    });
    handle(router, E.addItem, async ({ body, context }, _req, reply) => {
      const [row] = await core.query('insert into insights_journey_items (product_id, name) values ($1, $2) returning id, name, created_at', [
        context.product!.id,
        body.item.name,
      ]);
      reply.code(201);
      return { data: toItem(row) };
    });
  },
});
