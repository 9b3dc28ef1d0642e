import { defineServerPlugin, type BrandDto } from '@discovery/plugin-api';
import { isSlugVisible, parseBody, type ServerCore } from '@discovery/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allBrandsAdminPermissions, BrandBodySchema, brandsAdminPermissions as P, ClientBodySchema, RegionBodySchema } from '../common';
import { ClientService } from './clients';
import init from './migrations/0001_brands_admin.sql';
import { clientRegions, loadBrands } from './repository';
import { BrandService, type WriteContext } from './service';
import { idParam } from './validation';

/**
 * Brand Management's API under /api/v1/brands-admin (the {clients} service of 000 §7): brands
 * with their products (SRV-030..035), products (SRV-033/034), clients and regions (SRV-028/029).
 * Every call checks the same PermissionDefs the page uses, and brand calls are scoped to the
 * client of X-Context.
 */
export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'brands-admin',
  permissions: allBrandsAdminPermissions,
  migrations: [{ id: '0001_brands_admin', sql: init }],
  register(router, core) {
    const brands = new BrandService(core);
    const clients = new ClientService(core);
    const need = (p: { resource: string; action: 'create' | 'read' | 'update' | 'destroy' }) => core.requirePermission(p.resource, p.action);
    const inClient = core.requireContext('client');

    const showSlugs = (req: FastifyRequest) => core.config.tier === 3 && req.discovery.can(P.slugsRead.resource, 'read');
    const writeContext = (req: FastifyRequest): WriteContext => {
      const { client } = req.discovery.context!;
      return {
        client: { id: client.id, slug: client.slug },
        can: req.discovery.can,
        grants: req.discovery.grants,
        slugsWritable: core.config.tier === 3 && req.discovery.can(P.slugsUpdate.resource, 'update'),
      };
    };

    /** The client's brands the user's grants reach: a brand under any region of its products. */
    const visibleBrands = async (req: FastifyRequest, ids?: number[]): Promise<BrandDto[]> => {
      const { client } = req.discovery.context!;
      const list = await loadBrands(core, client.id, { showSlugs: showSlugs(req), brandIds: ids });
      const regionSlug = new Map((await clientRegions(core, client.id)).map((r) => [Number(r.id), r.slug]));
      const grants = req.discovery.grants;
      return list.filter((b) =>
        b.products.some((p) => p.region_ids.some((r) => isSlugVisible(grants, `${client.slug}/${regionSlug.get(r)}/${b.slug}/${p.slug}`))),
      );
    };
    const oneBrand = async (req: FastifyRequest, id: number) => (await visibleBrands(req, [id]))[0];

    router.get('/brands', { preHandler: [need(P.brandsRead), inClient] }, async (req) => ({ data: await visibleBrands(req) }));

    // SRV-030: POST brands, a new brand (no id) with its products.
    router.post('/brands', { preHandler: [need(P.brandsCreate), inClient] }, async (req, reply) => {
      const { brand } = parseBody(BrandBodySchema, req.body);
      if (brand.id) throw core.errors.unprocessable('A new brand has no id: save an existing brand with PUT brands/{id}.', { 'brand.id': 'A new brand has no id.' });
      if (brand.client_id && brand.client_id !== req.discovery.context!.client.id) throw core.errors.forbidden("You don't have access to that client.");
      const id = await brands.save(brand, writeContext(req));
      core.invalidateHierarchy();
      reply.code(201);
      return { data: await oneBrand(req, id) };
    });

    // SRV-031: PUT brands/{id}, the brand and its nested products in one transaction.
    router.put('/brands/:id', { preHandler: [need(P.brandsUpdate), inClient] }, async (req) => {
      const id = idParam(core, req.params);
      const { brand } = parseBody(BrandBodySchema, req.body);
      if (brand.id && brand.id !== id) throw core.errors.unprocessable('brand.id does not match the URL.', { 'brand.id': 'Does not match the URL.' });
      if (brand.client_id && brand.client_id !== req.discovery.context!.client.id) throw core.errors.forbidden("You don't have access to that client.");
      await brands.save(brand, writeContext(req), id);
      core.invalidateHierarchy();
      return { data: await oneBrand(req, id) };
    });

    // SRV-032
    router.delete('/brands/:id', { preHandler: [need(P.brandsDestroy), inClient] }, async (req, reply) => {
      await brands.deleteBrand(writeContext(req), idParam(core, req.params));
      core.invalidateHierarchy();
      return reply.code(204).send();
    });

    // SRV-033: the client's products, whatever the region.
    router.get('/products', { preHandler: [need(P.productsRead), inClient] }, async (req) => ({
      data: (await visibleBrands(req)).flatMap((b) => b.products),
    }));

    // SRV-034
    router.delete('/products/:id', { preHandler: [need(P.productsDestroy), inClient] }, async (req, reply) => {
      await brands.deleteProduct(writeContext(req), idParam(core, req.params));
      core.invalidateHierarchy();
      return reply.code(204).send();
    });

    // BRAND-059: the clients the user's grants reach, with their regions, for the client admin form.
    router.get('/clients', { preHandler: need(P.clientsRead) }, async (req) => ({ data: await clients.list(core, req.discovery.grants) }));

    // SRV-028 / BRAND-059: clients are saved like brands, POST without id, PUT with it.
    router.post('/clients', { preHandler: need(P.clientsCreate) }, async (req, reply) => {
      const { client } = parseBody(ClientBodySchema, req.body);
      if (client.id) throw core.errors.unprocessable('A new client has no id: save an existing client with PUT clients/{id}.', { 'client.id': 'A new client has no id.' });
      const id = await clients.save(client, req.discovery.grants);
      core.invalidateHierarchy();
      reply.code(201);
      return { data: await clients.load(core, id) };
    });
    router.put('/clients/:id', { preHandler: need(P.clientsUpdate) }, async (req) => {
      const id = idParam(core, req.params);
      const { client } = parseBody(ClientBodySchema, req.body);
      if (client.id && client.id !== id) throw core.errors.unprocessable('client.id does not match the URL.', { 'client.id': 'Does not match the URL.' });
      await clients.save(client, req.discovery.grants, id);
      core.invalidateHierarchy();
      return { data: await clients.load(core, id) };
    });

    // SRV-029
    router.post('/clients/:clientId/regions', { preHandler: need(P.regionsCreate) }, async (req, reply) => {
      const clientId = idParam(core, req.params, 'clientId');
      const { region } = parseBody(RegionBodySchema, req.body);
      const id = await clients.addRegion(clientId, region, req.discovery.grants);
      core.invalidateHierarchy();
      reply.code(201);
      return { data: (await clients.load(core, clientId))!.regions.find((r) => r.id === id) };
    });
  },
});
