import { segmentsEndpoints } from '@discovery/insights-kit';
import { insightsEndpoints } from '@discovery/plugin-insights/common';
import { ApiClient } from '@discovery/platform';
import { FakeServer } from '@discovery/test-utils';
import { journeyEndpoints as E, JOURNEY_MESSAGES, type JourneyDto, type JourneySummaryDto } from '../../common';
import { JourneyStore, leftJustified, stageColumns } from './JourneyStore';

const summary = (id: number, name: string, over: Partial<JourneySummaryDto> = {}): JourneySummaryDto => ({
  id,
  name,
  default: false,
  has_transition_data: true,
  invalid: false,
  ...over,
});

const journey = (id: number, over: Partial<JourneyDto> = {}): JourneyDto => ({
  id,
  name: `Journey ${id}`,
  default: false,
  has_transition_data: true,
  brands: [
    { id: 2, name: 'Pop', order: 1 },
    { id: 1, name: 'Fizz', order: 0 },
  ],
  stages: [
    { id: 10, name: 'Aware', priority: 0, icon: 'eye' },
    { id: 11, name: 'Consider', priority: 1, icon: 'heart' },
    { id: 12, name: 'Buy', priority: 2, icon: 'shopping-cart' },
  ],
  sub_markets: [
    { id: 100, journey_brand_id: 1, journey_stage_id: 10, population: 1000, matched_id: 'a', modeled_id: 'am', discussion_cluster_node_id: null },
    { id: 101, journey_brand_id: 1, journey_stage_id: 11, population: 600, matched_id: 'b', modeled_id: null, discussion_cluster_node_id: null },
    { id: 102, journey_brand_id: 1, journey_stage_id: 12, population: 100, matched_id: 'c', modeled_id: 'cm', discussion_cluster_node_id: null },
  ],
  invalid_identifiers: [],
  updated_at: 'then',
  ...over,
});

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

function setup(list: JourneySummaryDto[], server = new FakeServer(), storage = new MemoryStorage()) {
  server
    .on(E.list, { data: list })
    .on(E.get, ({ params }) => ({ body: { data: journey(Number(params.id), { name: list.find((j) => j.id === Number(params.id))?.name ?? 'x' }) } }))
    .on(insightsEndpoints.tabsConfig, [])
    .on(segmentsEndpoints.byIdentifiers, { data: [] })
    .on(E.counts, {
      data: {
        region: null,
        brands: [{ journey_brand_id: 1, matched: 700, modeled: 900 }],
        cells: [
          { journey_brand_id: 1, journey_stage_id: 10, matched: 500, modeled: 800, matched_deduped: 300, modeled_deduped: 500 },
          { journey_brand_id: 1, journey_stage_id: 11, matched: 300, modeled: 0, matched_deduped: 300, modeled_deduped: 0 },
          { journey_brand_id: 1, journey_stage_id: 12, matched: 0, modeled: 400, matched_deduped: 0, modeled_deduped: 400 },
        ],
      },
    });
  server.install();
  const toasts: string[] = [];
  const api = new ApiClient({ context: () => 'acme/us/fizz-cola/fizz-zero', showBanner: () => undefined, refreshLogin: () => undefined });
  const store = new JourneyStore(
    api,
    { show: (i, m, o) => toasts.push(`${i}:${m}:${o.timeout}`) },
    // The app's translation by key (messages.ts), in the spec's English.
    (m, v) => (m in JOURNEY_MESSAGES ? JOURNEY_MESSAGES[m as keyof typeof JOURNEY_MESSAGES] : m).replace('{{name}}', v?.name ?? ''),
    storage as unknown as Storage,
  );
  return { store, toasts, server, storage };
}

describe('JourneyStore', () => {
  it('JRN-006 picks the route id, then the stored selection, then the default, then the first', async () => {
    const list = [summary(1, 'One'), summary(2, 'Two', { default: true }), summary(3, 'Three')];
    const storage = new MemoryStorage();
    expect(await setup(list, undefined, storage).store.open('p', 3, { tier3: false })).toBe(3);
    // 3 is now the stored selection of product p.
    expect(await setup(list, undefined, storage).store.open('p', null, { tier3: false })).toBe(3);
    expect(await setup(list).store.open('p', null, { tier3: false })).toBe(2);
    expect(await setup([summary(1, 'One'), summary(3, 'Three')]).store.open('p', 99, { tier3: false })).toBe(1);
    expect(await setup([]).store.open('p', null, { tier3: false })).toBeNull();
  });

  it('JRN-010 / JRN-017 / JRN-018 the first brand by order; deduplicated counts on Matched, populations deduplicated on Total, gauges scaled 90–250 px', async () => {
    const { store, server } = setup([summary(4, 'Four')]);
    await store.open('p', 4, { tier3: false });
    expect(store.brand?.name).toBe('Fizz');
    const matched = store.stageViews(1);
    expect(matched.map((v) => v.count)).toEqual([300, 300, 0]);
    expect(matched.map((v) => Math.round(v.percent))).toEqual([50, 50, 0]);
    expect(matched.map((v) => v.diameter)).toEqual([170, 170, 90]);
    store.setTab('total');
    // 1000 − (600 + 100), 600 − 100, 100.
    expect(store.stageViews(1).map((v) => v.count)).toEqual([300, 500, 100]);
    store.setTab('modeled');
    expect(store.stageViews(1).map((v) => v.count)).toEqual([500, 0, 400]);
    // One counts call for the view, whichever tab or brand is shown.
    store.selectBrand(2);
    await store.loadCounts();
    expect(server.callsTo(E.counts)).toHaveLength(1);
  });

  it('JRN-009 in tier 3 the Modeled tab counts the matched segments', async () => {
    const { store } = setup([summary(4, 'Four')]);
    await store.open('p', 4, { tier3: true });
    store.setTab('modeled');
    expect(store.stageViews(1).map((v) => v.count)).toEqual([300, 300, 0]);
  });

  it("JRN-013 / JRN-016 transition bubbles only with transition data: later ÷ earlier (issue 27 §3), 'larger' past 100 %, 'N/A' from nobody", async () => {
    const { store } = setup([summary(4, 'Four')]);
    await store.open('p', 4, { tier3: false });
    store.setTab('total');
    // 300 → 500: the later stage is larger; 500 → 100: round(100 / 500 × 100) = 20.
    expect(store.transitions.map((t) => t.percent)).toEqual(['larger', 20]);
    store.setTab('matched');
    // 300 → 300: 100; 300 → 0: 0.
    expect(store.transitions.map((t) => t.percent)).toEqual([100, 0]);
    store.toggleTransition(10);
    expect(store.expanded).toEqual([10]);
    store.journey!.has_transition_data = false;
    expect(store.transitions).toEqual([]);
  });

  it('JRN-021 a mapped audience that counts nobody is a zero-count cell', async () => {
    const { store } = setup([summary(4, 'Four')]);
    await store.open('p', 4, { tier3: false });
    expect(store.stageViews(1).map((v) => v.zero)).toEqual([false, false, true]);
    store.setTab('modeled');
    // Consider has no modeled audience: nothing mapped is not a zero count.
    expect(store.stageViews(1).map((v) => v.zero)).toEqual([false, false, false]);
  });

  it('JRN-008 / JRN-011 / JRN-012 tabs sync the panel level; a stage filters and unfilters; mini panels need several brands and no compare', async () => {
    const { store } = setup([summary(4, 'Four')]);
    await store.open('p', 4, { tier3: false });
    store.setTab('total');
    expect(store.level).toBe('market');
    store.setLevel('person');
    expect(store.tab).toBe('matched');
    store.toggleStage(11);
    expect(store.stageFilter).toBe(11);
    expect(store.focusedSegment).toEqual({ id: 'b', name: 'b' });
    store.toggleStage(11);
    expect(store.stageFilter).toBeNull();
    expect(store.toggleMiniPanel(10)).toBe(true);
    store.setCompare(true);
    expect(store.miniPanels).toEqual([]);
    expect(store.toggleMiniPanel(10)).toBe(false);
  });

  it('JRN-008 a tab configuration hiding Person Level leaves Total Population only', async () => {
    const server = new FakeServer();
    const { store } = setup([summary(4, 'Four')], server);
    // Answers after setup's: the newest answer wins.
    server.on(insightsEndpoints.tabsConfig, [{ name: 'Person Level', visible: false }]);
    await store.open('p', 4, { tier3: false });
    expect(store.tabs).toEqual(['total']);
    expect(store.tab).toBe('total');
    expect(store.personLevelVisible).toBe(false);
  });

  it('JRN-024 / JRN-026 a journey with invalid audiences is not selected and cannot be copied', async () => {
    const { store, server } = setup([summary(1, 'One'), summary(2, 'Broken', { invalid: true })]);
    expect(await store.open('p', 2, { tier3: false })).toBeNull();
    expect(store.pendingInvalid?.name).toBe('Broken');
    expect(await store.duplicate(2)).toBeNull();
    expect(server.callsTo(E.duplicate)).toHaveLength(0);
    expect(await store.dismissInvalid()).toBe(1);
  });

  it('JRN-027 / JRN-028 / JRN-029 / JRN-060 duplicate: success opens the copy; a named error and any other error have their 5 s messages', async () => {
    const server = new FakeServer();
    const { store, toasts } = setup([summary(1, 'One')], server);
    server.on(E.duplicate, { journey: { id: 1 } });
    await store.open('p', 1, { tier3: false });
    expect(await store.duplicate(1)).toBe(1);
    server.on(E.duplicate, () => ({ status: 422, body: { error: { message: 'taken', name: 'One (copy)' } } }));
    expect(await store.duplicate(1)).toBeNull();
    server.on(E.duplicate, () => ({ status: 500, body: { error: { message: 'boom' } } }));
    expect(await store.duplicate(1)).toBeNull();
    expect(toasts).toEqual([
      `success:${JOURNEY_MESSAGES.duplicated}:5000`,
      `error:${JOURNEY_MESSAGES.duplicateExists}:5000`,
      `error:${JOURNEY_MESSAGES.duplicateFailed}:5000`,
    ]);
  });

  it("JRN-056 the cells' matched and modeled ids are resolved in one segments-by-identifiers lookup", async () => {
    const server = new FakeServer();
    const { store } = setup([summary(1, 'One')], server);
    await store.open('p', 1, { tier3: false });
    const asked = server.callsTo(segmentsEndpoints.byIdentifiers).map((c) => [...(c.body as { identifiers: string[] }).identifiers].sort());
    expect(asked).toEqual([['a', 'am', 'b', 'c', 'cm']]);
  });

  it('JRN-030 delete: the next journey is selected; failure has its message', async () => {
    const server = new FakeServer();
    const { store, toasts } = setup([summary(1, 'One'), summary(2, 'Two')], server);
    await store.open('p', 2, { tier3: false });
    server.on(E.remove, { data: { message: 'ok' } });
    server.on(E.list, { data: [summary(1, 'One')] });
    expect(await store.remove(2)).toBe(1);
    server.on(E.remove, () => ({ status: 500, body: { error: { message: 'boom' } } }));
    expect(await store.remove(1)).toBe(false);
    expect(toasts).toEqual([`success:${JOURNEY_MESSAGES.deleted}:5000`, `error:${JOURNEY_MESSAGES.deleteFailed}:5000`]);
  });

  it('JRN-020 columns of 300 px: wider than the window, the row is left-justified', () => {
    expect(leftJustified(4, 1440)).toBe(false);
    expect(leftJustified(5, 1440)).toBe(true);
    expect(leftJustified(10, 2999)).toBe(true);
    // Issue 27 §3: scrolling stages share the width in whole columns of at least 300 px (none cut at the edge).
    expect(stageColumns(853)).toEqual({ perView: 2, width: 426 });
    expect(stageColumns(1290)).toEqual({ perView: 4, width: 322 });
    expect(stageColumns(200)).toEqual({ perView: 1, width: 300 });
  });
});
