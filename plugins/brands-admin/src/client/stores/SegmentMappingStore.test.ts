import { fixtures } from '@discovery/test-utils';
import { mapperContext } from '../mapperContext';
import { adminBrands, ALL, brandsServer } from '../testing/fixtures';
import { storeFor } from '../testing/setup';

const segmentDto = (identifier: string, name: string, path: string) => ({
  identifier,
  name,
  path,
  count: { people: { global: 10 }, matched: 10, modeled: 20 },
  data_permissions: [],
  available: true,
});

function server() {
  return brandsServer().handle('POST /api/v1/segments/by_identifiers', (body) => ({
    body: { data: (body as { identifiers: string[] }).identifiers.map((id) => segmentDto(id, '18-24', 'Demographix > Demographics > Age')) },
  }));
}

describe('mapperContext (BRAND-050, A-27)', () => {
  const acme = () => fixtures.hierarchy()[0] as unknown as Parameters<typeof mapperContext>[0];

  it('chooses the client, the default region, the brand and its first product by name', () => {
    expect(mapperContext(acme(), 1)).toEqual({ client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-classic' });
  });

  it('falls back to a region where the brand has a product when the default region has none', () => {
    const c = acme();
    const us = c.regions[0];
    c.regions[1].brands = [us.brands[1]];
    us.brands = [us.brands[0]];
    expect(mapperContext(c, 2)).toEqual({ client: 'acme', region: 'uk', brand: 'peak-water', product: 'peak-still' });
  });

  it('keeps the page’s region on a region’s page', () => {
    expect(mapperContext(acme(), 1, 'uk')).toEqual({ client: 'acme', region: 'uk' });
    expect(mapperContext(acme(), 1, 'us')).toEqual({ client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-classic' });
  });
});

describe('SegmentMappingStore', () => {
  beforeEach(() => localStorage.clear());

  async function opened(brandId: number) {
    const s = server();
    const ctx = await storeFor(s);
    const brand = ctx.store.visibleBrands.find((b) => b.id === brandId)!;
    await ctx.store.mapper.open(brand, ctx.store.client!);
    return { ...ctx, server: s, brand, mapper: ctx.store.mapper };
  }

  it('BRAND-050 sets the hierarchy context on open and gives it back on close', async () => {
    const { mapper, hierarchy } = await opened(1);
    expect(hierarchy.fullSlug).toBe('acme/us/fizz-cola/fizz-classic');
    mapper.cancel();
    expect(hierarchy.fullSlug).toBe('acme');
  });

  it('BRAND-049 Open Segment Mapper toggles the overlay', async () => {
    const { store, mapper, brand } = await opened(1);
    expect(mapper.isOpen).toBe(true);
    await mapper.toggle(brand, store.client!);
    expect(mapper.isOpen).toBe(false);
  });

  it('BRAND-054 labels a mapped slot with its segment path, via segments-by-identifiers', async () => {
    const { mapper, server: s } = await opened(2);
    expect(s.calls.find((c) => c.url === '/api/v1/segments/by_identifiers')!.body).toEqual({ identifiers: ['dmx-0001'] });
    expect(mapper.labels).toEqual({ customer_site_visitors: 'Demographix > Demographics > Age > 18-24' });
  });

  it('BRAND-055 choosing sets identifier and name; clearing removes the key; none left is null', async () => {
    const { mapper } = await opened(1);
    mapper.choose('customer_site_non_visitors', { identifier: 'ig-0001', name: 'Golf', path: 'InterestGraph > Sports' });
    expect(mapper.mapping).toEqual({ customer_site_non_visitors: { identifier: 'ig-0001', name: 'Golf' } });
    expect(mapper.labels.customer_site_non_visitors).toBe('InterestGraph > Sports > Golf');
    mapper.clear('customer_site_non_visitors');
    expect(mapper.mapping).toBeNull();
    expect(mapper.labels).toEqual({});
  });

  it('BRAND-056 BRAND-057 Save PUTs the mapping to brands/{id}, gives it to the brand card and toasts', async () => {
    const s = server();
    s.handle('PUT /api/v1/brands-admin/brands/1', (body) => ({
      body: {
        data: {
          ...adminBrands()[2],
          site_visit_segment_mapping: (body as { brand: { site_visit_segment_mapping: unknown } }).brand.site_visit_segment_mapping,
        },
      },
    }));
    const { store, toasts, hierarchy } = await storeFor(s);
    const fizz = store.visibleBrands.find((b) => b.id === 1)!;
    await store.mapper.open(fizz, store.client!);
    store.mapper.choose('customer_site_visitors', { identifier: 'dmx-0002', name: '25-34', path: 'Demographix > Age' });
    expect(await store.mapper.save()).toBe(true);
    const put = s.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/brands-admin/brands/1');
    expect(put.body).toEqual({
      brand: { id: 1, name: 'Fizz Cola', site_visit_segment_mapping: { customer_site_visitors: { identifier: 'dmx-0002', name: '25-34' } } },
    });
    expect(fizz.mapping).toEqual({ customer_site_visitors: { identifier: 'dmx-0002', name: '25-34' } });
    expect(toasts.toasts[0]).toEqual(
      expect.objectContaining({ intent: 'success', message: 'Successfully updated Fizz Cola with segment mapping information.' }),
    );
    expect(store.mapper.isOpen).toBe(false);
    expect(hierarchy.fullSlug).toBe('acme');
  });

  it('BRAND-057 a failed mapping save says so and stays open', async () => {
    const s = server();
    s.respond('PUT /api/v1/brands-admin/brands/1', { error: { message: 'no' } }, 500);
    const { store, toasts } = await storeFor(s);
    const fizz = store.visibleBrands.find((b) => b.id === 1)!;
    await store.mapper.open(fizz, store.client!);
    store.mapper.choose('customer_site_visitors', { identifier: 'dmx-0002', name: '25-34', path: '' });
    expect(await store.mapper.save()).toBe(false);
    expect(store.mapper.notice).toBe('We were unable to save segment mapping for that brand. Please try again.');
    expect(toasts.toasts[0].message).toBe('We were unable to save segment mapping for that brand. Please try again.');
    expect(store.mapper.isOpen).toBe(true);
    expect(fizz.mapping).toBeNull();
  });

  it('BRAND-058 Cancel leaves a brand without mapping at null, and one with a mapping as it was', async () => {
    const none = await opened(1);
    none.mapper.choose('customer_site_visitors', { identifier: 'x', name: 'X', path: '' });
    none.mapper.cancel();
    expect(none.brand.mapping).toBeNull();
    const some = await opened(2);
    some.mapper.clear('customer_site_visitors');
    some.mapper.choose('non_customer_site_visitors', { identifier: 'y', name: 'Y', path: '' });
    some.mapper.cancel();
    expect(some.brand.mapping).toEqual({ customer_site_visitors: { identifier: 'dmx-0001', name: '18-24' } });
    expect(some.server.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('Save needs brands.update', async () => {
    const ctx = await storeFor(brandsServer({ permissions: { brands: { read: true }, products: ALL } }));
    const fizz = ctx.store.visibleBrands.find((b) => b.id === 1)!;
    await ctx.store.mapper.open(fizz, ctx.store.client!);
    expect(ctx.store.mapper.canSave).toBe(false);
  });
});
