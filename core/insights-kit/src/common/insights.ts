/**
 * The Insights panel's contract, shared by the screens that place it (Grow, Journeys, Overlap,
 * Explore, the audience detail) and the insights plugin that draws it (GROW-081/082, JRN-008,
 * OVL-011, EXP-007). The panel itself is provided through `InsightsPanelToken` (core/platform).
 */

/** The panel's top-level tabs: Market Level (uploaded survey values) and Person Level (the count engine). */
export const INSIGHTS_LEVELS = ['market', 'person'] as const;
export type InsightsLevel = (typeof INSIGHTS_LEVELS)[number];

/** The `insights_context` of the screen showing the panel ('compare' is Overlap, OVL-007). */
export const INSIGHTS_CONTEXTS = ['grow', 'journey', 'compare', 'explore', 'audience'] as const;
export type InsightsContext = (typeof INSIGHTS_CONTEXTS)[number];

/**
 * What custom tabs belong to (`insight_tabs.owner_type`), by the path segment of their API. The
 * spec names Mekko, Journey and Persona; Comparison and Audience are ours (docs/decisions.md).
 */
export const INSIGHTS_OWNER_KINDS = ['mekkos', 'journeys', 'personas', 'comparisons', 'audiences'] as const;
export type InsightsOwnerKind = (typeof INSIGHTS_OWNER_KINDS)[number];

/** `tab_configs.name` (SRV-059) and the level each one shows or hides. */
export const TAB_CONFIG_NAMES = { 'Person Level': 'person', 'Market Level': 'market' } as const satisfies Record<string, InsightsLevel>;
export type TabConfigName = keyof typeof TAB_CONFIG_NAMES;
export interface TabConfigEntry {
  name: TabConfigName;
  visible: boolean;
}

/** The chart tabs of Grow and Journeys (GROW-014, JRN-008). */
export type HostTab = 'total' | 'matched' | 'modeled';

/**
 * GROW-014 / JRN-008: the panel's top-level tab follows the screen's tab: Total Population shows
 * Market Level, Matched and Modeled show Person Level (so leaving Total Population while Market
 * Level is active switches to Person Level).
 */
export function levelForHostTab(tab: HostTab): InsightsLevel {
  return tab === 'total' ? 'market' : 'person';
}

/** OUT-012 / SRV-059: the levels a tabs configuration leaves visible (an entry not listed is visible). */
export function visibleLevels(config: readonly TabConfigEntry[]): InsightsLevel[] {
  const hidden = new Set(config.filter((c) => !c.visible).map((c) => TAB_CONFIG_NAMES[c.name]));
  return INSIGHTS_LEVELS.filter((l) => !hidden.has(l));
}

/** OUT-012 / JRN-008: 'Person Level' hidden hides Matched and Modeled, 'Market Level' hidden hides Total Population. */
export function visibleHostTabs(config: readonly TabConfigEntry[]): HostTab[] {
  const levels = visibleLevels(config);
  return (['total', 'matched', 'modeled'] as const).filter((t) => levels.includes(levelForHostTab(t)));
}

/** UPL-007: the topic (core/platform ChangeFeed) an upload announces after writing Market Level; the Insights panel loads its tabs again. */
export const MARKET_LEVEL_CHANGED = 'insights:market-level';
