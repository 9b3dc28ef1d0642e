import { BRAND_COLOURS, GAUGE_MAX_PX, GAUGE_MIN_PX, MAX_BRANDS, MAX_STAGES, TRUNCATE_AT, type JourneyMessageKey } from './constants';

/**
 * The journey's pure rules (001 §4.2, §5, §9): the builder's validity and messages, default names
 * and temporary ids, and the viewer's maths. The builder store, the viewer and the server's save
 * all call these; no React or Node code here.
 */

export type ItemKind = 'brand' | 'stage';

const norm = (s: string) => s.trim().toLowerCase();
/** JRN-045 / JRN-046: names compare trimmed and case-insensitive. */
export const sameName = (a: string, b: string): boolean => norm(a) === norm(b);

/** JRN-047 / JRN-048: the message of a brand or stage name on focus loss, or null when it is fine. */
export function itemNameError(names: readonly string[], index: number, kind: ItemKind): JourneyMessageKey | null {
  const name = names[index] ?? '';
  if (!name.trim()) return kind === 'stage' ? 'stageNameRequired' : 'brandNameRequired';
  if (names.some((other, i) => i !== index && sameName(other, name))) return kind === 'stage' ? 'stageNameUnique' : 'brandNameUnique';
  return null;
}

/** JRN-045: the journey name's message, or null; `others` are the product's journeys, its own (ownId) excluded. */
export function journeyNameError(name: string, others: readonly { id: number; name: string }[] = [], ownId: number | null = null): JourneyMessageKey | null {
  if (!name.trim()) return 'nameRequired';
  if (others.some((o) => o.id !== ownId && sameName(o.name, name))) return 'nameInUse';
  return null;
}

export interface BuilderIssue {
  /** Where the problem is, as the save body's field path ('name', 'brands.1.name', 'stages'). */
  path: (string | number)[];
  /** The message's key (JOURNEY_MESSAGES). */
  message: JourneyMessageKey;
}

export interface BuilderDraft {
  name: string;
  brands: readonly { name: string }[];
  stages: readonly { name: string }[];
}

/**
 * JRN-045 / JRN-046: every reason the builder cannot save, in the order of the form (name, brands,
 * stages); empty when it is valid. Save is disabled while this is not empty.
 */
export function builderIssues(d: BuilderDraft, others: readonly { id: number; name: string }[] = [], ownId: number | null = null): BuilderIssue[] {
  const out: BuilderIssue[] = [];
  const name = journeyNameError(d.name, others, ownId);
  if (name) out.push({ path: ['name'], message: name });
  if (d.brands.length < 1 || d.brands.length > MAX_BRANDS) out.push({ path: ['brands'], message: 'brandsCount' });
  if (d.stages.length < 1 || d.stages.length > MAX_STAGES) out.push({ path: ['stages'], message: 'stagesCount' });
  const brandNames = d.brands.map((b) => b.name);
  brandNames.forEach((_, i) => {
    const m = itemNameError(brandNames, i, 'brand');
    if (m) out.push({ path: ['brands', i, 'name'], message: m });
  });
  const stageNames = d.stages.map((s) => s.name);
  stageNames.forEach((_, i) => {
    const m = itemNameError(stageNames, i, 'stage');
    if (m) out.push({ path: ['stages', i, 'name'], message: m });
  });
  return out;
}

export function isBuilderValid(d: BuilderDraft, others: readonly { id: number; name: string }[] = [], ownId: number | null = null): boolean {
  return builderIssues(d, others, ownId).length === 0;
}

/** JRN-042: 'New Brand N' / 'New Stage N', N the lowest positive number giving an unused name. */
export function defaultName(kind: ItemKind, names: readonly string[]): string {
  const prefix = kind === 'brand' ? 'New Brand' : 'New Stage';
  for (let n = 1; ; n++) {
    const candidate = `${prefix} ${n}`;
    if (!names.some((x) => sameName(x, candidate))) return candidate;
  }
}

/**
 * JRN-041 / A-01: an unsaved brand or stage's new_id is the highest unused negative integer
 * (-1, -2, …): new_id is only a key the cells use until the save maps it to a real id.
 */
export function nextNewId(used: readonly (number | null | undefined)[]): number {
  const taken = new Set(used);
  for (let n = -1; ; n--) if (!taken.has(n)) return n;
}

/** JRN-044: items renumbered 0..n in displayed order. */
export function reindex<T>(items: readonly T[], key: 'order' | 'priority'): (T & Record<typeof key, number>)[] {
  return items.map((x, i) => ({ ...x, [key]: i }) as T & Record<typeof key, number>);
}

/** JRN-015: a brand's colour by its position (0-based order). */
export function brandColour(order: number): string {
  return BRAND_COLOURS[((order % BRAND_COLOURS.length) + BRAND_COLOURS.length) % BRAND_COLOURS.length];
}

/** JRN-014 DESIGN: names longer than 20 characters are cut to 20 plus '…' (the full name goes in a tooltip). */
export function truncateName(name: string): { text: string; truncated: boolean } {
  return name.length > TRUNCATE_AT ? { text: `${name.slice(0, TRUNCATE_AT)}…`, truncated: true } : { text: name, truncated: false };
}

/** A transition bubble: the conversion percent, 'N/A' (no earlier people), or 'larger' (the later stage has more people). */
export type TransitionValue = number | 'N/A' | 'larger';

/**
 * JRN-016 as decided in issue 27 §3 (docs/decisions.md): the conversion between adjacent stages
 * is later ÷ earlier on the deduplicated counts, round(right / left × 100); 'N/A' when the earlier
 * stage has nobody; 'larger' when the later stage has more people than the earlier one (a
 * funnel cannot convert over 100 %: the bubble shows a neutral marker that says so). The spec's
 * literal (right − left) / right read −393 % for such a pair.
 */
export function transitionPercent(left: number, right: number): TransitionValue {
  if (!Number.isFinite(left) || !Number.isFinite(right) || left <= 0) return 'N/A';
  if (right > left) return 'larger';
  return Math.round((right / left) * 100);
}

/**
 * JRN-017 / A-24, literally, for plain numbers (the Total Population tab's populations): right to
 * left, each stage's count minus the counts of every later stage, floored at 0 (a gauge cannot
 * show fewer than nobody). The Matched and Modeled tabs use the engine's exact figure instead,
 * the stage's people in no later stage (journeyEndpoints.counts' `*_deduped`).
 */
export function dedupeRightToLeft(counts: readonly number[]): number[] {
  const out = new Array<number>(counts.length);
  let later = 0;
  for (let i = counts.length - 1; i >= 0; i--) {
    out[i] = Math.max(0, counts[i] - later);
    later += counts[i];
  }
  return out;
}

/** JRN-018: a stage's gauge percent = stage count / total count × 100 (0 when there is no total). */
export function gaugePercent(count: number, total: number): number {
  const v = (count / total) * 100;
  return Number.isFinite(v) ? v : 0;
}

/** JRN-018: the gauge diameter, linear from 90 px at 0 % to 250 px at 100 % (A-24: percent outside 0..100 is clamped). */
export function gaugeDiameter(percent: number): number {
  const p = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  return GAUGE_MIN_PX + ((GAUGE_MAX_PX - GAUGE_MIN_PX) * p) / 100;
}
