import { segmentsEndpoints, InsightsPanelToken, type InsightsPanelProps } from '@discovery/insights-kit';
import { insightsEndpoints } from '@discovery/plugin-insights/common';
import { FakeServer, renderInShell } from '@discovery/test-utils';
import { TAG_COLOURS, TAGS, withAlpha } from '@discovery/charts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { growEndpoints as E, PANEL_WIDTHS, snapshotEndpoints, type MekkoDto, type SnapshotDto, type SubMarketDto } from '../common';
import { definePlugin, type SessionSnapshot } from '@discovery/plugin-api';
import { act, renderHook } from '@testing-library/react';
import { ContainerModule } from 'inversify';
import { useOnceHint } from './hints';
import grow from './index';
import { countsFor } from './testing';

const P = '/acme/us/fizz-cola/fizz-zero';
const sub = (id: number, name: string, over: Partial<SubMarketDto> = {}): SubMarketDto => ({
  id,
  market_id: 10,
  name,
  tag: 'owned',
  population: 1000 * id,
  matched_short_id: `is-000${id}`,
  modeled_short_id: `is-000${id}`,
  webo_cluster_id: null,
  discussion_cluster_node_id: null,
  order: id,
  in_prediction_model: false,
  ...over,
});
const chart: MekkoDto = {
  id: 7,
  name: 'Beverages Landscape',
  default: true,
  count_type: 'people_count',
  vertical_type: null,
  measurement_label: 'Penetration',
  markets: [{ id: 10, mekko_id: 7, name: 'Soft Drinks', order: 0, sub_markets: [sub(1, 'Diet fans'), sub(2, 'Soda buyers', { modeled_short_id: null })] }],
};

interface Opts {
  mekko?: MekkoDto;
  segmentCounts?: Record<string, number>;
  flags?: Record<string, boolean>;
  invalid?: string[];
}

function server(mekkos: Record<string, boolean>, opts: Opts = {}) {
  const s = new FakeServer()
    .signedIn({ flags: { grow: true, ...opts.flags }, permissions: { mekkos, audiences: { read: true, create: true } }, modules: ['grow'] })
    .on(E.list, {
      data: [
        { id: 7, name: 'Beverages Landscape', default: true, count_type: 'people_count', vertical_type: null, measurement_label: 'Penetration' },
        { id: 8, name: 'Audience Reach', default: false, count_type: 'people_count', vertical_type: null, measurement_label: 'Reach' },
      ],
    })
    .on(E.get, { data: opts.mekko ?? chart, invalid: { identifiers: opts.invalid ?? [], tabs: [], widgets: [] } })
    .on(E.verticals, [])
    .on(E.tvSettings, () => ({ status: 404, body: { error: { message: 'none', status: 404 } } }))
    .on(insightsEndpoints.tabsConfig, [])
    .on(segmentsEndpoints.byIdentifiers, { data: [] })
    .on(E.counts, countsFor(opts.mekko ?? chart, opts.segmentCounts ?? { 'is-0001': 1234, 'is-0002': 567 }, { 10: [1500, 1600] }));
  s.install();
  return s;
}

describe('Grow page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('GROW-003 / GROW-012 / GROW-032 shows the default chart, the three tabs, counts, and the View/Edit toggle with update', async () => {
    server({ read: true, create: true, update: true, destroy: true });
    await renderInShell([grow], `${P}/insights/grow`);
    await waitFor(() => expect(screen.getByTestId('grow-chart-dropdown').textContent).toContain('Beverages Landscape'));
    expect(['total', 'matched', 'modeled'].map((t) => screen.getByTestId(`grow-tab-${t}`).textContent)).toEqual([
      'Total Population',
      'Matched Addressable',
      'Modeled Addressable',
    ]);
    await waitFor(() => expect(within(screen.getByTestId('grow-audience-1')).getByTestId('grow-audience-count').textContent).toBe('1,234'));
    expect(screen.getByTestId('grow-mode-edit')).toBeTruthy();
    expect(screen.getByTestId('grow-create')).toBeTruthy();
  });

  it('GROW-032 / GROW-004 a reader sees no View/Edit toggle and no create, edit, copy or delete', async () => {
    server({ read: true });
    await renderInShell([grow], `${P}/insights/grow`);
    await waitFor(() => expect(screen.getByTestId('grow-chart-dropdown').textContent).toContain('Beverages Landscape'));
    for (const id of ['grow-mode-edit', 'grow-create', 'grow-edit', 'grow-copy', 'grow-delete']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it("GROW-037 on Modeled an audience without a modeled segment is refused with the spec's dialog", async () => {
    server({ read: true, update: true });
    await renderInShell([grow], `${P}/insights/grow`);
    await screen.findByTestId('grow-audience-2');
    fireEvent.click(screen.getByTestId('grow-tab-modeled'));
    fireEvent.click(within(screen.getByTestId('grow-audience-2')).getByRole('checkbox'));
    const dialog = await screen.findByTestId('grow-dialog');
    expect(dialog.textContent).toBe('There is no Modeled segment attached to Soda buyers.');
    expect(screen.getByText('Cannot Filter By This Audience!')).toBeTruthy();
    expect(screen.queryAllByTestId('grow-filter-tag')).toHaveLength(0);
  });
});

describe('Grow page: chart parts, forms and dialogs', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const all = { read: true, create: true, update: true, destroy: true };
  const opened = async (mekkos: Record<string, boolean> = all, opts: Opts = {}) => {
    const s = server(mekkos, opts);
    await renderInShell([grow], `${P}/insights/grow`);
    await screen.findByTestId('grow-audience-1');
    return s;
  };

  it("GROW-017 / GROW-020 / GROW-022 the legend: Owned, Opportunity, None in their tag colours, with the tags' hints", async () => {
    await opened();
    const legend = await screen.findByTestId('mekko-legend');
    expect([...legend.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Owned', 'Opportunity', 'None']);
    expect([...legend.querySelectorAll('rect')].map((r) => r.getAttribute('fill'))).toEqual(TAGS.map((tag) => withAlpha(TAG_COLOURS[tag], 0.5)));
    expect(TAG_COLOURS).toEqual({ owned: '#205493', opportunity: '#6baeb2', none: '#9e9e9e' });
    fireEvent.mouseEnter(within(legend).getByText('Opportunity'));
    expect(await screen.findByText('Possible switchers')).toBeTruthy();
    fireEvent.mouseEnter(within(legend).getByText('None'));
    expect(await screen.findByText('Non-considering consumers')).toBeTruthy();
  });

  it("GROW-030 a zero-count audience says so and 'Click to learn why this audience has a zero count.' opens the zero-count modal", async () => {
    await opened(all, { segmentCounts: { 'is-0001': 0, 'is-0002': 567 } });
    const zero = await within(screen.getByTestId('grow-audience-1')).findByTestId('grow-zero-count');
    expect(zero.getAttribute('aria-label')).toBe('Click to learn why this audience has a zero count.');
    expect(within(screen.getByTestId('grow-audience-2')).queryByTestId('grow-zero-count')).toBeNull();
    fireEvent.mouseEnter(zero);
    expect(await screen.findByText('This audience has a zero count. Select another audience to replace it.')).toBeTruthy();
    fireEvent.click(zero);
    expect(await screen.findByText('Segment/Audience counts may display as zero due to the following reasons')).toBeTruthy();
  });

  it("GROW-023 / GROW-033 / GROW-034 edit mode shows the market's edit button, 'Add Audience' and 'Add Market'; a vertical chart never adds markets", async () => {
    await opened();
    expect(screen.queryByTestId('grow-add-market')).toBeNull();
    expect(screen.queryByTestId('grow-market-edit')).toBeNull();
    expect(within(screen.getByTestId('grow-market-10')).getByTestId('grow-market-name').textContent).toBe('Soft Drinks');
    fireEvent.click(screen.getByTestId('grow-mode-edit'));
    expect(screen.getByTestId('grow-add-market').textContent).toBe('Add Market');
    expect(screen.getByTestId('grow-market-edit')).toBeTruthy();
    expect(screen.getByTestId('grow-add-audience').textContent).toBe('Add Audience');
    cleanup();
    sessionStorage.clear();
    await opened(all, { mekko: { ...chart, vertical_type: 'beverages' } });
    fireEvent.click(screen.getByTestId('grow-mode-edit'));
    expect(screen.queryByTestId('grow-add-market')).toBeNull();
  });

  it('GROW-060 / GROW-074 deleting a market or an audience warns that Outcomes: Past Timeframes loses it too', async () => {
    await opened();
    fireEvent.click(screen.getByTestId('grow-mode-edit'));
    fireEvent.click(screen.getByTestId('grow-market-edit'));
    fireEvent.click(await screen.findByTestId('grow-market-delete'));
    expect(await screen.findByText('Deleting Soft Drinks will also delete it from Outcomes: Past Timeframes. Continue?')).toBeTruthy();
    cleanup();
    sessionStorage.clear();
    await opened();
    fireEvent.click(screen.getByTestId('grow-mode-edit'));
    fireEvent.click(within(screen.getByTestId('grow-audience-2')).getByTestId('grow-audience-edit'));
    fireEvent.click(await screen.findByTestId('grow-audience-delete'));
    expect(await screen.findByText('Deleting Soda buyers will also delete it from Outcomes: Past Timeframes. Continue?')).toBeTruthy();
  });

  it('GROW-072 / GROW-064 / GROW-067 the audience form: Save waits for a valid form; a vertical chart fixes name and matched segment; Weborama needs the flag', async () => {
    await opened();
    fireEvent.click(screen.getByTestId('grow-mode-edit'));
    fireEvent.click(screen.getByTestId('grow-add-audience'));
    const save = (await screen.findByTestId('grow-audience-save')) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('grow-audience-input'), { target: { value: 'Diet fans' } });
    expect(save.disabled).toBe(true); // the name is taken in this market
    fireEvent.change(screen.getByTestId('grow-audience-input'), { target: { value: 'Energy seekers' } });
    expect(save.disabled).toBe(false);
    expect(screen.queryByTestId('grow-audience-webo')).toBeNull();
    cleanup();
    sessionStorage.clear();
    await opened(all, { mekko: { ...chart, vertical_type: 'beverages' }, flags: { weborama: true } });
    fireEvent.click(screen.getByTestId('grow-mode-edit'));
    fireEvent.click(within(screen.getByTestId('grow-audience-1')).getByTestId('grow-audience-edit'));
    expect(((await screen.findByTestId('grow-audience-input')) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('grow-audience-pick-matched_short_id') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('grow-audience-pick-modeled_short_id') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('grow-audience-webo')).toBeTruthy();
  });

  it("GROW-068 the Weborama discussion form (550 wide) sets the audience's Weborama segment id, which the save sends", async () => {
    const s = await opened(all, { flags: { weborama: true } });
    s.on(E.updateSubMarket, ({ body }) => ({
      body: { data: { ...chart.markets[0].sub_markets[0], ...(body as { sub_market: object }).sub_market }, model_deleted: false },
    }));
    fireEvent.click(screen.getByTestId('grow-mode-edit'));
    fireEvent.click(within(screen.getByTestId('grow-audience-1')).getByTestId('grow-audience-edit'));
    expect((await screen.findByTestId('grow-audience-webo')).textContent).toBe('None');
    fireEvent.click(screen.getByTestId('grow-audience-webo-edit'));
    expect(await screen.findByText('Weborama discussion')).toBeTruthy();
    fireEvent.change(screen.getByTestId('grow-weborama-input'), { target: { value: ' wb-2041 ' } });
    fireEvent.click(screen.getByTestId('grow-weborama-apply'));
    await waitFor(() => expect(screen.getByTestId('grow-audience-webo').textContent).toBe('wb-2041'));
    fireEvent.click(screen.getByTestId('grow-audience-save'));
    await waitFor(() => expect(s.callsTo(E.updateSubMarket)).toHaveLength(1));
    expect((s.callsTo(E.updateSubMarket)[0].body as { sub_market: { webo_cluster_id: string } }).sub_market.webo_cluster_id).toBe('wb-2041');
    expect(PANEL_WIDTHS.weborama).toBe(550);
  });

  it('GROW-046 / GROW-039 the chart form (650 wide) saves only a non-blank name no other chart has', async () => {
    await opened();
    fireEvent.click(screen.getByTestId('grow-create'));
    const save = (await screen.findByTestId('grow-chart-save')) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('grow-chart-name'), { target: { value: '   ' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('grow-chart-name'), { target: { value: ' audience reach ' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('grow-chart-name'), { target: { value: 'Snacking' } });
    expect(save.disabled).toBe(false);
    expect(PANEL_WIDTHS).toEqual({ market: 450, audience: 550, chart: 650, weborama: 550 });
  });

  it("GROW-078 / GROW-080 the invalid-audience modal offers what the user may do: both fixes with update and destroy, only 'Close' without", async () => {
    server(all, { invalid: ['is-0002'] });
    await renderInShell([grow], `${P}/insights/grow`);
    expect((await screen.findByTestId('grow-invalid-message')).textContent).toBe(
      'Chart or associated custom widget contains Audience(s) with segments no longer available from the provider. The chart cannot be selected in this state.',
    );
    expect(screen.getByTestId('invalid-action-remove').textContent).toBe('Remove Invalid Audience(s)');
    expect(screen.getByTestId('invalid-action-delete').textContent).toBe('Delete Chart');
    cleanup();
    sessionStorage.clear();
    server({ read: true }, { invalid: ['is-0002'] });
    await renderInShell([grow], `${P}/insights/grow`);
    await screen.findByTestId('grow-invalid-message');
    expect(screen.queryByTestId('invalid-action-remove')).toBeNull();
    expect(screen.queryByTestId('invalid-action-delete')).toBeNull();
    expect(screen.getByTestId('invalid-action-close').textContent).toBe('Close');
  });

  it("GROW-007 the filter bar lists the selected audiences with 'Clear all' and 'Save Audience'", async () => {
    await opened();
    const bar = screen.getByTestId('grow-filters');
    expect(within(bar).getByText('No audience selected')).toBeTruthy();
    expect(within(bar).getByTestId('grow-save-audience').textContent).toBe('Save Audience');
    fireEvent.click(within(screen.getByTestId('grow-audience-1')).getByRole('checkbox'));
    expect(
      within(bar)
        .getAllByTestId('grow-filter-tag')
        .map((t) => t.textContent),
    ).toEqual(['Diet fans']);
    fireEvent.click(within(bar).getByTestId('grow-clear-filters'));
    expect(within(bar).queryAllByTestId('grow-filter-tag')).toHaveLength(0);
  });
});

describe('Grow: issue 27 §6', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const all = { read: true, create: true, update: true, destroy: true };
  // jsdom lays nothing out: the mekko measures an 800 × 400 box (it draws once it has a width).
  let box: jest.SpyInstance;
  beforeAll(() => {
    box = jest
      .spyOn(Element.prototype, 'getBoundingClientRect')
      .mockImplementation(() => ({ width: 800, height: 400, top: 0, left: 0, right: 800, bottom: 400, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect);
  });
  afterAll(() => box.mockRestore());
  const drawing = async () => {
    const figure = await screen.findByRole('figure', { name: 'Penetration' });
    await waitFor(() => expect(figure.querySelector('[data-plotly-stub="drawn"]')).toBeTruthy());
    return figure.querySelector('[data-plotly-stub="drawn"]') as HTMLElement & { data: any[]; layout: any };
  };

  it("a new chart without markets says how to add them in View mode (not 'No data to chart.'); a reader is told who can", async () => {
    server(all, { mekko: { ...chart, markets: [] } });
    await renderInShell([grow], `${P}/insights/grow`);
    const figure = await screen.findByRole('figure', { name: 'Penetration' });
    await waitFor(() => expect(figure.getAttribute('data-chart-state')).toBe('empty'));
    expect(screen.getByTestId('grow-mode-view').className).toContain('active');
    expect(figure.textContent).toContain("This chart has no markets yet. Choose Edit, then 'Add Market' under the chart to add one.");
    expect(figure.textContent).not.toContain('No data to chart.');
    cleanup();
    server({ read: true }, { mekko: { ...chart, markets: [] } });
    await renderInShell([grow], `${P}/insights/grow`);
    const readOnly = await screen.findByRole('figure', { name: 'Penetration' });
    await waitFor(() => expect(readOnly.textContent).toContain('This chart has no markets yet. Someone who can edit Grow charts can add them.'));
  });

  it('GROW-009 with nothing selected, Save Audience is disabled and its tooltip says what to select', async () => {
    server(all);
    await renderInShell([grow], `${P}/insights/grow`);
    await screen.findByTestId('grow-audience-1');
    const button = screen.getByTestId('grow-save-audience');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const reason = screen.getByTestId('grow-save-audience-reason');
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    expect(reason.textContent).toBe('Select one or more audiences on the chart to save them as an audience.');
    // Once an audience is selected the reason is another rule's (here: no create_audience_single on its segment).
    fireEvent.click(within(screen.getByTestId('grow-audience-1')).getByRole('checkbox'));
    await waitFor(() =>
      expect(screen.getByTestId('grow-save-audience-reason').textContent).toBe('You do not have permission to create audiences from these segments.'),
    );
  });

  it('the selected audience is highlighted (outlined) and the others dimmed; GROW-018 the x axis reaches 100', async () => {
    server(all);
    await renderInShell([grow], `${P}/insights/grow`);
    await screen.findByTestId('grow-audience-1');
    let g = await drawing();
    expect(g.data[0].marker.opacity).toEqual([1, 1]);
    expect(g.layout.xaxis.range).toEqual([0, 100]);
    expect(g.layout.xaxis.ticktext).toEqual(['0%', '20%', '40%', '60%', '80%', '100%']);
    fireEvent.click(within(screen.getByTestId('grow-audience-1')).getByRole('checkbox'));
    await waitFor(async () => expect((await drawing()).data[0].marker.opacity).toEqual([1, 0.35]));
    g = await drawing();
    // Diet fans (selected) outlined in dark, 2 px; Soda buyers dimmed with a thin white edge.
    expect(g.data[0].marker.line).toEqual({ color: ['#1c2127', '#ffffff'], width: [2, 1] });
    // The blocks' labels: the selected one stands out, the other is dimmed (and keeps its contrast).
    const figure = screen.getByRole('figure', { name: 'Penetration' });
    await waitFor(() => expect(figure.querySelector('[data-testid="mekko-label-10/1"]')?.getAttribute('data-highlighted')).toBe('true'));
    expect(figure.querySelector('[data-testid="mekko-label-10/2"]')?.getAttribute('data-dimmed')).toBe('true');
  });
});

describe('Grow: access, hints, TV settings and the Insights panel', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("GROW-002 the page needs mekkos.read and the client's 'grow' flag", () => {
    const snapshot = (read: boolean, grow: boolean): SessionSnapshot => ({
      can: (resource, action) => read && resource === 'mekkos' && action === 'read',
      featureFlags: { grow },
      modules: ['grow'],
      isTier3: false,
      hierarchy: { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' },
    });
    const requires = grow.routes![0].requires!;
    expect([requires(snapshot(true, true)), requires(snapshot(false, true)), requires(snapshot(true, false))]).toEqual([true, false, false]);
  });

  it('GROW-011 a hint shows once per cookie (365 days) and hides itself after 10 seconds', () => {
    jest.useFakeTimers();
    try {
      document.cookie = 'probe-hint=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      const first = renderHook(({ on }) => useOnceHint('probe-hint', on), { initialProps: { on: false } });
      expect(first.result.current).toBe(false);
      first.rerender({ on: true });
      expect(first.result.current).toBe(true);
      act(() => jest.advanceTimersByTime(9_999));
      expect(first.result.current).toBe(true);
      act(() => jest.advanceTimersByTime(1));
      expect(first.result.current).toBe(false);
      first.unmount();
      expect(document.cookie).toContain('probe-hint=1');
      const again = renderHook(() => useOnceHint('probe-hint', true));
      expect(again.result.current).toBe(false);
      again.unmount();
    } finally {
      jest.useRealTimers();
    }
  });

  it("GROW-028 a TV-panelist chart reads 'Max count size is {max}' from the region's settings", async () => {
    const s = server({ read: true, update: true }, { mekko: { ...chart, count_type: 'tv_panelists' } });
    s.on(E.tvSettings, { data: { minimum: 50, maximum: 25000, n_pids: 1000, constant: 1.5 } });
    await renderInShell([grow], `${P}/insights/grow`);
    expect((await screen.findByTestId('grow-tv-notice')).textContent).toContain('Max count size is 25,000');
  });

  it("GROW-082 the shared Insights panel sits beside the chart with context 'grow', the chart as owner and the selected audiences", async () => {
    const seen: InsightsPanelProps[] = [];
    const fakeInsights = definePlugin({
      id: 'fake-insights',
      titleKey: 'fake-insights:title',
      module: new ContainerModule(({ bind }) => {
        bind(InsightsPanelToken.symbol).toConstantValue({
          Panel: (p: InsightsPanelProps) => {
            seen.push(p);
            return <div data-testid="fake-panel">{p.audiences.map((a) => a.name).join(', ')}</div>;
          },
        });
      }),
      provides: [InsightsPanelToken],
    });
    server({ read: true });
    await renderInShell([grow, fakeInsights], `${P}/insights/grow`);
    fireEvent.click(within(await screen.findByTestId('grow-audience-1')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('fake-panel').textContent).toBe('Diet fans'));
    expect(seen.at(-1)).toMatchObject({ context: 'grow', owner: { kind: 'mekkos', id: 7 }, tabsConfig: { resourceType: 'Mekko', resourceId: 7 } });
  });

  it('issue 24 §3 a failed chart list ends in its error state with a retry; failed counts show their error on the chart', async () => {
    const s = server({ read: true });
    const down = { status: 500, body: { error: { message: 'down', status: 500, code: 'internal' } } };
    s.on(E.list, () => down);
    await renderInShell([grow], `${P}/insights/grow`);
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('Grow');
    expect(screen.queryByTestId('grow-page')).toBeNull();
    // The list is back; the counts still fail: the chart says so and offers to try again.
    s.on(E.list, {
      data: [{ id: 7, name: 'Beverages Landscape', default: true, count_type: 'people_count', vertical_type: null, measurement_label: 'Penetration' }],
    });
    s.on(E.counts, () => down);
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('grow-chart-dropdown').textContent).toContain('Beverages Landscape'));
    expect(await screen.findByTestId('grow-counts-error')).toBeTruthy();
    s.on(E.counts, countsFor(chart, { 'is-0001': 1234, 'is-0002': 567 }, { 10: [1500, 1600] }));
    fireEvent.click(within(screen.getByTestId('grow-counts-error')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('grow-counts-error')).toBeNull());
  });

  it('EXP-044 / EXP-039 / EXP-042 the Predictions view saves a snapshot, loads it and compares every audience with the chart now', async () => {
    const s = server({ read: true, update: true });
    const taken: SnapshotDto = {
      id: 31,
      mekko_id: 7,
      name: 'December wave',
      created_at: '2026-12-01T10:00:00.000Z',
      created_by: 'Pat Planner',
      filters: [],
      total: { matched: 1500, modeled: 1600 },
      snapshots_sub_markets: [
        {
          snapshot_id: 31,
          sub_market_id: 1,
          market_name: 'Soft Drinks',
          name: 'Diet fans',
          population: 1000,
          matched: 1000,
          modeled: 900,
          current_confidence: null,
        },
      ],
    };
    s.on(snapshotEndpoints.list, { data: [] })
      .on(snapshotEndpoints.create, { data: taken }, 201)
      .on(snapshotEndpoints.get, { data: taken })
      .on(snapshotEndpoints.updateConfidence, { data: { ...taken.snapshots_sub_markets[0], current_confidence: 75 } });
    await renderInShell([grow], `${P}/insights/grow`);
    await screen.findByTestId('grow-audience-1');
    fireEvent.click(screen.getByTestId('grow-view-predictions'));
    expect((await screen.findByTestId('grow-predictions-empty')).textContent).toContain('No snapshots of this chart yet');
    s.on(snapshotEndpoints.list, { data: [taken] });
    fireEvent.click(screen.getByTestId('grow-snapshot-save'));
    fireEvent.change(await screen.findByTestId('grow-snapshot-name'), { target: { value: 'December wave' } });
    fireEvent.click(screen.getByTestId('grow-snapshot-name-save'));
    const table = await screen.findByTestId('grow-predictions-table');
    expect(s.callsTo(snapshotEndpoints.create)[0].body).toEqual({ snapshot: { mekko_id: 7, name: 'December wave', filters: [] } });
    const rows = within(table).getAllByTestId('grow-prediction-row');
    // Matched tab: Diet fans 1,000 then, 1,234 now; Soda buyers is new since the snapshot.
    expect(rows.map((r) => [...r.querySelectorAll('td, th')].slice(0, 6).map((c) => c.textContent))).toEqual([
      ['Soft Drinks', 'Diet fans', '1,000', '1,234', '+234', '+23.4%'],
      ['Soft Drinks', 'Soda buyers', 'New since', '567', '–', '–'],
    ]);
    expect((screen.getByTestId('grow-snapshot-select') as HTMLSelectElement).value).toBe('31');
    const confidence = within(rows[0]).getByRole('spinbutton', { name: 'Current confidence in Diet fans (%)' }) as HTMLInputElement;
    fireEvent.change(confidence, { target: { value: '75' } });
    fireEvent.blur(confidence);
    await waitFor(() => expect(s.callsTo(snapshotEndpoints.updateConfidence)).toHaveLength(1));
    expect(s.callsTo(snapshotEndpoints.updateConfidence)[0].body).toEqual({
      snapshots_sub_market: { snapshot_id: 31, sub_market_id: 1, current_confidence: 75 },
    });
    fireEvent.click(screen.getByTestId('grow-snapshot-clear'));
    expect(await screen.findByTestId('grow-predictions-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('grow-view-chart'));
    expect(await screen.findByTestId('grow-audience-1')).toBeTruthy();
  });
});
