import {
  caretOf,
  defaultSelection,
  filterLabel,
  firstThirteen,
  forcedTab,
  formatChange,
  fromWire,
  highlighted,
  keepSelection,
  monthEnabled,
  monthKey,
  NO_FILTER,
  percentChange,
  pickSelection,
  presets,
  selectableMonths,
  snapshotMonth,
  toggleMarket,
  toggleSubMarket,
  toWire,
  yearChoices,
  yearNavigation,
  zeroFill,
  type Timeframe,
} from './rules';
import { OutcomeTimeframeBody } from './schema';

const NOW = new Date('2026-05-14T12:00:00Z'); // May 2026
const tf = (year: number, month: number): Timeframe => ({
  id: year * 100 + month,
  mekko_id: 1,
  year,
  month,
  current: false,
  total: 0,
  matched: 0,
  modeled: 0,
  market_outcomes: [],
  submarket_outcomes: [],
});
const k = monthKey;

describe('Outcomes rules', () => {
  it('OUT-054 / A-06 shifts months by one between the wire (0-11) and the UI (1-12), both ways', () => {
    const ui = fromWire({ ...tf(2026, 0), month: 0 });
    expect(ui.month).toBe(1);
    expect(toWire(ui).month).toBe(0);
    expect(OutcomeTimeframeBody.safeParse({ outcome_timeframe: toWire({ ...tf(2026, 12) }) }).success).toBe(true);
    expect(OutcomeTimeframeBody.safeParse({ outcome_timeframe: { ...toWire(tf(2026, 12)), month: 12 } }).success).toBe(false);
  });

  it('OUT-062 accepts whole numbers of 0 or more only', () => {
    const ok = toWire(tf(2025, 3));
    expect(OutcomeTimeframeBody.safeParse({ outcome_timeframe: { ...ok, total: 2.5 } }).error?.issues[0].message).toBe('Enter a whole number of 0 or more.');
    expect(OutcomeTimeframeBody.safeParse({ outcome_timeframe: { ...ok, matched: -1 } }).success).toBe(false);
  });

  it('OUT-052 fills every market and audience of the chart with zero-value entries and keeps stored ones', () => {
    const chart = {
      markets: [
        { id: 1, sub_markets: [{ id: 11 }, { id: 12 }] },
        { id: 2, sub_markets: [{ id: 21 }] },
      ],
    };
    const filled = zeroFill(
      {
        market_outcomes: [{ id: 5, market_id: 2, total: 9, matched: 8, modeled: 7 }],
        submarket_outcomes: [{ id: 6, sub_market_id: 12, market_id: 1, total: 3, matched: 2, modeled: 1 }],
      },
      chart,
    );
    expect(filled.market_outcomes).toEqual([
      { id: null, market_id: 1, total: 0, matched: 0, modeled: 0 },
      { id: 5, market_id: 2, total: 9, matched: 8, modeled: 7 },
    ]);
    expect(filled.submarket_outcomes.map((s) => [s.sub_market_id, s.total])).toEqual([
      [11, 0],
      [12, 3],
      [21, 0],
    ]);
  });

  it('OUT-033 defaults to the newest as current and the second newest as previous (the same when only one), comparison mode', () => {
    expect(defaultSelection([tf(2025, 11), tf(2026, 2), tf(2026, 1)])).toEqual({ current: k(2026, 2), previous: k(2026, 1), isRangeMode: false });
    expect(defaultSelection([tf(2025, 11)])).toEqual({ current: k(2025, 11), previous: k(2025, 11), isRangeMode: false });
    expect(defaultSelection([])).toEqual({ current: null, previous: null, isRangeMode: false });
  });

  it('OUT-034 keeps a selection whose months still exist and re-defaults otherwise', () => {
    const list = [tf(2026, 1), tf(2026, 2), tf(2026, 3)];
    const sel = { previous: k(2026, 1), current: k(2026, 2), isRangeMode: true };
    expect(keepSelection(sel, list)).toBe(sel);
    expect(keepSelection(sel, list.slice(1))).toEqual({ previous: k(2026, 2), current: k(2026, 3), isRangeMode: false });
  });

  it('OUT-036 / OUT-037 makes the earlier pick previous and highlights the months between', () => {
    expect(pickSelection(k(2026, 4), k(2026, 1), false)).toEqual({ selection: { previous: k(2026, 1), current: k(2026, 4), isRangeMode: false }, error: null });
    expect(highlighted(k(2026, 3), k(2026, 1))).toEqual([k(2026, 1), k(2026, 2), k(2026, 3)]);
  });

  it('OUT-039 falls back to comparison with the error past 13 months; exactly 13 is a range', () => {
    expect(pickSelection(k(2025, 1), k(2026, 1), true)).toEqual({ selection: { previous: k(2025, 1), current: k(2026, 1), isRangeMode: true }, error: null });
    const long = pickSelection(k(2025, 1), k(2026, 2), true);
    expect(long.selection.isRangeMode).toBe(false);
    expect(long.error).toBe('Time period too long to chart by month. Please decrease the time period.');
  });

  it('OUT-040 / OUT-041 / OUT-042 / OUT-043 / OUT-044 / A-08 presets on a fixed clock, disabled when an endpoint is missing', () => {
    const list = [tf(2025, 10), tf(2025, 12), tf(2026, 1), tf(2026, 3), tf(2026, 4), tf(2026, 5)];
    const p = Object.fromEntries(presets(list, NOW).map((x) => [x.id, x]));
    expect(p.yearToDate).toMatchObject({ previous: k(2026, 1), current: k(2026, 5), disabled: false });
    // Difference to now under 6: December 2025 (5) .. May 2026 (0); October 2025 (7) is out.
    expect(p.last6Months).toMatchObject({ previous: k(2025, 12), current: k(2026, 5), disabled: false });
    // The previous calendar quarter of May is January-March.
    expect(p.lastQuarter).toMatchObject({ previous: k(2026, 1), current: k(2026, 3), disabled: false });
    expect(p.lastMonth).toMatchObject({ previous: k(2026, 4), current: k(2026, 5), disabled: false });
    const gaps = Object.fromEntries(presets([tf(2026, 2), tf(2026, 3)], NOW).map((x) => [x.id, x]));
    expect(gaps.lastQuarter).toMatchObject({ previous: null, current: k(2026, 3), disabled: true });
    const one = Object.fromEntries(presets([tf(2024, 2)], NOW).map((x) => [x.id, x]));
    expect(one.lastMonth.disabled).toBe(true);
    expect(one.yearToDate.disabled).toBe(true);
    expect(one.last6Months.disabled).toBe(true);
  });

  it('OUT-045 / OUT-046 disables months without a timeframe and years without timeframes before or after', () => {
    const list = [tf(2025, 6), tf(2026, 2)];
    expect(monthEnabled(list, 2026, 2)).toBe(true);
    expect(monthEnabled(list, 2026, 3)).toBe(false);
    expect(yearNavigation(list, 2026)).toEqual({ previous: true, next: false });
    expect(yearNavigation(list, 2025)).toEqual({ previous: false, next: true });
  });

  it('OUT-056 offers the current year and the nine before it', () => {
    expect(yearChoices(NOW)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
  });

  it('OUT-067 / A-07 offers unused months strictly before this month in this year, and any unused month of an earlier year', () => {
    expect(selectableMonths(2026, [2], NOW)).toEqual([1, 3, 4]);
    expect(selectableMonths(2025, [1, 12], NOW)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(selectableMonths(2027, [], NOW)).toEqual([]);
  });

  it('OUT-047 / A-21 matches a snapshot to the month whose end is within ±10 days', () => {
    expect(snapshotMonth(new Date('2026-12-01T00:00:00Z'))).toEqual({ year: 2026, month: 11 });
    expect(snapshotMonth(new Date('2026-12-11T00:00:00Z'))).toEqual({ year: 2026, month: 11 });
    expect(snapshotMonth(new Date('2026-11-21T00:00:00Z'))).toEqual({ year: 2026, month: 11 });
    expect(snapshotMonth(new Date('2027-01-05T00:00:00Z'))).toEqual({ year: 2026, month: 12 });
    expect(snapshotMonth(new Date('2026-12-15T00:00:00Z'))).toBeNull();
  });

  it('OUT-015 / OUT-016 percent change with one decimal, N/A without a previous count, clamped for drawing', () => {
    expect(formatChange(percentChange(200, 250))).toBe('+25.0%');
    expect(formatChange(percentChange(300, 299))).toBe('-0.3%');
    expect(formatChange(percentChange(0, 10))).toBe('N/A');
    expect(caretOf(5)).toBe('up');
    expect(caretOf(-1)).toBe('down');
    expect(caretOf(0)).toBe('none');
  });

  it('OUT-029 / A-52 charts the earliest 13 timeframes', () => {
    const list = Array.from({ length: 15 }, (_, i) => tf(2025 + Math.floor(i / 12), (i % 12) + 1)).reverse();
    expect(firstThirteen(list).map((t) => monthKey(t.year, t.month))).toEqual(Array.from({ length: 13 }, (_, i) => k(2025, 1) + i));
  });

  it('OUT-010 / OUT-011 forces Matched without Market Level and Total Population without Person Level', () => {
    const noMarket = [{ name: 'Market Level' as const, visible: false }];
    const noPerson = [{ name: 'Person Level' as const, visible: false }];
    expect(forcedTab('total', noMarket)).toBe('matched');
    expect(forcedTab('modeled', noPerson)).toBe('total');
    expect(forcedTab('matched', [])).toBe('matched');
  });

  it('OUT-017 / OUT-022 / OUT-023 / A-19 toggles market and sub-market filters and labels them', () => {
    const m = toggleMarket(NO_FILTER, 1);
    expect(m).toEqual({ marketId: 1, subMarketId: null, withinMarket: false });
    expect(toggleMarket(m, 1)).toEqual(NO_FILTER);
    const s = toggleSubMarket(m, 1, 11);
    expect(s).toMatchObject({ marketId: 1, subMarketId: 11 });
    expect(toggleMarket(s, 2)).toMatchObject({ marketId: 2, subMarketId: null });
    expect(toggleSubMarket(s, 1, 11)).toEqual(NO_FILTER);
    expect(filterLabel(s, { market: 'Age', subMarket: 'Adults 18-24' })).toBe('Age > Adults 18-24');
    expect(filterLabel(m, { market: 'Age' })).toBe('Age');
    expect(filterLabel(NO_FILTER, {})).toBeNull();
  });
});
