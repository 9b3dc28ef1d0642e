import { defineServerPlugin } from '@discovery/plugin-api';
import type { ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { journeysPermissions } from '../common';

/** The Journeys server (SRV-084..089); handlers land with the migration. */
export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'insights-journey',
  permissions: Object.values(journeysPermissions),
  migrations: [],
  register() {},
});
