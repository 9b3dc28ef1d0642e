/**
 * Saved charts (Grow's mekkos, Overlap's comparisons, Journeys, and the screens to come): the
 * rules every one of them follows, once.
 */
import * as z from 'zod';

/** What a saved chart of any screen has. */
export interface SavedChartRef {
  id: number;
  name: string;
  default: boolean;
}

/** Names compare trimmed and case-insensitively (GROW-045, OVL-044, JRN-045). */
export const normName = (name: string) => name.trim().toLowerCase();

/** Whether another chart of the list has this name. */
export function nameTaken(name: string, others: readonly Pick<SavedChartRef, 'id' | 'name'>[], selfId: number | null): boolean {
  const n = normName(name);
  return n.length > 0 && others.some((c) => c.id !== selfId && normName(c.name) === n);
}

/** A free name for a copy: '{name} (copy)', then '{name} (copy 2)', ... (GROW-057, OVL-052, JRN-028). */
export function copyNameOf(name: string, taken: Iterable<string>, max = 255): string {
  const used = new Set([...taken].map(normName));
  for (let i = 1; ; i++) {
    const suffix = ` (copy${i > 1 ? ` ${i}` : ''})`;
    const candidate = name.slice(0, max - suffix.length) + suffix;
    if (!used.has(normName(candidate))) return candidate;
  }
}

/** Sorted as every dropdown lists them: by name, case-insensitively, then by id. */
export function byName<T extends Pick<SavedChartRef, 'id' | 'name'>>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => normName(a.name).localeCompare(normName(b.name)) || a.id - b.id);
}

/**
 * Which chart a screen opens (GROW-005/006, OVL-005/006, JRN-006): the route's, else the one
 * opened last in this product, else the default, else the first by name; null for an empty list.
 */
export function pickSavedChart(
  list: readonly Pick<SavedChartRef, 'id' | 'name' | 'default'>[],
  routeId: number | null,
  previousId: number | null,
): number | null {
  const has = (id: number | null) => id !== null && id > 0 && list.some((c) => c.id === id);
  if (has(routeId)) return routeId;
  if (has(previousId)) return previousId;
  const def = list.find((c) => c.default);
  if (def) return def.id;
  return byName(list)[0]?.id ?? null;
}

/** The answer of 'invalid identifiers' of any saved chart: its own, and what other plugins keep for it. */
export const InvalidIdentifiersSchema = z.object({
  identifiers: z.array(z.string()),
  tabs: z.array(z.string()),
  widgets: z.array(z.string()),
});
export type InvalidIdentifiersDto = z.infer<typeof InvalidIdentifiersSchema>;
