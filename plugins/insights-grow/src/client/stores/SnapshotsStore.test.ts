import { ApiClient } from '@discovery/platform';
import { FakeServer } from '@discovery/test-utils';
import { predictionRows, sameFilters, snapshotEndpoints as E, type SnapshotDto } from '../../common';
import { SnapshotsStore } from './SnapshotsStore';

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';
const snap = (id: number, name: string, rows: Partial<SnapshotDto['snapshots_sub_markets'][number]>[] = []): SnapshotDto => ({
  id,
  mekko_id: 7,
  name,
  created_at: '2026-12-01T10:00:00.000Z',
  created_by: 'Pat Planner',
  filters: [],
  total: { matched: 10, modeled: 20 },
  snapshots_sub_markets: rows.map((r, i) => ({
    snapshot_id: id,
    sub_market_id: i + 1,
    market_name: 'M',
    name: `A${i + 1}`,
    population: 100,
    matched: 50,
    modeled: 60,
    current_confidence: null,
    ...r,
  })),
});

function setup(fail: Partial<Record<keyof typeof E, boolean>> = {}) {
  const error = () => ({ status: 500, body: { error: { message: 'boom', status: 500 } } });
  const server = new FakeServer()
    .on(E.list, fail.list ? error : { data: [snap(2, 'Second'), snap(1, 'First')] })
    .on(E.get, fail.get ? error : (i) => ({ body: { data: snap(Number(i.params.id), `S${i.params.id}`, [{}, {}]) } }))
    .on(E.create, fail.create ? error : { data: snap(3, 'Third', [{}, {}]) }, 201)
    .on(E.remove, fail.remove ? error : { data: { message: 'gone' } })
    .on(
      E.updateConfidence,
      fail.updateConfidence
        ? error
        : {
            data: { snapshot_id: 1, sub_market_id: 2, market_name: 'M', name: 'A2', population: 100, matched: 50, modeled: 60, current_confidence: 80 },
          },
    );
  server.install();
  const banners: string[] = [];
  const api = new ApiClient({ context: () => CONTEXT, showBanner: (m) => banners.push(String(m)), refreshLogin: () => undefined });
  const logged: string[] = [];
  const store = new SnapshotsStore(api, (m) => logged.push(m));
  return { server, store, logged, banners };
}

describe('SnapshotsStore', () => {
  it('EXP-038 lists the chart’s snapshots once the Predictions view opens, and loads one as the active snapshot', async () => {
    const { store, server } = setup();
    await store.follow(CONTEXT, 7);
    expect(server.callsTo(E.list)).toHaveLength(0);
    await store.setView('predictions');
    expect(server.callsTo(E.list)[0].url).toContain('mekko_id=7');
    expect(store.snapshots.map((s) => s.name)).toEqual(['Second', 'First']);
    expect(await store.load(1)).toBe(true);
    expect(store.active!.name).toBe('S1');
  });

  it('EXP-039 a saved snapshot becomes the loaded one, taken within the filters sent, and the list is reloaded', async () => {
    const { store, server } = setup();
    await store.follow(CONTEXT, 7);
    await store.setView('predictions');
    const made = await store.create('Third', [{ group: 'Age', short_id: 'dmx-1', name: '18-24' } as never]);
    expect(made!.id).toBe(3);
    expect(store.active!.id).toBe(3);
    expect(server.callsTo(E.create)[0].body).toEqual({ snapshot: { mekko_id: 7, name: 'Third', filters: [{ group: 'Age', short_id: 'dmx-1' }] } });
    expect(server.callsTo(E.list)).toHaveLength(2);
  });

  it('EXP-040 / EXP-041 clearing unloads the snapshot; deleting the loaded one clears it and stores the result', async () => {
    const { store, server } = setup();
    await store.follow(CONTEXT, 7);
    await store.setView('predictions');
    await store.load(2);
    store.clear();
    expect(store.active).toBeNull();
    await store.load(2);
    expect(await store.remove(2)).toBe(true);
    expect(store.active).toBeNull();
    expect(server.callsTo(E.remove)[0].url).toContain('/snapshots/2');
    expect(server.callsTo(E.list)).toHaveLength(2);
  });

  it('EXP-042 sets an audience’s current confidence in the loaded snapshot', async () => {
    const { store, server } = setup();
    await store.follow(CONTEXT, 7);
    await store.load(1);
    expect(await store.setConfidence(2, 80)).toBe(true);
    expect(server.callsTo(E.updateConfidence)[0].body).toEqual({ snapshots_sub_market: { snapshot_id: 1, sub_market_id: 2, current_confidence: 80 } });
    expect(store.active!.snapshots_sub_markets.find((r) => r.sub_market_id === 2)!.current_confidence).toBe(80);
  });

  it('EXP-043 every failure is logged only: no banner, the state stays as it was, nothing rejects', async () => {
    const { store, logged, banners } = setup({ list: true, get: true, create: true, remove: true, updateConfidence: true });
    await store.follow(CONTEXT, 7);
    await store.setView('predictions');
    expect(await store.load(1)).toBe(false);
    expect(await store.create('x', [])).toBeNull();
    expect(await store.remove(1)).toBe(false);
    expect(logged).toEqual([
      'the list could not be loaded',
      'the snapshot could not be loaded',
      'the snapshot could not be saved',
      'the snapshot could not be deleted',
    ]);
    expect(banners).toEqual([]);
    expect(store.active).toBeNull();
    expect(store.busy).toBe(false);
  });

  it('EXP-044 another chart or product clears the loaded snapshot and lists the new chart’s', async () => {
    const { store, server } = setup();
    await store.follow(CONTEXT, 7);
    await store.setView('predictions');
    await store.load(1);
    await store.follow('acme/us/fizz-cola/fizz-classic', 7);
    expect(store.active).toBeNull();
    expect(server.callsTo(E.list)).toHaveLength(2);
    await store.follow('acme/us/fizz-cola/fizz-classic', 7);
    expect(server.callsTo(E.list)).toHaveLength(2);
  });
});

describe('Predictions rows (EXP-044)', () => {
  it('puts every audience of the chart beside its snapshot figure on the active tab, with the change and the confidence', () => {
    const markets = [
      {
        name: 'M',
        sub_markets: [
          { id: 1, name: 'A1' },
          { id: 2, name: 'A2' },
          { id: 9, name: 'New' },
        ],
      },
    ];
    const s = snap(1, 'S', [
      { matched: 200, population: 1000 },
      { matched: 0, current_confidence: 60 },
    ]);
    const now: Record<number, number> = { 1: 250, 2: 10, 9: 5 };
    expect(predictionRows(markets, s, 'matched', (id) => now[id])).toEqual([
      { sub_market_id: 1, market: 'M', name: 'A1', then: 200, now: 250, change: 50, share: 0.25, confidence: null },
      { sub_market_id: 2, market: 'M', name: 'A2', then: 0, now: 10, change: 10, share: null, confidence: 60 },
      { sub_market_id: 9, market: 'M', name: 'New', then: null, now: 5, change: null, share: null, confidence: null },
    ]);
    expect(predictionRows(markets, s, 'total', (id) => now[id])[0].then).toBe(1000);
  });

  it('compares filters as sets', () => {
    const a = { group: 'Age', short_id: 'x' };
    const b = { group: 'Income', short_id: 'y' };
    expect(sameFilters([a, b], [b, a])).toBe(true);
    expect(sameFilters([a], [a, b])).toBe(false);
  });
});
