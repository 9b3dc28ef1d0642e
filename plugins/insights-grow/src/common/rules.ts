import { filterGroups, type AudienceDraft, type Filter, type HostTab } from '@discovery/insights-kit/common';
import type { MekkoDto, SubMarketDto, TvSettingsDto } from './dto';
import type { GrowCountsDto } from './schema';

/** GROW-012: the chart's tabs in order. */
export const GROW_TABS: readonly HostTab[] = ['total', 'matched', 'modeled'];

/** 001 §9 constants. */
export const NOTIFICATION_MS = 2500;
export const THROTTLE_MS = 5000;
export const HINT_COOKIE_DAYS = 365;
export const HINT_HIDE_MS = 10_000;
export const AU_TV_SAMPLE_MIN = 210;
/** GROW-039 / A-38: slide-in widths. */
export const PANEL_WIDTHS = { market: 450, audience: 550, chart: 650, weborama: 550 } as const;

/**
 * The screen's rules answer with i18n keys of the plugin's namespace (locales/en.json holds the
 * spec's text, checked by rules.test.ts), so every string shown goes through i18next.
 */
export interface Message {
  key: string;
  params?: Record<string, string | number>;
}

/** GROW-015: the tooltip of each tab, by count type and tier. */
export function tabTooltip(tab: HostTab, tier3: boolean): string {
  return tab === 'total' ? 'tooltips.total' : `tooltips.${tab}${tier3 ? 'Tier3' : ''}`;
}

/**
 * The segment an audience is counted and filtered by on a tab (GROW-016): matched on Matched;
 * on Modeled the modeled segment, or in tier 3 the matched one with the weights suffix (its Sum
 * of Weights). None on Total Population (its figure is the audience's population).
 */
export function segmentFor(sub: Pick<SubMarketDto, 'matched_short_id' | 'modeled_short_id'>, tab: HostTab, tier3: boolean, weightsSuffix = ''): string | null {
  if (tab === 'matched') return sub.matched_short_id;
  if (tab === 'modeled') return tier3 ? (sub.matched_short_id ? `${sub.matched_short_id}${weightsSuffix}` : null) : sub.modeled_short_id;
  return null;
}

/** The segment a tab needs an audience to have (GROW-037/038): none on Total, and none on Modeled in tier 3. */
function requiredSegment(sub: SubMarketDto, tab: HostTab, tier3: boolean): 'Matched' | 'Modeled' | null {
  if (tab === 'matched') return sub.matched_short_id ? null : 'Matched';
  if (tab === 'modeled' && !tier3) return sub.modeled_short_id ? null : 'Modeled';
  return null;
}

export interface Blocked {
  title: Message;
  content: Message;
}

/**
 * GROW-036/037: toggling an audience on is refused (close-only dialog) when the active tab's
 * segment is missing; an audience already selected can always be toggled off.
 */
export function toggleBlocked(sub: SubMarketDto, tab: HostTab, tier3: boolean, selected: boolean): Blocked | null {
  if (selected) return null;
  const missing = requiredSegment(sub, tab, tier3);
  return missing
    ? { title: { key: 'dialogs.cannotFilterTitle' }, content: { key: 'dialogs.cannotFilter', params: { segment: missing, name: sub.name } } }
    : null;
}

/** GROW-038: after a tab change, the dialog when a selected audience lacks the new tab's segment (never on Total, nor Modeled in tier 3). */
export function invalidAfterTabChange(selected: readonly SubMarketDto[], tab: HostTab, tier3: boolean): Blocked | null {
  const missing = selected.map((s) => requiredSegment(s, tab, tier3)).find(Boolean);
  return missing ? { title: { key: 'dialogs.invalidSelectedTitle' }, content: { key: 'dialogs.invalidSelected', params: { segment: missing } } } : null;
}

/** SRV-103's body for one view: every audience's segments by market (tier 3 modeled = matched + weights suffix). */
/** A chart's counts (001 §7, counted by chart id on the server: growEndpoints.counts), every figure in the answer's base. */
export type GrowCounts = GrowCountsDto;
export const ZERO_COUNTS: GrowCounts = {
  base: {
    matched: { region: null, kind: 'matched', population: 0, filtered: 0 },
    modeled: { region: null, kind: 'modeled', population: 0, filtered: 0 },
  },
  markets: {},
  sub_markets: {},
  total: { matched: 0, modeled: 0 },
};

/**
 * An audience's figure on a tab: its population on Total; otherwise its own count on that tab
 * (matched people, or modeled: tier 3's Sum of Weights), 0 without a segment for the tab.
 */
export function subMarketCount(sub: SubMarketDto, tab: HostTab, counts: GrowCounts): number {
  if (tab === 'total') return sub.population;
  return counts.sub_markets[String(sub.id)]?.[tab] ?? 0;
}

/** A market's figure: the sum of populations on Total, the union of its audiences' members otherwise (the engine's mekko). */
export function marketCount(market: MekkoDto['markets'][number], tab: HostTab, counts: GrowCounts): number {
  if (tab === 'total') return market.sub_markets.reduce((n, s) => n + s.population, 0);
  return counts.markets[String(market.id)]?.[tab] ?? 0;
}

/** Whether the chart names any segment (no counts call without one: zeros). */
export function hasSegments(mekko: MekkoDto): boolean {
  return mekko.markets.some((m) => m.sub_markets.some((s) => s.matched_short_id || s.modeled_short_id));
}

/** GROW-029 DESIGN: the TV-panelist estimate of a people count. */
export function tvEstimate(people: number, tv: TvSettingsDto): number {
  const raw = Math.round((people * tv.constant) / tv.n_pids);
  return Math.min(tv.maximum, Math.max(tv.minimum, raw));
}

/** GROW-025: a TV count below the minimum reads '-'. */
export function tvLabel(people: number, tv: TvSettingsDto, format: (n: number) => string): string {
  const raw = Math.round((people * tv.constant) / tv.n_pids);
  return raw < tv.minimum ? '-' : format(tvEstimate(people, tv));
}

/** GROW-026/027: the low-sample notice of a TV chart, by region. */
export function lowTvNotice(regionSlug: string): string[] {
  return regionSlug === 'au' ? ['tv.lowAu', 'tv.lowAuNotice'] : ['tv.lowOther'];
}

/**
 * GROW-009 / A-28: why 'Save Audience' is disabled, or null. Non-segments: an audience without the
 * tab's segment (Total Population figures are populations, not segments); permission: audiences
 * create plus create_audience_single on every segment; compare mode (GROW-083) last.
 */
export function saveAudienceDisabled(opts: {
  selected: readonly SubMarketDto[];
  tab: HostTab;
  tier3: boolean;
  canCreateAudiences: boolean;
  segmentsAllowed: (ids: string[]) => boolean;
  compare: boolean;
}): string | null {
  const ids = opts.selected.map((s) => segmentFor(s, opts.tab === 'total' ? 'matched' : opts.tab, opts.tier3));
  // GROW-009 (issue 27 §6): with nothing selected the tooltip says what to select.
  if (!opts.selected.length) return 'saveAudience.selectFirst';
  if (ids.some((x) => !x) || opts.tab === 'total') return 'saveAudience.nonSegments';
  if (!opts.canCreateAudiences || !opts.segmentsAllowed(ids as string[])) return 'saveAudience.noPermission';
  if (opts.compare) return 'saveAudience.compare';
  return null;
}

/** GROW-008: the audience handed to the builder: the selected audiences' segments, any of them (one OR group). */
export function audienceDraft(selected: readonly SubMarketDto[], tab: HostTab, tier3: boolean, filters: readonly Filter[] = []): AudienceDraft {
  const ids = [...new Set(selected.map((s) => segmentFor(s, tab === 'total' ? 'matched' : tab, tier3)).filter((x): x is string => !!x))];
  return {
    name: selected.map((s) => s.name).join(' or '),
    description: `From Grow: ${selected.map((s) => s.name).join(', ')}`,
    // The filter bar's filters narrow the audience as they narrow the chart (the kit's one meaning).
    rules: { include: { and: [{ or: ids }, ...filterGroups(filters).map((or) => ({ or }))] }, exclude: { and: [] } },
  };
}

/** GROW-035: a dragged item dropped at `to`: the list's new order 0..n. */
export function moveItem<T extends { id: number }>(items: readonly T[], from: number, to: number): { id: number; order: number }[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next.map((x, order) => ({ id: x.id, order }));
}
