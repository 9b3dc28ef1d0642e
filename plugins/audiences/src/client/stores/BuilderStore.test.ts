import { ApiClientToken } from '@discovery/platform';
import { createTestContainer, FakeServer } from '@discovery/test-utils';
import { BuilderStore } from './BuilderStore';

const seg = (identifier: string, name: string, extra: Record<string, unknown> = {}) => ({
  identifier,
  name,
  path: 'Demographix > Demographics > Age',
  count: { people: { global: 100 }, matched: 100, modeled: 150 },
  data_permissions: ['create_audience_single'],
  available: true,
  ...extra,
});
const picked = (identifier: string, name = identifier) => ({
  identifier,
  name,
  path: 'Demographix > Demographics > Age',
  matched: 10,
  modeled: 20,
  data_permissions: ['create_audience_single'],
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setup(server = new FakeServer(), debounce = 10) {
  server.install();
  const boot = await createTestContainer();
  const store = new BuilderStore(boot.container.get(ApiClientToken.symbol), debounce);
  return { store, server };
}

describe('BuilderStore: rules', () => {
  it('builds include = AND of OR groups and exclude groups in the spec shape (SRV-119)', async () => {
    const { store } = await setup();
    store.addSegments('include', 0, [picked('dmx-0002'), picked('dmx-0003')]);
    store.addSegments('include', 1, [picked('dmx-0007')]);
    store.addSegments('exclude', 0, [picked('fp-0014')]);
    store.addSegments('include', 0, [picked('dmx-0002')]);
    expect(store.rules).toEqual({
      include: { and: [{ or: ['dmx-0002', 'dmx-0003'] }, { or: ['dmx-0007'] }] },
      exclude: { and: [{ or: ['fp-0014'] }] },
    });
  });

  it('drops a group when its last segment goes, but always keeps one include group', async () => {
    const { store } = await setup();
    store.addSegments('include', 0, [picked('a')]);
    store.addSegments('include', 1, [picked('b')]);
    store.removeSegment('include', 1, 'b');
    expect(store.include).toEqual([['a']]);
    store.removeSegment('include', 0, 'a');
    expect(store.include).toEqual([[]]);
    store.removeGroup('include', 0);
    expect(store.include).toEqual([[]]);
    store.addSegments('exclude', 0, [picked('c')]);
    store.removeSegment('exclude', 0, 'c');
    expect(store.exclude).toEqual([]);
  });
});

describe('BuilderStore: what blocks Save', () => {
  it('needs a name that is not blank and at least one included segment (shared schema messages)', async () => {
    const { store } = await setup();
    expect(store.fieldErrors['audience.name']).toBe('Name is required.');
    expect(store.fieldErrors['audience.rules']).toBe('Add at least one segment to include.');
    store.setName('   ');
    expect(store.fieldErrors['audience.name']).toBe('Value cannot be blank');
    store.setName('Young women');
    store.addSegments('include', 0, [picked('dmx-0002')]);
    expect(store.fieldErrors).toEqual({});
    expect(store.saveBlock).toBeNull();
  });

  it('SHELL-072 blocks segments without create_audience_single, and segments no longer available', async () => {
    const server = new FakeServer().respond('POST /api/v1/segments/by_identifiers', {
      data: [
        seg('dmx-0002', '25-34'),
        seg('is-0010', 'Soft drinks', { data_permissions: [] }),
        { identifier: 'ghost-1', name: 'ghost-1', path: '', available: false, data_permissions: [] },
      ],
    });
    server.respond('POST /api/v1/audiences/count', { data: { people: { global: 5, region: 3 }, matched: 3, modeled: 4 } });
    const { store } = await setup(server);
    await store.open({
      name: 'Test Overlap Audience',
      rules: { include: { and: [{ or: ['dmx-0002', 'is-0010'] }] }, exclude: { and: [{ or: ['ghost-1'] }] } },
    });
    expect(store.name).toBe('Test Overlap Audience');
    expect(store.segments.get('dmx-0002')?.name).toBe('25-34');
    expect(store.invalidIds).toEqual(['ghost-1']);
    expect(store.saveBlock).toBe('invalidSegments');
    store.removeSegment('exclude', 0, 'ghost-1');
    expect(store.forbiddenIds).toEqual(['is-0010']);
    expect(store.saveBlock).toBe('permission');
    store.removeSegment('include', 0, 'is-0010');
    expect(store.saveBlock).toBeNull();
  });
});

describe('BuilderStore: live count', () => {
  it('counts once the rules settle, not on every change, and never for a name change', async () => {
    const server = new FakeServer().handle('POST /api/v1/audiences/count', (body) => {
      const n = (body as { rules: { include: { and: { or: string[] }[] } } }).rules.include.and.flatMap((g) => g.or).length;
      return { body: { data: { people: { global: n * 100, region: n * 10 }, matched: n * 10, modeled: n * 20 } } };
    });
    const { store } = await setup(server, 30);
    const stop = store.start();
    store.addSegments('include', 0, [picked('a')]);
    store.addSegments('include', 0, [picked('b')]);
    store.addSegments('include', 0, [picked('c')]);
    store.setName('typing does not count');
    await sleep(80);
    const counts = server.calls.filter((c) => c.url.endsWith('/count'));
    expect(counts).toHaveLength(1);
    expect(store.count).toEqual({ people: { global: 300, region: 30 }, matched: 30, modeled: 60 });
    stop();
  });

  it('issue 24 §3: keeps the answer to the latest rules when an older answer arrives last, and aborts the older call', async () => {
    let answerFirst: () => void = () => undefined;
    const firstSignal: AbortSignal[] = [];
    const server = new FakeServer().handle('POST /api/v1/audiences/count', (body, init) => {
      const n = (body as { rules: { include: { and: { or: string[] }[] } } }).rules.include.and[0].or.length;
      const answer = { body: { data: { people: { global: n, region: n }, matched: n, modeled: n } } };
      if (n === 1) {
        firstSignal.push(init.signal!);
        return new Promise((resolve) => (answerFirst = () => resolve(answer)));
      }
      return answer;
    });
    const { store } = await setup(server);
    store.addSegments('include', 0, [picked('a')]);
    const slow = store.refreshCount();
    store.addSegments('include', 0, [picked('b')]);
    await store.refreshCount();
    answerFirst();
    await slow;
    expect(firstSignal[0].aborted).toBe(true);
    expect(store.count?.matched).toBe(2);
    expect(store.counting).toBe(false);
  });

  it('issue 24 §3: a failed count ends in its error (code and all), not a spinner', async () => {
    const server = new FakeServer().respond(
      'POST /api/v1/audiences/count',
      { error: { message: 'Counts are unavailable', status: 503, code: 'counts_unavailable' } },
      503,
    );
    const { store } = await setup(server);
    store.addSegments('include', 0, [picked('x')]);
    await store.refreshCount();
    expect([store.counting, (store.countError as { code?: string } | null)?.code]).toEqual([false, 'counts_unavailable']);
  });

  it('shows the zero-count state for an audience nobody is in', async () => {
    const server = new FakeServer().respond('POST /api/v1/audiences/count', { data: { people: { global: 0, region: 0 }, matched: 0, modeled: 0 } });
    const { store } = await setup(server);
    store.addSegments('include', 0, [picked('x')]);
    await store.refreshCount();
    expect(store.isZeroCount).toBe(true);
  });
});

describe('BuilderStore: save', () => {
  it('POSTs the draft and puts 422 field messages on their fields', async () => {
    const server = new FakeServer().handle('POST /api/v1/audiences', () => ({
      status: 422,
      body: { error: { message: 'This name is already in use.', status: 422, fields: { 'audience.name': 'This name is already in use.' } } },
    }));
    const { store } = await setup(server);
    store.setName('Twice');
    store.addSegments('include', 0, [picked('dmx-0002')]);
    expect(await store.save()).toBeNull();
    expect(store.fieldErrors['audience.name']).toBe('This name is already in use.');
    expect(server.calls.at(-1)?.body).toEqual({
      audience: {
        name: 'Twice',
        description: '',
        rules: { include: { and: [{ or: ['dmx-0002'] }] }, exclude: { and: [] } },
        audience_type: 'custom',
        referer: null,
      },
    });
    store.setName('Once');
    expect(store.fieldErrors['audience.name']).toBeUndefined();
  });
});
