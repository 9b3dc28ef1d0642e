import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { AudienceDto, LookalikeDto } from '../common';
import audiencesServer from './index';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const GLOBEX = 'globex/de/globex-home/home-essentials';

describe('audiences API over a generated population', () => {
  let s: TestServer;
  let planner: TestSession;
  let viewer: TestSession;

  beforeAll(async () => {
    s = await createTestServer({ plugins: [audiencesServer], population: { people: 30_000, seed: 42 } });
    planner = await s.login('planner@example.com');
    viewer = await s.login('viewer@example.com');
  }, 120_000);
  afterAll(() => s.close());

  const call = async (who: TestSession, method: string, path: string, context: string, body?: unknown) => {
    const res = await fetch(`${s.url}/api/v1/audiences${path}`, {
      method,
      headers: who.headers({ 'x-context': context, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }),
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const rules = (include: string[][], exclude: string[][] = []) => ({
    include: { and: include.map((or) => ({ or })) },
    exclude: { and: exclude.map((or) => ({ or })) },
  });

  it('SRV-119 saves the draft shape, counts it with the engine and lists it newest first', async () => {
    const draft = { name: 'Test Overlap Audience', description: 'from a cell', rules: rules([['dmx-0002', 'dmx-0003'], ['dmx-0007']], [['fp-0014']]) };
    const created = await call(planner, 'POST', '/', ACME, { audience: { ...draft, referer: 'Overlap' } });
    expect(created.status).toBe(201);
    const a = created.body.data as AudienceDto;
    const engine = await s.core.counts();
    const r = draft.rules;
    expect(a.count.people.global).toBe(await engine.ruleCount(r));
    expect(a.count.people.region).toBe(await engine.ruleCount(r, { region: 'acme/us' }));
    expect(a.count.matched).toBe(a.count.people.region);
    expect(a.count.modeled).toBe(await engine.ruleCount(r, { region: 'acme/us', kind: 'modeled' }));
    expect(a.count.modeled!).toBeGreaterThanOrEqual(a.count.matched!);
    expect(a).toMatchObject({
      type: 'audience',
      name: draft.name,
      description: 'from a cell',
      audience_type: 'custom',
      referer: 'Overlap',
      created_by: 'Pat Planner',
      rules: r,
    });

    const list = await call(planner, 'GET', '/', ACME);
    expect(list.body.data[0].id).toBe(a.id);
    const detail = await call(planner, 'GET', `/${a.id}`, ACME);
    expect(detail.body.data).toEqual(a);
  });

  it('answers bad bodies with 422 and the rule broken, each with its machine code (issue 24 §4)', async () => {
    const bad = async (audience: unknown) => (await call(planner, 'POST', '/', ACME, { audience })).body.error;
    const empty = await bad({ name: '', rules: rules([['dmx-0002']]) });
    expect([empty.fields['audience.name'], empty.code]).toEqual(['Name is required.', 'validation_failed']);
    expect((await bad({ name: '   ', rules: rules([['dmx-0002']]) })).fields['audience.name']).toBe('Value cannot be blank');
    expect((await bad({ name: 'No segments', rules: rules([[]]) })).fields['audience.rules']).toBe('Add at least one segment to include.');
    expect((await bad({ name: 'Malformed', rules: { include: { and: [{ or: 'dmx-0002' }] } } })).status).toBe(422);
    const unknown = await call(planner, 'POST', '/', ACME, { audience: { name: 'Ghosts', rules: rules([['dmx-0002', 'ghost-1']], [['ghost-2']]) } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toBe('Unknown or no longer available segment identifiers: ghost-1, ghost-2');
    expect(unknown.body.error.code).toBe('segments_unknown');
    await call(planner, 'POST', '/', ACME, { audience: { name: 'Twice', rules: rules([['dmx-0002']]) } });
    const dup = await call(planner, 'POST', '/', ACME, { audience: { name: ' twice ', rules: rules([['dmx-0003']]) } });
    expect(dup.status).toBe(422);
    expect(dup.body.error.fields['audience.name']).toBe('This name is already in use.');
    expect(dup.body.error.code).toBe('name_taken');
    const live = await call(planner, 'POST', '/count', ACME, { rules: rules([['ghost-3']]) });
    expect(live.status).toBe(422);
    expect(live.body.invalid_identifiers).toEqual(['ghost-3']);
  });

  it("keeps audiences in their context: another client's audience is 403, an unknown id 404, no permission 403", async () => {
    const theirs = await call(planner, 'POST', '/', GLOBEX, { audience: { name: 'Globex only', rules: rules([['dmx-0008']]) } });
    expect(theirs.status).toBe(201);
    const id = theirs.body.data.id;
    for (const [method, body] of [['GET'], ['PUT', { audience: { name: 'Taken over', rules: rules([['dmx-0008']]) } }], ['DELETE']] as const) {
      const r = await call(planner, method, `/${id}`, ACME, body);
      expect(r.status).toBe(403);
      expect(r.body.error.message).toBe(`Audience ${id} belongs to another hierarchy context.`);
      expect(r.body.error.code).toBe('forbidden');
    }
    const missing = await call(planner, 'GET', '/999999', ACME);
    expect([missing.status, missing.body.error.code]).toEqual([404, 'not_found']);
    // the viewer reads acme, may not write, and has no access to globex at all
    expect((await call(viewer, 'GET', '/', ACME)).status).toBe(200);
    expect((await call(viewer, 'POST', '/', ACME, { audience: { name: 'Nope', rules: rules([['dmx-0002']]) } })).status).toBe(403);
    expect((await call(viewer, 'GET', `/${id}`, GLOBEX)).status).toBe(403);
    expect((await call(planner, 'GET', `/${id}`, GLOBEX)).body.data.name).toBe('Globex only');
  });

  it('updates rules and recounts, deletes with a message', async () => {
    const a = (await call(planner, 'POST', '/', ACME, { audience: { name: 'Edit me', rules: rules([['dmx-0002']]) } })).body.data as AudienceDto;
    const engine = await s.core.counts();
    const next = rules([['dmx-0002'], ['dmx-0007']]);
    const u = await call(planner, 'PUT', `/${a.id}`, ACME, { audience: { name: 'Edited', rules: next } });
    expect(u.status).toBe(200);
    expect(u.body.data.name).toBe('Edited');
    expect(u.body.data.count.people.global).toBe(await engine.ruleCount(next));
    const d = await call(planner, 'DELETE', `/${a.id}`, ACME);
    expect(d.body.data.message).toBe("Audience 'Edited' deleted.");
    expect((await call(planner, 'GET', `/${a.id}`, ACME)).status).toBe(404);
  });

  it('recounts stale rows on read (seeded ones and ones counted from another population)', async () => {
    const seeded = (await call(planner, 'GET', '/', ACME)).body.data as AudienceDto[];
    const women = seeded.find((x) => x.name === 'Health-conscious young women')!;
    const engine = await s.core.counts();
    expect(women.count.people.global).toBe(await engine.ruleCount(women.rules));
    await s.core.query("update audiences set people_global = 1, counted_population = 'another' where id = $1", [women.id]);
    expect((await call(planner, 'GET', `/${women.id}`, ACME)).body.data.count.people.global).toBe(await engine.ruleCount(women.rules));
  });

  it('profiles an audience against the population: share and index of each demographic segment', async () => {
    const women = ((await call(planner, 'GET', '/', ACME)).body.data as AudienceDto[]).find((x) => x.name === 'Health-conscious young women')!;
    const p = (await call(planner, 'GET', `/${women.id}/profile`, ACME)).body.data;
    const female = p.rows.find((r: { identifier: string }) => r.identifier === 'dmx-0007');
    expect(female).toMatchObject({ name: 'Female', category: 'Gender', share: 1 });
    const engine = await s.core.counts();
    const base = (await engine.counts(['dmx-0007'], { region: 'acme/us' }))['dmx-0007'] / p.population;
    expect(female.index).toBeCloseTo(100 / base, 6);
    expect(p.rows.find((r: { identifier: string }) => r.identifier === 'dmx-0008').count).toBe(0);
  });

  it('SRV-039 home_entities lists audiences and lookalikes of the context, newest first, with the row shape', async () => {
    const r = await call(planner, 'GET', '/home_entities?limit=3', ACME);
    expect(r.status).toBe(200);
    expect(r.body.audiences).toHaveLength(3);
    const row = r.body.audiences[0];
    expect(Object.keys(row).sort()).toEqual(['audience_type', 'count', 'created_at', 'id', 'name', 'source_identifier', 'type']);
    const times = r.body.audiences.map((x: { created_at: string }) => Date.parse(x.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(r.body.lookalikes.map((x: { name: string }) => x.name)).toEqual(['Health-conscious young women Lookalike', 'Affluent radio listeners Lookalike']);
    expect(r.body.lookalikes[0].count.people.global).toBeGreaterThan(0);
    expect((await call(planner, 'GET', '/home_entities?limit=11', ACME)).status).toBe(422);
    const all = await call(planner, 'GET', '/home_entities', ACME);
    expect(all.body.audiences.some((x: { audience_type: string }) => x.audience_type === 'pve')).toBe(true);
    expect(all.body.audiences.some((x: { source_identifier: string | null }) => x.source_identifier === 'globex-shared-17')).toBe(true);
  });

  it('SRV-093 / EXP-034 / EXP-037 lookalikes in two API versions by the URL version number (v1 with the lookalike fields and the DESIGN additions): create from a seed, list, overview, update, delete with a message', async () => {
    const seed = (await call(planner, 'POST', '/', ACME, { audience: { name: 'Seed for lookalikes', rules: rules([['dmx-0002']]) } })).body.data as AudienceDto;
    const engine = await s.core.counts();
    const v2 = await call(planner, 'POST', '/v2/lookalikes', ACME, { lookalike: { name: 'Expanded 25-34', seed_audience_id: seed.id } });
    expect(v2.status).toBe(201);
    const l = v2.body.data as LookalikeDto;
    expect(l).toMatchObject({ type: 'lookalike', identifier: `lal-${l.id}`, seed_identifier: `aud-${seed.id}`, seed_name: 'Seed for lookalikes' });
    // a modeled expansion of its seed
    expect(l.count.people.global).toBe(await engine.ruleCount(seed.rules, { kind: 'modeled' }));
    expect(l.count.people.global!).toBeGreaterThan(seed.count.people.global!);
    const v1 = await call(planner, 'GET', `/lookalikes/${l.id}`, ACME);
    // EXP-037: 002 §9's fields and the DESIGN's name, description, status, count and created_at.
    expect(Object.keys(v1.body.data).sort()).toEqual(['count', 'created_at', 'description', 'id', 'identifier', 'name', 'seed_identifier', 'status']);
    expect(v1.body.data).toMatchObject({ identifier: `lal-${l.id}`, seed_identifier: `aud-${seed.id}`, description: null, status: 'counted' });
    expect(v1.body.data.count.people.global).toBe(l.count.people.global);
    expect(l).toMatchObject({ description: null, status: 'counted' });
    expect((await call(planner, 'GET', '/lookalikes', ACME)).body.data[0].id).toBe(l.id);
    const overview = await call(planner, 'GET', '/v2/lookalikes/overview', ACME);
    expect(overview.body.data[0]).toMatchObject({ id: l.id, attributes: { name: 'Expanded 25-34', seed_name: 'Seed for lookalikes' } });
    expect((await call(planner, 'PUT', `/lookalikes/${l.id}`, ACME, { lookalike: { name: 'Renamed' } })).body.data.name).toBe('Renamed');
    expect((await call(planner, 'POST', '/v2/lookalikes', ACME, { lookalike: { name: 'No seed' } })).status).toBe(422);
    const del = await call(planner, 'DELETE', `/v2/lookalikes/${l.id}`, ACME);
    expect(del.body).toEqual({ data: { message: "Lookalike 'Renamed' deleted." } });
    expect((await call(planner, 'GET', `/v2/lookalikes/${l.id}`, ACME)).status).toBe(404);
  });

  it('SRV-094 a lookalike used in insights is not deleted: 405 naming insights', async () => {
    const used = ((await call(planner, 'GET', '/v2/lookalikes', ACME)).body.data as LookalikeDto[]).find(
      (x) => x.name === 'Affluent radio listeners Lookalike',
    )!;
    const r = await call(planner, 'DELETE', `/v2/lookalikes/${used.id}`, ACME);
    expect(r.status).toBe(405);
    expect(r.body.error.message).toContain('insights');
  });

  it('SRV-040 recent activations of the context company, with the display states and the open-ended 1970 end date', async () => {
    const r = await call(planner, 'GET', `/ams/activations/recent?companyId=1101&hierarchy=${encodeURIComponent(ACME)}`, ACME);
    expect(r.status).toBe(200);
    expect(r.body.map((a: { displayState: string }) => a.displayState).sort()).toEqual([
      'Canceled',
      'Complete',
      'Draft',
      'Error',
      'Finalizing',
      'In Progress',
      'On Hold',
    ]);
    expect(r.body.filter((a: { endDate: number }) => a.endDate === 0)).toHaveLength(3);
    expect(Object.keys(r.body[0]).sort()).toEqual(['activationId', 'audienceId', 'audienceName', 'displayState', 'endDate', 'lastRefresh', 'sentDate']);
    const sent = r.body.map((a: { sentDate: number }) => a.sentDate);
    expect([...sent].sort((a: number, b: number) => b - a)).toEqual(sent);
    // another company, or another context than X-Context, is refused
    expect((await call(planner, 'GET', '/ams/activations/recent?companyId=2001', ACME)).status).toBe(403);
    expect((await call(planner, 'GET', `/ams/activations/recent?companyId=1101&hierarchy=${encodeURIComponent(GLOBEX)}`, ACME)).status).toBe(403);
    expect((await call(planner, 'GET', '/ams/activations/recent', ACME)).status).toBe(422);
  });
});
