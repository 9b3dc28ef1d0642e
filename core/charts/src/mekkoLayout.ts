import type { ChartTable } from './table';
import { SMALL_BASE_MARK, type Tag } from './palette';

/** One audience of a market (a Grow sub-market, an Outcomes block). */
export interface MekkoSubMarket {
  id: string | number;
  name: string;
  count: number | null;
  tag: Tag;
  /** Percent change against the previous timeframe (Outcomes comparison, OUT-024/025). */
  change?: number | null;
  /** Extra tooltip lines (e.g. the segment path, OUT-024). */
  detail?: string;
  /** Issue 27 §2: the audience's count is a small base (marked, and named in the files). */
  smallBase?: boolean;
}

export interface MekkoMarket {
  id: string | number;
  name: string;
  count: number | null;
  subMarkets: MekkoSubMarket[];
}

export interface MekkoColumn {
  market: MekkoMarket;
  index: number;
  /** Axis units, 0–100 (GROW-018). */
  x0: number;
  x1: number;
  /** The market's share of all markets (0–1). */
  share: number;
}

export interface MekkoBlock {
  market: MekkoMarket;
  subMarket: MekkoSubMarket;
  marketIndex: number;
  index: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** The sub-market's share of its market (0–1). */
  share: number;
}

export interface MekkoGeometry {
  columns: MekkoColumn[];
  blocks: MekkoBlock[];
}

const n = (v: number | null | undefined) => (v !== null && v !== undefined && Number.isFinite(v) && v > 0 ? v : 0);

/** Shares of a list of counts: proportional, or equal when asked or when they add up to 0. */
export function shares(counts: readonly (number | null)[], equal = false): number[] {
  if (counts.length === 0) return [];
  const total = counts.reduce<number>((s, c) => s + n(c), 0);
  if (equal || total === 0) return counts.map(() => 1 / counts.length);
  return counts.map((c) => n(c) / total);
}

/**
 * GROW-019 / OUT-021: market columns are as wide as the market's share of the total count;
 * sub-market blocks as tall as their share of their market (the sum of its sub-markets' counts,
 * so a column is always filled 0–100). `equalShares` (edit mode) or a zero total gives equal
 * shares. The first sub-market is on top (the axis reads 100 at the top, GROW-018).
 */
export function mekkoGeometry(markets: readonly MekkoMarket[], opts: { equalShares?: boolean } = {}): MekkoGeometry {
  const widths = shares(
    markets.map((m) => m.count),
    opts.equalShares,
  );
  const columns: MekkoColumn[] = [];
  const blocks: MekkoBlock[] = [];
  let x = 0;
  markets.forEach((market, index) => {
    const x0 = x;
    const x1 = index === markets.length - 1 ? 100 : x + widths[index] * 100;
    x = x1;
    columns.push({ market, index, x0, x1, share: widths[index] });
    const heights = shares(
      market.subMarkets.map((s) => s.count),
      opts.equalShares,
    );
    let top = 100;
    market.subMarkets.forEach((subMarket, i) => {
      const y1 = top;
      const y0 = i === market.subMarkets.length - 1 ? 0 : top - heights[i] * 100;
      top = y0;
      blocks.push({ market, subMarket, marketIndex: index, index: i, x0, x1, y0, y1, share: heights[i] });
    });
  });
  return { columns, blocks };
}

/** GROW-024: a block's label layout from its size on screen. */
export const SHORT_MAX_PX = 50;
export const SKINNY_MAX_PX = 40;
/** OUT-026: the change label needs a block taller than 25 px and wider than 65 px. */
export const CHANGE_MIN_HEIGHT_PX = 25;
export const CHANGE_MIN_WIDTH_PX = 65;

/** One line of label text: a block lower than this shows none (the tooltip carries it). */
export const LINE_PX = 14;

export interface LabelMode {
  /** Lower than one line of text: no label at all. */
  tiny: boolean;
  /** height ≤ 50 px: the count line is hidden (GROW-024 DESIGN). */
  short: boolean;
  /** width ≤ 40 px: the name is hidden too; the tooltip carries it (GROW-024 DESIGN). */
  skinny: boolean;
  /** OUT-026 */
  showChange: boolean;
}

export function labelMode(widthPx: number, heightPx: number): LabelMode {
  return {
    tiny: heightPx < LINE_PX,
    short: heightPx <= SHORT_MAX_PX,
    skinny: widthPx <= SKINNY_MAX_PX,
    showChange: heightPx > CHANGE_MIN_HEIGHT_PX && widthPx > CHANGE_MIN_WIDTH_PX,
  };
}

/** OUT-025: the change drawn on a block is clamped to −100..100 and shown with one decimal. */
export function changeLabel(change: number | null | undefined): string | null {
  if (change === null || change === undefined || !Number.isFinite(change)) return null;
  const v = Math.max(-100, Math.min(100, change));
  return `${v > 0 ? '+' : ''}${v.toFixed(1)}%`;
}

/** The lines drawn on a block: name, count and change, as its size allows. */
export function blockLabel(block: MekkoBlock, mode: LabelMode, formatCount: (n: number | null) => string): string[] {
  if (mode.skinny || mode.tiny) return [];
  const mark = block.subMarket.smallBase ? SMALL_BASE_MARK : '';
  const lines = [mode.short ? `${block.subMarket.name}${mark}` : block.subMarket.name];
  if (!mode.short) lines.push(`${formatCount(block.subMarket.count)}${mark}`);
  const change = mode.showChange ? changeLabel(block.subMarket.change) : null;
  if (change) lines.push(change);
  return lines;
}

/** Block size in pixels for a plot area of `width` × `height` pixels. */
export function blockPixels(block: Pick<MekkoBlock, 'x0' | 'x1' | 'y0' | 'y1'>, width: number, height: number): { width: number; height: number } {
  return { width: ((block.x1 - block.x0) / 100) * width, height: ((block.y1 - block.y0) / 100) * height };
}

/** GROW-018 / OUT-020: both axes 0–100 in steps of 20. */
export const MEKKO_TICKS = [0, 20, 40, 60, 80, 100];
export const MEKKO_TICK_TEXT = MEKKO_TICKS.map((t) => `${t}%`);

/** The mekko's numbers as a table: one row per sub-market. */
export function mekkoTable(caption: string, markets: readonly MekkoMarket[], labels: MekkoTableLabels, opts: { equalShares?: boolean } = {}): ChartTable {
  const g = mekkoGeometry(markets, opts);
  const withChange = markets.some((m) => m.subMarkets.some((s) => s.change !== undefined && s.change !== null));
  const withSmall = !!labels.smallBase && markets.some((m) => m.subMarkets.some((s) => s.smallBase));
  return {
    caption,
    columns: [
      { label: labels.market, kind: 'text' },
      { label: labels.marketCount, kind: 'count' },
      { label: labels.marketShare, kind: 'percent' },
      { label: labels.subMarket, kind: 'text' },
      { label: labels.tag, kind: 'text' },
      { label: labels.count, kind: 'count' },
      { label: labels.share, kind: 'percent' },
      ...(withChange ? [{ label: labels.change, kind: 'percent' as const }] : []),
      ...(withSmall ? [{ label: labels.smallBase!, kind: 'text' as const }] : []),
    ],
    rows: g.blocks.map((b) => [
      b.market.name,
      b.market.count,
      g.columns[b.marketIndex].share * 100,
      b.subMarket.name,
      labels.tags[b.subMarket.tag],
      b.subMarket.count,
      b.share * 100,
      ...(withChange ? [b.subMarket.change ?? null] : []),
      ...(withSmall ? [b.subMarket.smallBase ? SMALL_BASE_MARK : ''] : []),
    ]),
  };
}

export interface MekkoTableLabels {
  /** The small-base column's header (issue 27 §2). */
  smallBase?: string;
  market: string;
  marketCount: string;
  marketShare: string;
  subMarket: string;
  tag: string;
  count: string;
  share: string;
  change: string;
  tags: Record<Tag, string>;
}
