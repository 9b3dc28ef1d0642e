import type { IndexRow, IndexSeries } from '../indexLayout';

/** Test data for IndexBars and its layout: an attribute, its population share, and each audience's [share, index]. */
export function indexRow(label: string, population: number | null, values: [share: number | null, index: number | null][]): IndexRow {
  return { key: label, label, population, values: values.map(([share, index]) => ({ share, index })) };
}

/** The audiences compared, in order (keyed a, b, c…). */
export function indexSeries(...names: string[]): IndexSeries[] {
  return names.map((name, i) => ({ key: String.fromCharCode(97 + i), name }));
}
