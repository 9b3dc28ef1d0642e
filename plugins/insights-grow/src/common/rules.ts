import type { AudienceDraft, HostTab } from '@discovery/plugin-api';
import type { MekkoDto, MekkoSummaryDto, SubMarketDto, TvSettingsDto } from './dto';

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
export interface GrowCountsBody {
  matched_short_ids: Record<string, string[]>;
  modeled_short_ids: Record<string, string[]>;
  feature: 'grow';
  current_view: 'All';
  demo_as_segments: true;
  group_short_ids: string[];
}

/** 001 §7 / SRV-081: the counts call of a chart, or null when it names no segment (zeros, no call). */
export function countsBody(mekko: MekkoDto, tier3: boolean, weightsSuffix: string): GrowCountsBody | null {
  const matched: Record<string, string[]> = {};
  const modeled: Record<string, string[]> = {};
  let any = false;
  for (const m of mekko.markets) {
    const mi = [...new Set(m.sub_markets.map((s) => segmentFor(s, 'matched', tier3, weightsSuffix)).filter((x): x is string => !!x))];
    const mo = [...new Set(m.sub_markets.map((s) => segmentFor(s, 'modeled', tier3, weightsSuffix)).filter((x): x is string => !!x))];
    if (mi.length) matched[m.id] = mi;
    if (mo.length) modeled[m.id] = mo;
    any ||= mi.length > 0 || mo.length > 0;
  }
  return any
    ? { matched_short_ids: matched, modeled_short_ids: modeled, feature: 'grow', current_view: 'All', demo_as_segments: true, group_short_ids: [] }
    : null;
}

export interface GrowCounts {
  segment_counts: Record<string, number>;
  market_counts: { matched: Record<string, number>; modeled: Record<string, number> };
  total_matched_count: number;
  total_modeled_count: number;
}
export const ZERO_COUNTS: GrowCounts = { segment_counts: {}, market_counts: { matched: {}, modeled: {} }, total_matched_count: 0, total_modeled_count: 0 };

/** An audience's figure on a tab: its population on Total, its segment's count otherwise (0 without a segment). */
export function subMarketCount(sub: SubMarketDto, tab: HostTab, counts: GrowCounts, tier3: boolean, weightsSuffix = ''): number {
  if (tab === 'total') return sub.population;
  const id = segmentFor(sub, tab, tier3, weightsSuffix);
  return id ? (counts.segment_counts[id] ?? 0) : 0;
}

/** A market's figure: the sum of populations on Total, the union of its audiences' members otherwise (the engine's mekko). */
export function marketCount(market: MekkoDto['markets'][number], tab: HostTab, counts: GrowCounts): number {
  if (tab === 'total') return market.sub_markets.reduce((n, s) => n + s.population, 0);
  return counts.market_counts[tab][String(market.id)] ?? 0;
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
  if (!opts.selected.length || ids.some((x) => !x) || opts.tab === 'total') return 'saveAudience.nonSegments';
  if (!opts.canCreateAudiences || !opts.segmentsAllowed(ids as string[])) return 'saveAudience.noPermission';
  if (opts.compare) return 'saveAudience.compare';
  return null;
}

/** GROW-008: the audience handed to the builder: the selected audiences' segments, any of them (one OR group). */
export function audienceDraft(selected: readonly SubMarketDto[], tab: HostTab, tier3: boolean): AudienceDraft {
  const ids = [...new Set(selected.map((s) => segmentFor(s, tab === 'total' ? 'matched' : tab, tier3)).filter((x): x is string => !!x))];
  return {
    name: selected.map((s) => s.name).join(' or '),
    description: `From Grow: ${selected.map((s) => s.name).join(', ')}`,
    rules: { include: { and: [{ or: ids }] }, exclude: { and: [] } },
  };
}

/** GROW-005 DESIGN: the route's chart, else the kept one, else the default, else the first by name. */
export function pickChart(list: readonly MekkoSummaryDto[], routeId: number | null, keptId: number | null): number | null {
  const has = (id: number | null) => id !== null && list.some((m) => m.id === id);
  if (has(routeId)) return routeId;
  if (has(keptId)) return keptId;
  const def = list.find((m) => m.default);
  if (def) return def.id;
  return [...list].sort((a, b) => a.name.localeCompare(b.name))[0]?.id ?? null;
}

/** GROW-035: a dragged item dropped at `to`: the list's new order 0..n. */
export function moveItem<T extends { id: number }>(items: readonly T[], from: number, to: number): { id: number; order: number }[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next.map((x, order) => ({ id: x.id, order }));
}
