import { levelForHostTab, type HostTab, type InsightsLevel, InsightsPanelToken, type InsightsPanelProps } from '@discovery/insights-kit';
import { HierarchyStoreToken, SessionStoreToken, useService, type HierarchyStore, type SessionStore } from '@discovery/platform';
import { createTestContainer, FakeServer, fixtures, renderWith } from '@discovery/test-utils';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { insightsEndpoints as E, ownerEndpointsByKind, type InsightTabDto, type ProfileDto } from '../common';
import insights from './index';

const all = { create: true, read: true, update: true, destroy: true };
const read = { read: true };
const rules = { include: { and: [{ or: ['dmx-0007'] }] }, exclude: { and: [] } };
const M = ownerEndpointsByKind.mekkos;

beforeAll(() => {
  jest
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockImplementation(() => ({ width: 600, height: 300, top: 0, left: 0, right: 600, bottom: 300, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect);
});

const regionTab: InsightTabDto = {
  id: 1,
  owner_type: 'Region',
  owner_id: 1,
  name: 'Region Survey',
  level: 'market',
  order: 0,
  widgets: [
    {
      id: 11,
      insight_tab_id: 1,
      name: 'Where they buy',
      demographic_category: 'Shopping',
      position: 1,
      attributes: [{ id: 111, name: 'Online', value: null, percent: 25, position: 1, segment_identifier: null }],
    },
  ],
};
const ownerMarket: InsightTabDto = {
  id: 2,
  owner_type: 'Mekko',
  owner_id: 7,
  name: 'Chart survey',
  level: 'market',
  order: 0,
  widgets: [
    {
      id: 21,
      insight_tab_id: 2,
      name: 'Pack size',
      demographic_category: 'Pack',
      position: 1,
      attributes: [
        { id: 211, name: 'Can', value: 30, percent: null, position: 1, segment_identifier: null },
        { id: 212, name: 'Bottle', value: 10, percent: null, position: 2, segment_identifier: null },
      ],
    },
  ],
};
const ownerPerson: InsightTabDto = {
  id: 3,
  owner_type: 'Mekko',
  owner_id: 7,
  name: 'Lifestyle',
  level: 'person',
  order: 1,
  widgets: [
    {
      id: 31,
      insight_tab_id: 3,
      name: 'Media',
      demographic_category: 'Media',
      position: 1,
      attributes: [{ id: 311, name: 'Radio', value: null, percent: null, position: 1, segment_identifier: 'mp-0010' }],
    },
  ],
};
const row = (name: string, id: string, pop: number, values: [number, number][]) => ({
  name,
  identifier: id,
  population_share: pop,
  unavailable: false,
  values: values.map(([share, index]) => ({ share, index, count: Math.round(share * 100) })),
});
const profile = (audiences: string[]): ProfileDto => ({
  population: 1000,
  audiences: audiences.map((name) => ({ name, size: 100 })),
  tabs: [
    {
      id: null,
      key: 'demographics',
      name: 'Demographics',
      widgets: [
        {
          id: null,
          key: 'demographics:Gender',
          name: 'Gender',
          category: 'Gender',
          rows: [
            row(
              'Female',
              'dmx-0007',
              0.51,
              audiences.map(() => [1, 196]),
            ),
            row(
              'Male',
              'dmx-0008',
              0.48,
              audiences.map(() => [0, 0]),
            ),
          ],
        },
      ],
    },
    {
      id: 3,
      key: 'tab:3',
      name: 'Lifestyle',
      widgets: [
        {
          id: 31,
          key: 'widget:31',
          name: 'Media',
          category: 'Media',
          rows: [
            row(
              'Radio',
              'mp-0010',
              0.2,
              audiences.map(() => [0.3, 150]),
            ),
            { ...row('Gone', 'ig-0009', 0, []), population_share: null, unavailable: true },
          ],
        },
      ],
    },
  ],
});

function server(permissions: Record<string, unknown>, tabsConfig: { name: 'Person Level' | 'Market Level'; visible: boolean }[] = []) {
  const s = new FakeServer()
    .respond('GET /api/v1/config', { data: { tier: 1, logout_url: '/api/v1/adfs/logout', help_urls: {}, show_privacy_policy_link: true } })
    .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
    .respond('GET /api/v1/me', { data: fixtures.me({ permissions }) })
    .on(E.tabsConfig, tabsConfig)
    .on(E.regionTabs, { data: [regionTab] })
    .on(M.tabs, { data: [ownerMarket, ownerPerson] })
    .on(M.profile, ({ body }) => ({ body: { data: profile((body as { audiences: { name: string }[] }).audiences.map((a) => a.name)) } }))
    .on(M.createWidget, ({ body }) => ({
      status: 201,
      body: { data: { id: 99, insight_tab_id: 2, name: (body as any).insight_widget.name, demographic_category: 'x', position: 2, attributes: [] } },
    }));
  s.install();
  return s;
}

/** A screen that drives the top-level tab from its own tabs (as Grow does, GROW-014). */
function GrowLike(props: Omit<InsightsPanelProps, 'level' | 'onLevelChange'> & { start: HostTab; onLevel?: (l: InsightsLevel) => void }) {
  const { Panel } = useService(InsightsPanelToken);
  const [tab, setTab] = useState<HostTab>(props.start);
  const location = useLocation();
  return (
    <>
      {(['total', 'matched', 'modeled'] as const).map((x) => (
        <button key={x} onClick={() => setTab(x)}>
          host {x}
        </button>
      ))}
      <span data-testid="location">{location.pathname + location.search}</span>
      <span data-testid="draft">{JSON.stringify(location.state ?? null)}</span>
      <Panel {...props} level={levelForHostTab(tab)} onLevelChange={(l) => props.onLevel?.(l)} />
    </>
  );
}

async function mount(
  permissions: Record<string, unknown>,
  props: Partial<InsightsPanelProps> & { start?: HostTab; onLevel?: (l: InsightsLevel) => void } = {},
  tabsConfig?: { name: 'Person Level' | 'Market Level'; visible: boolean }[],
  script?: (s: FakeServer) => void,
) {
  const s = server(permissions, tabsConfig);
  script?.(s);
  const boot = await createTestContainer([insights]);
  await boot.container.get<SessionStore>(SessionStoreToken.symbol).init();
  boot.container.get<HierarchyStore>(HierarchyStoreToken.symbol).select({ client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' });
  renderWith(
    <GrowLike
      context="grow"
      owner={{ kind: 'mekkos', id: 7 }}
      audiences={[{ key: 'a', name: 'Fizz fans', rules }]}
      tabsConfig={{ resourceType: 'Mekko', resourceId: 7 }}
      start="matched"
      {...props}
    />,
    { boot, route: '/acme/us/fizz-cola/fizz-zero/insights/grow/7' },
  );
  await screen.findByTestId('insights-panel');
  return s;
}

const levelTab = (name: 'Market Level' | 'Person Level') => screen.queryByRole('tab', { name });

describe('the Insights panel', () => {
  it("GROW-014 / JRN-008 the screen's tab drives the top-level tab: Total Population shows Market Level, Matched shows Person Level", async () => {
    const onLevel = jest.fn();
    await mount({ mekkos: all, audiences: all }, { start: 'total', onLevel });
    await waitFor(() => expect(levelTab('Market Level')?.getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByRole('figure', { name: 'Where they buy' })).toBeTruthy();
    fireEvent.click(screen.getByText('host matched'));
    await waitFor(() => expect(levelTab('Person Level')?.getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByRole('figure', { name: 'Gender' })).toBeTruthy();
    // The panel's own tab asks the screen to follow (Grow then switches its tab).
    fireEvent.click(levelTab('Market Level')!);
    expect(onLevel).toHaveBeenCalledWith('market');
  });

  it('OUT-012 / SRV-059 a level the tabs config hides is not offered, whatever the screen asks; both hidden says so', async () => {
    const s = await mount({ mekkos: all }, { start: 'total' }, [{ name: 'Market Level', visible: false }]);
    await waitFor(() => expect(levelTab('Market Level')).toBeNull());
    expect(levelTab('Person Level')?.getAttribute('aria-selected')).toBe('true');
    const call = s.callsTo(E.tabsConfig)[0];
    expect(call.url).toBe('/api/v1/insights/tabs_config?resource_id=7&resource_type=Mekko&insights_context=grow');
  });

  it('OUT-012 with both levels hidden the panel says insights are off', async () => {
    await mount({ mekkos: all }, {}, [
      { name: 'Market Level', visible: false },
      { name: 'Person Level', visible: false },
    ]);
    expect(await screen.findByText('Insights are turned off for this chart.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Insight level' })).toBeNull();
  });

  it('Person Level: the built-in Demographics tab and the custom ones; a segment no longer available is named', async () => {
    await mount({ mekkos: all });
    const inner = await screen.findByRole('group', { name: 'Person Level tabs' });
    expect(
      within(inner)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Demographics', 'Lifestyle']);
    expect(await screen.findByRole('figure', { name: 'Gender' })).toBeTruthy();
    fireEvent.click(within(inner).getByRole('tab', { name: 'Lifestyle' }));
    expect(await screen.findByRole('figure', { name: 'Media' })).toBeTruthy();
    expect(screen.getByText('No longer available from the provider: Gone')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('figure', { name: 'Media' })).getByRole('button', { name: 'View as table' }));
    const table = screen.getByRole('table', { name: 'Media' });
    // Issue 27 §2: the fixture's attribute counts are under 50, a small base the table (and its files) name.
    expect(within(table).getAllByRole('row')[1].textContent).toBe('Radio30.0%15020.0%Fizz fans');
    expect(within(table).getAllByRole('columnheader').at(-1)!.textContent).toBe('Small base (< 50)');
    expect(screen.getAllByTestId('insights-small-base-legend')[0].textContent).toContain('Small base: fewer than 50 people.');
  });

  it('GROW-083 compare: every selected audience is a series; the profile is asked for all of them at once', async () => {
    const s = await mount(
      { mekkos: all },
      {
        audiences: [
          { key: 'a', name: 'Fizz fans', rules },
          { key: 'b', name: 'Switchers', rules },
        ],
      },
    );
    fireEvent.click(within(await screen.findByRole('figure', { name: 'Gender' })).getByRole('button', { name: 'View as table' }));
    const head = within(screen.getByRole('table', { name: 'Gender' }))
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(head).toEqual(['Attribute', 'Fizz fans (%)', 'Fizz fans index', 'Switchers (%)', 'Switchers index', 'Population (%)', 'Small base (< 50)']);
    expect(s.callsTo(M.profile)[0].body).toEqual({
      owner_id: 7,
      audiences: [
        { name: 'Fizz fans', rules },
        { name: 'Switchers', rules },
      ],
      membership: 'matched',
    });
  });

  it('GROW-083 / issue 27 §4 a screen that selects more audiences than compare mode shows (an Overlap column): the first 4 are profiled, and the panel says so', async () => {
    const names = ['A', 'B', 'C', 'D', 'E', 'F'];
    const s = await mount({ mekkos: all }, { audiences: names.map((name) => ({ key: name, name, rules })) });
    expect((await screen.findByTestId('insights-compared-first')).textContent).toBe(
      'Insights compare at most 4 audiences side by side: the first 4 of the 6 selected are shown.',
    );
    expect((s.callsTo(M.profile)[0].body as { audiences: { name: string }[] }).audiences.map((a) => a.name)).toEqual(['A', 'B', 'C', 'D']);
    fireEvent.click(within(await screen.findByRole('figure', { name: 'Gender' })).getByRole('button', { name: 'View as table' }));
    const head = within(screen.getByRole('table', { name: 'Gender' }))
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(head.filter((h) => h?.endsWith('index'))).toEqual(['A index', 'B index', 'C index', 'D index']);
    expect(screen.queryByTestId('insights-profile-error')).toBeNull();
  });

  it('issue 24 §3: tabs that fail to load end in an error state with a retry; a failed profile says why by its code', async () => {
    let fail = true;
    await mount({ mekkos: all }, { start: 'total' }, [], (s) =>
      s
        .on(E.regionTabs, () =>
          fail ? { status: 500, body: { error: { message: 'Internal server error', status: 500, code: 'internal' } } } : { body: { data: [regionTab] } },
        )
        .on(M.profile, () => ({ status: 503, body: { error: { message: 'Counts are unavailable', status: 503, code: 'counts_unavailable' } } })),
    );
    const error = await screen.findByTestId('insights-tabs-error');
    expect(error.textContent).toContain('Something went wrong on the server.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('figure', { name: 'Where they buy' })).toBeTruthy();
    fireEvent.click(screen.getByText('host matched'));
    expect((await screen.findByTestId('insights-profile-error')).textContent).toContain('Counts are unavailable right now. Try again in a moment.');
  });

  it("Market Level: the region survey first, then the chart's custom tabs; values become shares of their sum", async () => {
    await mount({ mekkos: all }, { start: 'total' });
    const inner = await screen.findByRole('group', { name: 'Market Level tabs' });
    expect(
      within(inner)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Region Survey (region)', 'Chart survey']);
    fireEvent.click(within(inner).getByRole('tab', { name: 'Chart survey' }));
    fireEvent.click(within(await screen.findByRole('figure', { name: 'Pack size' })).getByRole('button', { name: 'View as table' }));
    expect(
      within(screen.getByRole('table', { name: 'Pack size' }))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['AttributeSurvey (%)', 'Can75.0%', 'Bottle25.0%']);
  });

  it('EXP-014 Convert to Audience is hidden on Market Level; EXP-015 it opens the builder with action=savePersona and the draft', async () => {
    await mount(
      { mekkos: all, explore: all, audiences: all },
      {
        context: 'explore',
        owner: { kind: 'mekkos', id: 7 },
        start: 'total',
        convert: { referer: 'Explore', returnUrl: 'insights/explore/7', name: 'Persona 7' },
      },
    );
    await waitFor(() => expect(levelTab('Market Level')?.getAttribute('aria-selected')).toBe('true'));
    expect(screen.queryByRole('button', { name: 'Convert to Audience' })).toBeNull();
    fireEvent.click(screen.getByText('host matched'));
    const convert = await screen.findByRole('button', { name: 'Convert to Audience' });
    fireEvent.click(convert);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/acme/us/fizz-cola/fizz-zero/audiences/builder?action=savePersona&referer=Explore&returnUrl=insights%2Fexplore%2F7',
      ),
    );
    expect(JSON.parse(screen.getByTestId('draft').textContent!)).toEqual({ audienceDraft: { name: 'Persona 7', rules } });
  });

  it('EXP-013 Convert to Audience is disabled without audiences.create', async () => {
    await mount({ mekkos: all, audiences: read }, { convert: { referer: 'Grow', returnUrl: 'insights/grow/7', name: 'X' } });
    const convert = (await screen.findByRole('button', { name: 'Convert to Audience' })) as HTMLButtonElement;
    expect(convert.disabled).toBe(true);
    expect(convert.title).toBe('You need permission to create audiences.');
  });

  it('GROW-081 / JRN-007 the market-level demographic form (the one panel beside Grow and Journeys) slides in 800 wide, validates with the shared rules and saves the widget', async () => {
    const s = await mount({ mekkos: all }, { start: 'total' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add widget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Market Level Demographic' });
    expect(dialog.getAttribute('data-width')).toBe('800');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Widget name is required.')).toBeTruthy();
    expect(s.callsTo(M.createWidget)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Widget name'), { target: { value: 'Occasions' } });
    fireEvent.change(within(dialog).getByLabelText('Demographic category'), { target: { value: 'Usage' } });
    fireEvent.change(within(dialog).getByLabelText('Attribute 1 name'), { target: { value: 'Meals' } });
    fireEvent.change(within(dialog).getByLabelText('Attribute 1 Percents'), { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(s.callsTo(M.createWidget)).toHaveLength(1));
    expect(s.callsTo(M.createWidget)[0].body).toEqual({
      insight_widget: {
        level: 'market',
        insight_tab_id: 2,
        tab_name: null,
        name: 'Occasions',
        demographic_category: 'Usage',
        attributes: [{ name: 'Meals', percent: 60, value: null }],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Market Level Demographic' })).toBeNull());
    // Saved: the tabs were read again.
    expect(s.callsTo(M.tabs).length).toBeGreaterThanOrEqual(2);
  });

  it('GROW-081 / JRN-007 the region demographic form slides in 650 wide, for upload_surveys only', async () => {
    await mount({ mekkos: all, upload_surveys: all }, { start: 'total' });
    fireEvent.click(await screen.findByRole('button', { name: 'Region demographic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Region Demographic' });
    expect(dialog.getAttribute('data-width')).toBe('650');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Region Demographic' })).toBeNull());
  });

  it('a reader sees the widgets but no editing', async () => {
    await mount({ mekkos: read }, { start: 'total' });
    await screen.findByRole('figure', { name: 'Where they buy' });
    expect(screen.queryByRole('button', { name: 'Add widget' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Region demographic' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit widget/ })).toBeNull();
  });
});
