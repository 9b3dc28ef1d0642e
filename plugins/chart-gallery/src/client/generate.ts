import type { HeatAxisItem, HeatCell, IndexRow, MekkoMarket, StackedGroup, Tag } from '@discovery/charts';
import { heatIntensity } from '@discovery/charts';

/** A small seeded generator (mulberry32): the gallery shows the same charts on every load. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAGS: Tag[] = ['owned', 'opportunity', 'none'];

/** The generated data's names: the page passes i18next's `t` (keys under `data.`), so they follow the language like any other text. */
export type Names = (key: string, vars?: Record<string, string | number>) => string;

/** `markets` × `subs` with counts spread over two orders of magnitude (so short and skinny blocks occur). */
export function mekkoData(seed: number, markets: number, subs: number, withChange: boolean, names: Names): MekkoMarket[] {
  const r = rng(seed);
  return Array.from({ length: markets }, (_, m) => {
    const subMarkets = Array.from({ length: subs }, (_, s) => ({
      id: `m${m}-s${s}`,
      name: names('data.audience', { m: m + 1, s: s + 1 }),
      count: Math.round(1000 + r() * r() * 200_000),
      tag: TAGS[Math.floor(r() * 3)],
      ...(withChange ? { change: Math.round((r() * 300 - 120) * 10) / 10 } : {}),
    }));
    return { id: `m${m}`, name: names('data.market', { n: m + 1 }), count: subMarkets.reduce((t, s) => t + s.count, 0), subMarkets };
  });
}

export function stackedData(seed: number, grouped: boolean, names: Names): StackedGroup[] {
  const r = rng(seed);
  const months = Array.from({ length: 13 }, (_, i) => names(`data.months.${i}`));
  const series = (keys: string[]) =>
    keys.map((key, i) => ({ key, name: names(`data.series.${key}`), values: months.map(() => Math.round(2000 + r() * 8000 * (i + 1))) }));
  if (!grouped) return [{ categories: months, series: series(['owned', 'opportunity', 'none', 'switchers']) }];
  return ['colas', 'waters', 'coffee'].map((key) => ({
    name: names(`data.groups.${key}`),
    categories: months,
    series: series(['owned', 'opportunity', 'none']),
  }));
}

export function heatData(seed: number, nx: number, ny: number, names: Names): { x: HeatAxisItem[]; y: HeatAxisItem[]; cells: HeatCell[][] } {
  const r = rng(seed);
  const x = Array.from({ length: nx }, (_, i) => ({
    key: `x${i}`,
    label: names('data.segmentX', { n: i + 1 }),
    detail: `${Math.round(5000 + r() * 90000).toLocaleString('en-US')}`,
  }));
  const y = Array.from({ length: ny }, (_, i) => ({
    key: `y${i}`,
    label: names('data.segmentY', { n: i + 1 }),
    detail: `${Math.round(5000 + r() * 90000).toLocaleString('en-US')}`,
  }));
  const cells = y.map(() =>
    x.map(() => {
      const index = Math.round(20 + r() * 220);
      return { value: index, intensity: heatIntensity(index, 'index'), text: String(index) };
    }),
  );
  return { x, y, cells };
}

export function indexData(seed: number, audiences: number): IndexRow[] {
  const r = rng(seed);
  const bands = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'];
  const weights = [12, 18, 17, 16, 16, 21].map((w) => w / 100);
  return bands.map((label, i) => ({
    key: label,
    label,
    population: weights[i],
    values: Array.from({ length: audiences }, () => {
      const share = Math.min(1, weights[i] * (0.4 + r() * 1.4));
      return { share, index: (share / weights[i]) * 100 };
    }),
  }));
}
