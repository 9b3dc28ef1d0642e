import type { ApiClient } from '@discovery/platform';
import { BrandsAdminStore } from './BrandsAdminStore';

function fakeApi(items: unknown[]): ApiClient {
  return {
    get: jest.fn(async () => ({ data: items })),
    post: jest.fn(async (_url: string, body: { item: { name: string } }) => ({ data: { id: 2, name: body.item.name, created_at: 'now' } })),
  } as unknown as ApiClient;
}

describe('BrandsAdminStore', () => {
  it('loads items and adds a valid one on top', async () => {
    const store = new BrandsAdminStore(fakeApi([{ id: 1, name: 'First', created_at: 'then' }]));
    await store.load();
    expect(store.items.map((i) => i.name)).toEqual(['First']);
    expect(await store.add(' Second ')).toBe(true);
    expect(store.items.map((i) => i.name)).toEqual(['Second', 'First']);
  });

  it('refuses an empty name with the shared message', async () => {
    const store = new BrandsAdminStore(fakeApi([]));
    expect(await store.add('   ')).toBe(false);
    expect(store.error).toBe('Name is required.');
  });
});
