import { ApiClient } from '@discovery/platform';
import { FakeServer } from '@discovery/test-utils';
import { mergeShared, sharingEndpoints as E, type SharedItemDto } from '../../common';
import { SharingStore } from './SharingStore';

const item = (share_id: number, type: SharedItemDto['type'], name: string): SharedItemDto => ({
  share_id,
  type,
  id: share_id,
  name,
  people: null,
  source: { client: 'Globex Retail', client_id: 2, region: 'Germany', brand: 'Globex Home', product: 'Home Essentials' },
  shared_at: '2026-12-01T10:00:00.000Z',
});

describe('SharingStore', () => {
  it('EXP-052 merges shared audiences, motivations and lookalikes into one list sorted by name, each tagged with its type', () => {
    const merged = mergeShared([item(1, 'audience', 'beta'), item(2, 'audience', 'Zed')], [item(3, 'motivation', 'Alpha')], [item(4, 'lookalike', 'beta')]);
    expect(merged.map((i) => `${i.name}:${i.type}`)).toEqual(['Alpha:motivation', 'beta:audience', 'beta:lookalike', 'Zed:audience']);
  });

  it('EXP-053 loads everything for the context and reloads on a context change, never showing the old context meanwhile', async () => {
    let context = 'acme/us/fizz-cola/fizz-zero';
    const server = new FakeServer()
      .on(E.clients, { data: [{ id: 2, name: 'Globex Retail', slug: 'globex' }] })
      .on(E.hierarchy, { data: [] })
      .on(E.audiences, { data: [item(1, 'audience', 'Shared one')] })
      .on(E.motivations, { data: [] })
      .on(E.lookalikes, { data: [] })
      .on(E.entities, { data: [] });
    server.install();
    const api = new ApiClient({ context: () => context, showBanner: () => undefined, refreshLogin: () => undefined });
    const store = new SharingStore(api);
    await store.load(context);
    expect(store.items.map((i) => i.name)).toEqual(['Shared one']);
    expect(store.sharing.data.clients).toHaveLength(1);
    expect(store.sharing.data.entities).toEqual([]);
    server.on(E.audiences, { data: [] });
    context = 'globex/de/globex-home/home-essentials';
    const reloading = store.load(context);
    expect(store.items).toEqual([]);
    await reloading;
    expect(server.callsTo(E.audiences)).toHaveLength(2);
    expect(server.callsTo(E.audiences)[1].headers['x-context']).toBe(context);
  });
});
