import { ApiClient } from '@discovery/platform';
import { FakeServer } from '@discovery/test-utils';
import { insightsJourneyEndpoints as E, type InsightsJourneyItem } from '../../common';
import { InsightsJourneyStore } from './InsightsJourneyStore';

/** The real ApiClient over a scripted server that answers the plugin's endpoint definitions. */
function fakeApi(items: InsightsJourneyItem[]): ApiClient {
  const server = new FakeServer()
    .on(E.items, { data: items })
    .on(E.addItem, ({ body }) => ({ status: 201, body: { data: { id: 2, name: (body as { item: { name: string } }).item.name, created_at: 'now' } } }));
  server.install();
  return new ApiClient({ context: () => 'acme/us/fizz-cola/fizz-zero', showBanner: () => undefined, refreshLogin: () => undefined });
}

describe('InsightsJourneyStore', () => {
  it('loads items and adds a valid one on top', async () => {
    const store = new InsightsJourneyStore(fakeApi([{ id: 1, name: 'First', created_at: 'then' }]));
    await store.load();
    expect(store.items.map((i) => i.name)).toEqual(['First']);
    expect(await store.add(' Second ')).toBe(true);
    expect(store.items.map((i) => i.name)).toEqual(['Second', 'First']);
  });

  it('refuses an empty name with the shared message', async () => {
    const store = new InsightsJourneyStore(fakeApi([]));
    expect(await store.add('   ')).toBe(false);
    expect(store.error).toBe('Name is required.');
  });
});
