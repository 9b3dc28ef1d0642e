import { filterFixture } from '@discovery/insights-kit/testing';
import { owners } from '@discovery/insights-kit/server';
import type { CountsEngine } from '@discovery/counts';
import { DISCUSSION_MESSAGES } from '@discovery/plugin-discussions/common';
import { createTestServer, serverPluginsWithDependencies, type TestServer, type TestSession } from '@discovery/test-utils/server';
import { JOURNEY_MESSAGES as M, type JourneyCountsDto, type JourneyDto, type JourneyInput, type JourneySummaryDto } from '../common';
import journeyServer from './index';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const ACME_CLASSIC = 'acme/us/fizz-cola/fizz-classic';
const BASE = '/api/v1/insights-journey';

/** A new journey as the builder sends it: temporary (negative) ids, cells pointing at them. */
const draft = (over: Partial<JourneyInput> = {}): JourneyInput => ({
  name: 'Funnel',
  default: false,
  has_transition_data: true,
  brands: [
    { new_id: -1, name: 'Fizz', order: 5 },
    { new_id: -2, name: 'Pop', order: 9 },
  ],
  stages: [
    { new_id: -1, name: 'Awareness', priority: 3, icon: 'eye' },
    { new_id: -2, name: 'Consideration', priority: 7, icon: 'heart' },
    { new_id: -3, name: 'Purchase', priority: 8, icon: 'shopping-cart' },
  ],
  sub_markets: [
    { new_journey_brand_id: -1, new_journey_stage_id: -1, matched_id: 'fp-0001', modeled_id: 'fp-0001', population: 1000 },
    { new_journey_brand_id: -1, new_journey_stage_id: -2, matched_id: 'fp-0004', modeled_id: 'fp-0004', population: 400 },
    { new_journey_brand_id: -2, new_journey_stage_id: -3, matched_id: 'fp-0009', population: 10 },
  ],
  ...over,
});

describe('insights-journey API over a generated population', () => {
  let s: TestServer;
  let planner: TestSession;
  let viewer: TestSession;
  let engine: CountsEngine;
  let deleted: string;

  beforeAll(async () => {
    s = await createTestServer({ plugins: [...(await serverPluginsWithDependencies('discussions')), journeyServer], population: { people: 30_000, seed: 42 } });
    [planner, viewer] = await Promise.all([s.login('planner@example.com'), s.login('viewer@example.com')]);
    engine = await s.core.counts();
    deleted = engine.manifest.segments.find((x) => x.deleted)!.short_id;
  }, 120_000);
  afterAll(() => s.close());

  const call = async (who: TestSession, method: string, path: string, body?: unknown, context = ACME) => {
    const res = await fetch(`${s.url}${BASE}${path}`, {
      method,
      headers: who.headers({ 'x-context': context, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }),
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const create = (over: Partial<JourneyInput> = {}, context = ACME) => call(planner, 'POST', '/journeys', { journey: draft(over) }, context);
  const fetchJourney = async (id: number, context = ACME) => (await call(planner, 'GET', `/journeys/${id}`, undefined, context)).body.data as JourneyDto;
  const rows = async (table: string, journeyId: number) =>
    (await s.core.query<{ n: number }>(`select count(*)::int as n from ${table} where journey_id = $1`, [journeyId]))[0].n;

  it('SRV-084 demo seed: one journey per demo product (listed and fetched), 3 brands × 5 stages, default, counts shrinking along the funnel', async () => {
    const [{ n }] = await s.core.query<{ n: number }>('select count(*)::int as n from products');
    const [{ m }] = await s.core.query<{ m: number }>('select count(distinct product_id)::int as m from insights_journey_journeys');
    expect(m).toBe(n);
    const list = (await call(viewer, 'GET', '/journeys')).body.data as JourneySummaryDto[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ default: true, invalid: false });
    const j = await fetchJourney(list[0].id);
    expect(j.brands).toHaveLength(3);
    expect(j.stages.map((x) => x.name)).toEqual(['Awareness', 'Consideration', 'Preference', 'Purchase', 'Loyalty']);
    expect(j.sub_markets).toHaveLength(15);
    const counts = (await call(viewer, 'POST', `/journeys/${j.id}/counts`, {})).body.data as JourneyCountsDto;
    for (const b of j.brands) {
      const matched = j.stages.map((st) => counts.cells.find((c) => c.journey_brand_id === b.id && c.journey_stage_id === st.id)!.matched);
      expect(matched.every((x) => x > 0)).toBe(true);
      expect([...matched].sort((a, b2) => b2 - a)).toEqual(matched);
    }
  });

  it('SRV-085 / JRN-041 / JRN-044: create maps temporary ids to real ids, reindexes order and priority, fills the missing cells', async () => {
    const res = await create();
    expect(res.status).toBe(201);
    const id = res.body.journey.id as number;
    const j = await fetchJourney(id);
    expect(j).toMatchObject({ name: 'Funnel', default: false, has_transition_data: true, invalid_identifiers: [] });
    expect(j.brands.map((b) => [b.name, b.order])).toEqual([
      ['Fizz', 0],
      ['Pop', 1],
    ]);
    expect(j.stages.map((x) => [x.name, x.priority, x.icon])).toEqual([
      ['Awareness', 0, 'eye'],
      ['Consideration', 1, 'heart'],
      ['Purchase', 2, 'shopping-cart'],
    ]);
    expect(j.sub_markets).toHaveLength(6);
    const cell = (brand: string, stage: string) =>
      j.sub_markets.find(
        (c) => c.journey_brand_id === j.brands.find((b) => b.name === brand)!.id && c.journey_stage_id === j.stages.find((x) => x.name === stage)!.id,
      )!;
    expect(cell('Fizz', 'Awareness')).toMatchObject({ matched_id: 'fp-0001', modeled_id: 'fp-0001', population: 1000 });
    expect(cell('Pop', 'Purchase')).toMatchObject({ matched_id: 'fp-0009', modeled_id: null, population: 10 });
    expect(cell('Pop', 'Awareness')).toMatchObject({ matched_id: null, modeled_id: null, population: 0, discussion_cluster_node_id: null });
    // Another product does not see it.
    expect((await call(planner, 'GET', `/journeys/${id}`, undefined, ACME_CLASSIC)).status).toBe(404);
    await call(planner, 'DELETE', `/journeys/${id}`);
  });

  it('SRV-085 update: swaps names, moves, deletes a stage with its cells and adds a brand, keeping the kept cells', async () => {
    const id = (await create({ name: 'Editable' })).body.journey.id as number;
    const j = await fetchJourney(id);
    const [fizz, pop] = j.brands;
    const [aw, , pu] = j.stages;
    const keptCell = j.sub_markets.find((c) => c.journey_brand_id === fizz.id && c.journey_stage_id === aw.id)!;
    const res = await call(planner, 'PUT', `/journeys/${id}`, {
      journey: {
        name: 'Edited',
        default: false,
        has_transition_data: false,
        brands: [
          { id: pop.id, name: 'Fizz', order: 0 },
          { id: fizz.id, name: 'Pop', order: 1 },
          { new_id: -1, name: 'New Brand 1', order: 2 },
        ],
        stages: [
          { id: pu.id, name: 'Purchase', priority: 0, icon: 'key' },
          { id: aw.id, name: 'Awareness', priority: 1, icon: 'eye' },
        ],
        sub_markets: [
          { journey_brand_id: fizz.id, journey_stage_id: aw.id, matched_id: 'fp-0002', population: 5 },
          { new_journey_brand_id: -1, journey_stage_id: pu.id, matched_id: 'fp-0003' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.journey.id).toBe(id);
    const after = await fetchJourney(id);
    expect(after).toMatchObject({ name: 'Edited', has_transition_data: false });
    expect(after.brands.map((b) => [b.id, b.name, b.order])).toEqual([
      [pop.id, 'Fizz', 0],
      [fizz.id, 'Pop', 1],
      [expect.any(Number), 'New Brand 1', 2],
    ]);
    expect(after.stages.map((x) => [x.id, x.priority, x.icon])).toEqual([
      [pu.id, 0, 'key'],
      [aw.id, 1, 'eye'],
    ]);
    expect(after.sub_markets).toHaveLength(6);
    expect(after.sub_markets.find((c) => c.id === keptCell.id)).toMatchObject({ matched_id: 'fp-0002', population: 5 });
    const added = after.brands[2].id;
    expect(after.sub_markets.find((c) => c.journey_brand_id === added && c.journey_stage_id === pu.id)!.matched_id).toBe('fp-0003');
    expect(await rows('insights_journey_stages', id)).toBe(2);
    await call(planner, 'DELETE', `/journeys/${id}`);
  });

  it('JRN-045: name required and unique per product (trimmed, case-insensitive, itself excluded), with the spec messages', async () => {
    const empty = await create({ name: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.error.message).toBe('Name is required.');
    expect(empty.body.error.fields['journey.name']).toBe('Name is required.');
    const id = (await create({ name: 'Unique Journey' })).body.journey.id;
    const dup = await create({ name: ' unique JOURNEY ' });
    expect(dup.status).toBe(422);
    expect(dup.body.error.message).toBe('This name is already in use.');
    expect(dup.body.error.fields['journey.name']).toBe('This name is already in use.');
    expect((await call(planner, 'PUT', `/journeys/${id}`, { journey: draft({ name: 'unique journey' }) })).status).toBe(200);
    expect((await create({ name: 'Unique Journey' }, ACME_CLASSIC)).status).toBe(201);
  });

  it('JRN-046 / JRN-047 / JRN-048: brand and stage rules with the spec messages', async () => {
    const stage = await create({
      name: 'S',
      stages: [
        { new_id: -1, name: 'A' },
        { new_id: -2, name: ' a ' },
      ],
      sub_markets: [],
    });
    expect(stage.status).toBe(422);
    expect(stage.body.error.fields['journey.stages.1.name']).toBe('All stages require a unique name before saving.');
    const noStage = await create({ name: 'S', stages: [{ new_id: -1, name: '' }], sub_markets: [] });
    expect(noStage.body.error.fields['journey.stages.0.name']).toBe('All stages require a name before saving');
    const brand = await create({
      name: 'B',
      brands: [
        { new_id: -1, name: 'X' },
        { new_id: -2, name: 'x' },
      ],
      sub_markets: [],
    });
    expect(brand.body.error.fields['journey.brands.1.name']).toBe('All brands require a unique name before saving.');
    const noBrand = await create({ name: 'B', brands: [{ new_id: -1, name: ' ' }], sub_markets: [] });
    expect(noBrand.body.error.message).toBe('All brands require a name before saving.');
    const five = await create({ name: 'Five', brands: [1, 2, 3, 4, 5].map((n) => ({ new_id: -n, name: `B${n}` })), sub_markets: [] });
    expect(five.status).toBe(422);
    expect(five.body.error.message).toBe(M.brandsCount);
    const eleven = await create({ name: 'Eleven', stages: Array.from({ length: 11 }, (_, n) => ({ new_id: -n - 1, name: `S${n}` })), sub_markets: [] });
    expect(eleven.body.error.message).toBe(M.stagesCount);
    const none = await create({ name: 'None', stages: [], sub_markets: [] });
    expect(none.body.error.message).toBe(M.stagesCount);
    const pop = await create({ name: 'Pop', sub_markets: [{ new_journey_brand_id: -1, new_journey_stage_id: -1, population: -1 }] });
    expect(pop.body.error.fields['journey.sub_markets.0.population']).toBe(M.population);
  });

  it('refuses unknown segments and discussion nodes, naming the field', async () => {
    const seg = await create({ name: 'Seg', sub_markets: [{ new_journey_brand_id: -1, new_journey_stage_id: -1, modeled_id: deleted }] });
    expect(seg.status).toBe(422);
    expect(seg.body.error.fields['journey.sub_markets.0.modeled_id']).toContain(deleted);
    const node = await create({ name: 'Node', sub_markets: [{ new_journey_brand_id: -1, new_journey_stage_id: -1, discussion_cluster_node_id: 999_999 }] });
    expect(node.status).toBe(422);
    expect(node.body.error.fields['journey.sub_markets.0.discussion_cluster_node_id']).toBe(DISCUSSION_MESSAGES.unknownNode);
    const [{ n }] = await s.core.query<{ n: number }>("select count(*)::int as n from insights_journey_journeys where name in ('Seg', 'Node')");
    expect(n).toBe(0);
  });

  it("JRN-054 / SRV-091: a cell's discussion node must be one of the product's client, and a referenced node cannot be deleted", async () => {
    const node = async (client: string) =>
      Number(
        (
          await s.core.query<{ id: number }>(
            "insert into discussions_cluster_nodes (client_id, name) select id, 'Node ' || slug from clients where slug = $1 returning id",
            [client],
          )
        )[0].id,
      );
    const [mine, theirs] = [await node('acme'), await node('globex')];
    const cell = (id: number) => [{ new_journey_brand_id: -1, new_journey_stage_id: -1, discussion_cluster_node_id: id }];
    const ok = await create({ name: 'With discussion', sub_markets: cell(mine) });
    expect(ok.status).toBe(201);
    expect((await fetchJourney(ok.body.journey.id)).sub_markets.find((c) => c.discussion_cluster_node_id === mine)).toBeDefined();
    const other = await create({ name: 'Other client discussion', sub_markets: cell(theirs) });
    expect(other.status).toBe(422);
    expect(other.body.error.fields['journey.sub_markets.0.discussion_cluster_node_id']).toBe(DISCUSSION_MESSAGES.unknownNode);
    // The foreign key keeps the referenced node (the discussions plugin answers 409 before it gets there).
    await expect(s.core.query('delete from discussions_cluster_nodes where id = $1', [mine])).rejects.toMatchObject({ code: '23503' });
    await call(planner, 'DELETE', `/journeys/${ok.body.journey.id}`);
    await s.core.query('delete from discussions_cluster_nodes where id = $1', [mine]);
  });

  it('a failing save leaves no rows: create and update roll back whole', async () => {
    const [{ before }] = await s.core.query<{ before: number }>('select count(*)::int as before from insights_journey_brands');
    // Brand 2147483000 is not part of the new journey: refused after the journey row was written.
    const bad = await call(planner, 'POST', '/journeys', {
      journey: draft({ name: 'Rolled back', brands: [{ id: 2_147_483_000, name: 'Ghost' }], sub_markets: [] }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields['journey.brands.0.id']).toBeDefined();
    expect(await s.core.query("select 1 from insights_journey_journeys where name = 'Rolled back'")).toEqual([]);
    const [{ after }] = await s.core.query<{ after: number }>('select count(*)::int as after from insights_journey_brands');
    expect(after).toBe(before);

    const id = (await create({ name: 'Stays' })).body.journey.id as number;
    const j = await fetchJourney(id);
    const other = (await create({ name: 'Other one' })).body.journey.id as number;
    const foreign = (await fetchJourney(other)).stages[0].id;
    const upd = await call(planner, 'PUT', `/journeys/${id}`, {
      journey: {
        name: 'Renamed',
        brands: [{ new_id: -1, name: 'Brand new' }],
        stages: [{ id: foreign, name: 'Stolen' }],
        sub_markets: [],
      },
    });
    expect(upd.status).toBe(422);
    expect(await fetchJourney(id)).toEqual(j);
    await call(planner, 'DELETE', `/journeys/${id}`);
    await call(planner, 'DELETE', `/journeys/${other}`);
  });

  it('JRN-002 / JRN-003: the viewer reads but cannot create, edit, copy, set the default, clean or delete', async () => {
    const id = (await create({ name: 'Guarded' })).body.journey.id as number;
    expect((await call(viewer, 'GET', '/journeys')).status).toBe(200);
    expect((await call(viewer, 'GET', `/journeys/${id}`)).status).toBe(200);
    expect((await call(viewer, 'POST', `/journeys/${id}/counts`, {})).status).toBe(200);
    expect((await call(viewer, 'POST', '/journeys', { journey: draft({ name: 'Viewer' }) })).status).toBe(403);
    expect((await call(viewer, 'PUT', `/journeys/${id}`, { journey: draft({ name: 'Viewer' }) })).status).toBe(403);
    expect((await call(viewer, 'POST', `/journeys/${id}/duplicate`)).status).toBe(403);
    expect((await call(viewer, 'PUT', '/default_journey', { journey_id: id })).status).toBe(403);
    expect((await call(viewer, 'POST', `/journeys/${id}/remove_invalid_identifiers`)).status).toBe(403);
    expect((await call(viewer, 'DELETE', `/journeys/${id}`)).status).toBe(403);
    await call(planner, 'DELETE', `/journeys/${id}`);
  });

  it("SRV-086 / SRV-087 / JRN-027 / JRN-028: duplicate copies everything as '{name} (copy)'; a second copy answers 422 with error.fields.name; delete takes the journey and its cells", async () => {
    const id = (await create({ name: 'Original' })).body.journey.id as number;
    const res = await call(planner, 'POST', `/journeys/${id}/duplicate`);
    expect(res.status).toBe(201);
    const copy = await fetchJourney(res.body.journey.id);
    const source = await fetchJourney(id);
    expect(copy.name).toBe('Original (copy)');
    expect(copy.default).toBe(false);
    const shape = (j: JourneyDto) =>
      j.sub_markets.map((c) => [
        j.brands.find((b) => b.id === c.journey_brand_id)!.name,
        j.stages.find((x) => x.id === c.journey_stage_id)!.name,
        c.matched_id,
        c.modeled_id,
        c.population,
      ]);
    expect(shape(copy)).toEqual(shape(source));
    expect(copy.stages.map((x) => x.icon)).toEqual(source.stages.map((x) => x.icon));
    const again = await call(planner, 'POST', `/journeys/${id}/duplicate`);
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe('There is already a duplicate for this journey. Please rename or delete it and try again.');
    expect(again.body.error.fields.name).toBe(again.body.error.message);
    await call(planner, 'DELETE', `/journeys/${copy.id}`);
    const del = await call(planner, 'DELETE', `/journeys/${id}`);
    expect(del.status).toBe(200);
    expect((await call(planner, 'GET', `/journeys/${id}`)).status).toBe(404);
    expect(await rows('insights_journey_sub_markets', id)).toBe(0);
  });

  it('SRV-088 / JRN-058: the default is per product: set by a save or the default call, cleared by 0 or by unchecking', async () => {
    const listDefault = async () =>
      ((await call(planner, 'GET', '/journeys', undefined, ACME_CLASSIC)).body.data as JourneySummaryDto[]).filter((j) => j.default);
    const a = (await create({ name: 'Default A', default: true }, ACME_CLASSIC)).body.journey.id as number;
    expect((await listDefault()).map((j) => j.id)).toEqual([a]);
    const b = (await create({ name: 'Default B' }, ACME_CLASSIC)).body.journey.id as number;
    expect((await call(planner, 'PUT', '/default_journey', { journey_id: b }, ACME_CLASSIC)).body.data.journey_id).toBe(b);
    expect((await listDefault()).map((j) => j.id)).toEqual([b]);
    // Unchecking on a journey that is not the default leaves the default alone.
    await call(planner, 'PUT', `/journeys/${a}`, { journey: draft({ name: 'Default A', default: false }) }, ACME_CLASSIC);
    expect((await listDefault()).map((j) => j.id)).toEqual([b]);
    await call(planner, 'PUT', `/journeys/${b}`, { journey: draft({ name: 'Default B', default: false }) }, ACME_CLASSIC);
    expect(await listDefault()).toEqual([]);
    await call(planner, 'PUT', '/default_journey', { journey_id: a }, ACME_CLASSIC);
    expect((await call(planner, 'PUT', '/default_journey', { journey_id: 0 }, ACME_CLASSIC)).status).toBe(200);
    expect(await listDefault()).toEqual([]);
    // A journey of another product cannot be made the default.
    expect((await call(planner, 'PUT', '/default_journey', { journey_id: a })).status).toBe(404);
  });

  it('SRV-089 / JRN-024 / JRN-026: invalid identifiers are reported, block the copy, and are removed', async () => {
    const id = (await create({ name: 'Going stale' })).body.journey.id as number;
    // The provider withdrew a segment after the save (written as the removal leaves it).
    await s.core.query("update insights_journey_sub_markets set modeled_id = $2 where journey_id = $1 and matched_id = 'fp-0004'", [id, deleted]);
    const j = await fetchJourney(id);
    expect(j.invalid_identifiers).toEqual([deleted]);
    expect(((await call(planner, 'GET', '/journeys')).body.data as JourneySummaryDto[]).find((x) => x.id === id)!.invalid).toBe(true);
    const copy = await call(planner, 'POST', `/journeys/${id}/duplicate`);
    expect(copy.status).toBe(422);
    const res = await call(planner, 'POST', `/journeys/${id}/remove_invalid_identifiers`);
    expect(res.status).toBe(200);
    expect(res.body.removed).toEqual([deleted]);
    expect(res.body.data.invalid_identifiers).toEqual([]);
    const cell = (res.body.data as JourneyDto).sub_markets.find((c) => c.matched_id === 'fp-0004')!;
    expect(cell.modeled_id).toBeNull();
    expect((res.body.data as JourneyDto).sub_markets).toHaveLength(6);
    await call(planner, 'DELETE', `/journeys/${id}`);
  });

  it("JRN-024 the journey's custom insight widgets (core.owners) lose unavailable segments with the fix and go with the journey", async () => {
    const id = (await create({ name: 'With widgets' })).body.journey.id as number;
    const calls: string[] = [];
    owners(s.core).register({
      async invalid(_db, owner, unknown) {
        const ids = owner.kind === 'journeys' && owner.id === id ? unknown([deleted]) : [];
        return { identifiers: ids, tabs: ids.length ? ['Segments'] : [], widgets: ids.length ? ['Gone fans'] : [] };
      },
      async removeInvalid(_tx, owner, ids) {
        calls.push(`remove ${owner.kind} ${owner.id} ${ids.join(',')}`);
      },
      async deleteOwner(_tx, owner) {
        calls.push(`delete ${owner.kind} ${owner.id}`);
      },
    });
    expect((await call(planner, 'POST', `/journeys/${id}/remove_invalid_identifiers`)).status).toBe(200);
    expect((await call(planner, 'DELETE', `/journeys/${id}`)).status).toBe(200);
    expect(calls).toEqual([`remove journeys ${id} ${deleted}`, `delete journeys ${id}`]);
  });

  it('counts: every cell raw and deduplicated right to left (JRN-017) equal brute-force set arithmetic, with and without a filter', async () => {
    // Overlapping funnel segments (visited 90 d ⊃ 30 d, product page ⊃ cart), customers apart: dedupe removes people.
    const ids = ['fp-0008', 'fp-0007', 'fp-0009', 'fp-0010', 'fp-0014'];
    const stages = ids.map((_, i) => ({ new_id: -i - 1, name: `S${i}` }));
    const sub_markets = [
      ...ids.map((m, i) => ({ new_journey_brand_id: -1, new_journey_stage_id: -i - 1, matched_id: m, modeled_id: m })),
      // The second brand: a gap in the middle and a stage shared with the first.
      { new_journey_brand_id: -2, new_journey_stage_id: -1, matched_id: 'fp-0010', modeled_id: 'fp-0011' },
      { new_journey_brand_id: -2, new_journey_stage_id: -4, matched_id: 'fp-0005' },
    ];
    const id = (await create({ name: 'Counted', stages, sub_markets })).body.journey.id as number;
    const j = await fetchJourney(id);
    const region = engine.regionKey('acme', 'us');
    expect(region).toBe('acme/us');
    // The filter bar's one meaning: two filters of one category are alternatives (one OR group), another category narrows (AND).
    const fixture = filterFixture('dmx-0001', 'dmx-0002', 'dmx-0003');
    for (const bar of [[], fixture.filters]) {
      const filter = bar.length ? fixture.rule : undefined;
      const res = await call(planner, 'POST', `/journeys/${id}/counts`, { filters: bar });
      expect(res.status).toBe(200);
      const counts = res.body.data as JourneyCountsDto;
      const first = counts.cells[0];
      if (!bar.length) expect(0 < first.matched_deduped && first.matched_deduped < first.matched).toBe(true);
      expect(counts.region).toBe(region ?? null);
      for (const kind of ['matched', 'modeled'] as const) {
        for (const b of j.brands) {
          const cellsOf = j.stages.map((st) => j.sub_markets.find((c) => c.journey_brand_id === b.id && c.journey_stage_id === st.id)!);
          const segOf = (c: (typeof cellsOf)[number]) => (kind === 'matched' ? c.matched_id : c.modeled_id);
          let total = 0;
          for (const [i, c] of cellsOf.entries()) {
            const got = counts.cells.find((x) => x.journey_brand_id === b.id && x.journey_stage_id === c.journey_stage_id)!;
            const seg = segOf(c);
            const later = cellsOf
              .slice(i + 1)
              .map(segOf)
              .filter((x): x is string => !!x);
            const include = [...(seg ? [{ or: [seg] }] : []), ...(filter?.include?.and ?? [])];
            const raw = seg ? await engine.ruleCount({ include: { and: include } }, { kind, region }) : 0;
            const deduped = seg
              ? await engine.ruleCount({ include: { and: include }, exclude: later.length ? { and: [{ or: later }] } : undefined }, { kind, region })
              : 0;
            expect([b.name, i, kind, got[kind]]).toEqual([b.name, i, kind, raw]);
            expect([b.name, i, kind, got[`${kind}_deduped`]]).toEqual([b.name, i, kind, deduped]);
            total += deduped;
          }
          expect(counts.brands.find((x) => x.journey_brand_id === b.id)![kind]).toBe(total);
        }
      }
    }
    // A filter on a segment the provider no longer has is refused.
    expect((await call(planner, 'POST', `/journeys/${id}/counts`, { filters: [{ group: 'Gone', short_id: deleted }] })).status).toBe(422);
    await call(planner, 'DELETE', `/journeys/${id}`);
  });
});
