import type { ChartTable } from './table';

export interface StackedSeries {
  key: string;
  name: string;
  /** One value per category (null: no data). */
  values: (number | null)[];
  colour?: string;
}

/** One chart's worth: categories along x (e.g. timeframes), series stacked in each column. */
export interface StackedGroup {
  /** Shown above the chart when there are several groups (OUT-031 'Group by Market'). */
  name?: string;
  categories: string[];
  series: StackedSeries[];
}

/** The tallest column of every group. */
export function maxStackTotal(groups: readonly StackedGroup[]): number {
  let max = 0;
  for (const g of groups) {
    g.categories.forEach((_, i) => {
      const total = g.series.reduce((s, x) => s + (Number.isFinite(x.values[i]) && (x.values[i] as number) > 0 ? (x.values[i] as number) : 0), 0);
      max = Math.max(max, total);
    });
  }
  return max;
}

/**
 * OUT-030: 12 ticks, step = round(max total × 1.2 / 12); a step under 3 gives the fixed ticks
 * 0 to 33 in steps of 3. The axis reaches the last tick, or the tallest column when that is higher.
 */
export function stackedTicks(maxTotal: number): { ticks: number[]; range: [number, number] } {
  const raw = Math.round((maxTotal * 1.2) / 12);
  const step = raw < 3 ? 3 : raw;
  const ticks = Array.from({ length: 12 }, (_, i) => i * step);
  return { ticks, range: [0, Math.max(ticks[11], maxTotal)] };
}

/** The stacked columns as a table: one row per category (and group), one column per series. */
export function stackedTable(caption: string, groups: readonly StackedGroup[], labels: { group: string; category: string }): ChartTable {
  const grouped = groups.length > 1 || !!groups[0]?.name;
  // Every series name across the groups, in first-seen order.
  const series: { key: string; name: string }[] = [];
  for (const g of groups) for (const s of g.series) if (!series.some((x) => x.key === s.key)) series.push({ key: s.key, name: s.name });
  const rows = groups.flatMap((g) =>
    g.categories.map((c, i) => [...(grouped ? [g.name ?? ''] : []), c, ...series.map((s) => g.series.find((x) => x.key === s.key)?.values[i] ?? null)]),
  );
  return {
    caption,
    columns: [
      ...(grouped ? [{ label: labels.group, kind: 'text' as const }] : []),
      { label: labels.category, kind: 'text' },
      ...series.map((s) => ({ label: s.name, kind: 'count' as const })),
    ],
    rows,
  };
}
