import type { CellKind, ChartTable } from './table';

export interface HeatAxisItem {
  key: string;
  label: string;
  /** A second line (e.g. the segment's count, OVL-018). */
  detail?: string;
}

export interface HeatCell {
  /** The number the cell stands for (percent, index or count); null: no data. */
  value: number | null;
  /** Colour intensity in [0, 1] (OVL-015: index / 200 or percent / 100). */
  intensity: number;
  /** What the cell shows ('42% | 1,234', OVL-016). */
  text: string;
  /** More on hover and for screen readers (e.g. both directions of an overlap cell). */
  hint?: string;
  /** Marked with a warning corner (e.g. a base too small to read). */
  warning?: boolean;
}

/** OVL-015: index charts colour by index / 200, overlap charts by percent / 100, clamped to [0, 1]. */
export function heatIntensity(value: number | null, mode: 'index' | 'percent'): number {
  if (value === null || !Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value / (mode === 'index' ? 200 : 100)));
}

/** A cell's key in focus sets and test ids: 'x:y'. */
export function cellKey(x: string, y: string): string {
  return `${x}:${y}`;
}

/** The grid as a table: one row per y item, one column per x item, the cells' values. */
export function heatTable(
  caption: string,
  x: readonly HeatAxisItem[],
  y: readonly HeatAxisItem[],
  cells: readonly (readonly HeatCell[])[],
  kind: CellKind,
  corner: string,
  /** The column that names a row's small-base cells (issue 27 §2), when any cell is one. */
  smallBaseLabel?: string,
): ChartTable {
  const flagged = !!smallBaseLabel && cells.some((row) => row.some((c) => c.warning));
  return {
    caption,
    columns: [
      { label: corner, kind: 'text' },
      ...x.map((c) => ({ label: c.label, kind })),
      ...(flagged ? [{ label: smallBaseLabel, kind: 'text' as const }] : []),
    ],
    rows: y.map((r, yi) => [
      r.label,
      ...x.map((_, xi) => cells[yi]?.[xi]?.value ?? null),
      ...(flagged
        ? [
            x
              .filter((_, xi) => cells[yi]?.[xi]?.warning)
              .map((c) => c.label)
              .join(', '),
          ]
        : []),
    ]),
  };
}
