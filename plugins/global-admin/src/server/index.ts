import { defineServerPlugin } from '@discovery/plugin-api';
import { handle, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { globalAdminEndpoints as E, globalAdminPermissions, type AdminSummary } from '../common';

export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'global-admin',
  permissions: [globalAdminPermissions.read],
  register(router, core) {
    handle(router, E.summary, async () => {
      const [row] = await core.query<Record<keyof AdminSummary, string | number>>(
        `select (select count(*) from clients) as clients,
                (select count(*) from regions) as regions,
                (select count(*) from brands) as brands,
                (select count(*) from products) as products,
                (select count(*) from users) as users,
                (select count(*) from roles) as roles,
                (select count(*) from sessions where expires_at > now()) as active_sessions`,
      );
      const summary = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as AdminSummary;
      return { data: summary };
    });
  },
});
