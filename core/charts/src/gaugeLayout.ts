import type { ChartTable } from './table';

/** JRN-018: gauge diameters between 90 and 250 px. */
export const GAUGE_MIN_PX = 90;
export const GAUGE_MAX_PX = 250;

/**
 * JRN-018: a gauge's diameter, scaled linearly between `minPx` and `maxPx` by where `value` lies
 * between the smallest and largest value shown together; all equal (or one gauge) is full size.
 */
export function gaugeDiameter(value: number, min: number, max: number, minPx = GAUGE_MIN_PX, maxPx = GAUGE_MAX_PX): number {
  if (!Number.isFinite(value) || !Number.isFinite(min) || !Number.isFinite(max) || max <= min) return maxPx;
  const t = Math.min(1, Math.max(0, (value - min) / (max - min)));
  return minPx + t * (maxPx - minPx);
}

/** JRN-018: the percent a gauge fills, part / total × 100 (0 when the total is 0). */
export function gaugePercent(part: number, total: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(total) || total <= 0) return 0;
  return (part / total) * 100;
}

/** The SVG arc of a ring filled to `percent` (clockwise from the top), for a ring of radius r centred at (c, c). */
export function gaugeArc(percent: number, c: number, r: number): string {
  const p = Math.min(100, Math.max(0, percent));
  if (p >= 100) return `M ${c} ${c - r} A ${r} ${r} 0 1 1 ${c - 0.001} ${c - r}`;
  const a = (p / 100) * 2 * Math.PI;
  const x = c + r * Math.sin(a);
  const y = c - r * Math.cos(a);
  return `M ${c} ${c - r} A ${r} ${r} 0 ${p > 50 ? 1 : 0} 1 ${x.toFixed(3)} ${y.toFixed(3)}`;
}

export interface GaugeDatum {
  label: string;
  percent: number;
  count?: number | null;
}

export function gaugeTable(caption: string, items: readonly GaugeDatum[], labels: { label: string; percent: string; count: string }): ChartTable {
  const withCount = items.some((i) => i.count !== undefined);
  return {
    caption,
    columns: [
      { label: labels.label, kind: 'text' },
      { label: labels.percent, kind: 'percent' },
      ...(withCount ? [{ label: labels.count, kind: 'count' as const }] : []),
    ],
    rows: items.map((i) => [i.label, i.percent, ...(withCount ? [i.count ?? null] : [])]),
  };
}
