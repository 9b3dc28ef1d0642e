/**
 * The filter bar's one meaning, on every chart screen (docs/decisions.md, 'One filter bar'):
 * a filter is a segment and the category it belongs to (its place in the taxonomy). Filters of
 * the same category are alternatives (OR: 'aged 18-24 or 25-34'); categories narrow each other
 * (AND: '... and a woman'). Every count on the screen is taken within that audience, and Save
 * Audience adds the same groups to the audience's rules (OVL-031).
 */
import * as z from 'zod';
import type { Rules } from './segments';

export const MAX_FILTERS = 50;

/** A filter as the server receives it: the segment and its category. */
export const FilterSchema = z.object({
  group: z.string().trim().min(1, 'A filter needs its category').max(255, 'A category is at most 255 characters'),
  short_id: z.string().trim().min(1, 'An identifier cannot be empty').max(64, 'An identifier is at most 64 characters'),
});
export const FiltersSchema = z.array(FilterSchema).max(MAX_FILTERS, `At most ${MAX_FILTERS} filters`);
export type Filter = z.infer<typeof FilterSchema>;

/** A filter as the bar shows it. */
export interface ActiveFilter extends Filter {
  name: string;
}

/** The category of a segment from the picker: the last part of its taxonomy path. */
export function filterGroupOf(segment: { path: string }): string {
  return segment.path.split(' > ').slice(-1)[0] || segment.path;
}

/** The filters as OR groups, one per category, in the order the categories were first added. */
export function filterGroups(filters: readonly Filter[]): string[][] {
  const groups = new Map<string, string[]>();
  for (const f of filters) {
    const g = groups.get(f.group) ?? [];
    if (!g.includes(f.short_id)) g.push(f.short_id);
    groups.set(f.group, g);
  }
  return [...groups.values()];
}

/** The count engine's rule for the filters (undefined: no filter). */
export function filterRule(filters: readonly Filter[]): Rules | undefined {
  if (!filters.length) return undefined;
  return { include: { and: filterGroups(filters).map((or) => ({ or })) } };
}

/** Adds filters the bar does not have yet (the same segment once). */
export function addFilters<F extends Filter>(have: readonly F[], add: readonly F[]): F[] {
  const seen = new Set(have.map((f) => f.short_id));
  const out = [...have];
  for (const f of add) {
    if (seen.has(f.short_id)) continue;
    seen.add(f.short_id);
    out.push(f);
  }
  return out;
}

/**
 * What a chart screen counts within: the region of X-Context (the population's 'client/region'
 * key, or everyone) and the filter bar's rule. Data only, so a plugin's ./common contract between
 * server plugins (Grow's charts service) can name it without importing server code.
 */
export interface CountScope {
  region: string | undefined;
  filter: Rules | undefined;
}
