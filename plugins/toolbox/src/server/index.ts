import { defineServerPlugin } from '@discovery/plugin-api';
import { handle, isSlugCovered, isSlugVisible, type ClientNode, type RequestAuth, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import {
  allToolboxPermissions,
  APPLICATIONS_FLAG,
  regionAllowed,
  toolboxEndpoints as E,
  toolboxPermissions as P,
  TOOLBOX_MESSAGES as M,
  type ToolboxUnitDto,
} from '../common';
import { DEMO_APP_PATH, startDemoApp, type DemoAppServer } from './demoApp';
import init from './migrations/0001_toolbox.sql';
import { activeUnitsNamed, categoriesOf, categoryById, unitById, unitsOf } from './repository';
import { seedToolbox } from './seed';
import { ToolboxService } from './service';

/** The demo application's origin while this process serves it (the seed and the URL refresh read it). */
let demoApp: DemoAppServer | null = null;

/**
 * The toolbox API under /api/v1/toolbox (000 §7, TBX-005..011): units and categories of a client.
 * Reads name the client in the path; the 'nav' list needs only access to the client (every user
 * of the client navigates with it), the admin list and categories `toolbox_client_configuration.read`.
 * Writes act on the client of X-Context, need the create/update/destroy action and a grant that
 * covers the whole client.
 */
export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'toolbox',
  permissions: allToolboxPermissions,
  migrations: [{ id: '0001_toolbox', sql: init }],
  async register(router, core) {
    const service = new ToolboxService(core);
    /** The client named in the path, if the user may see it (403 otherwise, 404 when unknown). */
    const clientInPath = async (auth: RequestAuth, slug: string) => {
      const client = (await core.hierarchy()).find((c) => c.slug === slug);
      if (!client) throw core.errors.notFound(`No client '${slug}'.`);
      if (!isSlugVisible(auth.grants, slug)) throw core.errors.forbidden(`You don't have access to '${slug}'.`);
      return client;
    };
    /** The client of X-Context, for writes: the user's grants must cover all of it. */
    const writableClient = (auth: RequestAuth) => {
      const { client } = auth.context!;
      if (!isSlugCovered(auth.grants, client.slug)) {
        throw core.errors.forbidden(`Changing the toolbox of '${client.slug}' needs access to the whole client.`);
      }
      return client;
    };

    // TBX-006: GET toolbox/units/type/{type}/client/{clientSlug}.
    handle(router, E.units, async ({ params: { type, clientSlug }, auth }, req) => {
      if (type === 'all') core.requirePermission(req, P.read);
      const client = await clientInPath(auth, clientSlug);
      const units = await unitsOf(core, client.id, type === 'nav');
      if (type !== 'nav') return { data: units };
      return { data: units.filter(inSeenRegion(auth, client)) };
    });

    // SRV-013: core makes a frame token only for a unit the caller can open: an embedded (iframed)
    // unit of a client they see with the 'applications' flag (TBX-013), in their navigation by the
    // rule above, and, when the call names a region (X-Context), allowed in it (TBX-015).
    core.frames.registerUnitCheck(async (auth, unitName) => {
      const tree = await core.hierarchy();
      const clients = auth.context ? [auth.context.client] : tree.filter((c) => isSlugVisible(auth.grants, c.slug));
      const withApps = clients.filter((c) => c.feature_flags[APPLICATIONS_FLAG] === true);
      const units = await activeUnitsNamed(
        core,
        unitName,
        withApps.map((c) => c.id),
      );
      const regionId = auth.context?.region?.id;
      return units.some(
        (u) =>
          u.iframed &&
          inSeenRegion(
            auth,
            withApps.find((c) => c.id === u.client_id)!,
          )(u) &&
          (regionId === undefined || regionAllowed(u.region_ids, regionId)),
      );
    });

    // TBX-005: GET toolbox/categories/client/{clientSlug}.
    handle(router, E.categories, async ({ params: { clientSlug }, auth }) => {
      const client = await clientInPath(auth, clientSlug);
      return { data: await categoriesOf(core, client.id) };
    });

    // TBX-007: POST toolbox/units, a new unit (status true, no id).
    handle(router, E.createUnit, async ({ body: { unit }, auth }, _req, reply) => {
      if (unit.id) throw core.errors.unprocessable(M.newUnitHasId, { 'unit.id': M.newUnitHasId });
      if (unit.status === false) throw core.errors.unprocessable(M.newUnitStatus, { 'unit.status': M.newUnitStatus });
      const client = writableClient(auth);
      if (unit.client_id && unit.client_id !== client.id) throw core.errors.forbidden('The unit belongs to another client than X-Context.');
      const id = await service.createUnit(client.id, unit);
      reply.code(201);
      return { data: (await unitById(core, id))! };
    });

    // TBX-008 / TBX-009: PUT toolbox/units/{id} (hide = status false, category null, iframed false).
    handle(router, E.updateUnit, async ({ params: { id }, body: { unit }, auth }) => {
      if (unit.id && unit.id !== id) throw core.errors.unprocessable('unit.id does not match the URL.', { 'unit.id': 'Does not match the URL.' });
      const client = writableClient(auth);
      await assertUnitOf(id, client.id);
      const { id: _id, client_id: _c, ...fields } = unit;
      await service.updateUnit(client.id, id, fields);
      return { data: (await unitById(core, id))! };
    });

    // TBX-009: DELETE toolbox/units/{id}.
    handle(router, E.deleteUnit, async ({ params: { id }, auth }, _req, reply) => {
      const client = writableClient(auth);
      await assertUnitOf(id, client.id);
      await service.deleteUnit(client.id, id);
      return reply.code(204).send();
    });

    // TBX-010: POST toolbox/categories.
    handle(router, E.createCategory, async ({ body: { category }, auth }, _req, reply) => {
      if (category.id) throw core.errors.unprocessable('A new category has no id.', { 'category.id': 'A new category has no id.' });
      const client = writableClient(auth);
      if (category.client_id && category.client_id !== client.id) throw core.errors.forbidden('The category belongs to another client than X-Context.');
      const id = await service.createCategory(client.id, category);
      reply.code(201);
      return { data: (await categoryById(core, id))! };
    });

    // TBX-011: PUT toolbox/categories/{id}/bulk, {id} = the client's id (DESIGN), body the list of {id, priority}.
    handle(router, E.bulkPriorities, async ({ params: { id }, body: categories, auth }) => {
      const client = writableClient(auth);
      if (id !== client.id) throw core.errors.forbidden(`The bulk update names client ${id}, X-Context client ${client.id}.`);
      await service.bulkPriorities(client.id, categories);
      return { data: await categoriesOf(core, client.id) };
    });

    // TBX-010: PUT and DELETE toolbox/categories/{id}.
    handle(router, E.updateCategory, async ({ params: { id }, body: { category }, auth }) => {
      if (category.id && category.id !== id)
        throw core.errors.unprocessable('category.id does not match the URL.', { 'category.id': 'Does not match the URL.' });
      const client = writableClient(auth);
      await assertCategoryOf(id, client.id);
      const { id: _id, client_id: _c, ...fields } = category;
      await service.updateCategory(client.id, id, fields);
      return { data: (await categoryById(core, id))! };
    });
    handle(router, E.deleteCategory, async ({ params: { id }, auth }, _req, reply) => {
      const client = writableClient(auth);
      await assertCategoryOf(id, client.id);
      await service.deleteCategory(client.id, id);
      return reply.code(204).send();
    });

    /**
     * TBX-001 on the server: a unit is in the caller's navigation only in a region they may see
     * ('all', or a region of the client their grants reach), so a unit's url never reaches a user
     * of another region. The nav list and the frame-token check both use it.
     */
    function inSeenRegion(auth: RequestAuth, client: ClientNode): (u: ToolboxUnitDto) => boolean {
      const seen = new Set(client.regions.filter((r) => isSlugVisible(auth.grants, `${client.slug}/${r.slug}`)).map((r) => r.id));
      return (u) => u.region_ids.some((r) => r === 'all' || seen.has(r));
    }

    /** Unknown = 404; another client's = 403 (the user's X-Context does not own it). */
    async function assertUnitOf(id: number, clientId: number) {
      const u = await unitById(core, id);
      if (!u) throw core.errors.notFound(`Toolbox unit ${id} does not exist.`);
      if (u.client_id !== clientId) throw core.errors.forbidden(`Toolbox unit ${id} belongs to another client.`);
    }
    async function assertCategoryOf(id: number, clientId: number) {
      const c = await categoryById(core, id);
      if (!c) throw core.errors.notFound(`Toolbox category ${id} does not exist.`);
      if (c.client_id !== clientId) throw core.errors.forbidden(`Toolbox category ${id} belongs to another client.`);
    }

    // The demo embedded application: on for development and the demo (not when NODE_ENV is
    // production, unless DISCOVERY_TOOLBOX_DEMO=true; DISCOVERY_TOOLBOX_DEMO=false turns it off),
    // listening on loopback unless DISCOVERY_TOOLBOX_DEMO_BIND says otherwise.
    const demoSetting = process.env.DISCOVERY_TOOLBOX_DEMO;
    if (demoSetting === 'true' || (demoSetting !== 'false' && process.env.NODE_ENV !== 'production')) {
      const bind = process.env.DISCOVERY_TOOLBOX_DEMO_BIND ?? '127.0.0.1';
      const publicHost = process.env.DISCOVERY_TOOLBOX_DEMO_HOST ?? (bind === '0.0.0.0' || bind === '::' ? 'localhost' : bind);
      const started = await startDemoApp({ host: bind, port: Number(process.env.DISCOVERY_TOOLBOX_DEMO_PORT ?? 0), publicHost });
      demoApp = started;
      // The app's pages may frame it (CSP frame-src).
      core.frames.allowOrigin(started.origin);
      router.addHook('onClose', async () => {
        core.frames.removeOrigin(started.origin);
        await started.close();
        if (demoApp === started) demoApp = null;
      });
      // Units seeded for an earlier run point at that run's port: move them to this one.
      await core.query(
        `update toolbox_units set url = $1 || substring(url from '^https?://[^/]+(/.*)$')
          where url ~ $2 and url not like $1 || '%'`,
        [started.origin, `^http://(localhost|127\\.0\\.0\\.1|${publicHost.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}):[0-9]+${DEMO_APP_PATH}`],
      );
      // Databases seeded before issue 14 hold placeholder hosts that resolve nowhere: the demo's own link page instead.
      await core.query(`update toolbox_units set url = $1 || 'link?name=' || replace(name, ' ', '%20') where url ~ '^https://[a-z-]+\\.discovery\\.example/'`, [
        `${started.origin}${DEMO_APP_PATH}`,
      ]);
    }
  },
  seed: (core) => seedToolbox(core, demoApp ? `${demoApp.origin}${DEMO_APP_PATH}` : null),
});

/** The demo application's address in this process (null when it is off). */
export function demoAppUrl(): string | null {
  return demoApp ? `${demoApp.origin}${DEMO_APP_PATH}` : null;
}
