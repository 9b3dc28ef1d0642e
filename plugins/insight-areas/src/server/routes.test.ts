import { filterFixture } from '@discovery/insights-kit/testing';
import { coreEndpoints } from '@discovery/plugin-api';
import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import { AREA_IDS, areaEndpointsById, dataAvailabilityEndpoints, vendorEndpoints, type AreaId, type AreaResourceDto, type AreaSegmentsDto } from '../common';
import plugin from './index';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const GLOBEX = 'globex/de/globex-home/home-essentials';
/** Where each area's client flag is on in the demo seed. */
const CONTEXT: Record<AreaId, string> = {
  'customer-value': ACME,
  'site-visitation': ACME,
  'buyer-retention': ACME,
  'best-customer': GLOBEX,
  'customer-attrition': GLOBEX,
};

describe('insight-areas API over a generated population', () => {
  let s: TestServer;
  let planner: TestSession;
  let nobody: TestSession;

  beforeAll(async () => {
    s = await createTestServer({ plugins: [plugin], population: { people: 30_000, seed: 42 } });
    [planner, nobody] = await Promise.all([s.login('planner@example.com'), s.login('norole@example.com')]);
    // A Globex brand the population has no customers of (EXP-048: no data).
    const [{ id: client }] = await s.core.query<{ id: number }>("select id from clients where slug = 'globex'");
    const [{ id: region }] = await s.core.query<{ id: number }>("select id from regions where slug = 'de' and client_id = $1", [client]);
    const [{ id: brand }] = await s.core.query<{ id: number }>(
      "insert into brands (client_id, name, slug, category) values ($1, 'Globex Garden', 'globex-garden', 'Garden') returning id",
      [client],
    );
    const [{ id: product }] = await s.core.query<{ id: number }>(
      "insert into products (brand_id, name, slug) values ($1, 'Garden Basics', 'garden-basics') returning id",
      [brand],
    );
    await s.core.query('insert into product_regions (product_id, region_id) values ($1, $2)', [product, region]);
    s.core.invalidateHierarchy();
  }, 120_000);
  afterAll(() => s.close());

  const get = async (who: TestSession, path: string, context: string, query: Record<string, string> = {}) => {
    const q = new URLSearchParams(query).toString();
    const res = await fetch(`${s.url}${path}${q ? `?${q}` : ''}`, { headers: who.headers({ 'x-context': context }) });
    return { status: res.status, body: (await res.json()) as any, headers: res.headers };
  };

  it.each(AREA_IDS)('SRV-066 / EXP-048 %s: the resource and its segments with counts, shares and the index of the brand’s customers', async (id) => {
    const E = areaEndpointsById[id];
    const r = await get(planner, E.resource.path, CONTEXT[id]);
    expect(r.status).toBe(200);
    const resource = r.body.data as AreaResourceDto;
    expect(resource).toMatchObject({ area: id, available: true });
    expect(resource.customers).not.toBeNull();
    const res = await get(planner, E.segments.path, CONTEXT[id]);
    expect(res.status).toBe(200);
    expect(res.headers.get('server-timing')).toMatch(/^counts;dur=/);
    const d = res.body as AreaSegmentsDto;
    expect(d.count).toBe(resource.segments);
    expect(d.data).toHaveLength(d.count);
    expect(d.count).toBeGreaterThan(0);
    // The numbers agree with the engine's own counts over the same segments (Grow and Overlap count the same way).
    const e = await s.core.counts();
    const [client, regionSlug] = CONTEXT[id].split('/');
    const region = e.regionKey(client, regionSlug);
    expect(d.base).toMatchObject({ region, kind: 'matched', population: d.base.filtered });
    const count = (ids: string[]) => e.ruleCount({ include: { and: ids.map((x) => ({ or: [x] })) } }, { kind: 'matched', region });
    expect(d.customers!.count).toBe(await count([d.customers!.identifier]));
    for (const seg of d.data) {
      expect(seg.count).toBe(await count([seg.identifier]));
      expect(seg.customers).toBe(await count([seg.identifier, d.customers!.identifier]));
      expect(seg.share).toBeCloseTo(seg.count / d.base.filtered, 9);
      expect(seg.customer_share).toBeCloseTo(seg.customers / d.customers!.count, 9);
      expect(seg.index).toBeCloseTo((seg.customer_share / seg.share) * 100, 6);
      // EXP-055: the path starts with the vendor's display name.
      expect(seg.path.split(' > ').length).toBeGreaterThan(1);
    }
  });

  it('SRV-066 customer value: the five value tiers partition the base', async () => {
    const d = (await get(planner, areaEndpointsById['customer-value'].segments.path, ACME)).body as AreaSegmentsDto;
    expect(d.data.map((x) => x.name)).toEqual(['Tier 1 (top 5%)', 'Tier 2', 'Tier 3', 'Tier 4', 'Tier 5']);
    expect(d.data.reduce((n, x) => n + x.count, 0)).toBe(d.base.filtered);
    expect(d.data.reduce((n, x) => n + x.customers, 0)).toBe(d.customers!.count);
  });

  it('issue 24 filter bar: every figure is taken within the filter (one category OR, categories AND)', async () => {
    const E = areaEndpointsById['site-visitation'];
    const fixture = filterFixture('dmx-0001', 'dmx-0002', 'dmx-0008');
    const res = await get(planner, E.segments.path, ACME, { filters: JSON.stringify(fixture.filters) });
    expect(res.status).toBe(200);
    const d = res.body as AreaSegmentsDto;
    const e = await s.core.counts();
    const region = e.regionKey('acme', 'us');
    const count = (ids: string[]) => e.ruleCount({ include: { and: [...ids.map((x) => ({ or: [x] })), ...fixture.groups] } }, { kind: 'matched', region });
    expect(d.base.filtered).toBe(await count([]));
    expect(d.base.filtered).toBeLessThan(d.base.population);
    for (const seg of d.data) expect(seg.count).toBe(await count([seg.identifier]));
    expect((await get(planner, E.segments.path, ACME, { filters: 'not json' })).status).toBe(422);
  });

  it('EXP-048: a brand the population has no customers of has no data (empty segments, available false)', async () => {
    const ctx = 'globex/de/globex-garden/garden-basics';
    const E = areaEndpointsById['best-customer'];
    expect((await get(planner, E.resource.path, ctx)).body.data).toMatchObject({ available: false, customers: null, segments: 0 });
    expect((await get(planner, E.segments.path, ctx)).body).toMatchObject({ count: 0, data: [], customers: null });
  });

  it('SHELL-006: best customer and customer attrition are modules of a context only where the brand has data', async () => {
    const modules = async (slug: string) =>
      (await get(planner, coreEndpoints.contextModules.path.replace(':slug', encodeURIComponent(slug)), slug)).body.data as string[];
    expect(await modules(GLOBEX)).toEqual(expect.arrayContaining(['best_customer', 'customer_attrition']));
    const without = await modules('globex/de/globex-garden/garden-basics');
    expect(without).not.toContain('best_customer');
    expect(without).not.toContain('customer_attrition');
    // Other modules of the client stay.
    expect(without).toContain('grow');
  });

  it('EXP-049: each area needs its read permission and its client flag', async () => {
    const E = areaEndpointsById['best-customer'];
    // Acme does not have best_customer.
    expect((await get(planner, E.resource.path, ACME)).status).toBe(403);
    expect((await get(planner, E.segments.path, ACME)).status).toBe(403);
    // No role, no read permission (and no grant on the context).
    expect((await get(nobody, areaEndpointsById['customer-value'].segments.path, ACME)).status).toBe(403);
  });

  it('EXP-046: the vendor check asks about the client’s company as parent and the first-party vendor; the kit answers non-empty for it (SRV-064)', async () => {
    const cfg = (await get(planner, dataAvailabilityEndpoints.vendorConfig.path, 'acme')).body.data;
    expect(cfg).toEqual({ parent_id: 1001, vendor_name: 'first_party', vendor_type: 'first_party' });
    const res = await fetch(`${s.url}/api/v1/segments/vendor_availability`, {
      method: 'POST',
      headers: planner.headers({ 'x-context': 'acme', 'content-type': 'application/json' }),
      body: JSON.stringify({
        parent_id: cfg.parent_id,
        vendors: [{ vendor_name: cfg.vendor_name, vendor_type: cfg.vendor_type }],
        use_cases: ['create_audience_single'],
      }),
    });
    expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  it('SRV-065: vendor data sources, groups and source codes from the population', async () => {
    const sources = (await get(planner, vendorEndpoints.dataSources.path, 'acme')).body.data as {
      vendor_name: string;
      display_name: string;
      segments: number;
    }[];
    expect(sources.find((v) => v.vendor_name === 'first_party')).toMatchObject({ display_name: 'First Party' });
    expect(sources.every((v) => v.segments > 0)).toBe(true);
    const groups = (await get(planner, vendorEndpoints.groups.path, 'acme')).body.data as { vendor_name: string; name: string }[];
    expect(groups).toEqual(expect.arrayContaining([{ vendor_name: 'first_party', name: 'Customer Value', segments: 5 }]));
    const codes = (await get(planner, vendorEndpoints.sourceCodes.path, 'acme')).body.data as { code: string }[];
    expect(codes.map((c) => c.code)).toEqual(expect.arrayContaining(['dmx', 'fp', 'sl', 'bp']));
  });
});
