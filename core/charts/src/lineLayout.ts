import type { CellKind, ChartTable } from './table';

/** One line: its points in x order. */
export interface LineSeries {
  key: string;
  name: string;
  points: readonly { x: number; y: number }[];
}

export interface LineAxis {
  label: string;
  kind: CellKind;
}

/**
 * The numbers behind a line chart: one row per x with a column per line when every line has the
 * same xs (the usual case, a grid), else one row per point (line, x, y).
 */
export function lineTable(caption: string, series: readonly LineSeries[], x: LineAxis, y: LineAxis, lineLabel: string): ChartTable {
  const xs = series[0]?.points.map((p) => p.x) ?? [];
  const shared = series.every((s) => s.points.length === xs.length && s.points.every((p, i) => p.x === xs[i]));
  if (shared) {
    return {
      caption,
      columns: [x, ...series.map((s) => ({ label: `${s.name} (${y.label})`, kind: y.kind }))],
      rows: xs.map((v, i) => [v, ...series.map((s) => s.points[i].y)]),
    };
  }
  return {
    caption,
    columns: [{ label: lineLabel, kind: 'text' }, x, y],
    rows: series.flatMap((s) => s.points.map((p) => [s.name, p.x, p.y])),
  };
}
