import { defineServerPlugin } from '@discovery/plugin-api';
import type { ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { brandsAdminItemInput, brandsAdminPermissions } from '../common';
import init from './migrations/0001_brands_admin.sql';

export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'brands-admin',
  permissions: [brandsAdminPermissions.read, brandsAdminPermissions.create],
  migrations: [{ id: '0001_brands_admin', sql: init }],
  register(router, core) {
    const { read, create } = brandsAdminPermissions;
    router.get(
      '/items',
      { preHandler: [core.requirePermission(read.resource, read.action), core.requireContext('product')] },
      async (req) => {
        const productId = req.discovery.context!.product!.id;
        const rows = await core.query('select id, name, created_at from brands_admin_items where product_id = $1 order by id desc', [productId]);
        return { data: rows };
      },
    );
    router.post(
      '/items',
      { preHandler: [core.requirePermission(create.resource, create.action), core.requireContext('product')] },
      async (req, reply) => {
        const body = core.validate(brandsAdminItemInput, (req.body as { item?: unknown } | undefined)?.item);
        const productId = req.discovery.context!.product!.id;
        const [row] = await core.query(
          'insert into brands_admin_items (product_id, name) values ($1, $2) returning id, name, created_at',
          [productId, body.name],
        );
        reply.code(201);
        return { data: row };
      },
    );
  },
});
