import { createTestServer, serverPluginsWithDependencies, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { MekkoDto, MekkoSummaryDto } from '@discovery/plugin-insights-grow/common';
import { OUTCOME_MONTHLY_JOB, OUTCOME_SNAPSHOT_JOB, type OutcomeTimeframeDto } from '../common';
import { outcomesServer } from './index';
import { DEMO_HISTORY_MONTHS } from './seed';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const CLASSIC = 'acme/us/fizz-cola/fizz-classic';
/** A fixed clock: December 2026, the 3rd (the monthly run's tolerance covers November). */
const NOW = new Date('2026-12-03T09:00:00Z');

describe('Outcomes API (fixed clock, generated population)', () => {
  let s: TestServer;
  let planner: TestSession;
  let viewer: TestSession;
  let charts: MekkoSummaryDto[];

  beforeAll(async () => {
    const deps = (await serverPluginsWithDependencies('outcomes')).filter((p) => p.id !== 'outcomes');
    s = await createTestServer({ plugins: [...deps, outcomesServer({ now: () => NOW })], population: { people: 20_000, seed: 42 } });
    planner = await s.login('planner@example.com');
    viewer = await s.login('viewer@example.com');
    charts = (await grow(viewer, 'GET', '/mekkos')).body.data;
  }, 120_000);
  afterAll(() => s.close());

  const request = async (prefix: string, who: TestSession, method: string, path: string, body?: unknown, context = ACME) => {
    const res = await fetch(`${s.url}/api/v1/${prefix}${path}`, {
      method,
      headers: who.headers({ 'x-context': context, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }),
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
  };
  const call = (who: TestSession, method: string, path: string, body?: unknown, context = ACME) => request('outcomes', who, method, path, body, context);
  const grow = (who: TestSession, method: string, path: string, body?: unknown, context = ACME) => request('insights-grow', who, method, path, body, context);
  const chartOf = async (id: number) => (await grow(viewer, 'GET', `/mekkos/${id}`)).body.data as MekkoDto;
  const list = async (id: number) => (await call(viewer, 'GET', `/mekkos/${id}/outcome_timeframes`)).body.data as OutcomeTimeframeDto[];
  const rows = async (sql: string, params: unknown[] = []) => s.core.query<Record<string, unknown>>(sql, params);
  const body = (chart: MekkoDto, year: number, month: number, x = 1) => ({
    outcome_timeframe: {
      year,
      month,
      total: 1000 * x,
      matched: 400 * x,
      modeled: 600 * x,
      market_outcomes_attributes: chart.markets.slice(0, 1).map((k) => ({ market_id: k.id, total: 500 * x, matched: 200 * x, modeled: 300 * x })),
      submarket_outcomes_attributes: chart.markets[0].sub_markets
        .slice(0, 1)
        .map((sm) => ({ sub_market_id: sm.id, market_id: sm.market_id, total: 100 * x, matched: 40 * x, modeled: 60 * x })),
    },
  });

  it('issue 28 §4 seeds 14 months before the current one for every demo chart, growth in the first market and decline in the second', async () => {
    for (const c of charts) {
      const tf = await list(c.id);
      expect(tf).toHaveLength(DEMO_HISTORY_MONTHS);
      expect(tf.map((t) => `${t.year}-${t.month}`)).toEqual(Array.from({ length: 14 }, (_, i) => `${i < 3 ? 2025 : 2026}-${(9 + i) % 12}`));
      const first = (t: OutcomeTimeframeDto, i: number) => t.market_outcomes[i].total;
      expect(first(tf[13], 0)).toBeGreaterThan(first(tf[0], 0) * 1.3);
      expect(first(tf[13], 1)).toBeLessThan(first(tf[0], 1) * 0.85);
    }
  });

  it('SRV-099 / OUT-052 / OUT-054 lists stored timeframes oldest first, months 0-11, zero-filled for every market and audience', async () => {
    const chart = await chartOf(charts[0].id);
    const [t] = await list(chart.id);
    expect(t.current).toBe(false);
    expect(t.month).toBeGreaterThanOrEqual(0);
    expect(t.market_outcomes.map((m) => m.market_id)).toEqual(chart.markets.map((k) => k.id));
    expect(t.submarket_outcomes.map((x) => x.sub_market_id)).toEqual(chart.markets.flatMap((k) => k.sub_markets.map((x) => x.id)));
    // A row removed from the database reads as a zero-value entry.
    await rows('delete from outcomes_submarket_outcomes where outcome_timeframe_id = $1 and sub_market_id = $2', [t.id, chart.markets[0].sub_markets[0].id]);
    const [again] = await list(chart.id);
    expect(again.submarket_outcomes[0]).toEqual({
      id: null,
      sub_market_id: chart.markets[0].sub_markets[0].id,
      market_id: chart.markets[0].id,
      total: 0,
      matched: 0,
      modeled: 0,
    });
  });

  it('SRV-099 answers 404 for a chart of another product', async () => {
    const other = (await grow(viewer, 'GET', '/mekkos', undefined, CLASSIC)).body.data as MekkoSummaryDto[];
    expect((await call(viewer, 'GET', `/mekkos/${other[0].id}/outcome_timeframes`)).status).toBe(404);
  });

  it('OUT-049 / OUT-050 computes the current timeframe: total from populations, matched and modeled from the chart counts, this month', async () => {
    const chart = await chartOf(charts[0].id);
    const r = await call(viewer, 'POST', `/mekkos/${chart.id}/current_timeframe`, { filters: [] });
    expect(r.status).toBe(200);
    const t = r.body.data as OutcomeTimeframeDto;
    expect({ year: t.year, month: t.month, current: t.current, id: t.id }).toEqual({ year: 2026, month: 11, current: true, id: null });
    const pops = chart.markets.flatMap((k) => k.sub_markets.map((x) => x.population));
    expect(t.total).toBe(pops.reduce((a, b) => a + b, 0));
    const counts = (await grow(viewer, 'POST', `/mekkos/${chart.id}/counts`, { filters: [] })).body;
    expect(t.matched).toBe(counts.total.matched);
    expect(t.modeled).toBe(counts.total.modeled);
    expect(t.matched).toBeGreaterThan(0);
    const sub = chart.markets[1].sub_markets[0];
    expect(t.submarket_outcomes.find((x) => x.sub_market_id === sub.id)).toMatchObject({ total: sub.population, matched: counts.sub_markets[sub.id].matched });
    expect(r.body.base.matched.kind).toBe('matched');
  });

  it('SRV-100 / OUT-067 / A-07 creates a strictly past month with nested outcomes; the current month, a used month and a viewer are refused', async () => {
    const chart = await chartOf(charts[1].id);
    const created = await call(planner, 'POST', `/mekkos/${chart.id}/outcome_timeframes`, body(chart, 2024, 2));
    expect(created.status).toBe(201);
    const t = created.body.data as OutcomeTimeframeDto;
    expect({ year: t.year, month: t.month, total: t.total }).toEqual({ year: 2024, month: 2, total: 1000 });
    expect(t.market_outcomes[0]).toMatchObject({ market_id: chart.markets[0].id, total: 500 });
    expect(t.market_outcomes[1]).toMatchObject({ id: null, total: 0 });
    const current = await call(planner, 'POST', `/mekkos/${chart.id}/outcome_timeframes`, body(chart, 2026, 11));
    expect(current.status).toBe(422);
    expect(current.body.error.fields['outcome_timeframe.month']).toBe('Choose a past month that has no timeframe yet.');
    const dup = await call(planner, 'POST', `/mekkos/${chart.id}/outcome_timeframes`, body(chart, 2024, 2));
    expect(dup.status).toBe(422);
    expect(dup.body.error.message).toBe('This chart already has a timeframe for that month.');
    expect((await call(viewer, 'POST', `/mekkos/${chart.id}/outcome_timeframes`, body(chart, 2024, 3))).status).toBe(403);
    const bad = await call(planner, 'POST', `/mekkos/${chart.id}/outcome_timeframes`, {
      outcome_timeframe: { ...body(chart, 2024, 4).outcome_timeframe, total: -1 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe('Enter a whole number of 0 or more.');
  });

  it('SRV-100 writes nothing when a nested outcome names a market of another chart (one transaction)', async () => {
    const chart = await chartOf(charts[1].id);
    const other = await chartOf(charts[0].id);
    const b = body(chart, 2024, 5);
    b.outcome_timeframe.market_outcomes_attributes.push({ market_id: other.markets[0].id, total: 1, matched: 1, modeled: 1 });
    const r = await call(planner, 'POST', `/mekkos/${chart.id}/outcome_timeframes`, b);
    expect(r.status).toBe(422);
    expect(r.body.error.message).toBe('Every outcome must name a market of this chart.');
    expect(await rows('select id from outcomes_timeframes where mekko_id = $1 and year = 2024 and month = 5', [chart.id])).toHaveLength(0);
  });

  it('SRV-101 / OUT-063 saves the nested change in one transaction: a failing nested row leaves the timeframe as it was', async () => {
    const chart = await chartOf(charts[1].id);
    const [t] = (await list(chart.id)).filter((x) => x.year === 2024 && x.month === 2);
    const up = await call(planner, 'PUT', `/outcome_timeframes/${t.id}`, {
      outcome_timeframe: {
        ...body(chart, 2024, 2, 3).outcome_timeframe,
        market_outcomes_attributes: [{ id: t.market_outcomes[0].id, market_id: chart.markets[0].id, total: 1500, matched: 600, modeled: 900 }],
      },
    });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ id: t.id, month: 2, total: 3000 });
    expect(up.body.data.market_outcomes[0]).toMatchObject({ id: t.market_outcomes[0].id, total: 1500 });
    // A nested id of another timeframe fails after the timeframe row was updated: all of it rolls back.
    const [seeded] = (await list(chart.id)).filter((x) => x.id !== t.id);
    const broken = await call(planner, 'PUT', `/outcome_timeframes/${t.id}`, {
      outcome_timeframe: {
        ...body(chart, 2024, 2, 7).outcome_timeframe,
        market_outcomes_attributes: [{ id: seeded.market_outcomes[0].id, market_id: chart.markets[0].id, total: 1, matched: 1, modeled: 1 }],
      },
    });
    expect(broken.status).toBe(422);
    const [after] = (await list(chart.id)).filter((x) => x.id === t.id);
    expect(after.total).toBe(3000);
    expect(after.market_outcomes[0].total).toBe(1500);
    expect((await call(viewer, 'PUT', `/outcome_timeframes/${t.id}`, body(chart, 2024, 2))).status).toBe(403);
  });

  it('SRV-102 deletes a timeframe with its outcomes; a viewer is refused and another product does not find it', async () => {
    const chart = await chartOf(charts[1].id);
    const [t] = (await list(chart.id)).filter((x) => x.year === 2024 && x.month === 2);
    expect((await call(viewer, 'DELETE', `/outcome_timeframes/${t.id}`)).status).toBe(403);
    expect((await call(planner, 'DELETE', `/outcome_timeframes/${t.id}`, undefined, CLASSIC)).status).toBe(404);
    expect((await call(planner, 'DELETE', `/outcome_timeframes/${t.id}`)).status).toBe(200);
    expect(await rows('select id from outcomes_market_outcomes where outcome_timeframe_id = $1', [t.id])).toHaveLength(0);
    expect((await call(planner, 'DELETE', `/outcome_timeframes/${t.id}`)).status).toBe(404);
  });

  it('SRV-076 deleting a Grow audience or market deletes its outcome rows in past timeframes', async () => {
    const chart = await chartOf(charts[1].id);
    const sub = chart.markets[2].sub_markets[0];
    expect(await rows('select id from outcomes_submarket_outcomes where sub_market_id = $1', [sub.id])).toHaveLength(14);
    expect((await grow(planner, 'DELETE', `/sub_markets/${sub.id}`)).status).toBe(200);
    expect(await rows('select id from outcomes_submarket_outcomes where sub_market_id = $1', [sub.id])).toHaveLength(0);
    const market = chart.markets[2];
    expect((await grow(planner, 'DELETE', `/markets/${market.id}`)).status).toBe(200);
    expect(await rows('select id from outcomes_market_outcomes where market_id = $1', [market.id])).toHaveLength(0);
    expect(await rows('select id from outcomes_submarket_outcomes where market_id = $1', [market.id])).toHaveLength(0);
    expect((await list(chart.id))[0].market_outcomes).toHaveLength(chart.markets.length - 1);
  });

  it('SRV-047 snapshots each chart once per month as a job and posts outcome_completed to the product’s outcome readers', async () => {
    const chart = await chartOf(charts[0].id);
    await rows('delete from outcomes_timeframes where mekko_id = $1 and year = 2026 and month = 10', [chart.id]);
    // Two servers (or a restart) run the month: one job per chart and month all the same.
    await s.core.jobs.enqueue(OUTCOME_MONTHLY_JOB, {});
    await s.core.jobs.enqueue(OUTCOME_MONTHLY_JOB, {});
    await s.core.jobs.drain({ kinds: [OUTCOME_MONTHLY_JOB] });
    const jobs = (await s.core.jobs.list({ kind: OUTCOME_SNAPSHOT_JOB, limit: 1000 })).filter((j) => (j.payload as { mekko_id: number }).mekko_id === chart.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].payload).toMatchObject({ year: 2026, month: 10 });
    await s.core.jobs.drain({ kinds: [OUTCOME_SNAPSHOT_JOB] });
    const nov = (await list(chart.id)).filter((t) => t.year === 2026 && t.month === 10);
    expect(nov).toHaveLength(1);
    const notes = (await request('notifications', planner, 'GET', '')).body.data as {
      report_type: string;
      name: string;
      job_id: number;
      product_slug: string;
    }[];
    const mine = notes.filter((n) => n.report_type === 'outcome_completed' && n.job_id === jobs[0].id);
    expect(mine.map((n) => n.name)).toEqual([`${chart.name}: November 2026`]);
    // The stored month is the chart's current timeframe as counted in the product's (default) region.
    const current = (await call(viewer, 'POST', `/mekkos/${chart.id}/current_timeframe`, { filters: [] }, mine[0].product_slug)).body
      .data as OutcomeTimeframeDto;
    expect(nov[0].total).toBe(current.total);
    expect(nov[0].matched).toBe(current.matched);
    expect(nov[0].submarket_outcomes.map((x) => x.matched)).toEqual(current.submarket_outcomes.map((x) => x.matched));
    // Charts whose month was already stored keep it and tell nobody.
    const done = await s.core.jobs.list({ kind: OUTCOME_SNAPSHOT_JOB, limit: 1000 });
    expect(done.every((j) => j.state === 'completed')).toBe(true);
    expect(done.filter((j) => (j.result as { notified: number }).notified > 0)).toHaveLength(1);
  });
});
