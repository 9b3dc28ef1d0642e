import { SMALL_BASE_MARK } from './palette';
import type { ChartTable } from './table';

/** One audience's figures for one attribute. */
export interface IndexValue {
  /** Share of the audience with the attribute, 0–1. */
  share: number | null;
  /** Against the population, 100 = same share (null: no data). */
  index: number | null;
  count?: number | null;
  /** Issue 27 §2: the share and index are on a small base (marked, and named in the files). */
  smallBase?: boolean;
}

/** One attribute (a demographic segment, a survey answer) with a value per audience. */
export interface IndexRow {
  key: string;
  label: string;
  /** The population's share, 0–1: where the index marker stands (index 100). Null: no marker (survey values). */
  population: number | null;
  values: IndexValue[];
}

export interface IndexSeries {
  key: string;
  name: string;
}

/** 'Notable' indexes are emphasised: 120 and over, 80 and under (the detail page's rule before). */
export function isNotableIndex(index: number | null): boolean {
  return index !== null && Number.isFinite(index) && (index >= 120 || index <= 80);
}

/** The label at a bar's end: percent with one decimal, and the index when there is one. */
export function indexBarText(v: IndexValue): string {
  if (v.share === null || !Number.isFinite(v.share)) return '';
  const pct = `${(Math.round(v.share * 1000) / 10).toFixed(1)}%`;
  const text = v.index === null || !Number.isFinite(v.index) ? pct : `${pct} · ${Math.round(v.index)}`;
  return v.smallBase ? `${text}${SMALL_BASE_MARK}` : text;
}

/** The x-axis end: the largest share or marker with room for its label (past 100% for a full bar). */
export function indexAxisMax(rows: readonly IndexRow[]): number {
  let max = 0;
  for (const r of rows) {
    if (r.population !== null) max = Math.max(max, r.population);
    for (const v of r.values) if (v.share !== null && Number.isFinite(v.share)) max = Math.max(max, v.share);
  }
  return Math.min(130, Math.max(10, Math.ceil((max * 100 * 1.25) / 10) * 10));
}

/** Ticks of the share axis: tens (twenties past 50%), never past 100%. */
export function indexTicks(axisMax: number): number[] {
  const step = axisMax > 50 ? 20 : axisMax > 20 ? 10 : 5;
  const out: number[] = [];
  for (let t = 0; t <= Math.min(100, axisMax); t += step) out.push(t);
  return out;
}

export function indexTable(
  caption: string,
  rows: readonly IndexRow[],
  series: readonly IndexSeries[],
  labels: { attribute: string; population: string; share: (s: string) => string; index: (s: string) => string; smallBase?: string },
): ChartTable {
  const withPopulation = rows.some((r) => r.population !== null);
  // Issue 27 §2: a column naming the audiences whose figures in the row are on a small base.
  const withSmall = !!labels.smallBase && rows.some((r) => r.values.some((v) => v.smallBase));
  const withIndex = rows.some((r) => r.values.some((v) => v.index !== null));
  return {
    caption,
    columns: [
      { label: labels.attribute, kind: 'text' },
      ...series.flatMap((s) => [
        { label: labels.share(s.name), kind: 'percent' as const },
        ...(withIndex ? [{ label: labels.index(s.name), kind: 'index' as const }] : []),
      ]),
      ...(withPopulation ? [{ label: labels.population, kind: 'percent' as const }] : []),
      ...(withSmall ? [{ label: labels.smallBase!, kind: 'text' as const }] : []),
    ],
    rows: rows.map((r) => [
      r.label,
      ...series.flatMap((_, i) => {
        const v = r.values[i];
        const share = v?.share === null || v?.share === undefined ? null : v.share * 100;
        return [share, ...(withIndex ? [v?.index ?? null] : [])];
      }),
      ...(withPopulation ? [r.population === null ? null : r.population * 100] : []),
      ...(withSmall
        ? [
            series
              .filter((_, i) => r.values[i]?.smallBase)
              .map((s) => s.name)
              .join(', '),
          ]
        : []),
    ]),
  };
}
