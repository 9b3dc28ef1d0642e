import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { ToolboxCategoryDto, ToolboxUnitDto } from '../common';
import plugin, { demoAppUrl } from './index';

/**
 * The toolbox API over real HTTP (000 §7, TBX-005..011), on PGlite or, with TEST_DATABASE_URL, on
 * PostgreSQL: every call, its permission, its hierarchy scope and its validation.
 */
describe('toolbox API', () => {
  let server: TestServer;
  let admin: TestSession;
  let planner: TestSession;
  let viewer: TestSession;
  beforeAll(async () => {
    server = await createTestServer({ plugins: [plugin] });
    admin = await server.login('admin@example.com');
    planner = await server.login('planner@example.com');
    viewer = await server.login('viewer@example.com');
  });
  afterAll(() => server.close());

  const ACME = 'acme/us/fizz-cola/fizz-zero';
  const call = async (s: TestSession, method: string, path: string, body?: unknown, context: string | null = ACME) => {
    const res = await fetch(`${server.url}/api/v1/toolbox${path}`, {
      method,
      headers: s.headers({ ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(context ? { 'x-context': context } : {}) }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const regionId = async (client: string, region: string) =>
    Number(
      (
        await server.core.query<{ id: number }>('select r.id from regions r join clients c on c.id = r.client_id where c.slug = $1 and r.slug = $2', [
          client,
          region,
        ])
      )[0].id,
    );
  const clientId = async (slug: string) => Number((await server.core.query<{ id: number }>('select id from clients where slug = $1', [slug]))[0].id);
  const unitBody = (over: Record<string, unknown> = {}) => ({
    unit: {
      name: `Unit ${Math.random().toString(36).slice(2, 8)}`,
      region_ids: ['all'],
      use_client_hierarchy: false,
      feature_module_category: 'toolbox',
      iframed: true,
      url: 'https://app.example.com/start',
      ...over,
    },
  });

  describe('reading', () => {
    it('TBX-006 SRV-051 nav units: the seeded units of the client with status true, for any user of the client', async () => {
      for (const s of [admin, planner, viewer]) {
        const r = await call(s, 'GET', '/units/type/nav/client/acme');
        expect(r.status).toBe(200);
        const names = (r.body.data as ToolboxUnitDto[]).map((u) => u.name);
        expect(names).toEqual(expect.arrayContaining(['Demo App', 'Product Planner', 'Media Calculator', 'UK Retail Portal']));
        expect(names).not.toContain('Retired Dashboard');
        expect((r.body.data as ToolboxUnitDto[]).every((u) => u.status && u.client_slug === 'acme')).toBe(true);
      }
    });

    it('TBX-002 a unit carries id, name, status, region_ids, use_client_hierarchy, feature_module_category, iframed and url', async () => {
      const r = await call(admin, 'GET', '/units/type/all/client/acme');
      const uk = (r.body.data as ToolboxUnitDto[]).find((u) => u.name === 'UK Retail Portal')!;
      expect(uk).toMatchObject({
        status: true,
        region_ids: [await regionId('acme', 'uk')],
        use_client_hierarchy: false,
        feature_module_category: 'toolbox',
        iframed: false,
        url: `${demoAppUrl()}link?name=UK%20Retail%20Portal`,
      });
      expect(typeof uk.id).toBe('number');
      const demo = (r.body.data as ToolboxUnitDto[]).find((u) => u.name === 'Demo App')!;
      expect(demo.region_ids).toEqual(['all']);
      expect(demo.url).toBe(`${demoAppUrl()}?unit=Demo%20App`);
    });

    it("TBX-006 SRV-057 'all' lists hidden units too and needs toolbox_client_configuration.read", async () => {
      const r = await call(admin, 'GET', '/units/type/all/client/acme');
      expect((r.body.data as ToolboxUnitDto[]).map((u) => u.name)).toContain('Retired Dashboard');
      const denied = await call(planner, 'GET', '/units/type/all/client/acme');
      expect(denied.status).toBe(403);
      expect(denied.body.error.message).toBe("You don't have permission to read toolbox client configuration.");
    });

    it('answers 404 for an unknown type or client, 403 for a client the user cannot see', async () => {
      expect((await call(admin, 'GET', '/units/type/everything/client/acme')).status).toBe(404);
      expect((await call(admin, 'GET', '/units/type/nav/client/nowhere')).status).toBe(404);
      const r = await call(viewer, 'GET', '/units/type/nav/client/globex', undefined, null);
      expect(r.status).toBe(403);
      expect(r.body.error.message).toBe("You don't have access to 'globex'.");
    });

    it('TBX-005 SRV-052 SRV-057 categories of the client with id, priority and status, ordered by priority; read permission needed', async () => {
      const r = await call(admin, 'GET', '/categories/client/acme');
      expect(r.status).toBe(200);
      expect((r.body.data as ToolboxCategoryDto[]).map((c) => [c.name, c.priority, c.status])).toEqual([
        ['Applications', 0, true],
        ['Partner Tools', 1, true],
      ]);
      expect((await call(planner, 'GET', '/categories/client/acme')).status).toBe(403);
    });

    it('a signed-out call is 401', async () => {
      const res = await fetch(`${server.url}/api/v1/toolbox/units/type/nav/client/acme`);
      expect(res.status).toBe(401);
    });
  });

  describe('units', () => {
    it('TBX-007 SRV-053 POST creates the unit with status true and no id; 201 with the stored unit', async () => {
      const r = await call(admin, 'POST', '/units', unitBody({ name: 'Created Unit', feature_module_category: 'insights' }));
      expect(r.status).toBe(201);
      expect(r.body.data).toMatchObject({
        name: 'Created Unit',
        status: true,
        client_slug: 'acme',
        feature_module_category: 'insights',
        iframed: true,
        category_id: null,
      });
      const nav = await call(admin, 'GET', '/units/type/nav/client/acme');
      expect((nav.body.data as ToolboxUnitDto[]).map((u) => u.name)).toContain('Created Unit');
    });

    it('TBX-007 refuses a new unit that carries an id or status false', async () => {
      const withId = await call(admin, 'POST', '/units', unitBody({ id: 5 }));
      expect(withId.status).toBe(422);
      expect(withId.body.error.fields['unit.id']).toBe('A new unit has no id: save an existing unit with PUT toolbox/units/{id}.');
      const hidden = await call(admin, 'POST', '/units', unitBody({ status: false }));
      expect(hidden.status).toBe(422);
      expect(hidden.body.error.message).toBe('A new unit is created with status true.');
    });

    it.each([['javascript:alert(1)'], ['ftp://files.example.com/x'], ['data:text/html,<b>x</b>'], ['/relative/path'], ['not a url'], ['https://']])(
      'validates the url: %s is refused with 422',
      async (url) => {
        const r = await call(admin, 'POST', '/units', unitBody({ url }));
        expect(r.status).toBe(422);
        expect(r.body.error.message).toBe('Enter a full address starting with http:// or https://.');
        expect(r.body.error.fields['unit.url']).toBe('Enter a full address starting with http:// or https://.');
      },
    );

    it('validates name, regions and navigation category', async () => {
      const noName = await call(admin, 'POST', '/units', unitBody({ name: '  ' }));
      expect(noName.status).toBe(422);
      expect(noName.body.error.fields['unit.name']).toBe('Name is required.');
      const noRegions = await call(admin, 'POST', '/units', unitBody({ region_ids: [] }));
      expect(noRegions.body.error.fields['unit.region_ids']).toBe("Select at least one region, or 'all'.");
      const otherClientsRegion = await call(admin, 'POST', '/units', unitBody({ region_ids: [await regionId('globex', 'de')] }));
      expect(otherClientsRegion.status).toBe(422);
      expect(otherClientsRegion.body.error.fields['unit.region_ids']).toContain("A region is 'all' or the id of one of the client's regions.");
      const badCategory = await call(admin, 'POST', '/units', unitBody({ feature_module_category: 'settings' }));
      expect(badCategory.body.error.fields['unit.feature_module_category']).toBe('Choose one of the navigation categories.');
      const noBody = await call(admin, 'POST', '/units', {});
      expect(noBody.status).toBe(422);
    });

    it('a name is unique in the client, case-insensitively', async () => {
      const r = await call(admin, 'POST', '/units', unitBody({ name: 'demo app' }));
      expect(r.status).toBe(422);
      expect(r.body.error.fields['unit.name']).toBe("A toolbox unit named 'demo app' already exists for this client.");
      // another client may use the name
      const globex = await call(admin, 'POST', '/units', unitBody({ name: 'Demo App' }), 'globex/de');
      expect(globex.status).toBe(201);
      expect(globex.body.data.client_slug).toBe('globex');
    });

    it('TBX-009 SRV-054 PUT updates a unit; DELETE removes it', async () => {
      const created = (await call(admin, 'POST', '/units', unitBody({ name: 'To Change' }))).body.data as ToolboxUnitDto;
      const uk = await regionId('acme', 'uk');
      const put = await call(admin, 'PUT', `/units/${created.id}`, { unit: { name: 'Changed', region_ids: [String(uk)], url: 'http://changed.example.com/' } });
      expect(put.status).toBe(200);
      expect(put.body.data).toMatchObject({
        id: created.id,
        name: 'Changed',
        region_ids: [uk],
        url: 'http://changed.example.com/',
        iframed: true,
        status: true,
      });
      const badUrl = await call(admin, 'PUT', `/units/${created.id}`, { unit: { url: 'javascript:void(0)' } });
      expect(badUrl.status).toBe(422);
      const del = await call(admin, 'DELETE', `/units/${created.id}`);
      expect(del.status).toBe(204);
      const all = await call(admin, 'GET', '/units/type/all/client/acme');
      expect((all.body.data as ToolboxUnitDto[]).some((u) => u.id === created.id)).toBe(false);
      expect((await call(admin, 'DELETE', `/units/${created.id}`)).status).toBe(404);
    });

    it('TBX-008 hiding sets status false, clears the category and sets iframed false (also when only status is sent)', async () => {
      const cat = (await call(admin, 'GET', '/categories/client/acme')).body.data[0] as ToolboxCategoryDto;
      const created = (await call(admin, 'POST', '/units', unitBody({ name: 'To Hide', category_id: cat.id }))).body.data as ToolboxUnitDto;
      expect(created).toMatchObject({ category_id: cat.id, iframed: true });
      const hidden = await call(admin, 'PUT', `/units/${created.id}`, { unit: { status: false, category_id: null, iframed: false } });
      expect(hidden.body.data).toMatchObject({ status: false, category_id: null, iframed: false });
      const second = (await call(admin, 'POST', '/units', unitBody({ name: 'Hide By Status', category_id: cat.id }))).body.data as ToolboxUnitDto;
      const byStatus = await call(admin, 'PUT', `/units/${second.id}`, { unit: { status: false } });
      expect(byStatus.body.data).toMatchObject({ status: false, category_id: null, iframed: false });
      const nav = await call(admin, 'GET', '/units/type/nav/client/acme');
      expect((nav.body.data as ToolboxUnitDto[]).map((u) => u.name)).not.toEqual(expect.arrayContaining(['To Hide']));
    });

    it("refuses another client's unit (403), an unknown id (404) and a path that is no id (404 naming the rule)", async () => {
      const globexUnit = (await call(admin, 'POST', '/units', unitBody({ name: 'Globex Only' }), 'globex/de')).body.data as ToolboxUnitDto;
      const r = await call(admin, 'PUT', `/units/${globexUnit.id}`, { unit: { name: 'Stolen' } });
      expect(r.status).toBe(403);
      expect(r.body.error.message).toBe(`Toolbox unit ${globexUnit.id} belongs to another client.`);
      expect((await call(admin, 'DELETE', `/units/${globexUnit.id}`)).status).toBe(403);
      expect((await call(admin, 'PUT', '/units/999999', { unit: { name: 'X' } })).status).toBe(404);
      const bad = await call(admin, 'PUT', '/units/abc', { unit: { name: 'X' } });
      expect(bad.status).toBe(404);
      expect(bad.body.error.message).toBe('Not found: id: must be a whole number from 1 to 2147483647');
      expect((await call(admin, 'PUT', '/units/2147483648', { unit: { name: 'X' } })).status).toBe(404);
    });

    it('writes need X-Context, the create/update/destroy permission and a grant on the whole client', async () => {
      const noContext = await call(admin, 'POST', '/units', unitBody(), null);
      expect(noContext.status).toBe(400);
      const p = await call(planner, 'POST', '/units', unitBody());
      expect(p.status).toBe(403);
      expect(p.body.error.message).toBe("You don't have permission to create toolbox client configuration.");
      const demo = ((await call(admin, 'GET', '/units/type/all/client/acme')).body.data as ToolboxUnitDto[]).find((u) => u.name === 'Demo App')!;
      expect((await call(planner, 'PUT', `/units/${demo.id}`, { unit: { name: 'X' } })).status).toBe(403);
      expect((await call(viewer, 'DELETE', `/units/${demo.id}`)).status).toBe(403);
      // A Client Admin granted only one region of acme may read but not change the client's toolbox.
      const [role] = await server.core.query<{ id: number }>("select id from roles where name = 'Client Admin'");
      const [user] = await server.core.query<{ id: number }>(
        "insert into users (email, password_hash, first_name, last_name) select 'regional@example.com', password_hash, 'Reg', 'Ional' from users where email = 'admin@example.com' returning id",
      );
      await server.core.query('insert into user_roles (user_id, role_id) values ($1, $2)', [user.id, role.id]);
      await server.core.query("insert into user_hierarchy_slugs (user_id, slug) values ($1, 'acme/uk')", [user.id]);
      server.core.invalidateUsers();
      const regional = await server.login('regional@example.com');
      expect((await call(regional, 'GET', '/units/type/all/client/acme', undefined, 'acme/uk')).status).toBe(200);
      // TBX-001: the nav list of a user granted only the UK holds units of 'all' or the UK, never another region's.
      const [uk] = await server.core.query<{ id: number }>(
        "select r.id from regions r join clients c on c.id = r.client_id where c.slug = 'acme' and r.slug = 'uk'",
      );
      const [us] = await server.core.query<{ id: number }>(
        "select r.id from regions r join clients c on c.id = r.client_id where c.slug = 'acme' and r.slug = 'us'",
      );
      const usOnly = await call(
        admin,
        'POST',
        '/units',
        unitBody({ name: 'US Only Tool', region_ids: [Number(us.id)], iframed: false, url: 'https://us.example.com' }),
      );
      expect(usOnly.status).toBe(201);
      const everyone = await call(admin, 'GET', '/units/type/nav/client/acme');
      expect(everyone.body.data.map((u: { name: string }) => u.name)).toContain('US Only Tool');
      const nav = await call(regional, 'GET', '/units/type/nav/client/acme', undefined, 'acme/uk');
      expect(nav.status).toBe(200);
      const names = nav.body.data.map((u: { name: string }) => u.name);
      expect(names).not.toContain('US Only Tool');
      expect(names.length).toBeGreaterThan(0);
      for (const u of nav.body.data as { region_ids: (number | 'all')[] }[]) expect(u.region_ids.some((r) => r === 'all' || r === Number(uk.id))).toBe(true);
      const w = await call(regional, 'POST', '/units', unitBody(), 'acme/uk');
      expect(w.status).toBe(403);
      expect(w.body.error.message).toBe("Changing the toolbox of 'acme' needs access to the whole client.");
    });
  });

  describe('categories', () => {
    it('TBX-010 SRV-055 creates (last priority by default), updates and deletes a category; units of a deleted one keep going without it', async () => {
      const c = await call(admin, 'POST', '/categories', { category: { name: 'Labs' } });
      expect(c.status).toBe(201);
      const before = (await call(admin, 'GET', '/categories/client/acme')).body.data as ToolboxCategoryDto[];
      expect(c.body.data).toMatchObject({
        name: 'Labs',
        status: true,
        priority: Math.max(...before.filter((x) => x.id !== c.body.data.id).map((x) => x.priority)) + 1,
      });
      const u = await call(admin, 'PUT', `/categories/${c.body.data.id}`, { category: { name: 'Labs 2', status: false } });
      expect(u.body.data).toMatchObject({ name: 'Labs 2', status: false });
      const unit = (await call(admin, 'POST', '/units', unitBody({ name: 'In Labs', category_id: c.body.data.id }))).body.data as ToolboxUnitDto;
      expect((await call(admin, 'DELETE', `/categories/${c.body.data.id}`)).status).toBe(204);
      const after = ((await call(admin, 'GET', '/units/type/all/client/acme')).body.data as ToolboxUnitDto[]).find((x) => x.id === unit.id)!;
      expect(after.category_id).toBeNull();
      expect((await call(admin, 'DELETE', `/categories/${c.body.data.id}`)).status).toBe(404);
    });

    it('validates categories: name required and unique, priority a whole number from 0', async () => {
      expect((await call(admin, 'POST', '/categories', { category: { name: '' } })).body.error.fields['category.name']).toBe('Category name is required.');
      expect((await call(admin, 'POST', '/categories', { category: { name: 'applications' } })).body.error.fields['category.name']).toBe(
        "A toolbox category named 'applications' already exists for this client.",
      );
      expect((await call(admin, 'POST', '/categories', { category: { name: 'Neg', priority: -1 } })).body.error.fields['category.priority']).toBe(
        'Priority is a whole number from 0.',
      );
      expect((await call(planner, 'POST', '/categories', { category: { name: 'Nope' } })).status).toBe(403);
    });

    it('TBX-011 SRV-056 PUT categories/{clientId}/bulk with [ { id, priority } ] sets every priority in one call, all or nothing', async () => {
      const acme = await clientId('acme');
      const cats = (await call(admin, 'GET', '/categories/client/acme')).body.data as ToolboxCategoryDto[];
      const reversed = [...cats].reverse().map((c, i) => ({ id: c.id, priority: i }));
      const r = await call(admin, 'PUT', `/categories/${acme}/bulk`, reversed);
      expect(r.status).toBe(200);
      expect((r.body.data as ToolboxCategoryDto[]).map((c) => c.id)).toEqual(reversed.map((c) => c.id));
      // The unit order in the nav follows (TBX-004): the category priority travels with each unit.
      const nav = (await call(admin, 'GET', '/units/type/nav/client/acme')).body.data as ToolboxUnitDto[];
      const partner = nav.find((u) => u.name === 'Media Calculator')!;
      expect(partner.category_priority).toBe(reversed.find((c) => c.id === partner.category_id)!.priority);

      // A category of another client in the list: 422, and nothing changed.
      const globexCat = (await call(admin, 'POST', '/categories', { category: { name: 'Globex Cat' } }, 'globex/de')).body.data as ToolboxCategoryDto;
      const mixed = await call(admin, 'PUT', `/categories/${acme}/bulk`, [
        { id: reversed[0].id, priority: 50 },
        { id: globexCat.id, priority: 0 },
      ]);
      expect(mixed.status).toBe(422);
      const unchanged = (await call(admin, 'GET', '/categories/client/acme')).body.data as ToolboxCategoryDto[];
      expect(unchanged.find((c) => c.id === reversed[0].id)!.priority).toBe(0);
      // Another client's id in the path, duplicates and the permission.
      expect((await call(admin, 'PUT', `/categories/${await clientId('globex')}/bulk`, reversed)).status).toBe(403);
      expect((await call(admin, 'PUT', `/categories/${acme}/bulk`, [reversed[0], reversed[0]])).body.error.message).toBe('A category is listed twice.');
      expect((await call(planner, 'PUT', `/categories/${acme}/bulk`, reversed)).status).toBe(403);
      // the spec's bare list, nothing else
      expect((await call(admin, 'PUT', `/categories/${acme}/bulk`, { categories: reversed })).body.error.message).toBe('Send the list [ { id, priority } ].');
    });
  });

  describe('SRV-013 frame tokens: only for a unit the user can open', () => {
    const frameToken = (s: TestSession, unit: string, context: string | null) =>
      fetch(`${server.url}/api/v1/sso/frame-token?unit=${encodeURIComponent(unit)}`, { headers: s.headers(context ? { 'x-context': context } : {}) });
    const validate = async (token: string, audience: string): Promise<any> =>
      (await fetch(`${server.url}/api/v1/sso/validate?token=${encodeURIComponent(token)}&audience=${encodeURIComponent(audience)}`)).json();
    let nora: TestSession;
    beforeAll(async () => {
      nora = await server.login('norole@example.com');
      // Globex gets the 'applications' flag and an embedded unit; the viewer has no grant on Globex.
      await server.core.query(`update clients set feature_flags = feature_flags || '{"applications": true}'::jsonb where slug = 'globex'`);
      server.core.invalidateHierarchy();
      expect((await call(admin, 'POST', '/units', unitBody({ name: 'Globex App' }), 'globex/de')).status).toBe(201);
      const uk = await regionId('acme', 'uk');
      expect((await call(admin, 'POST', '/units', unitBody({ name: 'UK Embedded', region_ids: [uk] }))).status).toBe(201);
      // status false but still marked iframed (hiding through the API clears iframed too, TBX-008)
      expect((await call(admin, 'POST', '/units', unitBody({ name: 'Hidden Embedded' }))).status).toBe(201);
      await server.core.query("update toolbox_units set status = false where name = 'Hidden Embedded'");
    });
    afterAll(async () => {
      await server.core.query(`update clients set feature_flags = feature_flags - 'applications' where slug = 'globex'`);
      server.core.invalidateHierarchy();
    });

    it('gives a token for an embedded unit of the X-Context client, made for that unit', async () => {
      const r = await frameToken(viewer, 'Demo App', 'acme/us');
      expect(r.status).toBe(200);
      const { token }: any = await r.json();
      expect((await validate(token, 'Demo App')).data).toMatchObject({ email: 'viewer@example.com', audience: 'Demo App' });
    });

    it("refuses a unit of a client the user has no grant for (404, no token), with or without that client's X-Context", async () => {
      const r = await frameToken(viewer, 'Globex App', null);
      expect(r.status).toBe(404);
      expect(await r.json()).toMatchObject({ error: { message: 'No such application' } });
      expect((await frameToken(viewer, 'Globex App', 'acme/us')).status).toBe(404);
      expect((await frameToken(viewer, 'Globex App', 'globex/de')).status).toBe(403);
      // the same unit for a user granted Globex
      expect((await frameToken(planner, 'Globex App', 'globex/de')).status).toBe(200);
      expect((await frameToken(planner, 'Globex App', null)).status).toBe(200);
    });

    it('refuses a user without clients with 403', async () => {
      const r = await frameToken(nora, 'Demo App', null);
      expect(r.status).toBe(403);
      expect(await r.json()).toMatchObject({ error: { message: "You don't have access to any client." } });
    });

    it('TBX-015 refuses a unit outside the X-Context region, a unit that is not embedded, a hidden one and an unknown name', async () => {
      expect((await frameToken(admin, 'UK Embedded', 'acme/us')).status).toBe(404);
      expect((await frameToken(admin, 'UK Embedded', 'acme/uk')).status).toBe(200);
      expect((await frameToken(admin, 'Media Calculator', 'acme/us')).status).toBe(404); // a link, not a frame
      expect((await frameToken(admin, 'Hidden Embedded', 'acme/us')).status).toBe(404);
      expect((await frameToken(admin, 'No Such Unit', 'acme/us')).status).toBe(404);
    });

    it("TBX-013 refuses every unit of a client without the 'applications' flag", async () => {
      await server.core.query(`update clients set feature_flags = feature_flags || '{"applications": false}'::jsonb where slug = 'globex'`);
      server.core.invalidateHierarchy();
      try {
        expect((await frameToken(planner, 'Globex App', 'globex/de')).status).toBe(404);
      } finally {
        await server.core.query(`update clients set feature_flags = feature_flags || '{"applications": true}'::jsonb where slug = 'globex'`);
        server.core.invalidateHierarchy();
      }
    });
  });

  describe('demo application and SSO validation', () => {
    it('serves the demo application on a second origin', async () => {
      const url = demoAppUrl()!;
      expect(new URL(url).origin).not.toBe(new URL(server.url).origin);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('request-sso-token');
    });

    it("an external link unit of the demo opens a real page of the demo application, with the unit's name (issue 14 §5)", async () => {
      const r = await call(admin, 'GET', '/units/type/all/client/acme');
      const seeded = ['Media Calculator', 'Retired Dashboard', 'UK Retail Portal'];
      const links = (r.body.data as ToolboxUnitDto[]).filter((u) => seeded.includes(u.name));
      expect(links.map((u) => [u.name, u.iframed]).sort()).toEqual(seeded.map((n) => [n, false]));
      for (const u of links) {
        const page = await fetch(u.url);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain(`<h1 data-testid="demo-link-name">${u.name}</h1>`);
      }
      const escaped = await (await fetch(`${demoAppUrl()}link?name=${encodeURIComponent('<script>x</script>')}`)).text();
      expect(escaped).not.toContain('<script>x');
    });

    it('the SSO validation URL answers another origin (CORS, no credentials) with who is signed in', async () => {
      const tokenRes = await fetch(`${server.url}/sso-token`, { headers: admin.headers() });
      const token = tokenRes.headers.get('sso-token')!;
      const origin = new URL(demoAppUrl()!).origin;
      const r = await fetch(`${server.url}/api/v1/sso/validate?token=${encodeURIComponent(token)}`, { headers: { origin } });
      expect(r.status).toBe(200);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('access-control-allow-credentials')).toBeNull();
      const who: any = await r.json();
      expect(who.data).toMatchObject({ email: 'admin@example.com', first_name: 'Ada', last_name: 'Admin' });
      const bad = await fetch(`${server.url}/api/v1/sso/validate?token=forged`, { headers: { origin } });
      expect(bad.status).toBe(401);
      expect(bad.headers.get('access-control-allow-origin')).toBe('*');
    });

    it("the app's pages may frame the demo application (CSP frame-src), whose own answers let the app frame it", async () => {
      const origin = new URL(demoAppUrl()!).origin;
      const csp = (await fetch(`${server.url}/api/v1/ping`)).headers.get('content-security-policy')!;
      expect(
        csp
          .split('; ')
          .find((d) => d.startsWith('frame-src'))!
          .split(' '),
      ).toContain(origin);
      const page = await fetch(demoAppUrl()!);
      expect(page.headers.get('x-frame-options')).toBeNull();
      expect(page.headers.get('content-security-policy') ?? '').not.toMatch(/frame-ancestors/);
    });

    it('toolbox/health answers OK', async () => {
      const r = await fetch(`${server.url}/api/v1/toolbox/health`);
      expect(await r.json()).toEqual({ data: 'OK' });
    });
  });
});
