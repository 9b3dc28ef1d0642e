import { ApiClient } from '@discovery/platform';
import { FakeServer } from '@discovery/test-utils';
import { audiencesEndpoints as E, type LookalikeDto } from '../../common';
import { AudiencesStore, DeleteRefused } from './AudiencesStore';

const FIZZ = 'acme/us/fizz-cola/fizz-zero';
const GLOBEX = 'globex/de/globex-home/home-essentials';

const lookalike = (id: number, name: string): LookalikeDto => ({
  id,
  type: 'lookalike',
  name,
  identifier: `lal-${id}`,
  seed_identifier: 'aud-1',
  seed_audience_id: 1,
  seed_name: 'Seed',
  description: null,
  status: 'counted',
  audience_type: null,
  source_identifier: null,
  count: { people: { global: 900, region: 90 }, matched: 90, modeled: 180 },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  created_by: null,
});

function setup() {
  let context = FIZZ;
  const server = new FakeServer().on(E.list, { data: [] }).on(E.lookalikes.list, { data: [lookalike(9, 'Fizz lookalike')] });
  server.install();
  const api = new ApiClient({ context: () => context, showBanner: () => undefined, refreshLogin: () => undefined });
  return { server, store: new AudiencesStore(api), setContext: (c: string) => (context = c) };
}

describe('AudiencesStore lookalikes', () => {
  it('EXP-034 lists lookalikes through the version-2 URL of the two API versions', async () => {
    const { server, store } = setup();
    await store.load(FIZZ);
    expect(E.lookalikesV1.list.path).toBe('/api/v1/audiences/lookalikes');
    expect(E.lookalikes.list.path).toBe('/api/v1/audiences/v2/lookalikes');
    expect(server.calls.filter((c) => c.url.includes('lookalikes')).map((c) => c.url)).toEqual(['/api/v1/audiences/v2/lookalikes']);
    expect(store.rows.map((r) => r.name)).toEqual(['Fizz lookalike']);
  });

  it('EXP-035 a context change clears the lookalikes at once and fetches those of the new context', async () => {
    const { server, store, setContext } = setup();
    await store.load(FIZZ);
    expect(store.rows.map((r) => r.name)).toEqual(['Fizz lookalike']);
    server.on(E.lookalikes.list, { data: [lookalike(12, 'Globex lookalike')] });
    setContext(GLOBEX);
    const reloading = store.load(GLOBEX);
    // Nothing of the old context is shown while the new one loads.
    expect(store.rows).toEqual([]);
    await reloading;
    expect(store.rows.map((r) => r.name)).toEqual(['Globex lookalike']);
    const calls = server.callsTo(E.lookalikes.list);
    expect(calls).toHaveLength(2);
    expect(calls[1].headers['x-context']).toBe(GLOBEX);
  });

  it("EXP-036 delete: a 405 naming insights goes to its own handler, other errors read 'Error: <server text>', success answers the server's message", async () => {
    const { server, store } = setup();
    await store.load(FIZZ);
    const row = store.rows[0];
    server.on(E.lookalikes.remove, () => ({
      status: 405,
      body: { error: { message: "Lookalike 'Fizz lookalike' is used in insights and cannot be deleted.", status: 405 } },
    }));
    const refused = await store.remove(row).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeleteRefused);
    expect((refused as Error).message).toBe("Lookalike 'Fizz lookalike' is used in insights and cannot be deleted.");
    // A 405 for another reason is an ordinary failure.
    server.on(E.lookalikes.remove, () => ({ status: 405, body: { error: { message: 'Method not allowed', status: 405 } } }));
    const other = await store.remove(row).catch((e: unknown) => e);
    expect(other).not.toBeInstanceOf(DeleteRefused);
    expect((other as Error).message).toBe('Error: Method not allowed');
    server.on(E.lookalikes.remove, () => ({ status: 500, body: { error: { message: 'Internal server error', status: 500 } } }));
    expect(((await store.remove(row).catch((e: unknown) => e)) as Error).message).toBe('Error: Internal server error');
    expect(store.rows).toHaveLength(1);
    server.on(E.lookalikes.remove, { data: { message: "Lookalike 'Fizz lookalike' deleted." } });
    expect(await store.remove(row)).toBe("Lookalike 'Fizz lookalike' deleted.");
    expect(store.rows).toEqual([]);
  });
});
