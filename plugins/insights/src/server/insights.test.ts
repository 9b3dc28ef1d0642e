import { owners } from '@discovery/insights-kit/server';
import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { InsightTabDto, InsightWidgetDto, ProfileDto } from '../common';
import insightsServer from './index';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const ACME_CLASSIC = 'acme/us/fizz-cola/fizz-classic';
const ACME_UK = 'acme/uk/fizz-cola/fizz-zero';
const GLOBEX = 'globex/de/globex-home/home-essentials';

const rules = (include: string[][]) => ({ include: { and: include.map((or) => ({ or })) }, exclude: { and: [] } });
const WOMEN_25_44 = rules([['dmx-0002', 'dmx-0003'], ['dmx-0007']]);
const AGES_45_PLUS = rules([['dmx-0004', 'dmx-0005', 'dmx-0006']]);

describe('insights API over a generated population', () => {
  let s: TestServer;
  let planner: TestSession;
  let viewer: TestSession;
  let admin: TestSession;

  beforeAll(async () => {
    s = await createTestServer({ plugins: [insightsServer], population: { people: 30_000, seed: 42 } });
    [planner, viewer, admin] = await Promise.all([s.login('planner@example.com'), s.login('viewer@example.com'), s.login('admin@example.com')]);
  }, 120_000);
  afterAll(() => s.close());

  const call = async (who: TestSession, method: string, path: string, context: string, body?: unknown) => {
    const res = await fetch(`${s.url}/api/v1/insights${path}`, {
      method,
      headers: who.headers({ 'x-context': context, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }),
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };
  const market = (name: string, attrs: [string, number][], tab: { tab_name?: string; insight_tab_id?: number } = { tab_name: 'Survey' }) => ({
    insight_widget: { level: 'market', ...tab, name, demographic_category: 'Consumption', attributes: attrs.map(([n, percent]) => ({ name: n, percent })) },
  });

  it('SRV-058 admin tabs of the client in X-Context: tab_key, insights_context, excluded_regions', async () => {
    const acme = await call(viewer, 'GET', '/admin_tabs', ACME);
    expect(acme.status).toBe(200);
    expect(acme.body).toEqual([{ tab_key: 'top_level_person', insights_context: 'grow', excluded_regions: ['uk'] }]);
    expect((await call(planner, 'GET', '/admin_tabs', GLOBEX)).body).toEqual([]);
    // The viewer's grants stop at Acme.
    expect((await call(viewer, 'GET', '/admin_tabs', GLOBEX)).status).toBe(403);
  });

  it("SRV-059 tabs config: the chart's read permission reads it, its update permission sets it; entries per product", async () => {
    const q = '/tabs_config?resource_id=7&resource_type=Mekko&insights_context=grow';
    expect((await call(viewer, 'GET', q, ACME)).body).toEqual([]);
    const body = (name: string, visible: boolean) => ({ tabs_config: { resource_id: 7, resource_type: 'Mekko', insights_context: 'grow', name, visible } });
    expect((await call(viewer, 'PUT', '/tabs_config', ACME, body('Market Level', false))).status).toBe(403);
    const set = await call(planner, 'PUT', '/tabs_config', ACME, body('Market Level', false));
    expect(set.status).toBe(200);
    expect(set.body).toEqual([{ name: 'Market Level', visible: false }]);
    await call(planner, 'PUT', '/tabs_config', ACME, body('Person Level', true));
    await call(planner, 'PUT', '/tabs_config', ACME, body('Market Level', true));
    expect((await call(viewer, 'GET', q, ACME)).body).toEqual([
      { name: 'Person Level', visible: true },
      { name: 'Market Level', visible: true },
    ]);
    // Another product's chart 7 is another chart.
    expect((await call(planner, 'GET', q, ACME_CLASSIC)).body).toEqual([]);
    const bad = await call(planner, 'GET', '/tabs_config?resource_id=7&resource_type=Chart&insights_context=grow', ACME);
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.resource_type).toBe('resource_type must be one of Mekko, Journey');
    const nobody = await s.createUser({ email: 'insights-nobody@example.com', grants: ['*'], allow: false });
    expect((await call(nobody, 'GET', q, ACME)).status).toBe(403);
  });

  it('custom Market Level widgets of a chart: saved with a new tab, listed in order, a second one joins the tab by name', async () => {
    const first = await call(
      planner,
      'POST',
      '/mekkos/7/widgets',
      ACME,
      market('Drinks per day', [
        ['One', 40],
        ['Two', 35],
        ['More', 25],
      ]),
    );
    expect(first.status).toBe(201);
    const w = first.body.data as InsightWidgetDto;
    expect(w).toMatchObject({ name: 'Drinks per day', demographic_category: 'Consumption', position: 1 });
    expect(w.attributes.map((a) => [a.name, a.percent, a.value, a.position])).toEqual([
      ['One', 40, null, 1],
      ['Two', 35, null, 2],
      ['More', 25, null, 3],
    ]);
    const second = await call(
      planner,
      'POST',
      '/mekkos/7/widgets',
      ACME,
      market(
        'Occasions',
        [
          ['Meals', 60],
          ['Sport', 40],
        ],
        { tab_name: ' survey ' },
      ),
    );
    expect(second.body.data.insight_tab_id).toBe(w.insight_tab_id);
    const tabs = (await call(viewer, 'GET', '/mekkos/7/tabs', ACME)).body.data as InsightTabDto[];
    expect(tabs).toHaveLength(1);
    expect(tabs[0]).toMatchObject({ owner_type: 'Mekko', owner_id: 7, name: 'Survey', level: 'market' });
    expect(tabs[0].widgets.map((x) => [x.name, x.position])).toEqual([
      ['Drinks per day', 1],
      ['Occasions', 2],
    ]);
  });

  it('keeps tabs per owner kind, product and region: another context or owner sees none and cannot change them (404)', async () => {
    const tabs = (await call(planner, 'GET', '/mekkos/7/tabs', ACME)).body.data as InsightTabDto[];
    const widget = tabs[0].widgets[0];
    expect((await call(planner, 'GET', '/mekkos/7/tabs', ACME_CLASSIC)).body.data).toEqual([]);
    expect((await call(planner, 'GET', '/mekkos/7/tabs', ACME_UK)).body.data).toEqual([]);
    expect((await call(planner, 'GET', '/journeys/7/tabs', ACME)).body.data).toEqual([]);
    expect((await call(planner, 'GET', '/mekkos/8/tabs', ACME)).body.data).toEqual([]);
    expect((await call(planner, 'DELETE', `/mekkos/7/widgets/${widget.id}`, ACME_CLASSIC)).status).toBe(404);
    expect((await call(planner, 'PUT', `/mekkos/8/widgets/${widget.id}`, ACME, market('X', [['A', 1]]))).status).toBe(404);
    expect((await call(planner, 'DELETE', `/mekkos/7/tabs/${tabs[0].id}`, GLOBEX)).status).toBe(404);
  });

  it("needs the owner's update permission to change widgets and its read permission to see them", async () => {
    expect((await call(viewer, 'POST', '/mekkos/7/widgets', ACME, market('Nope', [['A', 1]]))).status).toBe(403);
    expect((await call(viewer, 'GET', '/mekkos/7/tabs', ACME)).status).toBe(200);
    const nobody = await s.createUser({ email: 'insights-reader@example.com', grants: ['*'], allow: false });
    expect((await call(nobody, 'GET', '/personas/1/tabs', ACME)).status).toBe(403);
  });

  it('validates a widget with the shared rules, naming the field (UPL: a value or a percent, not both)', async () => {
    const post = (body: unknown) => call(planner, 'POST', '/mekkos/9/widgets', ACME, body);
    const base = { level: 'market', tab_name: 'T', name: 'W', demographic_category: 'C' };
    let r = await post({ insight_widget: { ...base, attributes: [{ name: 'A', percent: 10, value: 3 }] } });
    expect([r.status, r.body.error.fields['insight_widget.attributes.0.percent']]).toEqual([422, 'Use either a value or a percent, not both.']);
    r = await post({
      insight_widget: {
        ...base,
        attributes: [
          { name: 'A', percent: 10 },
          { name: 'B', value: 3 },
        ],
      },
    });
    expect(r.body.error.fields['insight_widget.attributes']).toBe('Use percents for every attribute of a widget, or values for every one.');
    r = await post({ insight_widget: { ...base, attributes: [{ name: 'A', percent: 101 }] } });
    expect(r.body.error.fields['insight_widget.attributes.0.percent']).toBe('A percent is between 0 and 100.');
    r = await post({
      insight_widget: {
        ...base,
        attributes: [
          { name: 'A', percent: 1 },
          { name: ' a ', percent: 2 },
        ],
      },
    });
    expect(r.body.error.fields['insight_widget.attributes.1.name']).toBe('Attribute names must be unique in a widget.');
    r = await post({ insight_widget: { ...base, tab_name: null, attributes: [{ name: 'A', percent: 1 }] } });
    expect(r.body.error.message).toBe('Choose a tab or name a new one.');
    r = await post({ insight_widget: { ...base, name: '  ', attributes: [{ name: 'A', percent: 1 }] } });
    expect(r.body.error.fields['insight_widget.name']).toBe('Widget name is required.');
    r = await post({ insight_widget: { ...base, level: 'person', attributes: [{ name: 'A' }] } });
    expect(r.body.error.fields['insight_widget.attributes.0.segment_identifier']).toBe('Choose a segment.');
    r = await post({ insight_widget: { ...base, level: 'person', attributes: [{ name: 'A', segment_identifier: 'nope-0001' }] } });
    expect([r.status, r.body.error.fields['insight_widget.attributes.0.segment_identifier']]).toEqual([
      422,
      'Unknown or no longer available segment: nope-0001',
    ]);
    // Nothing of the refused saves was written.
    expect((await call(planner, 'GET', '/mekkos/9/tabs', ACME)).body.data).toEqual([]);
  });

  it('moves a widget to another tab in one save and drops the tab it left empty; a widget cannot join a tab of the other level', async () => {
    const a = (await call(planner, 'POST', '/journeys/3/widgets', ACME, market('Alone', [['A', 100]], { tab_name: 'Old tab' }))).body.data as InsightWidgetDto;
    const moved = await call(
      planner,
      'PUT',
      `/journeys/3/widgets/${a.id}`,
      ACME,
      market(
        'Alone',
        [
          ['A', 50],
          ['B', 50],
        ],
        { tab_name: 'New tab' },
      ),
    );
    expect(moved.status).toBe(200);
    const tabs = (await call(planner, 'GET', '/journeys/3/tabs', ACME)).body.data as InsightTabDto[];
    expect(tabs.map((t) => t.name)).toEqual(['New tab']);
    expect(tabs[0].widgets[0].attributes.map((x) => x.name)).toEqual(['A', 'B']);
    const person = await call(planner, 'POST', '/journeys/3/widgets', ACME, {
      insight_widget: {
        level: 'person',
        insight_tab_id: tabs[0].id,
        name: 'P',
        demographic_category: 'C',
        attributes: [{ name: 'Female', segment_identifier: 'dmx-0007' }],
      },
    });
    expect([person.status, person.body.error.message]).toEqual([422, 'The tab is on another level.']);
    expect((await call(planner, 'DELETE', `/journeys/3/widgets/${a.id}`, ACME)).body.data.message).toBe("Widget 'Alone' deleted.");
    expect((await call(planner, 'GET', '/journeys/3/tabs', ACME)).body.data).toEqual([]);
  });

  it('renames a tab (unique per owner and level, case-insensitive) and deletes it with its widgets', async () => {
    await call(planner, 'POST', '/personas/4/widgets', ACME, market('One', [['A', 1]], { tab_name: 'First' }));
    await call(planner, 'POST', '/personas/4/widgets', ACME, market('Two', [['A', 1]], { tab_name: 'Second' }));
    const [first, second] = (await call(planner, 'GET', '/personas/4/tabs', ACME)).body.data as InsightTabDto[];
    const clash = await call(planner, 'PUT', `/personas/4/tabs/${second.id}`, ACME, { insight_tab: { name: 'FIRST' } });
    expect([clash.status, clash.body.error.fields['insight_tab.name']]).toEqual([422, 'A tab with this name already exists.']);
    const renamed = await call(planner, 'PUT', `/personas/4/tabs/${second.id}`, ACME, { insight_tab: { name: 'Renamed', order: 0 } });
    expect(renamed.body.data).toMatchObject({ name: 'Renamed', order: 0 });
    expect((await call(planner, 'DELETE', `/personas/4/tabs/${first.id}`, ACME)).status).toBe(200);
    expect(((await call(planner, 'GET', '/personas/4/tabs', ACME)).body.data as InsightTabDto[]).map((t) => t.name)).toEqual(['Renamed']);
  });

  it('region survey widgets (the region demographic form): seeded Market Level values, edited with upload_surveys only', async () => {
    const tabs = (await call(viewer, 'GET', '/region/tabs', ACME)).body.data as InsightTabDto[];
    expect(tabs.map((t) => [t.owner_type, t.name, t.level])).toEqual([['Region', 'Region Survey', 'market']]);
    expect(tabs[0].widgets.map((w) => w.name)).toEqual(['Soft drink consumption', 'Where they buy', 'Brand awareness']);
    expect(tabs[0].widgets[0].attributes.map((a) => [a.name, a.percent])).toEqual([
      ['Daily', 28],
      ['Weekly', 41],
      ['Monthly', 19],
      ['Rarely or never', 12],
    ]);
    // Every product of the region shows the region's survey; another region has its own.
    expect(((await call(viewer, 'GET', '/region/tabs', ACME_CLASSIC)).body.data as InsightTabDto[])[0].id).toBe(tabs[0].id);
    expect(((await call(viewer, 'GET', '/region/tabs', ACME_UK)).body.data as InsightTabDto[])[0].widgets.map((w) => w.name)).toEqual([
      'Soft drink consumption',
    ]);
    expect((await call(planner, 'POST', '/region/widgets', ACME, market('Planner', [['A', 1]], { insight_tab_id: tabs[0].id }))).status).toBe(403);
    const created = await call(
      admin,
      'POST',
      '/region/widgets',
      ACME,
      market(
        'Pack size',
        [
          ['Can', 70],
          ['Bottle', 30],
        ],
        { insight_tab_id: tabs[0].id },
      ),
    );
    expect(created.status).toBe(201);
    const person = await call(admin, 'POST', '/region/widgets', ACME, {
      insight_widget: { level: 'person', tab_name: 'P', name: 'P', demographic_category: 'C', attributes: [{ name: 'F', segment_identifier: 'dmx-0007' }] },
    });
    expect([person.status, person.body.error.message]).toEqual([422, 'Region survey widgets are Market Level.']);
    expect((await call(admin, 'DELETE', `/region/widgets/${created.body.data.id}`, ACME_UK)).status).toBe(404);
    expect((await call(admin, 'DELETE', `/region/widgets/${created.body.data.id}`, ACME)).status).toBe(200);
  });

  it('Person Level: share and index of every demographic category for the audience, against the region, from the count engine', async () => {
    const r = await call(planner, 'POST', '/audiences/profile', ACME, { audiences: [{ name: 'Women 25-44', rules: WOMEN_25_44 }] });
    expect(r.status).toBe(200);
    expect(r.headers.get('server-timing')).toMatch(/^profile;dur=\d+\.\d+$/);
    const p = r.body.data as ProfileDto;
    const engine = await s.core.counts();
    const demographic = engine.manifest.segments.filter((x) => x.demographic && !x.deleted && !x.expired);
    expect(p.tabs[0]).toMatchObject({ id: null, key: 'demographics', name: 'Demographics' });
    expect(p.tabs[0].widgets.map((w) => w.name)).toEqual(['Age', 'Gender', 'Household Income', 'Education', 'Parents']);
    expect(p.tabs[0].widgets.flatMap((w) => w.rows.map((x) => x.identifier)).sort()).toEqual(demographic.map((x) => x.short_id).sort());
    // Checked against the engine's rule counts (another operation than the profile's).
    const size = await engine.ruleCount(WOMEN_25_44, { region: 'acme/us' });
    const slice = engine.manifest.regions.find((x) => x.key === 'acme/us')!;
    const population = slice.end - slice.start;
    expect(p.population).toBe(population);
    expect(p.audiences).toEqual([{ name: 'Women 25-44', size }]);
    for (const row of p.tabs[0].widgets.flatMap((w) => w.rows)) {
      const both = await engine.ruleCount({ include: { and: [...WOMEN_25_44.include.and, { or: [row.identifier] }] } }, { region: 'acme/us' });
      const seg = (await engine.counts([row.identifier], { region: 'acme/us' }))[row.identifier];
      expect([row.identifier, row.values[0].count]).toEqual([row.identifier, both]);
      expect(row.values[0].share).toBeCloseTo(both / size, 12);
      expect(row.population_share).toBeCloseTo(seg / population, 12);
      if (seg > 0) expect(row.values[0].index).toBeCloseTo((both / size / (seg / population)) * 100, 9);
    }
    const female = p.tabs[0].widgets[1].rows.find((x) => x.name === 'Female')!;
    expect(female.values[0].share).toBe(1);
    expect(female.values[0].index).toBeGreaterThan(150);
  });

  it('GROW-083 compare: one value per audience in the order asked; matched or modeled memberships; at most 4 audiences', async () => {
    const audiences = [
      { name: 'Women 25-44', rules: WOMEN_25_44 },
      { name: '45+', rules: AGES_45_PLUS },
    ];
    const p = (await call(planner, 'POST', '/mekkos/profile', ACME, { audiences })).body.data as ProfileDto;
    expect(p.audiences.map((a) => a.name)).toEqual(['Women 25-44', '45+']);
    const age = p.tabs[0].widgets[0].rows;
    // Matched age bands are a partition: 18-24 is in neither audience.
    expect(age.find((x) => x.name === '18-24')!.values.map((v) => v.count)).toEqual([0, 0]);
    expect(age.find((x) => x.name === '65+')!.values[1].share).toBeGreaterThan(0.2);
    // Modeled memberships are wider (lookalike modeling): the same audiences reach more people.
    const modeled = (await call(planner, 'POST', '/mekkos/profile', ACME, { audiences, membership: 'modeled' })).body.data as ProfileDto;
    const engine = await s.core.counts();
    expect(modeled.audiences[1].size).toBe(await engine.ruleCount(AGES_45_PLUS, { region: 'acme/us', kind: 'modeled' }));
    expect(modeled.audiences[1].size).toBeGreaterThan(p.audiences[1].size);
    const many = await call(planner, 'POST', '/mekkos/profile', ACME, {
      audiences: Array.from({ length: 5 }, (_, i) => ({ name: `A${i}`, rules: AGES_45_PLUS })),
    });
    expect([many.status, many.body.error.message]).toEqual([422, 'Compare at most 4 audiences.']);
    const unknown = await call(planner, 'POST', '/mekkos/profile', ACME, { audiences: [{ name: 'X', rules: rules([['nope-0001']]) }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.invalid_identifiers).toEqual(['nope-0001']);
  });

  it("Person Level adds the owner's custom widgets: segments counted like the built-in ones, a segment no longer available listed as such", async () => {
    const created = await call(planner, 'POST', '/audiences/21/widgets', ACME, {
      insight_widget: {
        level: 'person',
        tab_name: 'Lifestyle',
        name: 'Media',
        demographic_category: 'Media',
        attributes: [
          { name: 'Video streaming', segment_identifier: 'mp-0005' },
          { name: 'Radio', segment_identifier: 'mp-0010' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const engine = await s.core.counts();
    const deleted = engine.manifest.segments.find((x) => x.deleted)!.short_id;
    // A segment deleted after the widget was saved (the API refuses it now).
    await s.core.query("insert into insights_widget_attributes (insight_widget_id, name, position, segment_identifier) values ($1, 'Gone', 3, $2)", [
      created.body.data.id,
      deleted,
    ]);
    const p = (await call(planner, 'POST', '/audiences/profile', ACME, { owner_id: 21, audiences: [{ name: 'W', rules: WOMEN_25_44 }] })).body
      .data as ProfileDto;
    expect(p.tabs.map((t) => t.name)).toEqual(['Demographics', 'Lifestyle']);
    const rows = p.tabs[1].widgets[0].rows;
    expect(rows.map((x) => [x.name, x.unavailable])).toEqual([
      ['Video streaming', false],
      ['Radio', false],
      ['Gone', true],
    ]);
    expect(rows[0].values[0].count).toBe(
      await engine.ruleCount({ include: { and: [...WOMEN_25_44.include.and, { or: ['mp-0005'] }] } }, { region: 'acme/us' }),
    );
    expect(rows[2].values).toEqual([]);
    // Without owner_id, or another owner: the built-in tab only.
    expect(
      ((await call(planner, 'POST', '/audiences/profile', ACME, { audiences: [{ name: 'W', rules: WOMEN_25_44 }] })).body.data as ProfileDto).tabs,
    ).toHaveLength(1);
    expect(
      ((await call(planner, 'POST', '/audiences/profile', ACME, { owner_id: 22, audiences: [{ name: 'W', rules: WOMEN_25_44 }] })).body.data as ProfileDto)
        .tabs,
    ).toHaveLength(1);
  });

  it("Person Level needs the screen's read permission (a user without it gets 403)", async () => {
    const nobody = await s.createUser({ email: 'insights-profile@example.com', grants: ['*'], allow: false });
    expect((await call(nobody, 'POST', '/comparisons/profile', ACME, { audiences: [{ name: 'W', rules: WOMEN_25_44 }] })).status).toBe(403);
    expect((await call(viewer, 'POST', '/comparisons/profile', ACME, { audiences: [{ name: 'W', rules: WOMEN_25_44 }] })).status).toBe(200);
  });
  it("GROW-077 / GROW-078 core.owners: an owner's widgets naming unavailable segments are listed, removed (empty widgets go) and deleted with the owner", async () => {
    const person = (name: string, ids: string[]) => ({
      insight_widget: {
        level: 'person',
        tab_name: 'Audiences',
        name,
        demographic_category: 'Segments',
        attributes: ids.map((id, i) => ({ name: `S${i}`, segment_identifier: id })),
      },
    });
    expect((await call(planner, 'POST', '/comparisons/21/widgets', ACME, person('Mixed', ['dmx-0002', 'dmx-0007']))).status).toBe(201);
    expect((await call(planner, 'POST', '/comparisons/21/widgets', ACME, person('Only gone', ['dmx-0005']))).status).toBe(201);
    expect((await call(planner, 'POST', '/comparisons/22/widgets', ACME, person('Other owner', ['dmx-0005']))).status).toBe(201);
    const [{ id: productId }] = await s.core.query<{ id: number }>("select id from products where slug = 'fizz-zero'");
    const owner = { kind: 'comparisons' as const, id: 21, productId };
    // The provider has withdrawn dmx-0005 and dmx-0007 (as the engine's invalid() would say).
    const gone = (ids: string[]) => ids.filter((id) => id === 'dmx-0005' || id === 'dmx-0007');
    expect(await owners(s.core).invalid(s.core, owner, gone)).toEqual({
      identifiers: ['dmx-0007', 'dmx-0005'],
      tabs: ['Audiences'],
      widgets: ['Mixed', 'Only gone'],
    });
    await s.core.transaction((tx) => owners(s.core).removeInvalid(tx, owner, ['dmx-0005', 'dmx-0007']));
    const [tab] = (await call(planner, 'GET', '/comparisons/21/tabs', ACME)).body.data as InsightTabDto[];
    expect(tab.widgets.map((w) => [w.name, w.attributes.map((a) => a.segment_identifier)])).toEqual([['Mixed', ['dmx-0002']]]);
    expect(await owners(s.core).invalid(s.core, owner, gone)).toEqual({ identifiers: [], tabs: [], widgets: [] });
    await s.core.transaction((tx) => owners(s.core).deleteOwner(tx, owner));
    expect((await call(planner, 'GET', '/comparisons/21/tabs', ACME)).body.data).toEqual([]);
    expect((await call(planner, 'GET', '/comparisons/22/tabs', ACME)).body.data).toHaveLength(1);
  });
});
