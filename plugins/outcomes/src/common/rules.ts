/**
 * Outcomes Measure's rules (001 §3, §4.4, §5, §9), pure and shared: the page's stores, the admin
 * panel and the server call these, and their tests name the OUT ids. Months here are the UI's
 * 1-12 unless a name says `wire` (0-11, OUT-054 / A-06).
 */
import type { HostTab, TabConfigEntry } from '@discovery/insights-kit/common';
import { visibleHostTabs } from '@discovery/insights-kit/common';
import type { MarketOutcomeDto, OutcomeFigures, OutcomeTimeframeDto, SubmarketOutcomeDto } from './dto';
import type { OutcomeTimeframeInput } from './schema';

/** A timeframe as the UI holds it: month 1-12. */
export interface Timeframe extends Omit<OutcomeTimeframeDto, 'month'> {
  month: number;
}

/** OUT-054: +1 when reading. */
export function fromWire(t: OutcomeTimeframeDto): Timeframe {
  return { ...t, month: t.month + 1 };
}

/** OUT-054: −1 when sending (SRV-100/101's nested body; ids of stored rows go with it for updates). */
export function toWire(t: Timeframe): OutcomeTimeframeInput {
  return {
    year: t.year,
    month: t.month - 1,
    total: t.total,
    matched: t.matched,
    modeled: t.modeled,
    market_outcomes_attributes: t.market_outcomes.map((m) => ({
      ...(m.id ? { id: m.id } : {}),
      market_id: m.market_id,
      total: m.total,
      matched: m.matched,
      modeled: m.modeled,
    })),
    submarket_outcomes_attributes: t.submarket_outcomes.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      sub_market_id: s.sub_market_id,
      market_id: s.market_id,
      total: s.total,
      matched: s.matched,
      modeled: s.modeled,
    })),
  };
}

/** The constants of 001 §9 (the charts' own, OUT-025/026/030, live in core/charts: changeLabel, labelMode, stackedTicks). */
export const MAX_RANGE_MONTHS = 13;
export const YEAR_CHOICES = 10;
export const NOTIFICATION_MS = 6000;
export const ADMIN_PANEL_WIDTH = 800;
export const CHART_DROPDOWN_WIDTH = 441;
export const LEGEND_COLLAPSED_PX = 55;
export const LEGEND_OVERFLOW_PX = 5;
export const TOOLTIP_DELAY_MS = 500;
/** OUT-047 / A-21: a date within 10 days of a month's end still belongs to that month's snapshot. */
export const TIMEFRAME_TOLERANCE_DAYS = 10;

/** The spec's messages, character for character (001 §8), and the DESIGN ones (OUT-059/065). */
export const OUTCOMES_MESSAGES = {
  rangeTooLong: 'Time period too long to chart by month.',
  rangeTooLongHint: 'Please decrease the time period.',
  saveFailed: 'Something went wrong saving this outcome. Please refresh the page and try again.',
  loadFailed: 'Something went wrong loading outcomes. Please refresh the page and try again.',
  monthTaken: 'This chart already has a timeframe for that month.',
  notSelectable: 'Choose a past month that has no timeframe yet.',
  currentNotDeletable: 'The Current Timeframe cannot be deleted.',
  unknownMarket: 'Every outcome must name a market of this chart.',
  unknownSubMarket: 'Every outcome must name an audience of this chart in its market.',
  notFound: 'Outcome timeframe not found.',
  noPermission: 'You do not have permission to change outcome timeframes.',
} as const;

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'March 2024' (OUT-014 DESIGN, OUT-059's confirmation). */
export function monthLabel(year: number, month: number): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** A month as one number, so months compare and subtract across years. */
export const monthKey = (year: number, month: number) => year * 12 + (month - 1);
export const keyOf = (t: Pick<Timeframe, 'year' | 'month'>) => monthKey(t.year, t.month);
export const fromKey = (k: number) => ({ year: Math.floor(k / 12), month: (k % 12) + 1 });
/** The clock's calendar month (UTC, like the server's jobs). */
export const nowMonth = (now: Date) => ({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });

/** Oldest first. */
export function chronological<T extends Pick<Timeframe, 'year' | 'month'>>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => keyOf(a) - keyOf(b));
}

/** What a chart's outcome rows are filled against: its markets with their audiences. */
export interface ChartShape {
  markets: { id: number; sub_markets: { id: number }[] }[];
}

const ZERO: OutcomeFigures = { total: 0, matched: 0, modeled: 0 };

/**
 * OUT-052: one market outcome per market of the chart and one sub-market outcome per audience,
 * in the chart's order; what is missing is a zero-value entry. Rows of markets no longer in the
 * chart are dropped (SRV-076 deletes them in the database too).
 */
export function zeroFill<T extends Pick<OutcomeTimeframeDto, 'market_outcomes' | 'submarket_outcomes'>>(t: T, chart: ChartShape): T {
  const markets = new Map(t.market_outcomes.map((m) => [m.market_id, m]));
  const subs = new Map(t.submarket_outcomes.map((s) => [s.sub_market_id, s]));
  const market_outcomes: MarketOutcomeDto[] = chart.markets.map((k) => markets.get(k.id) ?? { id: null, market_id: k.id, ...ZERO });
  const submarket_outcomes: SubmarketOutcomeDto[] = chart.markets.flatMap((k) =>
    k.sub_markets.map((s) => subs.get(s.id) ?? { id: null, sub_market_id: s.id, market_id: k.id, ...ZERO }),
  );
  return { ...t, market_outcomes, submarket_outcomes };
}

/** The selected timeframes value of 001 §3. */
export interface Selection {
  previous: number | null;
  current: number | null;
  isRangeMode: boolean;
}

/** OUT-033: current = newest, previous = second newest (or the same when only one), comparison mode. */
export function defaultSelection(list: readonly Pick<Timeframe, 'year' | 'month'>[]): Selection {
  const keys = [...new Set(list.map(keyOf))].sort((a, b) => b - a);
  if (!keys.length) return { previous: null, current: null, isRangeMode: false };
  return { current: keys[0], previous: keys[1] ?? keys[0], isRangeMode: false };
}

/** OUT-034: the selection stays while both its months still have a timeframe; otherwise the default. */
export function keepSelection(sel: Selection, list: readonly Pick<Timeframe, 'year' | 'month'>[]): Selection {
  const keys = new Set(list.map(keyOf));
  if (sel.previous !== null && sel.current !== null && keys.has(sel.previous) && keys.has(sel.current)) return sel;
  return defaultSelection(list);
}

/** OUT-039: months from a to b inclusive. */
export const spanMonths = (a: number, b: number) => Math.abs(a - b) + 1;

/**
 * OUT-036 / OUT-037 / OUT-039: two picks become a selection; the earlier is always previous. A
 * range longer than 13 months falls back to comparison mode with the error.
 */
export function pickSelection(a: number, b: number, rangeMode: boolean): { selection: Selection; error: string | null } {
  const previous = Math.min(a, b);
  const current = Math.max(a, b);
  if (rangeMode && spanMonths(a, b) > MAX_RANGE_MONTHS)
    return { selection: { previous, current, isRangeMode: false }, error: `${OUTCOMES_MESSAGES.rangeTooLong} ${OUTCOMES_MESSAGES.rangeTooLongHint}` };
  return { selection: { previous, current, isRangeMode: rangeMode }, error: null };
}

/** OUT-037: the months a range (or its hover preview from `a` to `hover`) highlights. */
export function highlighted(a: number, b: number): number[] {
  const lo = Math.min(a, b);
  return Array.from({ length: spanMonths(a, b) }, (_, i) => lo + i);
}

export type PresetId = 'yearToDate' | 'last6Months' | 'lastQuarter' | 'lastMonth';
export const PRESET_IDS: readonly PresetId[] = ['yearToDate', 'last6Months', 'lastQuarter', 'lastMonth'];

export interface Preset {
  id: PresetId;
  previous: number | null;
  current: number | null;
  /** OUT-044: either endpoint has no timeframe. */
  disabled: boolean;
}

/**
 * OUT-040..044 (A-08, literally): Year to date = earliest and latest timeframe of this year; Last
 * 6 months = timeframes whose month difference to now is under 6; Last quarter = the previous
 * calendar quarter's first and last month; Last month = the latest two timeframes.
 */
export function presets(list: readonly Pick<Timeframe, 'year' | 'month'>[], now: Date): Preset[] {
  const keys = [...new Set(list.map(keyOf))].sort((a, b) => a - b);
  const has = new Set(keys);
  const n = nowMonth(now);
  const nowK = monthKey(n.year, n.month);
  const span = (ks: number[]): Pick<Preset, 'previous' | 'current'> => ({ previous: ks[0] ?? null, current: ks[ks.length - 1] ?? null });
  const ytd = span(keys.filter((k) => fromKey(k).year === n.year && k <= nowK));
  const six = span(keys.filter((k) => nowK - k >= 0 && nowK - k < 6));
  const quarterStart = nowK - (nowK % 3) - 3;
  const lq = { previous: has.has(quarterStart) ? quarterStart : null, current: has.has(quarterStart + 2) ? quarterStart + 2 : null };
  const last = { previous: keys.length >= 2 ? keys[keys.length - 2] : null, current: keys.length >= 2 ? keys[keys.length - 1] : null };
  const make = (id: PresetId, p: Pick<Preset, 'previous' | 'current'>): Preset => ({ id, ...p, disabled: p.previous === null || p.current === null });
  return [make('yearToDate', ytd), make('last6Months', six), make('lastQuarter', lq), make('lastMonth', last)];
}

/** OUT-045: a month without a timeframe cannot be picked. */
export function monthEnabled(list: readonly Pick<Timeframe, 'year' | 'month'>[], year: number, month: number): boolean {
  return list.some((t) => t.year === year && t.month === month);
}

/** OUT-046: previous/next year only when timeframes exist in an earlier/a later year. */
export function yearNavigation(list: readonly Pick<Timeframe, 'year'>[], year: number): { previous: boolean; next: boolean } {
  return { previous: list.some((t) => t.year < year), next: list.some((t) => t.year > year) };
}

/** OUT-056: the current year and the nine before it, newest first. */
export function yearChoices(now: Date): number[] {
  const y = now.getUTCFullYear();
  return Array.from({ length: YEAR_CHOICES }, (_, i) => y - i);
}

/**
 * OUT-067 / A-07: months 1-12 not used in the year, strictly past: before this month in this year,
 * or any month of an earlier year (the current month is the live Current Timeframe).
 */
export function selectableMonths(year: number, used: readonly number[], now: Date): number[] {
  const n = nowMonth(now);
  const taken = new Set(used);
  return Array.from({ length: 12 }, (_, i) => i + 1).filter((m) => !taken.has(m) && (year < n.year || (year === n.year && m < n.month)));
}

/** OUT-047 / A-21: the month a snapshot taken at `at` describes: the month whose end is within ±10 days of it; null when none is. */
export function snapshotMonth(at: Date): { year: number; month: number } | null {
  const DAY = 86_400_000;
  const tol = TIMEFRAME_TOLERANCE_DAYS * DAY;
  for (const back of [1, 0]) {
    const end = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1 - back, 1); // first instant after the month
    if (Math.abs(at.getTime() - end) <= tol) {
      const d = new Date(end - 1);
      return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
    }
  }
  return null;
}

/** OUT-015 / OUT-016: the change in percent, or null ('N/A') when the previous count is 0. */
export function percentChange(previous: number, current: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

/** OUT-015 / OUT-025: one decimal, 'N/A' without a previous count. */
export function formatChange(change: number | null): string {
  if (change === null) return 'N/A';
  const v = Math.round(change * 10) / 10;
  return `${v > 0 ? '+' : ''}${v.toFixed(1)}%`;
}

/** OUT-015: the caret's direction. */
export function caretOf(diff: number): 'up' | 'down' | 'none' {
  return diff > 0 ? 'up' : diff < 0 ? 'down' : 'none';
}

/** OUT-029 / A-52: at most the earliest 13 timeframes, oldest first. */
export function firstThirteen<T extends Pick<Timeframe, 'year' | 'month'>>(list: readonly T[]): T[] {
  return chronological(list).slice(0, MAX_RANGE_MONTHS);
}

/** The timeframes a range selection covers (OUT-028). */
export function inRange<T extends Pick<Timeframe, 'year' | 'month'>>(list: readonly T[], sel: Selection): T[] {
  if (sel.previous === null || sel.current === null) return [];
  const lo = Math.min(sel.previous, sel.current);
  const hi = Math.max(sel.previous, sel.current);
  return chronological(list.filter((t) => keyOf(t) >= lo && keyOf(t) <= hi));
}

/** OUT-009 / OUT-010: Matched Addressable first. */
export const DEFAULT_TAB: HostTab = 'matched';

/**
 * OUT-011 / OUT-012: on Total Population without Market Level, Matched; on Matched or Modeled
 * without Person Level, Total Population.
 */
export function forcedTab(tab: HostTab, config: readonly TabConfigEntry[]): HostTab {
  const visible = visibleHostTabs(config);
  if (tab === 'total' && !visible.includes('total')) return 'matched';
  if (tab !== 'total' && !visible.includes(tab)) return 'total';
  return tab;
}

/** OUT-009: the figure a tab shows. */
export const figureOf = (f: OutcomeFigures, tab: HostTab) => f[tab];

/** The market > sub-market filter of 001 §2.6 (OUT-017/018/022/023). */
export interface MarketFilter {
  marketId: number | null;
  subMarketId: number | null;
  /** OUT-018 / A-20: insights by the sub-market within its market (true) or by the sub-market alone. */
  withinMarket: boolean;
}
export const NO_FILTER: MarketFilter = { marketId: null, subMarketId: null, withinMarket: false };

/**
 * OUT-022 / OUT-023 / A-19: selecting the selected market clears it; a market clears the
 * sub-market. Selecting the selected sub-market clears it; a sub-market sets its market as
 * context and clears a market-only filter.
 */
export function toggleMarket(f: MarketFilter, marketId: number): MarketFilter {
  if (f.marketId === marketId && f.subMarketId === null) return NO_FILTER;
  return { marketId, subMarketId: null, withinMarket: false };
}
export function toggleSubMarket(f: MarketFilter, marketId: number, subMarketId: number): MarketFilter {
  if (f.subMarketId === subMarketId) return NO_FILTER;
  return { marketId, subMarketId, withinMarket: f.withinMarket };
}

/** OUT-017: 'market > sub-market', or the market alone. */
export function filterLabel(f: MarketFilter, names: { market?: string; subMarket?: string }): string | null {
  if (f.marketId === null) return null;
  return f.subMarketId !== null && names.subMarket ? `${names.market ?? ''} > ${names.subMarket}` : (names.market ?? null);
}

/** OUT-049: the sum of the chart's audiences' populations (Total Population of the current timeframe). */
export function populationOf(chart: { markets: { sub_markets: { population: number }[] }[] }): number {
  return chart.markets.reduce((n, k) => n + k.sub_markets.reduce((m, s) => m + s.population, 0), 0);
}
