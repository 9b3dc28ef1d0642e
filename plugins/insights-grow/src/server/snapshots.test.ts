import { filterFixture } from '@discovery/insights-kit/testing';
import { createTestServer, serverPluginsWithDependencies, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { MekkoDto, MekkoSummaryDto, SnapshotDto } from '../common';
import growServer from './index';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const CLASSIC = 'acme/us/fizz-cola/fizz-classic';

describe('Grow snapshots (SRV-082/083) over a generated population', () => {
  let s: TestServer;
  let planner: TestSession;
  let viewer: TestSession;
  let chart: MekkoDto;

  beforeAll(async () => {
    s = await createTestServer({ plugins: [...(await serverPluginsWithDependencies('discussions')), growServer], population: { people: 20_000, seed: 42 } });
    planner = await s.login('planner@example.com');
    viewer = await s.login('viewer@example.com');
    const list = (await call(viewer, 'GET', '/mekkos')).body.data as MekkoSummaryDto[];
    chart = (await call(viewer, 'GET', `/mekkos/${list.find((m) => m.name === 'Beverages Landscape')!.id}`)).body.data;
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
  const take = (name: string, filters: unknown[] = [], who = planner, mekkoId = chart.id) =>
    call(who, 'POST', '/snapshots', { snapshot: { mekko_id: mekkoId, name, filters } });

  it('SRV-082 / EXP-039 takes a snapshot: every audience figure equals the chart counts within the same filters, kept with the filters', async () => {
    const e = await s.core.counts();
    const [a, b, c] = e.manifest.segments
      .filter((x) => !x.deleted)
      .map((x) => x.short_id)
      .slice(-3);
    const { filters } = filterFixture(a, b, c);
    for (const f of [[], filters]) {
      const created = await take(`Wave ${f.length}`, f);
      expect(created.status).toBe(201);
      const snap = created.body.data as SnapshotDto;
      const counts = (await call(viewer, 'POST', `/mekkos/${chart.id}/counts`, { filters: f })).body;
      expect(snap.filters).toEqual(f);
      expect(snap.total).toEqual(counts.total);
      const subs = chart.markets.flatMap((k) => k.sub_markets.map((x) => ({ ...x, market: k.name })));
      expect(snap.snapshots_sub_markets).toHaveLength(subs.length);
      for (const sub of subs) {
        expect(snap.snapshots_sub_markets.find((r) => r.sub_market_id === sub.id)).toEqual({
          snapshot_id: snap.id,
          sub_market_id: sub.id,
          market_name: sub.market,
          name: sub.name,
          population: sub.population,
          matched: counts.sub_markets[sub.id].matched,
          modeled: counts.sub_markets[sub.id].modeled,
          current_confidence: null,
        });
      }
      expect(snap.created_by).toBeTruthy();
    }
  });

  it('SRV-082 / EXP-038 lists a chart’s snapshots newest first and fetches one; another product sees none of them', async () => {
    const made = (await take('Listed')).body.data as SnapshotDto;
    const list = await call(viewer, 'GET', `/snapshots?mekko_id=${chart.id}`);
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id: made.id, name: 'Listed', mekko_id: chart.id });
    expect((await call(viewer, 'GET', `/snapshots/${made.id}`)).body.data.snapshots_sub_markets).toHaveLength(made.snapshots_sub_markets.length);
    expect((await call(viewer, 'GET', `/snapshots/${made.id}`, undefined, CLASSIC)).status).toBe(404);
    expect((await call(viewer, 'GET', `/snapshots?mekko_id=${chart.id}`, undefined, CLASSIC)).status).toBe(404);
    expect((await call(viewer, 'GET', '/snapshots?mekko_id=abc')).status).toBe(422);
  });

  it('SRV-083 / EXP-042 upserts an audience’s current confidence; only audiences of the snapshot’s chart, 0 to 100', async () => {
    const snap = (await take('Confident')).body.data as SnapshotDto;
    const sub = snap.snapshots_sub_markets[0];
    const body = (v: unknown, subId = sub.sub_market_id) => ({ snapshots_sub_market: { snapshot_id: snap.id, sub_market_id: subId, current_confidence: v } });
    const r = await call(planner, 'POST', '/snapshots/update_current_confidence', body(70));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ snapshot_id: snap.id, sub_market_id: sub.sub_market_id, current_confidence: 70, matched: sub.matched });
    await call(planner, 'POST', '/snapshots/update_current_confidence', body(85.5));
    const again = (await call(viewer, 'GET', `/snapshots/${snap.id}`)).body.data as SnapshotDto;
    expect(again.snapshots_sub_markets.find((x) => x.sub_market_id === sub.sub_market_id)!.current_confidence).toBe(85.5);
    expect((await s.core.query('select count(*)::int as n from insights_grow_snapshots_sub_markets where snapshot_id = $1', [snap.id]))[0].n).toBe(
      snap.snapshots_sub_markets.length,
    );
    const bad = await call(planner, 'POST', '/snapshots/update_current_confidence', body(101));
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe('Confidence is a number from 0 to 100.');
    // An audience added after the snapshot gets a confidence record of its own (no figures then).
    const market = chart.markets[0];
    const added = (
      await call(planner, 'POST', `/markets/${market.id}/sub_markets`, { sub_market: { name: 'Added later', population: '10', matched_short_id: 'dmx-0002' } })
    ).body.data;
    const late = await call(planner, 'POST', '/snapshots/update_current_confidence', body(40, added.id));
    expect(late.body.data).toMatchObject({ name: 'Added later', market_name: market.name, population: null, matched: null, current_confidence: 40 });
    // An audience of another chart is refused.
    const reach = ((await call(viewer, 'GET', '/mekkos')).body.data as MekkoSummaryDto[]).find((m) => m.name === 'Audience Reach')!;
    const other = ((await call(viewer, 'GET', `/mekkos/${reach.id}`)).body.data as MekkoDto).markets[0].sub_markets[0];
    expect((await call(planner, 'POST', '/snapshots/update_current_confidence', body(10, other.id))).status).toBe(422);
    await call(planner, 'DELETE', `/sub_markets/${added.id}`);
  });

  it('SRV-077 / GROW-073 (A-42) an audience in a snapshot is in a prediction model; editing it deletes its snapshot rows', async () => {
    const m = (await call(planner, 'POST', '/mekkos', { mekko: { name: 'Snap model', creation_method: 'prePopulated', vertical_type: 'beverages' } })).body
      .result.mekko as MekkoDto;
    const sub = m.markets[0].sub_markets[0];
    expect(sub.in_prediction_model).toBe(false);
    const snap = (await take('Model', [], planner, m.id)).body.data as SnapshotDto;
    const after = (await call(viewer, 'GET', `/mekkos/${m.id}`)).body.data as MekkoDto;
    expect(after.markets[0].sub_markets[0].in_prediction_model).toBe(true);
    const r = await call(planner, 'PUT', `/sub_markets/${sub.id}`, { sub_market: { name: sub.name, population: sub.population, matched_short_id: 'fp-0017' } });
    expect(r.body.model_deleted).toBe(true);
    const left = (await call(viewer, 'GET', `/snapshots/${snap.id}`)).body.data as SnapshotDto;
    expect(left.snapshots_sub_markets.map((x) => x.sub_market_id)).not.toContain(sub.id);
    // SRV-072: the snapshots go with the chart.
    await call(planner, 'DELETE', `/mekkos/${m.id}`);
    expect((await s.core.query('select count(*)::int as n from insights_grow_snapshots where id = $1', [snap.id]))[0].n).toBe(0);
  });

  it('EXP-040 / SRV-082 access: reading needs mekkos.read, taking, deleting and confidence need mekkos.update; names are checked', async () => {
    expect((await take('Viewer snap', [], viewer)).status).toBe(403);
    const snap = (await take('  To delete  ')).body.data as SnapshotDto;
    expect(snap.name).toBe('To delete');
    expect((await call(viewer, 'DELETE', `/snapshots/${snap.id}`)).status).toBe(403);
    expect(
      (
        await call(viewer, 'POST', '/snapshots/update_current_confidence', {
          snapshots_sub_market: { snapshot_id: snap.id, sub_market_id: snap.snapshots_sub_markets[0].sub_market_id, current_confidence: 5 },
        })
      ).status,
    ).toBe(403);
    expect((await call(planner, 'DELETE', `/snapshots/${snap.id}`, undefined, CLASSIC)).status).toBe(404);
    const gone = await call(planner, 'DELETE', `/snapshots/${snap.id}`);
    expect(gone.body.data.message).toBe("Snapshot 'To delete' deleted.");
    expect((await call(viewer, 'GET', `/snapshots/${snap.id}`)).status).toBe(404);
    const blank = await take('   ');
    expect(blank.status).toBe(422);
    expect(blank.body.error.message).toBe('Snapshot name is required.');
    expect((await take('Elsewhere', [], planner, 999_999)).status).toBe(404);
  });
});
