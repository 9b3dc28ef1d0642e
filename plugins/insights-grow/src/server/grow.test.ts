import { filterFixture } from '@discovery/insights-kit/testing';
import { owners } from '@discovery/insights-kit/server';
import { createTestServer, serverPluginsWithDependencies, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { MekkoDto, MekkoSummaryDto } from '../common';
import growServer from './index';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const CLASSIC = 'acme/us/fizz-cola/fizz-classic';

describe('Grow API over a generated population', () => {
  let s: TestServer;
  let planner: TestSession;
  let viewer: TestSession;

  beforeAll(async () => {
    // Grow's audiences reference the discussions plugin's nodes (migration 0002): its tables come first.
    s = await createTestServer({ plugins: [...(await serverPluginsWithDependencies('discussions')), growServer], population: { people: 20_000, seed: 42 } });
    planner = await s.login('planner@example.com');
    viewer = await s.login('viewer@example.com');
  }, 120_000);
  afterAll(() => s.close());

  const call = async (who: TestSession, method: string, path: string, body?: unknown, context = ACME) => {
    const res = await fetch(`${s.url}/api/v1/insights-grow${path}`, {
      method,
      headers: who.headers({ 'x-context': context, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }),
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const chart = (name: string, extra: Record<string, unknown> = {}) => ({ mekko: { name, ...extra } });
  const audience = (name: string, extra: Record<string, unknown> = {}) => ({
    sub_market: { name, tag: 'owned', population: '1000', matched_short_id: 'dmx-0002', ...extra },
  });

  it('SRV-068 / SRV-069 lists the seeded charts with the default flag, and a chart with ordered markets and audiences', async () => {
    const list = (await call(viewer, 'GET', '/mekkos')).body.data as MekkoSummaryDto[];
    expect(list.map((m) => m.name)).toEqual(['Audience Reach', 'Beverages Landscape']);
    expect(list.find((m) => m.default)!.name).toBe('Beverages Landscape');
    const reach = (await call(viewer, 'GET', `/mekkos/${list[0].id}`)).body.data as MekkoDto;
    expect(reach.measurement_label).toBe('Reach');
    expect(reach.markets.map((m) => m.name)).toEqual(['Age', 'Media', 'Customers']);
    expect(reach.markets[0].sub_markets.map((x) => x.order)).toEqual([0, 1, 2, 3, 4]);
    expect(reach.markets[2].sub_markets.find((x) => x.name === 'Loyalty members')!.in_prediction_model).toBe(true);
  });

  it('SRV-070 / GROW-045 / GROW-044 creates a chart with the default label, refuses blank and duplicate names with the spec messages', async () => {
    const created = await call(planner, 'POST', '/mekkos', chart('  Launch plan  '));
    expect(created.status).toBe(201);
    expect(created.body.result.mekko).toMatchObject({
      name: 'Launch plan',
      measurement_label: 'Penetration',
      count_type: 'people_count',
      default: false,
      markets: [],
    });
    const dup = await call(planner, 'POST', '/mekkos', chart('launch PLAN'));
    expect(dup.status).toBe(422);
    expect(dup.body.error.message).toBe('Chart name already used');
    expect(dup.body.error.fields['mekko.name']).toBe('Chart name already used');
    expect((await call(planner, 'POST', '/mekkos', chart(''))).body.error.message).toBe('Name is required');
    expect((await call(planner, 'POST', '/mekkos', chart('   '))).body.error.message).toBe('Name cannot be blank');
    // the same name in another product is fine
    expect((await call(planner, 'POST', '/mekkos', chart('Launch plan'), CLASSIC)).status).toBe(201);
  });

  it('GROW-040 / GROW-041 / SRV-060 seeds a pre-populated chart from a vertical; blank clears the vertical', async () => {
    const verticals = (await call(planner, 'GET', '/verticals')).body;
    expect(verticals).toContainEqual({ vertical_type: 'beverages', display_name: 'Beverages' });
    const pre = await call(planner, 'POST', '/mekkos', chart('Beverages', { creation_method: 'prePopulated', vertical_type: 'beverages' }));
    expect(pre.status).toBe(201);
    expect(pre.body.result.mekko.vertical_type).toBe('beverages');
    expect(pre.body.result.mekko.markets.map((m: { name: string }) => m.name)).toEqual(['Soft Drinks', 'Water', 'Coffee & Juice']);
    const blank = await call(planner, 'POST', '/mekkos', chart('Blank one', { creation_method: 'blank', vertical_type: 'beverages' }));
    expect(blank.body.result.mekko.vertical_type).toBeNull();
    expect((await call(planner, 'POST', '/mekkos', chart('Nope', { creation_method: 'prePopulated', vertical_type: 'cars' }))).body.error.message).toBe(
      'Choose an industry vertical.',
    );
  });

  it('GROW-056 / SRV-073 keeps one default per product; unchecking the default clears it', async () => {
    const a = (await call(planner, 'POST', '/mekkos', chart('Default A', { default: true }))).body.result.mekko as MekkoDto;
    let list = (await call(planner, 'GET', '/mekkos')).body.data as MekkoSummaryDto[];
    expect(list.filter((m) => m.default).map((m) => m.id)).toEqual([a.id]);
    const b = (await call(planner, 'POST', '/mekkos', chart('Default B'))).body.result.mekko as MekkoDto;
    await call(planner, 'PUT', `/mekkos/${b.id}`, chart('Default B', { default: true }));
    list = (await call(planner, 'GET', '/mekkos')).body.data;
    expect(list.filter((m) => m.default).map((m) => m.id)).toEqual([b.id]);
    await call(planner, 'PUT', `/mekkos/${b.id}`, chart('Default B', { default: false }));
    list = (await call(planner, 'GET', '/mekkos')).body.data;
    expect(list.filter((m) => m.default)).toEqual([]);
    expect((await call(planner, 'PUT', '/default_mekko', { mekko_id: a.id })).status).toBe(200);
    list = (await call(planner, 'GET', '/mekkos')).body.data;
    expect(list.filter((m) => m.default).map((m) => m.id)).toEqual([a.id]);
    await call(planner, 'PUT', '/default_mekko', { mekko_id: 0 });
    expect(((await call(planner, 'GET', '/mekkos')).body.data as MekkoSummaryDto[]).some((m) => m.default)).toBe(false);
  });

  it('GROW-058 / GROW-059 / GROW-062 / GROW-063 / GROW-065 validates markets and audiences with the spec messages', async () => {
    const m = (await call(planner, 'POST', '/mekkos', chart('Rules'))).body.result.mekko as MekkoDto;
    expect((await call(planner, 'POST', `/mekkos/${m.id}/markets`, { market: { name: '' } })).body.error.message).toBe('Please enter a market name');
    const market = (await call(planner, 'POST', `/mekkos/${m.id}/markets`, { market: { name: 'Cola' } })).body.data;
    const dup = await call(planner, 'POST', `/mekkos/${m.id}/markets`, { market: { name: ' cola ' } });
    expect(dup.status).toBe(422);
    expect(dup.body.error.message).toBe('Market name already used for this chart');
    // its own saved name is allowed
    expect((await call(planner, 'PUT', `/markets/${market.id}`, { market: { name: 'COLA' } })).status).toBe(200);

    const add = (body: unknown) => call(planner, 'POST', `/markets/${market.id}/sub_markets`, body);
    expect((await add(audience(''))).body.error.message).toBe('Name is required.');
    expect((await add(audience('   '))).body.error.message).toBe('Value cannot be blank');
    expect((await add(audience('Teens', { population: '' }))).body.error.message).toBe('Audience population is required');
    expect((await add(audience('Teens', { population: '-4' }))).status).toBe(422);
    expect((await add(audience('Teens', { population: '12a' }))).status).toBe(422);
    expect((await add(audience('Teens', { matched_short_id: 'ghost-1' }))).body.error.fields['sub_market.matched_short_id']).toBe(
      'Unknown or no longer available segment: ghost-1',
    );
    const ok = await add(audience('Teens', { population: '2500' }));
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ name: 'Teens', population: 2500, matched_short_id: 'dmx-0002', modeled_short_id: null, order: 0 });
    expect((await add(audience(' TEENS '))).body.error.message).toBe('This name is already in use.');
  });

  it('SRV-071 / GROW-057 copies a chart under a free name and refuses one with invalid identifiers', async () => {
    const list = (await call(planner, 'GET', '/mekkos')).body.data as MekkoSummaryDto[];
    const reach = list.find((m) => m.name === 'Audience Reach')!;
    const copy = await call(planner, 'POST', `/mekkos/${reach.id}/copy`);
    expect(copy.status).toBe(201);
    expect(copy.body.result.mekko.name).toBe('Audience Reach (copy)');
    expect(copy.body.result.mekko.default).toBe(false);
    const original = (await call(planner, 'GET', `/mekkos/${reach.id}`)).body.data as MekkoDto;
    const strip = (m: MekkoDto) => m.markets.map((k) => [k.name, k.sub_markets.map((x) => [x.name, x.tag, x.population, x.matched_short_id])]);
    expect(strip(copy.body.result.mekko)).toEqual(strip(original));
    expect((await call(planner, 'POST', `/mekkos/${reach.id}/copy`)).body.result.mekko.name).toBe('Audience Reach (copy 2)');

    // ig-0097 (Hiking) is a deleted segment of the seed-42 taxonomy: written directly, as an old chart would hold it.
    const m = (await call(planner, 'POST', '/mekkos', chart('Stale'))).body.result.mekko as MekkoDto;
    const k = (await call(planner, 'POST', `/mekkos/${m.id}/markets`, { market: { name: 'Outdoors' } })).body.data;
    const sub = (await call(planner, 'POST', `/markets/${k.id}/sub_markets`, audience('Hikers'))).body.data;
    await s.core.query("update insights_grow_sub_markets set matched_short_id = 'ig-0097' where id = $1", [sub.id]);
    const refused = await call(planner, 'POST', `/mekkos/${m.id}/copy`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      'Chart or associated custom widget contains Audience(s) with segments no longer available from the provider. The chart cannot be selected in this state.',
    );
    // SRV-079: listed, then removed (update permission)
    expect((await call(viewer, 'GET', `/mekkos/${m.id}/invalid_identifiers`)).body).toEqual({ identifiers: ['ig-0097'], tabs: [], widgets: [] });
    expect((await call(viewer, 'POST', `/mekkos/${m.id}/remove_invalid_identifiers`)).status).toBe(403);
    const removed = await call(planner, 'POST', `/mekkos/${m.id}/remove_invalid_identifiers`);
    expect(removed.body.removed).toEqual(['ig-0097']);
    expect(removed.body.data.markets[0].sub_markets[0].matched_short_id).toBeNull();
    expect((await call(planner, 'POST', `/mekkos/${m.id}/copy`)).status).toBe(201);
  });

  it('GROW-077 / GROW-078 / SRV-072 parts other plugins keep for the chart (custom widgets) count: listed, block a copy, removed with the fix, deleted with the chart', async () => {
    const m = (await call(planner, 'POST', '/mekkos', chart('Widgets chart'))).body.result.mekko as MekkoDto;
    // What the insights plugin registers (its SQL is tested there): one widget naming ig-0097, a deleted segment of the seed-42 taxonomy.
    const parts = new Map([
      [
        m.id,
        [
          { widget: 'Hiking fans', id: 'ig-0097' },
          { widget: 'Parents', id: 'dmx-0002' },
        ],
      ],
    ]);
    const calls: string[] = [];
    owners(s.core).register({
      async invalid(_db, owner, unknown) {
        const mine = owner.kind === 'mekkos' ? (parts.get(owner.id) ?? []) : [];
        const bad = unknown(mine.map((p) => p.id));
        return { identifiers: bad, tabs: bad.length ? ['Segments'] : [], widgets: mine.filter((p) => bad.includes(p.id)).map((p) => p.widget) };
      },
      async removeInvalid(tx, owner, ids) {
        await tx.query('select 1');
        calls.push(`remove ${owner.kind} ${owner.id} ${ids.join(',')}`);
        parts.set(
          owner.id,
          (parts.get(owner.id) ?? []).filter((p) => !ids.includes(p.id)),
        );
      },
      async deleteOwner(_tx, owner) {
        calls.push(`delete ${owner.kind} ${owner.id}`);
      },
    });
    expect((await call(viewer, 'GET', `/mekkos/${m.id}/invalid_identifiers`)).body).toEqual({
      identifiers: ['ig-0097'],
      tabs: ['Segments'],
      widgets: ['Hiking fans'],
    });
    expect((await call(planner, 'POST', `/mekkos/${m.id}/copy`)).status).toBe(422);
    const removed = await call(planner, 'POST', `/mekkos/${m.id}/remove_invalid_identifiers`);
    expect(removed.body.removed).toEqual(['ig-0097']);
    expect((await call(viewer, 'GET', `/mekkos/${m.id}/invalid_identifiers`)).body).toEqual({ identifiers: [], tabs: [], widgets: [] });
    expect((await call(planner, 'DELETE', `/mekkos/${m.id}`)).status).toBe(200);
    expect(calls).toEqual([`remove mekkos ${m.id} ig-0097`, `delete mekkos ${m.id}`]);
  });

  it('SRV-078 / GROW-035 reorders markets and audiences of the chart only', async () => {
    const m = (await call(planner, 'POST', '/mekkos', chart('Order me', { creation_method: 'prePopulated', vertical_type: 'home_retail' }))).body.result
      .mekko as MekkoDto;
    const [a, b, c] = m.markets;
    const subs = a.sub_markets;
    const r = await call(planner, 'PUT', `/mekkos/${m.id}/order`, {
      markets: [c, a, b].map((x, order) => ({ id: x.id, order })),
      sub_markets: [subs[2], subs[0], subs[1]].map((x, order) => ({ id: x.id, order })),
    });
    expect(r.status).toBe(200);
    expect(r.body.data.markets.map((x: { name: string }) => x.name)).toEqual([c.name, a.name, b.name]);
    expect(r.body.data.markets[1].sub_markets.map((x: { name: string }) => x.name)).toEqual([subs[2].name, subs[0].name, subs[1].name]);
    const other = (await call(planner, 'GET', '/mekkos')).body.data.find((x: MekkoSummaryDto) => x.name === 'Audience Reach');
    const foreign = (await call(planner, 'GET', `/mekkos/${other.id}`)).body.data.markets[0].id;
    const bad = await call(planner, 'PUT', `/mekkos/${m.id}/order`, {
      markets: [
        { id: foreign, order: 0 },
        { id: a.id, order: 1 },
      ],
    });
    expect(bad.status).toBe(422);
    // all or nothing: the first market's order did not change
    expect((await call(planner, 'GET', `/mekkos/${m.id}`)).body.data.markets[0].id).toBe(c.id);
  });

  it('SRV-077 / GROW-073 editing an audience a prediction model uses deletes the model', async () => {
    const reach = ((await call(planner, 'GET', '/mekkos')).body.data as MekkoSummaryDto[]).find((m) => m.name === 'Audience Reach')!;
    const detail = (await call(planner, 'GET', `/mekkos/${reach.id}`)).body.data as MekkoDto;
    const loyal = detail.markets[2].sub_markets.find((x) => x.in_prediction_model)!;
    const r = await call(planner, 'PUT', `/sub_markets/${loyal.id}`, audience(loyal.name, { matched_short_id: 'fp-0017', population: loyal.population }));
    expect(r.body.model_deleted).toBe(true);
    expect(r.body.data.in_prediction_model).toBe(false);
  });

  it('GROW-061 / SRV-072 permissions: the viewer reads only; deleting needs destroy; other products see nothing', async () => {
    const m = (await call(planner, 'POST', '/mekkos', chart('Doomed', { creation_method: 'prePopulated', vertical_type: 'beverages' }))).body.result
      .mekko as MekkoDto;
    expect((await call(viewer, 'POST', '/mekkos', chart('Viewer chart'))).status).toBe(403);
    expect((await call(viewer, 'PUT', `/mekkos/${m.id}`, chart('Taken'))).status).toBe(403);
    expect((await call(viewer, 'DELETE', `/mekkos/${m.id}`)).status).toBe(403);
    expect((await call(viewer, 'DELETE', `/markets/${m.markets[0].id}`)).status).toBe(403);
    expect((await call(viewer, 'POST', `/mekkos/${m.id}/copy`)).status).toBe(403);
    expect((await call(planner, 'GET', `/mekkos/${m.id}`, undefined, CLASSIC)).status).toBe(404);
    expect((await call(planner, 'DELETE', `/sub_markets/${m.markets[0].sub_markets[0].id}`)).body.data.message).toBe("Audience 'Soft drinks buyers' deleted.");
    expect((await call(planner, 'DELETE', `/markets/${m.markets[1].id}`)).body.data.message).toBe("Market 'Water' deleted.");
    const gone = await call(planner, 'DELETE', `/mekkos/${m.id}`);
    expect(gone.body.data.message).toBe("Chart 'Doomed' deleted.");
    expect((await call(planner, 'GET', `/mekkos/${m.id}`)).status).toBe(404);
    const left = await s.core.query('select count(*)::int as n from insights_grow_markets where mekko_id = $1', [m.id]);
    expect(left[0].n).toBe(0);
  });

  it('SRV-080 / GROW-043 TV settings per region; tv_panelists needs them', async () => {
    expect((await call(viewer, 'GET', '/tv_settings')).body.data).toEqual({ minimum: 50, maximum: 20_000_000, n_pids: 40_000, constant: 12 });
    const globex = 'globex/de/globex-home/home-essentials';
    const admin = await s.login('admin@example.com');
    expect((await call(admin, 'GET', '/tv_settings', undefined, globex)).status).toBe(404);
    const m = (await call(admin, 'POST', '/mekkos', chart('People'), globex)).body.result.mekko;
    const r = await call(admin, 'PUT', `/mekkos/${m.id}`, chart('People', { count_type: 'tv_panelists' }), globex);
    expect(r.status).toBe(422);
    expect(r.body.error.message).toBe('TV panelist settings are not available in this region.');
    expect((await call(planner, 'POST', '/mekkos', chart('TV chart', { count_type: 'tv_panelists' }))).body.result.mekko.count_type).toBe('tv_panelists');
  });

  it('one transaction per save: a failing audience insert leaves no half-written chart copy', async () => {
    const before = await s.core.query<{ n: number }>('select count(*)::int as n from insights_grow_mekkos');
    await s.core.query("alter table insights_grow_sub_markets add constraint grow_test_block check (name <> 'Adults 25-34') not valid");
    try {
      const reach = ((await call(planner, 'GET', '/mekkos')).body.data as MekkoSummaryDto[]).find((m) => m.name === 'Audience Reach')!;
      expect((await call(planner, 'POST', `/mekkos/${reach.id}/copy`)).status).toBe(500);
    } finally {
      await s.core.query('alter table insights_grow_sub_markets drop constraint grow_test_block');
    }
    const after = await s.core.query<{ n: number }>('select count(*)::int as n from insights_grow_mekkos');
    expect(after[0].n).toBe(before[0].n);
  });

  it('issue 24 / SRV-081 counts by chart id: every figure on Matched and Modeled equals a brute-force rule count in the same base, with a filter', async () => {
    const list = (await call(viewer, 'GET', '/mekkos')).body.data as MekkoSummaryDto[];
    const id = list.find((m) => m.name === 'Beverages Landscape')!.id;
    const m = (await call(viewer, 'GET', `/mekkos/${id}`)).body.data as MekkoDto;
    const e = await s.core.counts();
    const region = e.regionKey('acme', 'us');
    // A filter of two categories, one with two alternatives: (A or B) and C.
    const [a, b, c] = e.manifest.segments
      .filter((x) => !x.deleted)
      .map((x) => x.short_id)
      .slice(-3);
    const { filters, groups: filterGroups } = filterFixture(a, b, c);
    for (const f of [[], filters]) {
      const res = await call(viewer, 'POST', `/mekkos/${id}/counts`, { filters: f });
      expect(res.status).toBe(200);
      const groups = f.length ? filterGroups : [];
      const brute = (ids: string[], kind: 'matched' | 'modeled') =>
        ids.length ? e.ruleCount({ include: { and: [{ or: ids }, ...groups] } }, { kind, region }) : Promise.resolve(0);
      expect(res.body.base.matched).toMatchObject({
        region,
        kind: 'matched',
        population: e.manifest.regions.find((r) => r.key === region)!.end - e.manifest.regions.find((r) => r.key === region)!.start,
      });
      expect(res.body.base.matched.filtered).toBe(
        f.length ? await e.ruleCount({ include: { and: groups } }, { kind: 'matched', region }) : res.body.base.matched.population,
      );
      for (const k of m.markets) {
        const mids = [...new Set(k.sub_markets.map((x) => x.matched_short_id).filter((x): x is string => !!x))];
        const mods = [...new Set(k.sub_markets.map((x) => x.modeled_short_id).filter((x): x is string => !!x))];
        expect(res.body.markets[k.id]).toEqual({ matched: await brute(mids, 'matched'), modeled: await brute(mods, 'modeled') });
        for (const sub of k.sub_markets) {
          // Keyed by audience: an audience's modeled figure is its modeled segment's, even where a matched id is the same string.
          expect(res.body.sub_markets[sub.id]).toEqual({
            matched: await brute(sub.matched_short_id ? [sub.matched_short_id] : [], 'matched'),
            modeled: await brute(sub.modeled_short_id ? [sub.modeled_short_id] : [], 'modeled'),
          });
        }
      }
      const all = m.markets.flatMap((k) => k.sub_markets);
      expect(res.body.total.matched).toBe(await brute([...new Set(all.map((x) => x.matched_short_id!).filter(Boolean))], 'matched'));
    }
    // Another product's chart is not found; a bad filter is a 422 naming the field.
    expect((await call(viewer, 'POST', `/mekkos/${id}/counts`, { filters: [] }, CLASSIC)).status).toBe(404);
    const bad = await call(viewer, 'POST', `/mekkos/${id}/counts`, { filters: [{ group: '', short_id: a }] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields)).toEqual(['filters.0.group']);
  });
});
