import { segmentsEndpoints } from '@discovery/insights-kit';
import { insightsEndpoints } from '@discovery/plugin-insights/common';
import { ApiClient } from '@discovery/platform';
import { FakeServer } from '@discovery/test-utils';
import { growEndpoints as E, hasSegments, type MekkoDto, type MekkoSummaryDto, type SubMarketDto } from '../../common';
import { countsFor } from '../testing';
import { GrowStore } from './GrowStore';

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';
const sub = (id: number, over: Partial<SubMarketDto> = {}): SubMarketDto => ({
  id,
  market_id: 10,
  name: `A${id}`,
  tag: 'owned',
  population: 100 * id,
  matched_short_id: `is-000${id}`,
  modeled_short_id: `is-000${id}`,
  webo_cluster_id: null,
  discussion_cluster_node_id: null,
  order: id,
  in_prediction_model: false,
  ...over,
});
const summary = (id: number, name: string, isDefault = false): MekkoSummaryDto => ({
  id,
  name,
  default: isDefault,
  count_type: 'people_count',
  vertical_type: null,
  measurement_label: 'Penetration',
});
const chart = (id: number, subs: SubMarketDto[]): MekkoDto => ({
  ...summary(id, `C${id}`),
  markets: [{ id: 10, mekko_id: id, name: 'M', order: 0, sub_markets: subs }],
});

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
}

function setup(opts: { invalid?: string[]; tabsConfig?: { name: 'Person Level' | 'Market Level'; visible: boolean }[]; mekko?: MekkoDto } = {}) {
  const mekko = opts.mekko ?? chart(2, [sub(1), sub(2, { modeled_short_id: null })]);
  const server = new FakeServer()
    .on(E.list, { data: [summary(1, 'Zeta'), summary(2, 'Alpha', true)] })
    .on(E.tvSettings, () => ({ status: 404, body: { error: { message: 'none', status: 404 } } }))
    .on(E.get, { data: mekko, invalid: { identifiers: opts.invalid ?? [], tabs: [], widgets: [] } })
    .on(insightsEndpoints.tabsConfig, opts.tabsConfig ?? [])
    .on(E.counts, countsFor(mekko, { 'is-0001': 40, 'is-0002': 60 }, hasSegments(mekko) ? { 10: [90, 95] } : {}))
    .on(segmentsEndpoints.byIdentifiers, { data: [] });
  server.install();
  const api = new ApiClient({ context: () => CONTEXT, showBanner: () => undefined, refreshLogin: () => undefined });
  const toasts: { intent: string; message: string; timeout?: number }[] = [];
  const storage = new MemoryStorage();
  const store = new GrowStore(api, { show: (intent, message, o) => (toasts.push({ intent, message, timeout: o?.timeout }), 1) }, (k) => `t:${k}`, storage);
  return { server, store, toasts, storage };
}

describe('GrowStore', () => {
  it('GROW-005 / SRV-081 opens the default chart and asks the counts once for the view', async () => {
    const { store, server } = setup();
    expect(await store.open(CONTEXT, null, { tier3: false, weightsSuffix: '_weights' })).toBe(2);
    expect(store.mekko!.id).toBe(2);
    expect(server.callsTo(E.counts)).toHaveLength(1);
    expect(server.callsTo(E.counts)[0].url).toContain('/mekkos/2/counts');
    expect(server.callsTo(E.counts)[0].body).toEqual({ filters: [] });
    expect(store.subCount(store.mekko!.markets[0].sub_markets[1])).toBe(60);
    expect(store.marketCount(store.mekko!.markets[0])).toBe(90);
  });

  it('SRV-081 / issue 24 a chart is opened in one round trip: chart and counts at once; without segments its figures are zeros', async () => {
    const { store, server } = setup({ mekko: chart(2, [sub(1, { matched_short_id: null, modeled_short_id: null })]) });
    await store.open(CONTEXT, 2, { tier3: false, weightsSuffix: '' });
    expect(server.callsTo(E.counts)).toHaveLength(1);
    expect(server.callsTo(E.invalidIdentifiers)).toHaveLength(0);
    expect(store.marketCount(store.mekko!.markets[0])).toBe(0);
  });

  it('GROW-077 a chart with invalid identifiers is not selected; the modal data is kept', async () => {
    const { store } = setup({ invalid: ['ig-0097'] });
    expect(await store.open(CONTEXT, 1, { tier3: false, weightsSuffix: '' })).toBeNull();
    expect(store.mekko).toBeNull();
    expect(store.pendingInvalid).toMatchObject({ mekko: { id: 1 }, invalid: { identifiers: ['ig-0097'] } });
  });

  it('GROW-013 / GROW-014 / GROW-038 tabs follow the configuration; Total forces Market Level; missing segments warn', async () => {
    const hidden = setup({ tabsConfig: [{ name: 'Market Level', visible: false }] });
    await hidden.store.open(CONTEXT, 2, { tier3: false, weightsSuffix: '' });
    expect(hidden.store.orderedTabs).toEqual(['matched', 'modeled']);

    const { store } = setup();
    await store.open(CONTEXT, 2, { tier3: false, weightsSuffix: '' });
    expect(store.orderedTabs).toEqual(['total', 'matched', 'modeled']);
    expect(store.tab).toBe('matched');
    store.setTab('total');
    expect(store.level).toBe('market');
    store.setTab('matched');
    expect(store.level).toBe('person');
    expect(store.toggle(store.mekko!.markets[0].sub_markets[1])).toBe(true);
    store.setTab('modeled');
    expect(store.dialog!.title.key).toBe('dialogs.invalidSelectedTitle');
    store.closeDialog();
    // GROW-037: on Modeled an audience without a modeled segment cannot be added, but can be removed.
    expect(store.toggle(store.mekko!.markets[0].sub_markets[1])).toBe(true);
    expect(store.toggle(store.mekko!.markets[0].sub_markets[1])).toBe(false);
    expect(store.dialog!.content.params).toEqual({ segment: 'Modeled', name: 'A2' });
  });

  it('GROW-006 keeps the chart, selection and tab in session storage per product', async () => {
    const { store, storage } = setup();
    await store.open(CONTEXT, 2, { tier3: false, weightsSuffix: '' });
    store.toggle(store.mekko!.markets[0].sub_markets[0]);
    store.setTab('total');
    expect(JSON.parse(storage.getItem(`discovery.grow.${CONTEXT}`)!)).toEqual({ mekkoId: 2, selected: [1], tab: 'total' });
  });

  it('GROW-035 / GROW-054 reorders at once and restores the order with a notice when the save fails', async () => {
    const { store, server, toasts } = setup();
    await store.open(CONTEXT, 2, { tier3: false, weightsSuffix: '' });
    server.on(E.reorder, () => ({ status: 500, body: { error: { message: 'boom', status: 500 } } }));
    const done = store.reorder('sub_markets', 1, 0, 10);
    expect(store.mekko!.markets[0].sub_markets.map((s) => s.id)).toEqual([2, 1]);
    expect(await done).toBe(false);
    expect(store.mekko!.markets[0].sub_markets.map((s) => s.id)).toEqual([1, 2]);
    expect(toasts).toEqual([{ intent: 'error', message: 't:notices.changeFailed', timeout: 2500 }]);
  });

  it('GROW-047 / GROW-051 / GROW-055 create selects the new chart with Created; a failed save says so for 2500 ms', async () => {
    const { store, server, toasts } = setup();
    await store.open(CONTEXT, 2, { tier3: false, weightsSuffix: '' });
    server.on(E.create, { result: { mekko: chart(2, []) } }, 201);
    const r = await store.saveChart({ name: 'New' }, null);
    expect(r.ok).toBe(true);
    expect(toasts.at(-1)).toEqual({ intent: 'success', message: 't:notices.created', timeout: 2500 });
    server.on(E.update, () => ({ status: 500, body: { error: { message: 'boom', status: 500 } } }));
    expect((await store.saveChart({ name: 'New' }, 2)).ok).toBe(false);
    expect(toasts.at(-1)).toEqual({ intent: 'error', message: 't:notices.saveFailed', timeout: 2500 });
    server.on(E.update, () => ({
      status: 422,
      body: { error: { message: 'Chart name already used', status: 422, fields: { 'mekko.name': 'Chart name already used' } } },
    }));
    const dup = await store.saveChart({ name: 'Zeta' }, 2);
    expect(dup).toMatchObject({ ok: false, fields: { 'mekko.name': 'Chart name already used' } });
  });

  it("GROW-048 / GROW-049 / GROW-052 / GROW-053 edit says 'Saved'; copy says 'Copied' and selects the copy; failures say so for 2500 ms", async () => {
    const { store, server, toasts } = setup();
    await store.open(CONTEXT, 2, { tier3: false, weightsSuffix: '' });
    server.on(E.update, { result: { mekko: chart(2, []) } });
    expect((await store.saveChart({ name: 'Renamed' }, 2)).ok).toBe(true);
    expect(toasts.at(-1)).toEqual({ intent: 'success', message: 't:notices.saved', timeout: 2500 });
    server.on(E.copy, { result: { mekko: { ...chart(3, []), name: 'C2 (copy)' } } }, 201);
    server.on(E.get, ({ params }) => ({ body: { data: chart(Number(params.id), [sub(1)]), invalid: { identifiers: [], tabs: [], widgets: [] } } }));
    expect(await store.copyChart(2)).toBe(3);
    expect(store.mekko?.id).toBe(3);
    expect(toasts.at(-1)).toEqual({ intent: 'success', message: 't:notices.copied', timeout: 2500 });
    server.on(E.copy, () => ({ status: 500, body: { error: { message: 'boom', status: 500 } } }));
    expect(await store.copyChart(3)).toBeNull();
    expect(toasts.at(-1)).toEqual({ intent: 'error', message: 't:notices.copyFailed', timeout: 2500 });
    server.on(E.remove, () => ({ status: 500, body: { error: { message: 'boom', status: 500 } } }));
    expect(await store.deleteChart(3)).toBeNull();
    expect(toasts.at(-1)).toEqual({ intent: 'error', message: 't:notices.deleteFailed', timeout: 2500 });
    expect(store.mekko?.id).toBe(3);
  });

  it('GROW-075 saving or deleting an audience reloads the chart and asks its counts again', async () => {
    const { store, server } = setup();
    await store.open(CONTEXT, 2, { tier3: false, weightsSuffix: '' });
    const gets = () => server.callsTo(E.get).length;
    const counts = () => server.callsTo(E.counts).length;
    const [g0, c0] = [gets(), counts()];
    server.on(E.updateSubMarket, { data: sub(1, { matched_short_id: 'is-0003' }), model_deleted: true });
    server.on(E.get, {
      data: chart(2, [sub(1, { matched_short_id: 'is-0003' }), sub(2, { modeled_short_id: null })]),
      invalid: { identifiers: [], tabs: [], widgets: [] },
    });
    expect((await store.saveSubMarket({ name: 'A1', tag: 'owned', population: 100, matched_short_id: 'is-0003' }, 1, 10)).ok).toBe(true);
    expect(gets()).toBe(g0 + 1);
    expect(counts()).toBe(c0 + 1);
    expect(store.mekko?.markets[0].sub_markets[0].matched_short_id).toBe('is-0003');
    server.on(E.removeSubMarket, { data: { message: 'Deleted', model_deleted: true } });
    server.on(E.get, { data: chart(2, [sub(2, { modeled_short_id: null })]), invalid: { identifiers: [], tabs: [], widgets: [] } });
    expect(await store.deleteSubMarket(1)).toBe(true);
    expect(gets()).toBe(g0 + 2);
    expect(store.mekko?.markets[0].sub_markets.map((s) => s.id)).toEqual([2]);
  });

  it('GROW-076 audience segment names come from one segments-by-identifiers lookup of the missing ids', async () => {
    const { store, server } = setup();
    server.on(segmentsEndpoints.byIdentifiers, {
      data: [
        {
          identifier: 'is-0001',
          name: 'Diet fans',
          count: { people: { all: 40 }, matched: 40, modeled: 44 },
          path: 'Demographix > Diet',
          data_permissions: ['create_audience_single'],
          available: true,
        },
        {
          identifier: 'is-0002',
          name: 'Soda buyers',
          count: { people: { all: 60 }, matched: 60, modeled: 66 },
          path: 'Demographix > Soda',
          data_permissions: ['create_audience_single'],
          available: true,
        },
      ],
    });
    await store.open(CONTEXT, 2, { tier3: false, weightsSuffix: '' });
    await store.loadSegments();
    expect(server.callsTo(segmentsEndpoints.byIdentifiers).map((c) => (c.body as { identifiers: string[] }).identifiers.sort())).toEqual([
      ['is-0001', 'is-0002'],
    ]);
    expect(store.segments['is-0001'].name).toBe('Diet fans');
    await store.loadSegments();
    expect(server.callsTo(segmentsEndpoints.byIdentifiers)).toHaveLength(1);
  });

  it('GROW-010 the gutter never hides both', async () => {
    const { store } = setup();
    store.toggleChart();
    expect([store.showChart, store.showInsights]).toEqual([false, true]);
    store.toggleInsights();
    expect([store.showChart, store.showInsights]).toEqual([true, false]);
  });
});

describe('GrowStore requests (issue 24 §3)', () => {
  it('older counts never land after newer ones', async () => {
    const { store, server } = setup();
    await store.open(CONTEXT, 2, { tier3: false, weightsSuffix: '' });
    let release: () => void = () => undefined;
    let n = 0;
    server.on(E.counts, () => {
      n++;
      const answer = countsFor(store.mekko!, { 'is-0001': n === 1 ? 111 : 222, 'is-0002': 0 }, { 10: [n === 1 ? 111 : 222, 0] });
      return n === 1 ? new Promise((resolve) => (release = () => resolve({ body: answer }))) : { body: answer };
    });
    const older = store.loadCounts();
    await store.loadCounts();
    release();
    await older;
    expect(store.marketCount(store.mekko!.markets[0])).toBe(222);
    expect(store.countsLoading).toBe(false);
  });
});
