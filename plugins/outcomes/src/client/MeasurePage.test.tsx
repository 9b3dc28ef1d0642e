import { segmentsEndpoints } from '@discovery/insights-kit';
import { growEndpoints, type MekkoDto } from '@discovery/plugin-insights-grow/common';
import { insightsEndpoints } from '@discovery/plugin-insights/common';
import { FakeServer, renderInShell } from '@discovery/test-utils';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fromKey, monthKey, monthLabel, outcomesEndpoints as E, type OutcomeTimeframeDto } from '../common';
import outcomes from './index';

const P = '/acme/us/fizz-cola/fizz-zero';
const chart: MekkoDto = {
  id: 7,
  name: 'Beverages Landscape',
  default: true,
  count_type: 'people_count',
  vertical_type: null,
  measurement_label: '',
  markets: [
    {
      id: 10,
      mekko_id: 7,
      name: 'Soft Drinks',
      order: 0,
      sub_markets: [
        {
          id: 1,
          market_id: 10,
          name: 'Diet fans',
          tag: 'owned',
          population: 1000,
          matched_short_id: 'is-0001',
          modeled_short_id: 'is-0002',
          webo_cluster_id: null,
          discussion_cluster_node_id: null,
          order: 0,
          in_prediction_model: false,
        },
      ],
    },
  ],
};
// Relative to the real clock: the page's month maths run on it (the rules' own tests fix the clock).
const now = new Date();
const nowK = monthKey(now.getUTCFullYear(), now.getUTCMonth() + 1);
const tf = (k: number, total: number, matched: number, current = false): OutcomeTimeframeDto => {
  const { year, month } = fromKey(k);
  return {
    id: current ? null : k,
    mekko_id: 7,
    year,
    month: month - 1,
    current,
    total,
    matched,
    modeled: matched * 2,
    market_outcomes: [{ id: null, market_id: 10, total, matched, modeled: matched * 2 }],
    submarket_outcomes: [{ id: null, sub_market_id: 1, market_id: 10, total, matched, modeled: matched * 2 }],
  };
};
/** 16 stored months before this one, matched growing by 10 a month, and the current one. */
const stored = Array.from({ length: 16 }, (_, i) => tf(nowK - 16 + i, 1000, 100 + 10 * i));

/** Kept before any test fakes the clock. */
const realSetTimeout = globalThis.setTimeout;

/** A second saved chart, with its own measurement label. */
const snacks: MekkoDto = { ...chart, id: 8, name: 'Snacks Landscape', default: false, measurement_label: 'Share of Wallet' };

function server(
  perms: Record<string, boolean>,
  o: { tier?: 1 | 3; charts?: MekkoDto[]; tabsConfig?: { name: 'Person Level' | 'Market Level'; visible: boolean }[] } = {},
) {
  const charts = o.charts ?? [chart];
  const s = new FakeServer()
    .signedIn({ tier: o.tier, flags: { measure: true }, permissions: { outcome_timeframes: perms, mekkos: { read: true } }, modules: ['measure'] })
    .on(growEndpoints.list, { data: charts.map(({ markets: _markets, ...c }) => c) })
    .on(growEndpoints.get, ({ params }) => ({
      body: { data: charts.find((c) => c.id === Number(params.id)) ?? chart, invalid: { identifiers: [], tabs: [], widgets: [] } },
    }))
    .on(insightsEndpoints.tabsConfig, o.tabsConfig ?? [])
    .on(segmentsEndpoints.byIdentifiers, { data: [] })
    .on(E.list, { data: stored })
    .on(E.current, { data: tf(nowK, 1000, 300, true), base: {} as never });
  s.install();
  return s;
}

describe('Outcomes Measure page', () => {
  it('OUT-003 / OUT-004 / OUT-009 / OUT-010 / OUT-014 / OUT-015 / OUT-033 opens the default chart with the newest two timeframes, Matched first', async () => {
    server({ read: true });
    await renderInShell([outcomes], `${P}/outcomes/measure`);
    await waitFor(() => expect(screen.getByTestId('outcomes-chart-dropdown').textContent).toContain('Beverages Landscape'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Outcomes Measure');
    await waitFor(() => expect(screen.getByTestId('outcomes-tab-count-matched').textContent).toBe('300'));
    expect(screen.getByTestId('outcomes-tab-matched').getAttribute('aria-selected')).toBe('true');
    expect(
      ['total', 'matched', 'modeled'].map((x) =>
        screen
          .getByTestId(`outcomes-tab-${x}`)
          .textContent?.replace(/[0-9,]+$/, '')
          .trim(),
      ),
    ).toEqual(['Total Population', 'Matched Addressable', 'Modeled Addressable']);
    const prev = fromKey(nowK - 1);
    expect(screen.getByTestId('outcomes-previous-panel').textContent).toContain(`${monthLabel(prev.year, prev.month)} Population`);
    expect(screen.getByTestId('outcomes-previous-panel').textContent).toContain('250');
    // 300 against 250: +50, +20.0%, green caret up.
    expect(screen.getByTestId('outcomes-change-percent').textContent).toBe('(+20.0%)');
    expect(screen.getByTestId('outcomes-caret-up')).toBeTruthy();
  });

  it('OUT-039 / OUT-045 a range over 13 months falls back to comparison with the error; months without a timeframe are disabled', async () => {
    server({ read: true });
    await renderInShell([outcomes], `${P}/outcomes/measure/7`);
    await waitFor(() => expect(screen.getByTestId('outcomes-tab-count-matched').textContent).toBe('300'));
    fireEvent.click(screen.getByTestId('outcomes-time-selector'));
    const menu = await screen.findByTestId('outcomes-time-menu');
    fireEvent.click(within(menu).getByTestId('outcomes-mode-range'));
    const first = fromKey(nowK - 16);
    const year = fromKey(nowK).year;
    // The selector opens on the current timeframe's year: go back to the first stored month's year.
    for (let y = year; y > first.year; y--) fireEvent.click(within(menu).getByTestId('outcomes-year-prev'));
    fireEvent.click(within(menu).getByTestId(`outcomes-month-${first.year}-${first.month}`));
    for (let y = first.year; y < year; y++) fireEvent.click(within(menu).getByTestId('outcomes-year-next'));
    const n = fromKey(nowK);
    fireEvent.click(within(menu).getByTestId(`outcomes-month-${n.year}-${n.month}`));
    expect((await screen.findByTestId('outcomes-range-error')).textContent).toBe('Time period too long to chart by month. Please decrease the time period.');
    expect(screen.queryByTestId('outcomes-range')).toBeNull();
    fireEvent.click(screen.getByTestId('outcomes-time-selector'));
    const again = await screen.findByTestId('outcomes-time-menu');
    const later = fromKey(nowK + 1);
    if (later.year === n.year) expect((within(again).getByTestId(`outcomes-month-${later.year}-${later.month}`) as HTMLButtonElement).disabled).toBe(true);
  });

  it('OUT-048 / OUT-055 / OUT-058 Timeframe Settings opens Admin Outcomes with the Current Timeframe that cannot be deleted', async () => {
    server({ read: true, create: true, update: true, destroy: true });
    await renderInShell([outcomes], `${P}/outcomes/measure/7`);
    await waitFor(() => expect(screen.getByTestId('outcomes-tab-count-matched').textContent).toBe('300'));
    fireEvent.click(screen.getByTestId('outcomes-time-selector'));
    fireEvent.click(await screen.findByTestId('outcomes-timeframe-settings'));
    const panel = await screen.findByTestId('outcomes-admin');
    expect(within(panel).getByText('Admin Outcomes')).toBeTruthy();
    const n = fromKey(nowK);
    const card = within(panel).getByTestId(`outcomes-card-${n.year}-${n.month}`);
    expect(within(card).getByTestId('outcomes-current-tag').textContent).toBe('Current Timeframe');
    expect(within(card).queryByTestId(`outcomes-delete-${n.year}-${n.month}`)).toBeNull();
  });

  it('OUT-048 hides Timeframe Settings without outcome_timeframes.create', async () => {
    server({ read: true });
    await renderInShell([outcomes], `${P}/outcomes/measure/7`);
    await waitFor(() => expect(screen.getByTestId('outcomes-tab-count-matched').textContent).toBe('300'));
    fireEvent.click(screen.getByTestId('outcomes-time-selector'));
    await screen.findByTestId('outcomes-time-menu');
    expect(screen.queryByTestId('outcomes-timeframe-settings')).toBeNull();
  });

  it('OUT-002 a chart picked in the dropdown opens outcomes/measure/{mekkoId}; with no chart the page stays on outcomes/measure', async () => {
    const s = server({ read: true }, { charts: [chart, snacks] });
    await renderInShell([outcomes], `${P}/outcomes/measure/7`);
    await waitFor(() => expect(screen.getByTestId('outcomes-chart-dropdown').textContent).toContain('Beverages Landscape'));
    fireEvent.click(screen.getByTestId('outcomes-chart-dropdown'));
    fireEvent.click(await screen.findByTestId('outcomes-chart-option-8'));
    // The page loads the chart its address names: only a navigation to .../measure/8 opens Snacks.
    await waitFor(() => expect(screen.getByTestId('outcomes-chart-dropdown').textContent).toContain('Snacks Landscape'));
    expect(s.calls.some((c) => c.method === 'GET' && c.url.endsWith('/mekkos/8'))).toBe(true);
  });

  it('OUT-002 with no saved chart the page stays on outcomes/measure and says so', async () => {
    const s = server({ read: true }, { charts: [] });
    await renderInShell([outcomes], `${P}/outcomes/measure`);
    expect(await screen.findByTestId('outcomes-empty')).toBeTruthy();
    expect(s.calls.some((c) => /\/mekkos\/\d+$/.test(c.url))).toBe(false);
  });

  it('OUT-005 the time-period selector sits beside the chart dropdown, in its row', async () => {
    server({ read: true });
    await renderInShell([outcomes], `${P}/outcomes/measure/7`);
    const time = await screen.findByTestId('outcomes-time-selector');
    const dropdown = screen.getByTestId('outcomes-chart-dropdown');
    // The smallest box holding both is a row of the page, which holds neither the filters nor the tabs.
    let row = dropdown.parentElement!;
    while (!row.contains(time)) row = row.parentElement!;
    expect(row.parentElement).toBe(screen.getByTestId('outcomes-page'));
    expect(row.contains(screen.getByTestId('outcomes-filters'))).toBe(false);
    expect(dropdown.compareDocumentPosition(time) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    [1, ['Total amount of consumers from data provider', 'Unique PID matches', 'Lookalike modeling on PIDs']],
    [3, ['Total amount of consumers from data provider', 'Unique Panel IDs', 'Modeled Weights on Panel IDs']],
  ] as const)('OUT-013 the tabs tell what they count on hover (tier %s)', async (tier, texts) => {
    server({ read: true }, { tier });
    await renderInShell([outcomes], `${P}/outcomes/measure/7`);
    await waitFor(() => expect(screen.getByTestId('outcomes-tab-count-matched').textContent).toBe('300'));
    for (const [i, x] of (['total', 'matched', 'modeled'] as const).entries()) {
      fireEvent.mouseEnter(screen.getByTestId(`outcomes-tab-count-${x}`).parentElement!);
      expect(await screen.findByText(texts[i], {}, { timeout: 5000 })).toBeTruthy();
      fireEvent.mouseLeave(screen.getByTestId(`outcomes-tab-count-${x}`).parentElement!);
    }
  });

  it("OUT-019 the comparison mekko is titled with the chart's measurement label, or 'Penetration' without one", async () => {
    server({ read: true }, { charts: [chart, snacks] });
    await renderInShell([outcomes], `${P}/outcomes/measure/7`);
    await waitFor(() => expect(within(screen.getByTestId('outcomes-mekko')).getByText('Penetration')).toBeTruthy());
    fireEvent.click(screen.getByTestId('outcomes-chart-dropdown'));
    fireEvent.click(await screen.findByTestId('outcomes-chart-option-8'));
    await waitFor(() => expect(within(screen.getByTestId('outcomes-mekko')).getByText('Share of Wallet')).toBeTruthy());
  });

  const openAdmin = async () => {
    await waitFor(() => expect(screen.getByTestId('outcomes-tab-count-matched').textContent).not.toBe('0'));
    fireEvent.click(screen.getByTestId('outcomes-time-selector'));
    fireEvent.click(await screen.findByTestId('outcomes-timeframe-settings'));
    return screen.findByTestId('outcomes-admin');
  };
  const last = fromKey(nowK - 1);
  const lastId = `${last.year}-${last.month}`;

  it('OUT-060 Edit shows to whoever opens the panel; edit mode has numeric inputs for total, matched and modeled at chart, market and sub-market level', async () => {
    // create opens the panel; no update permission is needed to see Edit
    server({ read: true, create: true });
    await renderInShell([outcomes], `${P}/outcomes/measure/7`);
    const panel = await openAdmin();
    fireEvent.click(within(panel).getByTestId(`outcomes-edit-${lastId}`));
    for (const where of ['chart', '10', '1'])
      for (const f of ['total', 'matched', 'modeled']) {
        const input = within(panel).getByTestId(`outcomes-input-${lastId}-${where}-${f}`) as HTMLInputElement;
        // a number field (a spin button of whole numbers from 0) holding the stored figure
        expect([input.tagName, input.getAttribute('role'), input.getAttribute('aria-valuemin')]).toEqual(['INPUT', 'spinbutton', '0']);
        expect(input.getAttribute('aria-valuenow')).toMatch(/^\d+$/);
      }
  });

  it('OUT-061 a market-level-only chart (Person Level hidden) shows no Matched or Modeled column in Admin Outcomes', async () => {
    server({ read: true, create: true }, { tabsConfig: [{ name: 'Person Level', visible: false }] });
    await renderInShell([outcomes], `${P}/outcomes/measure/7`);
    await waitFor(() => expect(screen.getByTestId('outcomes-tab-count-total').textContent).toBe('1,000'));
    fireEvent.click(screen.getByTestId('outcomes-time-selector'));
    fireEvent.click(await screen.findByTestId('outcomes-timeframe-settings'));
    const panel = await screen.findByTestId('outcomes-admin');
    fireEvent.click(within(panel).getByTestId(`outcomes-card-toggle-${lastId}`));
    const card = within(panel).getByTestId(`outcomes-card-${lastId}`);
    expect(
      within(card)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Total']);
    fireEvent.click(within(panel).getByTestId(`outcomes-edit-${lastId}`));
    expect(within(panel).queryByTestId(`outcomes-input-${lastId}-chart-matched`)).toBeNull();
    expect(within(panel).getByTestId(`outcomes-input-${lastId}-chart-total`)).toBeTruthy();
  });

  it('OUT-066 Add Timeframe shows only in a year with a month still free', async () => {
    server({ read: true, create: true });
    await renderInShell([outcomes], `${P}/outcomes/measure/7`);
    const panel = await openAdmin();
    // This year: every month before this one has its timeframe, this month is the current one.
    expect(within(panel).queryByTestId('outcomes-add-timeframe')).toBeNull();
    const earlier = String(fromKey(nowK - 16).year - 1);
    fireEvent.change(within(panel).getByTestId('outcomes-admin-year').querySelector('select') ?? within(panel).getByTestId('outcomes-admin-year'), {
      target: { value: earlier },
    });
    expect((await within(panel).findByTestId('outcomes-add-timeframe')).textContent).toBe('Add Timeframe');
  });

  /** The notice the toasts show (error style), or null. */
  const notice = (text: string) => {
    const toast = within(screen.getByTestId('toasts')).queryByText(text)?.closest('[role=status]');
    return toast ? { error: toast.className.includes('intent-danger') } : null;
  };
  /**
   * What `cause` brings up shows in error style from the moment it shows for 6000 ms, no less, no more
   * (OUT-070): the clock stands still while the fake server answers, a turn of the real one at a time.
   */
  const expectErrorNoticeFor6000 = async (text: string, cause: () => void) => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    try {
      cause();
      for (let i = 0; i < 200 && !notice(text); i++) await act(() => new Promise<void>((r) => realSetTimeout(r, 0)));
      expect(notice(text)).toEqual({ error: true });
      act(() => jest.advanceTimersByTime(5999));
      expect(notice(text)).not.toBeNull();
      act(() => jest.advanceTimersByTime(1));
      expect(notice(text)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  };
  const down = { status: 500, body: { error: { message: 'down', status: 500, code: 'internal' } } };

  it('OUT-064 / OUT-070 a failed save shows its notice in error style for 6000 ms and leaves edit mode', async () => {
    server({ read: true, create: true, update: true }).on(E.update, () => down);
    await renderInShell([outcomes], `${P}/outcomes/measure/7`);
    const panel = await openAdmin();
    fireEvent.click(within(panel).getByTestId(`outcomes-edit-${lastId}`));
    await expectErrorNoticeFor6000('Something went wrong saving this outcome. Please refresh the page and try again.', () =>
      fireEvent.click(within(panel).getByTestId(`outcomes-save-${lastId}`)),
    );
    expect(within(panel).queryByTestId(`outcomes-save-${lastId}`)).toBeNull();
  });

  it('OUT-065 / OUT-070 timeframes that fail to load show the loading notice in error style for 6000 ms', async () => {
    const s = server({ read: true });
    let fail = () => {};
    s.on(E.list, () => new Promise((resolve) => (fail = () => resolve(down))));
    await renderInShell([outcomes], `${P}/outcomes/measure/7`);
    await waitFor(() => expect(s.callsTo(E.list)).toHaveLength(1));
    await expectErrorNoticeFor6000('Something went wrong loading outcomes. Please refresh the page and try again.', () => fail());
  });
});
