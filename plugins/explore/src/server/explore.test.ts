import { owners } from '@discovery/insights-kit/server';
import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { MotivationDto, PersonaCountsDto, PersonaDto, PersonaListDto } from '../common';
import { MOTIVATION_JOB } from './motivations';
import exploreServer from './index';
import { DEMO_PERSONAS } from './seed';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const CLASSIC = 'acme/us/fizz-cola/fizz-classic';

interface Res {
  status: number;
  body: any;
}

describe('explore API (personas, counts by persona id, motivation audiences)', () => {
  let s: TestServer;
  let planner: TestSession;
  let viewer: TestSession;
  let admin: TestSession;
  let deleted: string;
  /** Segments the fake custom widgets of a persona name (what the insights plugin keeps, through the kit's owners registry). */
  const widgetSegments = new Map<number, string[]>();

  beforeAll(async () => {
    s = await createTestServer({ plugins: [exploreServer], population: { people: 20_000, seed: 42 }, config: { tier: 3 } });
    [planner, viewer, admin] = await Promise.all([s.login('planner@example.com'), s.login('viewer@example.com'), s.login('admin@example.com')]);
    const e = await s.core.counts();
    deleted = e.manifest.segments.find((x) => x.deleted)!.short_id;
    owners(s.core).register({
      async invalid(_db, o, unknown) {
        const bad = o.kind === 'personas' ? unknown(widgetSegments.get(o.id) ?? []) : [];
        return { identifiers: bad, tabs: bad.length ? ['Custom'] : [], widgets: bad.length ? ['Lifestyle'] : [] };
      },
      async removeInvalid(_tx, o, ids) {
        if (o.kind === 'personas')
          widgetSegments.set(
            o.id,
            (widgetSegments.get(o.id) ?? []).filter((x) => !ids.includes(x)),
          );
      },
      async deleteOwner(_tx, o) {
        if (o.kind === 'personas') widgetSegments.delete(o.id);
      },
    });
  }, 120_000);
  afterAll(() => s.close());

  const call = async (who: TestSession, method: string, path: string, body?: unknown, context = ACME): Promise<Res> => {
    const res = await fetch(`${s.url}/api/v1/explore${path}`, {
      method,
      headers: who.headers({ 'x-context': context, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }),
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  };
  const list = async (context = ACME) => (await call(viewer, 'GET', '/personas', undefined, context)).body as PersonaListDto;
  const create = (persona: object, context = ACME) => call(planner, 'POST', '/personas', { persona }, context);
  const allData = async (context = ACME) => (await list(context)).data.find((p) => p.is_all_data)!;
  const productId = async (slug: string) => (await s.core.query<{ id: number }>('select id from products where slug = $1', [slug]))[0].id;

  it('SRV-108 / EXP-008 the list always holds one all-data persona per product, with every field; seeded personas per product', async () => {
    const l = await list();
    expect(l.data.filter((p) => p.is_all_data)).toHaveLength(1);
    expect(l.data.map((p) => p.name)).toEqual(expect.arrayContaining(['All Data', ...DEMO_PERSONAS.map((d) => d.name)]));
    const hcp = l.data.find((p) => p.name === 'Health-conscious parents')!;
    expect(Object.keys(hcp).sort()).toEqual(
      [
        'id',
        'name',
        'identifiers',
        'segments',
        'rules',
        'is_all_data',
        'default',
        'hasDefault',
        'deletedSegmentIds',
        'deletedSegmentsChecked',
        'created_at',
        'updated_at',
      ].sort(),
    );
    expect(hcp).toMatchObject({ default: true, hasDefault: true, deletedSegmentIds: [], deletedSegmentsChecked: true });
    expect(l.default_id).toBe(hcp.id);
    expect(hcp.rules.include!.and).toHaveLength(3);
    // Every demo product has them.
    const [{ n }] = await s.core.query<{ n: number }>('select count(*)::int as n from products');
    const [{ m }] = await s.core.query<{ m: number }>("select count(distinct product_id)::int as m from explore_personas where name = 'Young urban streamers'");
    expect(m).toBe(n);
    // A product with no personas yet gets its all-data persona on the first read, once.
    await s.core.query('delete from explore_personas where product_id = $1', [await productId('fizz-classic')]);
    expect((await list(CLASSIC)).data.map((p) => [p.name, p.is_all_data, p.default])).toEqual([['All Data', true, true]]);
    expect((await list(CLASSIC)).data).toHaveLength(1);
  });

  it('seeded personas skew: young urban streamers are mostly 18-34, retired gardeners 55+', async () => {
    const l = await list();
    const e = await s.core.counts();
    const young = l.data.find((p) => p.name === 'Young urban streamers')!;
    const old = l.data.find((p) => p.name === 'Retired gardeners')!;
    const region = e.regionKey('acme', 'us');
    const [y, o] = await Promise.all([young, old].map((p) => e.profile(p.rules as never, ['dmx-0001', 'dmx-0006'], { region })));
    expect(y.rows[0].index).toBeGreaterThan(150);
    expect(y.rows[1].count).toBe(0);
    expect(o.rows[0].count).toBe(0);
    expect(o.rows[1].index).toBeGreaterThan(150);
  });

  it('EXP-017 create: name required and unique per product (trimmed, case-insensitive), identifiers the engine knows; default in the same transaction', async () => {
    expect((await create({ name: ' ', identifiers: ['dmx-0001'] })).body.error.fields['persona.name']).toBe('Name is required.');
    expect((await create({ name: 'X', identifiers: [] })).body.error.fields['persona.identifiers']).toBe('Choose at least one segment.');
    const unknown = await create({ name: 'X', identifiers: ['dmx-0001', 'nope-1'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields['persona.identifiers.1']).toBe('Unknown or no longer available segment.');
    const taken = await create({ name: '  young URBAN streamers ', identifiers: ['dmx-0001'] });
    expect(taken.status).toBe(422);
    expect(taken.body.error.fields['persona.name']).toBe('A persona with this name already exists in this product.');
    // The same name is free in another product.
    expect((await create({ name: 'Young urban streamers', identifiers: ['dmx-0001'] }, CLASSIC)).status).toBe(201);

    const ok = await create({ name: 'Women 25-34', identifiers: ['dmx-0002', 'dmx-0007', 'dmx-0002'], default: true });
    expect(ok.status).toBe(201);
    const p = ok.body.data as PersonaDto;
    expect(p.identifiers).toEqual(['dmx-0002', 'dmx-0007']);
    expect(p.segments.map((x) => x.group)).toEqual(['Age', 'Gender']);
    expect(p.rules).toEqual({ include: { and: [{ or: ['dmx-0002'] }, { or: ['dmx-0007'] }] } });
    expect(ok.body.default_id).toBe(p.id);
    expect((await list()).data.filter((x) => x.default).map((x) => x.id)).toEqual([p.id]);

    // A viewer (explore.read only) may not create.
    expect((await call(viewer, 'POST', '/personas', { persona: { name: 'V', identifiers: ['dmx-0001'] } })).status).toBe(403);
  });

  it('SRV-108 update, get in the product only (404 elsewhere); unchecking default leaves none marked', async () => {
    const p = (await create({ name: 'Edit me', identifiers: ['dmx-0003'] })).body.data as PersonaDto;
    const upd = await call(planner, 'PUT', `/personas/${p.id}`, { persona: { name: 'Edited', identifiers: ['dmx-0003', 'dmx-0004'], default: false } });
    expect(upd.status).toBe(200);
    expect(upd.body.data.rules).toEqual({ include: { and: [{ or: ['dmx-0003', 'dmx-0004'] }] } });
    expect((await call(viewer, 'GET', `/personas/${p.id}`)).body.data.name).toBe('Edited');
    expect((await call(viewer, 'GET', `/personas/${p.id}`, undefined, CLASSIC)).status).toBe(404);
    expect((await call(planner, 'PUT', `/personas/${p.id}`, { persona: { name: 'Edited', identifiers: ['dmx-0003'] } }, CLASSIC)).status).toBe(404);
  });

  it('EXP-009 / SRV-108 the all-data persona cannot be edited, copied or deleted (403)', async () => {
    const a = await allData();
    expect(a).toMatchObject({ name: 'All Data', identifiers: [], rules: {} });
    const put = await call(admin, 'PUT', `/personas/${a.id}`, { persona: { name: 'Mine', identifiers: ['dmx-0001'] } });
    expect(put.status).toBe(403);
    expect(put.body.error.message).toBe('The All Data persona cannot be edited, copied or deleted.');
    expect((await call(admin, 'POST', `/personas/${a.id}/copy`)).status).toBe(403);
    expect((await call(admin, 'DELETE', `/personas/${a.id}`)).status).toBe(403);
    expect((await allData()).name).toBe('All Data');
  });

  it("EXP-011 / EXP-023 copy: '{name} (copy)', then '(copy 2)'; refused while identifiers are invalid", async () => {
    const p = (await create({ name: 'Copy source', identifiers: ['dmx-0005'] })).body.data as PersonaDto;
    const c1 = await call(planner, 'POST', `/personas/${p.id}/copy`);
    expect(c1.status).toBe(201);
    expect(c1.body.data).toMatchObject({ name: 'Copy source (copy)', identifiers: ['dmx-0005'], default: false });
    expect((await call(planner, 'POST', `/personas/${p.id}/copy`)).body.data.name).toBe('Copy source (copy 2)');
    const id = await insertInvalid('Has gone', ['dmx-0001', deleted]);
    const refused = await call(planner, 'POST', `/personas/${id}/copy`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('A persona with segments no longer available cannot be copied.');
  });

  /** A persona as the provider's removal of a segment leaves it. */
  const insertInvalid = async (name: string, ids: string[]) => {
    const segments = ids.map((short_id) => ({ short_id, name: short_id, group: 'G' }));
    const [r] = await s.core.query<{ id: number }>('insert into explore_personas (product_id, name, segments) values ($1, $2, $3) returning id', [
      await productId('fizz-zero'),
      name,
      JSON.stringify(segments),
    ]);
    return Number(r.id);
  };

  it('EXP-020 / SRV-108 invalid identifiers: deletedSegmentIds in the list and the check; counts refuse them', async () => {
    const id = await insertInvalid('Stale persona', ['dmx-0001', deleted]);
    const p = (await list()).data.find((x) => x.id === id)!;
    expect(p.deletedSegmentIds).toEqual([deleted]);
    const check = await call(viewer, 'GET', `/personas/${id}/invalid_identifiers`);
    expect(check.body.data).toEqual({ deletedSegmentIds: [deleted], tabs: [], widgets: [] });
    expect((await call(viewer, 'POST', `/personas/${id}/counts`, { filters: [] })).status).toBe(422);
  });

  it('EXP-021 custom widgets naming unavailable segments: listed by the check, removed by remove_invalid_identifiers (explore.update)', async () => {
    const p = (await create({ name: 'Widget owner', identifiers: ['dmx-0001'] })).body.data as PersonaDto;
    widgetSegments.set(p.id, ['dmx-0002', deleted]);
    const check = await call(viewer, 'GET', `/personas/${p.id}/invalid_identifiers`);
    expect(check.body.data).toEqual({ deletedSegmentIds: [deleted], tabs: ['Custom'], widgets: ['Lifestyle'] });
    expect((await call(viewer, 'POST', `/personas/${p.id}/remove_invalid_identifiers`)).status).toBe(403);
    const fixed = await call(planner, 'POST', `/personas/${p.id}/remove_invalid_identifiers`);
    expect(fixed.status).toBe(200);
    expect(fixed.body.message).toBe('Invalid audiences removed.');
    expect(widgetSegments.get(p.id)).toEqual(['dmx-0002']);
  });

  it('EXP-023 delete: the persona, its default pointer and what other plugins keep for it, in one transaction', async () => {
    const p = (await create({ name: 'Delete me', identifiers: ['dmx-0001'], default: true })).body.data as PersonaDto;
    widgetSegments.set(p.id, ['dmx-0002']);
    expect((await call(viewer, 'DELETE', `/personas/${p.id}`)).status).toBe(403);
    const del = await call(planner, 'DELETE', `/personas/${p.id}`);
    expect(del.body.data.message).toBe('Persona deleted.');
    expect(widgetSegments.has(p.id)).toBe(false);
    const l = await list();
    expect(l.data.some((x) => x.id === p.id)).toBe(false);
    expect(l.default_id).toBe(0);
    // No default marked: the all-data persona opens first.
    expect(l.data.filter((x) => x.default).map((x) => x.is_all_data)).toEqual([true]);
  });

  it('EXP-004 counts by persona id: the persona within the filters in the region, against the engine (all-data = the filtered base)', async () => {
    const e = await s.core.counts();
    const region = e.regionKey('acme', 'us');
    const p = (await create({ name: 'Counted', identifiers: ['dmx-0002', 'dmx-0003', 'dmx-0007'] })).body.data as PersonaDto;
    const filters = [{ group: 'Household Income', short_id: 'dmx-0012' }];
    const r = (await call(viewer, 'POST', `/personas/${p.id}/counts`, { filters })).body as PersonaCountsDto;
    const expected = await e.ruleCount({ include: { and: [{ or: ['dmx-0002', 'dmx-0003'] }, { or: ['dmx-0007'] }, { or: ['dmx-0012'] }] } }, { region });
    expect(r.people).toBe(expected);
    expect(r.people).toBeGreaterThan(0);
    expect(r.base).toMatchObject({ region: 'acme/us', kind: 'matched', filtered: await e.ruleCount({ include: { and: [{ or: ['dmx-0012'] }] } }, { region }) });
    const a = await allData();
    const all = (await call(viewer, 'POST', `/personas/${a.id}/counts`, {})).body as PersonaCountsDto;
    expect(all.people).toBe(all.base.population);
    expect((await call(viewer, 'POST', `/personas/${a.id}/counts`, { filters: [{ group: 'x' }] })).status).toBe(422);
  });

  it('EXP-026..032 / SRV-095..098 motivation audiences: pending → processing → completed by the core job; people null until then', async () => {
    const p = (await list()).data.find((x) => x.name === 'Young urban streamers')!;
    const bad = await call(planner, 'POST', '/motivations', { motivation_audience: { name: '', persona_id: p.id } });
    expect(bad.body.error.fields['motivation_audience.name']).toBe('Name is required.');
    expect((await call(viewer, 'POST', '/motivations', { motivation_audience: { name: 'No', persona_id: p.id } })).status).toBe(403);
    const res = await call(planner, 'POST', '/motivations', { motivation_audience: { name: 'Streamer motivations', persona_id: p.id } });
    expect(res.status).toBe(201);
    const m = res.body.data as MotivationDto;
    expect(m.attributes).toMatchObject({ name: 'Streamer motivations', job_status: 'pending', count: { people: null }, use_cases: ['insights'] });
    const overview = async () => (await call(planner, 'GET', '/motivations/overview')).body.data as MotivationDto[];
    expect((await overview()).find((x) => x.id === m.id)!.attributes.count.people).toBeNull();
    expect(await s.core.jobs.drain({ kinds: [MOTIVATION_JOB] })).toBe(1);
    const done = (await overview()).find((x) => x.id === m.id)!;
    const e = await s.core.counts();
    expect(done.attributes.job_status).toBe('completed');
    expect(done.attributes.count.people).toBe(await e.ruleCount(p.rules as never, { region: e.regionKey('acme', 'us') }));
    // EXP-026: use_cases filter, default insights.
    expect(((await call(planner, 'GET', '/motivations')).body.data as MotivationDto[]).map((x) => x.id)).toContain(m.id);
    expect(((await call(planner, 'GET', '/motivations?use_cases[]=other')).body.data as MotivationDto[]).map((x) => x.id)).not.toContain(m.id);
    // Another product sees none of them.
    expect((await call(planner, 'GET', '/motivations/overview', undefined, CLASSIC)).body.data).toEqual([]);
  });

  it('EXP-029 a job that fails for good marks the motivation failed with the server message', async () => {
    const id = await insertInvalid('Will fail', [deleted]);
    await s.core.query('update explore_personas set segments = $2 where id = $1', [id, JSON.stringify([{ short_id: 'dmx-0001', name: 'a', group: 'Age' }])]);
    const res = await call(planner, 'POST', '/motivations', { motivation_audience: { name: 'Doomed', persona_id: id } });
    // The segment disappears between the request and the job.
    await s.core.query('update explore_motivations set rules = $2 where id = $1', [
      res.body.data.id,
      JSON.stringify({ include: { and: [{ or: [deleted] }] } }),
    ]);
    await s.core.jobs.drain({ kinds: [MOTIVATION_JOB] });
    const m = ((await call(planner, 'GET', '/motivations/overview')).body.data as MotivationDto[]).find((x) => x.id === res.body.data.id)!;
    expect(m.attributes).toMatchObject({ job_status: 'failed', count: { people: null } });
    expect(m.attributes.message).toContain(deleted);
  });

  it('EXP-033 / SRV-098 delete: 405 naming insights while a persona uses it; otherwise { data: { message } }', async () => {
    const p = (await create({ name: 'Motivated', identifiers: ['dmx-0004'] })).body.data as PersonaDto;
    const m = (await call(planner, 'POST', '/motivations', { motivation_audience: { name: 'In use', persona_id: p.id } })).body.data as MotivationDto;
    const refused = await call(admin, 'DELETE', `/motivations/${m.id}`);
    expect(refused.status).toBe(405);
    expect(refused.body.error.message).toMatch(/insights/);
    await call(planner, 'DELETE', `/personas/${p.id}`);
    const ok = await call(admin, 'DELETE', `/motivations/${m.id}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.message).toBe("Motivation audience 'In use' deleted.");
    expect((await call(admin, 'DELETE', `/motivations/${m.id}`)).status).toBe(404);
  });
});

describe('explore API outside tier 3', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ plugins: [exploreServer], population: { people: 5_000, seed: 42 } });
  }, 120_000);
  afterAll(() => s.close());

  it('SRV-097 / EXP-016 motivation audiences are requested in tier 3 only', async () => {
    const planner = await s.login('planner@example.com');
    const headers = planner.headers({ 'x-context': ACME, 'content-type': 'application/json' });
    const list = (await (await fetch(`${s.url}/api/v1/explore/personas`, { headers })).json()) as PersonaListDto;
    const res = await fetch(`${s.url}/api/v1/explore/motivations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ motivation_audience: { name: 'x', persona_id: list.data[0].id } }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Motivation audiences can be requested in tier 3 only.');
  });
});
