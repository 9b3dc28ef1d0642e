import { createTestServer, type TestServer } from '@discovery/test-utils/server';

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

describe('segment and count APIs over a generated population', () => {
  let s: TestServer;
  let headers: (extra?: Record<string, string>) => Record<string, string>;
  let ids: string[];
  beforeAll(async () => {
    s = await createTestServer({ population: { people: 30_000, seed: 9 } });
    const a = await s.login('admin@example.com');
    headers = (extra = {}) => a.headers({ 'content-type': 'application/json', 'x-context': CONTEXT, ...extra });
    const engine = await s.core.counts();
    ids = engine.manifest.segments.filter((x) => !x.deleted && !x.expired).map((x) => x.short_id);
  });
  afterAll(() => s.close());

  const post = async (path: string, body: unknown, extra?: Record<string, string>) => {
    const res = await fetch(`${s.url}${path}`, { method: 'POST', headers: headers(extra), body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('SRV-061 SRV-024 returns segments by identifier with counts, path and data permissions; unknown ones unavailable', async () => {
    const engine = await s.core.counts();
    const deleted = engine.manifest.segments.find((x) => x.deleted)!.short_id;
    const r = await post('/api/v1/segments/by_identifiers', { identifiers: [ids[0], 'nope-1', deleted] });
    expect(r.status).toBe(200);
    const [first, unknown, gone] = r.body.data;
    expect(first).toMatchObject({
      identifier: ids[0],
      name: '18-24',
      path: 'Demographix > Demographics > Age',
      available: true,
      data_permissions: ['create_audience_single'],
    });
    expect(first.count.matched).toBe(engine.manifest.segments[0].matched);
    expect(first.count.people.global).toBe(first.count.matched);
    // the region of X-Context has its own slice of the population
    expect(first.count.people.us).toBe((await engine.counts([ids[0]], { region: 'acme/us' }))[ids[0]]);
    expect(first.count.people.us).toBeLessThan(first.count.people.global);
    expect(unknown).toMatchObject({ identifier: 'nope-1', available: false });
    expect(gone.available).toBe(false);
  });

  it('SRV-103 answers the counts call per market, with zeros when there are no ids', async () => {
    const empty = await post('/api/v1/segments/counts', { matched_short_ids: {}, modeled_short_ids: {}, feature: 'measure-v3' });
    expect(empty.body).toEqual({ segment_counts: {}, market_counts: { matched: {}, modeled: {} }, total_matched_count: 0, total_modeled_count: 0 });
    const r = await post('/api/v1/segments/counts', { matched_short_ids: { 10: [ids[30], ids[31]], 11: [] }, modeled_short_ids: { 10: [ids[30]] } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.market_counts.matched).sort()).toEqual(['10', '11']);
    expect(r.body.market_counts.matched['11']).toBe(0);
    expect(r.body.total_matched_count).toBe(r.body.market_counts.matched['10']);
    expect(r.body.market_counts.modeled['10']).toBeGreaterThanOrEqual(r.body.segment_counts[ids[30]]);
  });

  it('OUT-051 GROW-016 answers a modeled id with the weights suffix with its Sum of Weights', async () => {
    const engine = await s.core.counts();
    const id = ids[30];
    const r = await post('/api/v1/segments/counts', { matched_short_ids: { 1: [id] }, modeled_short_ids: { 1: [`${id}_weights`] } });
    expect(r.status).toBe(200);
    const matched = (await engine.counts([id], { region: 'acme/us' }))[id];
    const modeled = (await engine.counts([id], { region: 'acme/us', kind: 'modeled' }))[id];
    // matched members weigh 1, modeled-only members 0.5
    expect(r.body.segment_counts[`${id}_weights`]).toBe(matched + 0.5 * (modeled - matched));
    expect(r.body.market_counts.modeled['1']).toBe(matched + 0.5 * (modeled - matched));
    expect(r.body.total_modeled_count).toBe(matched + 0.5 * (modeled - matched));
    expect(r.body.segment_counts[id]).toBe(matched);
  });

  it('SRV-105 answers an overlap with count, percent and index per cell', async () => {
    const x = ids.slice(30, 33);
    const y = ids.slice(40, 44);
    const r = await post('/api/v1/counts/overlap', { x_axis_ids: x, y_axis_ids: y, is_index: true, is_modeled: false });
    expect(r.status).toBe(200);
    expect(r.body.cells).toHaveLength(12);
    const cell = r.body.cells[0];
    const xCount = r.body.segment_counts[cell.x];
    const yCount = r.body.segment_counts[cell.y];
    expect(cell.percent_value).toBeCloseTo((cell.count / xCount) * 100, 9);
    expect(cell.index_value).toBeCloseTo((cell.count / xCount / (yCount / r.body.population)) * 100, 9);
  });

  it('refuses 13 segments on an axis and unknown identifiers with a 422 naming them', async () => {
    const many = await post('/api/v1/counts/overlap', { x_axis_ids: ids.slice(0, 13), y_axis_ids: ids.slice(0, 1) });
    expect(many.status).toBe(422);
    expect(many.body.error.fields.x_axis_ids).toBe('At most 12 segments per axis');
    const unknown = await post('/api/v1/counts/overlap', { x_axis_ids: [ids[0], 'ghost-1'], y_axis_ids: ['ghost-2'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toContain('ghost-1, ghost-2');
    expect(unknown.body.invalid_identifiers).toEqual(['ghost-1', 'ghost-2']);
  });

  it('SRV-119 counts a rule audience; malformed rules are a 422', async () => {
    const rules = { include: { and: [{ or: [ids[30], ids[31]] }, { or: [ids[0], ids[1], ids[2]] }] }, exclude: { and: [{ or: [ids[32]] }] } };
    const r = await post('/api/v1/counts/rule', { rules });
    expect(r.status).toBe(200);
    const engine = await s.core.counts();
    expect(r.body.data.people).toBe(await engine.ruleCount(rules, { region: 'acme/us' }));
    expect(r.body.data.region).toBe('acme/us');
    const bad = await post('/api/v1/counts/rule', { rules: { include: { and: [{ any: ['x'] }] } } });
    expect(bad.status).toBe(422);
    const huge = await post('/api/v1/segments/by_identifiers', { identifiers: Array.from({ length: 1001 }, (_, i) => `id-${i}`) });
    expect(huge.status).toBe(422);
  });

  it('lists vendors, the picker tree, search hits and invalid identifiers', async () => {
    const vendors = await fetch(`${s.url}/api/v1/segments/vendors`, { headers: headers() }).then((r) => r.json() as Promise<any>);
    expect(vendors.data.length).toBeGreaterThanOrEqual(4);
    const tree = await fetch(`${s.url}/api/v1/segments/products/fizz-zero/segment_hierarchy?is_addressable=true`, { headers: headers() }).then(
      (r) => r.json() as Promise<any>,
    );
    const demo = tree.data.find((v: any) => v.vendor_name === 'demographix');
    expect(demo.hierarchies.map((h: any) => h.name)).toContain('Demographics > Age');
    const search = await fetch(`${s.url}/api/v1/segments/search?q=age%2018`, { headers: headers() }).then((r) => r.json() as Promise<any>);
    expect(search.data.map((d: any) => d.name)).toEqual(['18-24']);
    const invalid = await post('/api/v1/segments/invalid_identifiers', { identifiers: [ids[0], 'gone-9'] });
    expect(invalid.body.data).toEqual(['gone-9']);
    const avail = await post('/api/v1/segments/vendor_availability', {
      parent_id: 1,
      vendors: [
        { vendor_name: 'demographix', vendor_type: 'third_party' },
        { vendor_name: 'nobody', vendor_type: 'x' },
      ],
    });
    expect(avail.body.data.map((v: any) => v.vendor_name)).toEqual(['demographix']);
  });

  it('EXP-056 the picker tree filtered by is_addressable leaves out expired (not addressable) segments; unfiltered it lists them', async () => {
    const engine = await s.core.counts();
    const expired = engine.manifest.segments.filter((x) => x.expired && !x.deleted).map((x) => x.short_id);
    expect(expired.length).toBeGreaterThan(0);
    const listed = async (addressable: 'true' | 'false') => {
      const tree = await fetch(`${s.url}/api/v1/segments/products/fizz-zero/segment_hierarchy?is_addressable=${addressable}`, { headers: headers() }).then(
        (r) => r.json() as Promise<any>,
      );
      return new Set<string>(tree.data.flatMap((v: any) => v.hierarchies.flatMap((h: any) => h.segments.map((x: any) => x.identifier))));
    };
    const addressable = await listed('true');
    const all = await listed('false');
    expect(expired.filter((id) => addressable.has(id))).toEqual([]);
    expect(expired.every((id) => all.has(id))).toBe(true);
    expect(ids.every((id) => addressable.has(id))).toBe(true);
  });

  it("issue 14 §9: the picker tree and search carry the X-Context region's matched and modeled counts and name the region, as the builder counts", async () => {
    const engine = await s.core.counts();
    const id = ids[0];
    const [matched, modeled] = await Promise.all([engine.counts([id], { region: 'acme/us' }), engine.counts([id], { region: 'acme/us', kind: 'modeled' })]);
    const tree = await fetch(`${s.url}/api/v1/segments/products/fizz-zero/segment_hierarchy?is_addressable=true`, { headers: headers() }).then(
      (r) => r.json() as Promise<any>,
    );
    expect(tree.region).toBe('acme/us');
    const seg = tree.data.flatMap((v: any) => v.hierarchies.flatMap((h: any) => h.segments)).find((x: any) => x.identifier === id);
    expect(seg.regional).toEqual({ matched: matched[id], modeled: modeled[id] });
    expect(seg.regional.matched).toBeLessThan(seg.matched);
    // The builder's count of the same one-segment audience in the region is the same figure.
    const rule = await post('/api/v1/counts/rule', { rules: { include: { and: [{ or: [id] }] } } });
    expect(rule.body.data).toMatchObject({ people: seg.regional.matched, region: 'acme/us' });
    const search = await fetch(`${s.url}/api/v1/segments/search?q=age%2018`, { headers: headers() }).then((r) => r.json() as Promise<any>);
    expect(search.region).toBe('acme/us');
    expect(search.data[0].count.regional).toEqual({ matched: matched[id], modeled: modeled[id] });
    // A context without a region: the whole population's figures, and no region named.
    const clientOnly = await fetch(`${s.url}/api/v1/segments/products/fizz-zero/segment_hierarchy`, { headers: headers({ 'x-context': 'acme' }) }).then(
      (r) => r.json() as Promise<any>,
    );
    expect(clientOnly.region).toBeNull();
    expect(clientOnly.data[0].hierarchies[0].segments[0].regional).toBeUndefined();
  });

  it('needs a hierarchy context the user may see', async () => {
    const v = await s.login('viewer@example.com');
    const res = await fetch(`${s.url}/api/v1/counts/rule`, {
      method: 'POST',
      headers: v.headers({ 'content-type': 'application/json', 'x-context': 'globex/de' }),
      body: JSON.stringify({ rules: {} }),
    });
    expect(res.status).toBe(403);
    const none = await fetch(`${s.url}/api/v1/segments/vendors`, { headers: v.headers() });
    expect(none.status).toBe(400);
  });
});
