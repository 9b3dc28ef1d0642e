import { defineServerPlugin, type BrandDto } from '@discovery/plugin-api';
import { handle, isSlugVisible, type RequestAuth, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { allBrandsAdminPermissions, brandsAdminEndpoints as E, brandsAdminPermissions as P } from '../common';
import { ClientService } from './clients';
import init from './migrations/0001_brands_admin.sql';
import { clientRegions, loadBrands } from './repository';
import { BrandService, type WriteContext } from './service';

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
    const showSlugs = (auth: RequestAuth) => core.config.tier === 3 && auth.can(P.slugsRead.resource, 'read');
    const writeContext = (auth: RequestAuth): WriteContext => {
      const { client } = auth.context!;
      return {
        client: { id: client.id, slug: client.slug },
        can: auth.can,
        grants: auth.grants,
        slugsWritable: core.config.tier === 3 && auth.can(P.slugsUpdate.resource, 'update'),
      };
    };

    /** The client's brands the user's grants reach: a brand under any region of its products. */
    const visibleBrands = async (auth: RequestAuth, ids?: number[]): Promise<BrandDto[]> => {
      const { client } = auth.context!;
      const list = await loadBrands(core, client.id, { showSlugs: showSlugs(auth), brandIds: ids });
      const regionSlug = new Map((await clientRegions(core, client.id)).map((r) => [Number(r.id), r.slug]));
      const grants = auth.grants;
      return list.filter((b) =>
        b.products.some((p) => p.region_ids.some((r) => isSlugVisible(grants, `${client.slug}/${regionSlug.get(r)}/${b.slug}/${p.slug}`))),
      );
    };
    const oneBrand = async (auth: RequestAuth, id: number) => (await visibleBrands(auth, [id]))[0];

    handle(router, E.brands, async ({ auth }) => ({ data: await visibleBrands(auth) }));

    // SRV-030: POST brands, a new brand (no id) with its products.
    handle(router, E.createBrand, async ({ body: { brand }, auth }, _req, reply) => {
      if (brand.id)
        throw core.errors.unprocessable('A new brand has no id: save an existing brand with PUT brands/{id}.', { 'brand.id': 'A new brand has no id.' });
      if (brand.client_id && brand.client_id !== auth.context!.client.id) throw core.errors.forbidden("You don't have access to that client.");
      const id = await brands.save(brand, writeContext(auth));
      core.invalidateHierarchy();
      reply.code(201);
      return { data: await oneBrand(auth, id) };
    });

    // SRV-031: PUT brands/{id}, the brand and its nested products in one transaction.
    handle(router, E.updateBrand, async ({ params: { id }, body: { brand }, auth }) => {
      if (brand.id && brand.id !== id) throw core.errors.unprocessable('brand.id does not match the URL.', { 'brand.id': 'Does not match the URL.' });
      if (brand.client_id && brand.client_id !== auth.context!.client.id) throw core.errors.forbidden("You don't have access to that client.");
      await brands.save(brand, writeContext(auth), id);
      core.invalidateHierarchy();
      return { data: await oneBrand(auth, id) };
    });

    // SRV-032
    handle(router, E.deleteBrand, async ({ params: { id }, auth }, _req, reply) => {
      await brands.deleteBrand(writeContext(auth), id);
      core.invalidateHierarchy();
      return reply.code(204).send();
    });

    // SRV-033: the client's products, whatever the region.
    handle(router, E.products, async ({ auth }) => ({
      data: (await visibleBrands(auth)).flatMap((b) => b.products),
    }));

    // SRV-034
    handle(router, E.deleteProduct, async ({ params: { id }, auth }, _req, reply) => {
      await brands.deleteProduct(writeContext(auth), id);
      core.invalidateHierarchy();
      return reply.code(204).send();
    });

    // BRAND-059: the clients the user's grants reach, with their regions, for the client admin form.
    handle(router, E.clients, async ({ auth }) => ({ data: await clients.list(core, auth.grants) }));

    // SRV-028 / BRAND-059: clients are saved like brands, POST without id, PUT with it.
    handle(router, E.createClient, async ({ body: { client }, auth }, _req, reply) => {
      if (client.id)
        throw core.errors.unprocessable('A new client has no id: save an existing client with PUT clients/{id}.', { 'client.id': 'A new client has no id.' });
      const id = await clients.save(client, auth.grants);
      core.invalidateHierarchy();
      reply.code(201);
      return { data: (await clients.load(core, id))! };
    });
    handle(router, E.updateClient, async ({ params: { id }, body: { client }, auth }) => {
      if (client.id && client.id !== id) throw core.errors.unprocessable('client.id does not match the URL.', { 'client.id': 'Does not match the URL.' });
      await clients.save(client, auth.grants, id);
      core.invalidateHierarchy();
      return { data: (await clients.load(core, id))! };
    });

    // SRV-029
    handle(router, E.addRegion, async ({ params: { clientId }, body: { region }, auth }, _req, reply) => {
      const id = await clients.addRegion(clientId, region, auth.grants);
      core.invalidateHierarchy();
      reply.code(201);
      return { data: (await clients.load(core, clientId))!.regions.find((r) => r.id === id)! };
    });
  },
});
