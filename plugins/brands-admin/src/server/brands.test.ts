import type { BrandDto, ClientDto } from '@discovery/plugin-api';
import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import plugin from './index';

type Json = Record<string, unknown>;
interface ErrorBody {
  error: { message: string; fields?: Record<string, string> };
}

/** A signed-in caller of the brands API with X-Context set. */
function caller(server: TestServer, session: TestSession, context = 'acme') {
  const call = async <T = Json>(method: string, path: string, body?: unknown, ctx = context) => {
    const res = await fetch(`${server.url}/api/v1/brands-admin${path}`, {
      method,
      headers: session.headers({ ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(ctx ? { 'x-context': ctx } : {}) }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
  return {
    call,
    brands: async (ctx = context) => (await call<{ data: BrandDto[] }>('GET', '/brands', undefined, ctx)).body.data,
  };
}

/** A user with one role made of `perms` and these hierarchy grants (the demo password). */
async function makeUser(server: TestServer, email: string, perms: Record<string, string>, grants: string[]) {
  const q = server.core.query.bind(server.core);
  const [{ password_hash }] = await q<{ password_hash: string }>("select password_hash from users where email = 'admin@example.com'");
  const [user] = await q<{ id: number }>("insert into users (email, password_hash, first_name, last_name) values ($1, $2, 'Test', 'User') returning id", [
    email,
    password_hash,
  ]);
  const [role] = await q<{ id: number }>('insert into roles (name) values ($1) returning id', [`role for ${email}`]);
  for (const [resource, actions] of Object.entries(perms)) {
    await q('insert into role_permissions (role_id, resource, can_create, can_read, can_update, can_destroy) values ($1, $2, $3, $4, $5, $6)', [
      role.id,
      resource,
      actions.includes('C'),
      actions.includes('R'),
      actions.includes('U'),
      actions.includes('D'),
    ]);
  }
  await q('insert into user_roles (user_id, role_id) values ($1, $2)', [user.id, role.id]);
  for (const g of grants) await q('insert into user_hierarchy_slugs (user_id, slug) values ($1, $2)', [user.id, g]);
  server.core.invalidateUsers();
  return server.login(email);
}

const CRUD = 'CRUD';

describe('brands-admin API', () => {
  let server: TestServer;
  let admin: ReturnType<typeof caller>;
  let regions: Record<string, number>;
  let globexRegion: number;

  beforeAll(async () => {
    server = await createTestServer({ plugins: [plugin] });
    admin = caller(server, await server.login('admin@example.com'));
    const rows = await server.core.query<{ id: number; slug: string; client: string }>(
      'select r.id, r.slug, c.slug as client from regions r join clients c on c.id = r.client_id',
    );
    regions = Object.fromEntries(rows.filter((r) => r.client === 'acme').map((r) => [r.slug, Number(r.id)]));
    globexRegion = Number(rows.find((r) => r.client === 'globex')!.id);
  });
  afterAll(() => server.close());

  const brandCount = async () => Number((await server.core.query<{ n: number }>('select count(*) as n from brands'))[0].n);
  const newBrand = (name: string, products: Json[], extra: Json = {}) => ({ brand: { name, category: 'Juice', products_attributes: products, ...extra } });
  const product = (name: string, regionIds: number[], extra: Json = {}) => ({ name, region_ids: regionIds, ...extra });

  describe('reading', () => {
    it('BRAND-007 SRV-030 lists the client of X-Context: every brand with all of its products and regions', async () => {
      const list = await admin.brands();
      expect(list.map((b) => b.name)).toEqual(['Fizz Cola', 'Morning Brew', 'Peak Water']);
      const peak = list.find((b) => b.name === 'Peak Water')!;
      expect(peak.conversant_company_id).toBe(1200);
      expect(peak.products.map((p) => p.name)).toEqual(['Peak Sparkling', 'Peak Still']);
      expect(peak.products.find((p) => p.name === 'Peak Still')!.region_ids.sort()).toEqual([regions.us, regions.uk].sort());
      expect(peak.products[0].product_regions[0]).toEqual(expect.objectContaining({ region_id: regions.us, product_id: peak.products[0].id }));
    });

    it('SRV-033 lists the client’s products', async () => {
      const res = await admin.call<{ data: { name: string }[] }>('GET', '/products');
      expect(res.status).toBe(200);
      expect(res.body.data.map((p) => p.name).sort()).toEqual(['Fizz Classic', 'Fizz Zero', 'Morning Brew Cold', 'Peak Sparkling', 'Peak Still']);
    });

    it('BRAND-003 refuses a user without brands.read with 403 and a message', async () => {
      const noRead = caller(server, await makeUser(server, 'noread@example.com', { brands: 'CUD', products: CRUD }, ['acme']));
      const res = await noRead.call<ErrorBody>('GET', '/brands');
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe("You don't have permission to read brands.");
    });

    it('SRV-003 needs X-Context naming a client, and refuses a client outside the grants', async () => {
      expect((await admin.call('GET', '/brands', undefined, '')).status).toBe(400);
      const viewer = caller(server, await server.login('viewer@example.com'));
      expect((await viewer.call('GET', '/brands', undefined, 'globex')).status).toBe(403);
    });
  });

  describe('POST brands (SRV-030)', () => {
    it('BRAND-023 creates a brand with its products, slugs and regions, and the hierarchy shows it', async () => {
      const res = await admin.call<{ data: BrandDto }>(
        'POST',
        '/brands',
        newBrand('Sunny Juice', [product('Sunny Orange', [regions.us, regions.uk], { conversant_company_id: 555 }), product('Sunny Apple', [regions.uk])], {
          conversant_company_id: 42,
        }),
      );
      expect(res.status).toBe(201);
      const b = res.body.data;
      expect(b).toEqual(
        expect.objectContaining({ name: 'Sunny Juice', slug: 'sunny-juice', category: 'Juice', conversant_company_id: 42, site_visit_segment_mapping: null }),
      );
      expect(b.products.map((p) => [p.name, p.slug, p.conversant_company_id])).toEqual([
        ['Sunny Apple', 'sunny-apple', null],
        ['Sunny Orange', 'sunny-orange', 555],
      ]);
      const tree = (await (await fetch(`${server.url}/api/v1/hierarchy`, { headers: (await server.login('admin@example.com')).headers() })).json()) as {
        data: ClientDto[];
      };
      const uk = tree.data.find((c) => c.slug === 'acme')!.regions.find((r) => r.slug === 'uk')!;
      expect(uk.brands.find((x) => x.slug === 'sunny-juice')!.products.map((p) => p.name)).toEqual(['Sunny Apple', 'Sunny Orange']);
    });

    it('SRV-038 makes slugs unique within the parent', async () => {
      const res = await admin.call<{ data: BrandDto }>(
        'POST',
        '/brands',
        newBrand('Fizz Cola', [product('Fizz!', [regions.us]), product('fizz', [regions.us], { name: 'Fizz  2' })]),
      );
      expect(res.status).toBe(201);
      expect(res.body.data.slug).toBe('fizz-cola-2');
      expect(res.body.data.products.map((p) => p.slug).sort()).toEqual(['fizz', 'fizz-2']);
      await admin.call('DELETE', `/brands/${res.body.data.id}`);
    });

    it.each([
      ['BRAND-030 a missing brand name', newBrand('  ', [product('A', [1])]), 'brand.name', 'Brand name is required.'],
      ['BRAND-030 no brand name at all', { brand: { products_attributes: [product('A', [1])] } }, 'brand.name', 'Brand name is required.'],
      [
        'BRAND-031 a brand Company ID of 0',
        newBrand('X', [product('A', [1])], { conversant_company_id: 0 }),
        'brand.conversant_company_id',
        'Please enter a valid ID',
      ],
      [
        'BRAND-031 a fractional brand Company ID',
        newBrand('X', [product('A', [1])], { conversant_company_id: 1.5 }),
        'brand.conversant_company_id',
        'Please enter a valid ID',
      ],
      [
        'BRAND-031 a brand Company ID above the range',
        newBrand('X', [product('A', [1])], { conversant_company_id: 2147483648 }),
        'brand.conversant_company_id',
        'Please enter a valid ID',
      ],
      [
        'BRAND-031 a brand Company ID as text',
        newBrand('X', [product('A', [1])], { conversant_company_id: '12e3' }),
        'brand.conversant_company_id',
        'Please enter a valid ID',
      ],
      [
        'BRAND-042 a negative product Company ID',
        newBrand('X', [product('A', [1], { conversant_company_id: -5 })]),
        'brand.products_attributes.0.conversant_company_id',
        'Please enter a valid ID',
      ],
      [
        'BRAND-040 a product without a name',
        newBrand('X', [product('A', [1]), { region_ids: [1] }]),
        'brand.products_attributes.1.name',
        'Product name is required.',
      ],
      ['BRAND-040 a product with a blank name', newBrand('X', [product(' ', [1])]), 'brand.products_attributes.0.name', 'Product name is required.'],
      [
        'BRAND-041 a duplicate product name (case-insensitive)',
        newBrand('X', [product('Orange', [1]), product(' orange ', [1])]),
        'brand.products_attributes.1.name',
        'This product already exists.',
      ],
      ['BRAND-043 a product with no region', newBrand('X', [product('A', [])]), 'brand.products_attributes.0.region_ids', 'Select at least one region.'],
      ['BRAND-043 a product with no region field', newBrand('X', [{ name: 'A' }]), 'brand.products_attributes.0.region_ids', 'Select at least one region.'],
      ['BRAND-035 a brand without products', newBrand('X', []), 'brand.products_attributes', 'Brands must have at least one product.'],
    ])('SRV-035 answers 422 for %s, with the spec message', async (_name, body, field, message) => {
      const before = await brandCount();
      const res = await admin.call<ErrorBody>('POST', '/brands', body);
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.fields![field]).toBe(message);
      expect(await brandCount()).toBe(before);
    });

    it('nothing is half-saved: a failing product rolls back the brand and the products before it', async () => {
      const before = await brandCount();
      const res = await admin.call<ErrorBody>('POST', '/brands', newBrand('Half Saved', [product('Good', [regions.us]), product('Bad', [globexRegion])]));
      expect(res.status).toBe(422);
      expect(res.body.error.fields!['brand.products_attributes.1.region_ids']).toMatch(/not a region of this client/);
      expect(await brandCount()).toBe(before);
      expect(await server.core.query("select id from products where name = 'Good'")).toEqual([]);
    });

    it('refuses a body that names another client', async () => {
      const [globex] = await server.core.query<{ id: number }>("select id from clients where slug = 'globex'");
      const res = await admin.call('POST', '/brands', newBrand('Elsewhere', [product('A', [regions.us])], { client_id: Number(globex.id) }));
      expect(res.status).toBe(403);
    });
  });

  describe('PUT brands/{id} (SRV-031)', () => {
    const create = async (name: string) =>
      (
        await admin.call<{ data: BrandDto }>(
          'POST',
          '/brands',
          newBrand(name, [product(`${name} One`, [regions.us]), product(`${name} Two`, [regions.us, regions.uk])]),
        )
      ).body.data;

    it('BRAND-023 BRAND-045 updates the brand and its nested products in one call', async () => {
      const b = await create('Nested');
      const [one, two] = b.products;
      const ukEntry = two.product_regions.find((r) => r.region_id === regions.uk)!;
      const res = await admin.call<{ data: BrandDto }>('PUT', `/brands/${b.id}`, {
        brand: {
          id: b.id,
          name: 'Nested Renamed',
          category: 'Juice',
          conversant_company_id: null,
          client_id: b.client_id,
          products_attributes: [
            {
              id: one.id,
              name: 'Nested First',
              conversant_company_id: 77,
              brand_id: b.id,
              region_ids: [regions.uk],
              product_regions_attributes: [{ region_id: regions.uk }],
            },
            {
              id: two.id,
              name: two.name,
              brand_id: b.id,
              product_regions_attributes: [{ id: ukEntry.id, region_id: regions.uk, product_id: two.id, _destroy: true }],
            },
            { name: 'Nested Three', region_ids: [regions.uk] },
          ],
          site_visit_segment_mapping: null,
        },
      });
      expect(res.status).toBe(200);
      const after = res.body.data;
      expect(after.name).toBe('Nested Renamed');
      expect(after.slug).toBe(b.slug);
      const byName = Object.fromEntries(after.products.map((p) => [p.name, p]));
      expect(Object.keys(byName).sort()).toEqual(['Nested First', 'Nested Three', 'Nested Two']);
      expect(byName['Nested First'].region_ids).toEqual([regions.uk]);
      expect(byName['Nested First'].conversant_company_id).toBe(77);
      expect(byName['Nested Two'].region_ids).toEqual([regions.us]);
      expect(byName['Nested Three'].region_ids).toEqual([regions.uk]);
    });

    it('deletes a product marked _destroy and keeps the products the body does not name', async () => {
      const b = await create('Partial');
      const res = await admin.call<{ data: BrandDto }>('PUT', `/brands/${b.id}`, {
        brand: { name: 'Partial', products_attributes: [{ id: b.products[0].id, _destroy: true }] },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.products.map((p) => p.name)).toEqual(['Partial Two']);
      const last = await admin.call<ErrorBody>('PUT', `/brands/${b.id}`, {
        brand: { name: 'Partial', products_attributes: [{ id: b.products[1].id, _destroy: true }] },
      });
      expect(last.status).toBe(422);
      expect(last.body.error.message).toBe('Brands must have at least one product.');
    });

    it('BRAND-041 compares a new product with the ones the body leaves out', async () => {
      const b = await create('Dupes');
      const res = await admin.call<ErrorBody>('PUT', `/brands/${b.id}`, {
        brand: { name: 'Dupes', products_attributes: [{ name: 'DUPES ONE', region_ids: [regions.us] }] },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.fields!['brand.products_attributes.0.name']).toBe('This product already exists.');
    });

    it('nothing is half-saved: a failing product leaves the brand as it was', async () => {
      const b = await create('Rollback');
      const res = await admin.call<ErrorBody>('PUT', `/brands/${b.id}`, {
        brand: {
          name: 'Rollback Renamed',
          products_attributes: [
            { id: b.products[0].id, name: 'Rollback Changed', region_ids: [regions.uk] },
            { name: 'Rollback Bad', region_ids: [globexRegion] },
          ],
        },
      });
      expect(res.status).toBe(422);
      const [after] = (await admin.brands()).filter((x) => x.id === b.id);
      expect(after.name).toBe('Rollback');
      expect(after.products.map((p) => [p.name, p.region_ids])).toEqual(b.products.map((p) => [p.name, p.region_ids]));
    });

    it('refuses a product of another brand', async () => {
      const b = await create('Thief');
      const [fizz] = (await admin.brands()).filter((x) => x.name === 'Fizz Cola');
      const res = await admin.call('PUT', `/brands/${b.id}`, {
        brand: { name: 'Thief', products_attributes: [{ id: fizz.products[0].id, name: 'Mine now', region_ids: [regions.us] }] },
      });
      expect(res.status).toBe(422);
      expect((await admin.brands()).find((x) => x.id === fizz.id)!.products[0].name).toBe(fizz.products[0].name);
    });

    it('BRAND-056 SRV-037 stores the site-visit mapping, normalises an empty one to null, refuses unknown keys', async () => {
      const b = await create('Mapped');
      const seg = { identifier: 'dmx-0001', name: '18-24' };
      const set = await admin.call<{ data: BrandDto }>('PUT', `/brands/${b.id}`, {
        brand: { name: 'Mapped', site_visit_segment_mapping: { customer_site_visitors: seg } },
      });
      expect(set.status).toBe(200);
      expect(set.body.data.site_visit_segment_mapping).toEqual({ customer_site_visitors: seg });
      expect(set.body.data.products).toHaveLength(2);
      const cleared = await admin.call<{ data: BrandDto }>('PUT', `/brands/${b.id}`, { brand: { name: 'Mapped', site_visit_segment_mapping: {} } });
      expect(cleared.body.data.site_visit_segment_mapping).toBeNull();
      const bad = await admin.call('PUT', `/brands/${b.id}`, { brand: { name: 'Mapped', site_visit_segment_mapping: { somewhere_else: seg } } });
      expect(bad.status).toBe(422);
    });

    it('answers 404 for a brand that does not exist', async () => {
      expect((await admin.call('PUT', '/brands/999999', newBrand('Nobody', [product('A', [regions.us])]))).status).toBe(404);
    });
  });

  describe('permissions and scope', () => {
    it('SRV-030..032 refuse a user with brands read only (planner) with 403', async () => {
      const planner = caller(server, await server.login('planner@example.com'));
      const [fizz] = (await admin.brands()).filter((x) => x.name === 'Fizz Cola');
      expect((await planner.call('POST', '/brands', newBrand('No', [product('A', [regions.us])]))).status).toBe(403);
      expect((await planner.call('PUT', `/brands/${fizz.id}`, { brand: { name: 'No' } })).status).toBe(403);
      expect((await planner.call('DELETE', `/brands/${fizz.id}`)).status).toBe(403);
      expect((await planner.call('DELETE', `/products/${fizz.products[0].id}`)).status).toBe(403);
      expect((await admin.brands()).find((x) => x.id === fizz.id)!.name).toBe('Fizz Cola');
    });

    it('PUT with new products needs products.create', async () => {
      const noProducts = caller(server, await makeUser(server, 'brandsonly@example.com', { brands: CRUD, products: 'R' }, ['acme']));
      const [fizz] = (await admin.brands()).filter((x) => x.name === 'Fizz Cola');
      const res = await noProducts.call<ErrorBody>('PUT', `/brands/${fizz.id}`, {
        brand: { name: 'Fizz Cola', products_attributes: [{ name: 'Fizz Lime', region_ids: [regions.us] }] },
      });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe("You don't have permission to create products.");
      expect((await noProducts.call('PUT', `/brands/${fizz.id}`, { brand: { name: 'Fizz Cola', category: 'Soft Drinks' } })).status).toBe(200);
    });

    it("SRV-003 another client's brand is 403 in this client's context", async () => {
      const [home] = (await admin.brands('globex')).filter((x) => x.name === 'Globex Home');
      expect((await admin.call('PUT', `/brands/${home.id}`, { brand: { name: 'Taken' } }, 'acme')).status).toBe(403);
      expect((await admin.call('DELETE', `/brands/${home.id}`, undefined, 'acme')).status).toBe(403);
      expect((await admin.call('DELETE', `/products/${home.products[0].id}`, undefined, 'acme')).status).toBe(403);
      expect((await admin.brands('globex')).find((x) => x.id === home.id)!.name).toBe('Globex Home');
    });

    it('a user granted one region cannot write a brand that reaches another region', async () => {
      const ukOnly = caller(server, await makeUser(server, 'ukonly@example.com', { brands: CRUD, products: CRUD }, ['acme/uk']), 'acme/uk');
      const [fizz] = (await admin.brands()).filter((x) => x.name === 'Fizz Cola');
      const res = await ukOnly.call<ErrorBody>('PUT', `/brands/${fizz.id}`, { brand: { name: 'Fizz UK' } });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe("You don't have access to 'acme/us'.");
      const created = await ukOnly.call<{ data: BrandDto }>('POST', '/brands', newBrand('UK Only', [product('UK One', [regions.uk])]));
      expect(created.status).toBe(201);
      expect((await ukOnly.call('POST', '/brands', newBrand('US Too', [product('US One', [regions.us])]))).status).toBe(403);
    });
  });

  describe('deleting', () => {
    it('SRV-034 BRAND-046 deletes a product, but never the last one of its brand', async () => {
      const b = (await admin.call<{ data: BrandDto }>('POST', '/brands', newBrand('Shrinking', [product('Keep', [regions.us]), product('Drop', [regions.us])])))
        .body.data;
      const drop = b.products.find((p) => p.name === 'Drop')!;
      const keep = b.products.find((p) => p.name === 'Keep')!;
      expect((await admin.call('DELETE', `/products/${drop.id}`)).status).toBe(204);
      const last = await admin.call<ErrorBody>('DELETE', `/products/${keep.id}`);
      expect(last.status).toBe(422);
      expect(last.body.error.message).toBe('Brands must have at least one product.');
      expect((await admin.brands()).find((x) => x.id === b.id)!.products.map((p) => p.name)).toEqual(['Keep']);
    });

    it('SRV-032 BRAND-025 deletes a brand with its products and their regions', async () => {
      const b = (await admin.call<{ data: BrandDto }>('POST', '/brands', newBrand('Doomed', [product('Doomed One', [regions.us, regions.uk])]))).body.data;
      expect((await admin.call('DELETE', `/brands/${b.id}`)).status).toBe(204);
      expect(await server.core.query('select id from products where brand_id = $1', [b.id])).toEqual([]);
      expect(await server.core.query('select id from product_regions where product_id = $1', [b.products[0].id])).toEqual([]);
      expect((await admin.call('DELETE', `/brands/${b.id}`)).status).toBe(404);
    });

    it('the database itself keeps a product on every brand', async () => {
      const [peak] = (await admin.brands()).filter((x) => x.name === 'Morning Brew');
      await expect(server.core.query('delete from products where brand_id = $1', [peak.id])).rejects.toThrow(/at least one product/);
      const [client] = await server.core.query<{ id: number }>("select id from clients where slug = 'acme'");
      await expect(server.core.query("insert into brands (client_id, name, slug) values ($1, 'Empty', 'empty')", [client.id])).rejects.toThrow(
        /at least one product/,
      );
    });
  });

  describe('clients and regions (SRV-028, SRV-029, BRAND-059)', () => {
    it('creates a client with regions (one default), updates it with PUT, adds a region', async () => {
      const created = await admin.call<{ data: { id: number; slug: string; regions: { id: number; slug: string; is_default: boolean }[] } }>(
        'POST',
        '/clients',
        { client: { name: 'Wayne Foods', conversant_company_id: 3001, feature_flags: { grow: true }, regions: [{ name: 'Spain' }, { name: 'Italy' }] } },
        '',
      );
      expect(created.status).toBe(201);
      expect(created.body.data.slug).toBe('wayne-foods');
      expect(created.body.data.regions.filter((r) => r.is_default)).toHaveLength(1);
      const id = created.body.data.id;
      const updated = await admin.call<{ data: { name: string; site_visitation_enabled: boolean; conversant_company_id: number } }>(
        'PUT',
        `/clients/${id}`,
        { client: { id, name: 'Wayne Foods Europe', site_visitation_enabled: true } },
        '',
      );
      expect(updated.status).toBe(200);
      expect(updated.body.data).toEqual(expect.objectContaining({ name: 'Wayne Foods Europe', site_visitation_enabled: true, conversant_company_id: 3001 }));
      const region = await admin.call<{ data: { slug: string; is_default: boolean } }>(
        'POST',
        `/clients/${id}/regions`,
        { region: { name: 'Portugal', is_default: true } },
        '',
      );
      expect(region.status).toBe(201);
      expect(region.body.data).toEqual(expect.objectContaining({ slug: 'portugal', is_default: true }));
      const list = await admin.call<{ data: { name: string; slug: string; regions: { slug: string }[] }[] }>('GET', '/clients', undefined, '');
      expect(list.status).toBe(200);
      const wayne = list.body.data.find((c) => c.slug === 'wayne-foods')!;
      expect(wayne.name).toBe('Wayne Foods Europe');
      expect(wayne.regions.map((r) => r.slug).sort()).toEqual(['italy', 'portugal', 'spain']);
      expect(list.body.data.map((c) => c.slug)).toEqual(expect.arrayContaining(['acme', 'globex']));
      const again = await admin.call<ErrorBody>('POST', '/clients', { client: { name: 'Wayne Foods' } }, '');
      expect(again.status).toBe(422);
      expect(again.body.error.message).toBe('Client slug already used.');
    });

    it('needs clients.read / clients.create / clients.update / regions.create', async () => {
      const planner = caller(server, await server.login('planner@example.com'));
      // The planner reads the clients granted to them (acme, globex), not the others.
      const seen = await planner.call<{ data: { slug: string }[] }>('GET', '/clients', undefined, '');
      expect(seen.status).toBe(200);
      expect(seen.body.data.map((c) => c.slug).sort()).toEqual(['acme', 'globex']);
      const nobody = caller(server, await server.login('norole@example.com'));
      expect((await nobody.call('GET', '/clients', undefined, '')).status).toBe(403);
      expect((await planner.call('POST', '/clients', { client: { name: 'Nope' } }, '')).status).toBe(403);
      expect((await planner.call('PUT', '/clients/1', { client: { name: 'Nope' } }, '')).status).toBe(403);
      expect((await planner.call('POST', '/clients/1/regions', { region: { name: 'Nope' } }, '')).status).toBe(403);
    });
  });
});

describe('brands-admin API: ID Environment Product Slugs (SRV-036)', () => {
  const setSlug = (b: BrandDto, slug: string) => ({
    brand: {
      name: b.name,
      products_attributes: [
        {
          id: b.products[0].id,
          name: b.products[0].name,
          product_regions_attributes: b.products[0].product_regions.map((r) => ({ id: r.id, region_id: r.region_id, id_env_product_slug: slug })),
        },
      ],
    },
  });

  it('are written and returned in tier 3 for users with the permission, and only there', async () => {
    const tier3 = await createTestServer({ plugins: [plugin], config: { tier: 3 } });
    try {
      const admin = caller(tier3, await tier3.login('admin@example.com'));
      const [fizz] = (await admin.brands()).filter((b) => b.name === 'Fizz Cola');
      const res = await admin.call<{ data: BrandDto }>('PUT', `/brands/${fizz.id}`, setSlug(fizz, 'fizz-env'));
      expect(res.status).toBe(200);
      expect(res.body.data.products[0].product_regions.map((r) => r.id_env_product_slug)).toEqual(['fizz-env', 'fizz-env']);
      // Planner: no id_env_product_slugs permission.
      const planner = caller(tier3, await tier3.login('planner@example.com'));
      const seen = (await planner.brands()).find((b) => b.id === fizz.id)!;
      expect(seen.products[0].product_regions.map((r) => r.id_env_product_slug)).toEqual([null, null]);
    } finally {
      await tier3.close();
    }
  });

  it('are neither returned nor written outside tier 3', async () => {
    const tier1 = await createTestServer({ plugins: [plugin] });
    try {
      const admin = caller(tier1, await tier1.login('admin@example.com'));
      const [fizz] = (await admin.brands()).filter((b) => b.name === 'Fizz Cola');
      expect((await admin.call('PUT', `/brands/${fizz.id}`, setSlug(fizz, 'ignored'))).status).toBe(200);
      const stored = await tier1.core.query<{ id_env_product_slug: string | null }>('select id_env_product_slug from product_regions where product_id = $1', [
        fizz.products[0].id,
      ]);
      expect(stored.map((r) => r.id_env_product_slug)).toEqual([null, null]);
      await tier1.core.query("update product_regions set id_env_product_slug = 'secret' where product_id = $1", [fizz.products[0].id]);
      expect((await admin.brands()).find((b) => b.id === fizz.id)!.products[0].product_regions.map((r) => r.id_env_product_slug)).toEqual([null, null]);
    } finally {
      await tier1.close();
    }
  });
});
