import { adminBrands, ALL, brand, brandsServer, product } from '../testing/fixtures';
import { storeFor } from '../testing/setup';

const names = (store: { visibleBrands: { saved: { name: string } | null; name: string }[] }) => store.visibleBrands.map((b) => b.saved?.name ?? b.name);

describe('BrandsAdminStore', () => {
  beforeEach(() => localStorage.clear());

  it('BRAND-007 sorts the brands by name, case-insensitively; new unsaved brands come first', async () => {
    const { store } = await storeFor(brandsServer());
    expect(names(store)).toEqual(['Fizz Cola', 'morning Brew', 'Peak Water']);
    const b = store.addBrand()!;
    b.setName('Aardvark');
    expect(names(store)[0]).toBe('Aardvark');
  });

  it('BRAND-006 a region shows the brands with a product there; the badge counts what is shown; routes follow the choice', async () => {
    const { store } = await storeFor(brandsServer(), 'acme', 'uk');
    expect(names(store)).toEqual(['morning Brew']);
    expect(store.count).toBe(1);
    await store.show('acme', '*');
    expect(store.count).toBe(3);
    expect(store.pathFor('acme', 'us')).toBe('/acme/us/brands/admin');
    expect(store.pathFor('acme', '*')).toBe('/acme/brands/admin');
    expect(store.pathFor('globex')).toBe('/globex/brands/admin');
  });

  it('issue 24 §3: a list that fails ends in its error (no spinner); a retry loads it; another client aborts the call on its way', async () => {
    let fail = true;
    const server = brandsServer().handle('GET /api/v1/brands-admin/brands', () =>
      fail ? { status: 500, body: { error: { message: 'Internal server error', status: 500, code: 'internal' } } } : { body: { data: adminBrands() } },
    );
    const { store } = await storeFor(server);
    expect([store.loading, store.loaded, (store.list.error as { code?: string } | null)?.code]).toEqual([false, false, 'internal']);
    fail = false;
    await store.reload();
    expect([store.list.error, names(store)]).toEqual([null, ['Fizz Cola', 'morning Brew', 'Peak Water']]);
    // Acme's brands are asked again, then the user picks Globex before they arrive: Acme's never land.
    let answerAcme: () => void = () => undefined;
    let calls = 0;
    server.handle('GET /api/v1/brands-admin/brands', () =>
      ++calls === 1
        ? new Promise((resolve) => (answerAcme = () => resolve({ body: { data: adminBrands() } })))
        : { body: { data: [brand(9, 'Globex Home', [product(9, 'Home Essentials', [3])])] } },
    );
    store.leave();
    const acme = store.show('acme');
    await store.show('globex');
    answerAcme();
    await acme;
    expect(names(store)).toEqual(['Globex Home']);
  });

  it("BRAND-005 the Region options start with 'All' (slug *)", async () => {
    const { store } = await storeFor(brandsServer());
    expect(store.regionOptions).toEqual([
      { slug: '*', name: 'All' },
      { slug: 'us', name: 'United States' },
      { slug: 'uk', name: 'United Kingdom' },
    ]);
  });

  it('BRAND-009 Add Brand needs brands.create and no brand with an open product', async () => {
    const { store } = await storeFor(brandsServer());
    expect(store.canAddBrand).toBe(true);
    store.visibleBrands[0].products[0].edit();
    expect(store.canAddBrand).toBe(false);
    store.visibleBrands[0].products[0].cancel();
    expect(store.canAddBrand).toBe(true);
    const { store: noCreate } = await storeFor(brandsServer({ permissions: { brands: { read: true, update: true }, products: ALL } }));
    expect(noCreate.canAddBrand).toBe(false);
    expect(noCreate.addBrand()).toBeNull();
  });

  it('BRAND-010 Add Brand puts an open brand without id at the top, with one open product', async () => {
    const { store } = await storeFor(brandsServer());
    const b = store.addBrand()!;
    expect(store.visibleBrands[0]).toBe(b);
    expect([b.isNew, b.open, b.products.length, b.products[0].open]).toEqual([true, true, 1, true]);
    // It has an open product, so a second Add Brand waits.
    expect(store.canAddBrand).toBe(false);
  });

  it('BRAND-022 Cancel removes an unsaved brand', async () => {
    const { store } = await storeFor(brandsServer());
    const b = store.addBrand()!;
    store.cancelBrand(b);
    expect(store.brands).not.toContain(b);
  });

  it('BRAND-021 BRAND-023 BRAND-028 a new brand is POSTed with its products in one call; success closes it, toasts 4 s and refetches the hierarchy', async () => {
    const server = brandsServer();
    server.handle('POST /api/v1/brands-admin/brands', (body) => {
      const b = (body as { brand: { name: string; products_attributes: { name: string; region_ids: number[] }[] } }).brand;
      return {
        status: 201,
        body: {
          data: brand(
            9,
            b.name,
            b.products_attributes.map((p, i) => product(90 + i, p.name, p.region_ids)),
          ),
        },
      };
    });
    const { store, toasts } = await storeFor(server);
    const b = store.addBrand()!;
    b.setName('Sunny');
    b.apply();
    b.products[0].setName('Orange');
    b.products[0].toggleRegion(1);
    const second = b.addProduct();
    second.setName('Apple');
    second.toggleRegion(2);
    const hierarchyCalls = server.calls.filter((c) => c.url === '/api/v1/hierarchy').length;
    expect(await store.save(b)).toBe(true);
    const posts = server.calls.filter((c) => c.method === 'POST' && c.url === '/api/v1/brands-admin/brands');
    expect(posts).toHaveLength(1);
    const sent = posts[0].body as { brand: Record<string, unknown> & { products_attributes: unknown[] } };
    expect(sent.brand.id).toBeNull();
    expect(sent.brand.client_id).toBe(1);
    expect(sent.brand.products_attributes).toHaveLength(2);
    expect(b.isNew).toBe(false);
    expect(b.products.every((p) => !p.open)).toBe(true);
    expect(toasts.toasts[0]).toEqual(
      expect.objectContaining({ intent: 'success', message: 'Successfully created Sunny and associated products.', timeout: 4000 }),
    );
    expect(server.calls.filter((c) => c.url === '/api/v1/hierarchy').length).toBe(hierarchyCalls + 1);
  });

  it('BRAND-023 BRAND-028 a saved brand is PUT to brands/{id}', async () => {
    const server = brandsServer();
    server.handle('PUT /api/v1/brands-admin/brands/1', () => ({ body: { data: adminBrands()[2] } }));
    const { store, toasts } = await storeFor(server);
    const fizz = store.visibleBrands.find((b) => b.id === 1)!;
    fizz.edit();
    fizz.apply();
    expect(await store.save(fizz)).toBe(true);
    expect(server.calls.some((c) => c.method === 'PUT' && c.url === '/api/v1/brands-admin/brands/1')).toBe(true);
    expect(toasts.toasts[0].message).toBe('Successfully updated Fizz Cola and associated products.');
  });

  it('BRAND-029 a failed save shows the notice and a toast, and keeps the edits open', async () => {
    const server = brandsServer();
    server.respond('PUT /api/v1/brands-admin/brands/1', { error: { message: 'boom' } }, 500);
    const { store, toasts, banner } = await storeFor(server);
    const fizz = store.visibleBrands.find((b) => b.id === 1)!;
    fizz.edit();
    fizz.setName('Fizz Renamed');
    fizz.apply();
    expect(await store.save(fizz)).toBe(false);
    expect(fizz.notice).toBe('We were unable to save that brand. Please try again.');
    expect(toasts.toasts[0]).toEqual(expect.objectContaining({ intent: 'error', message: 'We were unable to save that brand. Please try again.' }));
    expect(fizz.name).toBe('Fizz Renamed');
    expect(fizz.products.every((p) => p.open)).toBe(true);
    expect(fizz.submitting).toBe(false);
    expect(banner.message).toBeNull();
  });

  it('a 403 on save also shows the server message in the banner (000 §8)', async () => {
    const server = brandsServer();
    server.respond('PUT /api/v1/brands-admin/brands/1', { error: { message: "You don't have permission to update brands." } }, 403);
    const { store, banner } = await storeFor(server);
    const fizz = store.visibleBrands.find((b) => b.id === 1)!;
    fizz.edit();
    fizz.apply();
    await store.save(fizz);
    expect(banner.message).toBe("You don't have permission to update brands.");
  });

  it('BRAND-025 BRAND-026 a brand delete asks first, then DELETEs, toasts 4 s and refetches the hierarchy', async () => {
    const server = brandsServer();
    server.respond('DELETE /api/v1/brands-admin/brands/2', undefined, 204);
    const { store, toasts } = await storeFor(server);
    const peak = store.visibleBrands.find((b) => b.id === 2)!;
    store.requestDeleteBrand(peak);
    expect(store.pendingDelete).toEqual({ brand: peak });
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(await store.confirmDelete()).toBe(true);
    expect(store.brands).not.toContain(peak);
    expect(toasts.toasts[0]).toEqual(expect.objectContaining({ intent: 'success', message: 'Peak Water deleted successfully.', timeout: 4000 }));
    expect(server.calls.filter((c) => c.url === '/api/v1/hierarchy').length).toBe(2);
  });

  it('BRAND-027 a failed brand delete shows the notice and an error toast for 5 s', async () => {
    const server = brandsServer();
    server.respond('DELETE /api/v1/brands-admin/brands/2', { error: { message: 'no' } }, 500);
    const { store, toasts } = await storeFor(server);
    const peak = store.visibleBrands.find((b) => b.id === 2)!;
    store.requestDeleteBrand(peak);
    expect(await store.confirmDelete()).toBe(false);
    expect(store.notice).toBe('We were unable to delete that brand. Please try again.');
    expect(toasts.toasts[0]).toEqual(
      expect.objectContaining({ intent: 'error', message: 'Peak Water could not be deleted. Please try again.', timeout: 5000 }),
    );
    expect(store.brands).toContain(peak);
  });

  it('BRAND-046 BRAND-047 a saved product delete asks, DELETEs products/{id}, toasts and refetches; an unsaved one just goes', async () => {
    const server = brandsServer();
    server.respond('DELETE /api/v1/brands-admin/products/2', undefined, 204);
    const { store, toasts } = await storeFor(server);
    const fizz = store.visibleBrands.find((b) => b.id === 1)!;
    const fresh = fizz.addProduct();
    store.requestDeleteProduct(fizz, fresh);
    expect(fizz.products).not.toContain(fresh);
    expect(store.pendingDelete).toBeNull();
    const zero = fizz.products[1];
    store.requestDeleteProduct(fizz, zero);
    expect(store.pendingDelete).toEqual({ brand: fizz, product: zero });
    expect(await store.confirmDelete()).toBe(true);
    expect(fizz.products.map((p) => p.name)).toEqual(['Fizz Classic']);
    expect(fizz.saved!.products.map((p) => p.name)).toEqual(['Fizz Classic']);
    expect(toasts.toasts[0]).toEqual(expect.objectContaining({ message: 'Fizz Zero deleted successfully.', timeout: 4000 }));
    expect(server.calls.filter((c) => c.url === '/api/v1/hierarchy').length).toBe(2);
    // BRAND-035: the last one cannot go.
    store.requestDeleteProduct(fizz, fizz.products[0]);
    expect(store.pendingDelete).toBeNull();
  });

  it('BRAND-048 a failed product delete shows the notice and an error toast for 5 s', async () => {
    const server = brandsServer();
    server.respond('DELETE /api/v1/brands-admin/products/2', { error: { message: 'no' } }, 500);
    const { store, toasts } = await storeFor(server);
    const fizz = store.visibleBrands.find((b) => b.id === 1)!;
    store.requestDeleteProduct(fizz, fizz.products[1]);
    await store.confirmDelete();
    expect(store.notice).toBe('We were unable to delete that product. Please try again.');
    expect(toasts.toasts[0]).toEqual(expect.objectContaining({ intent: 'error', message: 'Fizz Zero could not be deleted. Please try again.', timeout: 5000 }));
    expect(fizz.products).toHaveLength(2);
  });

  it('BRAND-044 ID Environment Product Slugs show only in tier 3 with id_env_product_slugs.read', async () => {
    const withRead = { brands: ALL, products: ALL, id_env_product_slugs: { read: true } };
    expect((await storeFor(brandsServer({ tier: 1, permissions: withRead }))).store.showSlugs).toBe(false);
    const t3 = (await storeFor(brandsServer({ tier: 3, permissions: withRead }))).store;
    expect(t3.showSlugs).toBe(true);
    expect(t3.slugsEditable).toBe(false);
    expect((await storeFor(brandsServer({ tier: 3, permissions: { brands: ALL, products: ALL } }))).store.showSlugs).toBe(false);
    expect((await storeFor(brandsServer({ tier: 3, permissions: { ...withRead, id_env_product_slugs: ALL } }))).store.slugsEditable).toBe(true);
  });

  it('BRAND-014 the client’s site-visitation module gates the mapper; BRAND-016 categories come from the client’s brands', async () => {
    const acme = (await storeFor(brandsServer())).store;
    expect(acme.siteVisitation).toBe(true);
    expect(acme.categories).toEqual(['Coffee', 'Soft Drinks', 'Water']);
    const globex = (await storeFor(brandsServer({ brands: [] }), 'globex')).store;
    expect(globex.siteVisitation).toBe(false);
  });
});
