import { blockLabel, blockPixels, changeLabel, labelMode, MEKKO_TICKS, mekkoGeometry, mekkoTable, shares, type MekkoMarket } from './mekkoLayout';

const fmt = (n: number | null) => (n === null ? 'N/A' : n.toLocaleString('en-US'));
const sub = (id: string, count: number | null, extra: object = {}) => ({ id, name: `S ${id}`, count, tag: 'owned' as const, ...extra });
const markets: MekkoMarket[] = [
  { id: 'a', name: 'A', count: 600, subMarkets: [sub('a1', 300), sub('a2', 100), sub('a3', 200)] },
  { id: 'b', name: 'B', count: 300, subMarkets: [sub('b1', 50), sub('b2', 50)] },
  { id: 'c', name: 'C', count: 100, subMarkets: [sub('c1', 0), sub('c2', 0)] },
];

describe('mekko geometry', () => {
  it('GROW-019 market column width share = market count / total count, columns side by side over 0–100', () => {
    const g = mekkoGeometry(markets);
    expect(g.columns.map((c) => [c.x0, c.x1])).toEqual([
      [0, 60],
      [60, 90],
      [90, 100],
    ]);
    expect(g.columns.map((c) => c.share)).toEqual([0.6, 0.3, 0.1]);
  });

  it('GROW-019 sub-market height share = its count / the market total, first on top, the column filled 100 to 0', () => {
    const a = mekkoGeometry(markets).blocks.filter((b) => b.market.id === 'a');
    expect(a.map((b) => [b.y1, b.y0])).toEqual([
      [100, 50],
      [50, expect.closeTo(33.333, 3)],
      [expect.closeTo(33.333, 3), 0],
    ]);
    expect(a.map((b) => b.share)).toEqual([0.5, 1 / 6, 1 / 3]);
    expect(a.every((b) => b.x0 === 0 && b.x1 === 60)).toBe(true);
  });

  it('GROW-019 equal shares in edit mode, and when a total is 0', () => {
    const edit = mekkoGeometry(markets, { equalShares: true });
    expect(edit.columns.map((c) => c.share)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(edit.blocks.filter((b) => b.market.id === 'a').map((b) => b.share)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    // Market C's audiences count 0 in total: equal heights, in view mode too.
    expect(
      mekkoGeometry(markets)
        .blocks.filter((b) => b.market.id === 'c')
        .map((b) => [b.y1, b.y0]),
    ).toEqual([
      [100, 50],
      [50, 0],
    ]);
    const zero = mekkoGeometry([
      { id: 'x', name: 'X', count: 0, subMarkets: [sub('x1', 1)] },
      { id: 'y', name: 'Y', count: null, subMarkets: [sub('y1', 1)] },
    ]);
    expect(zero.columns.map((c) => [c.x0, c.x1])).toEqual([
      [0, 50],
      [50, 100],
    ]);
  });

  it('treats missing and negative counts as 0 and has no columns for no markets', () => {
    expect(shares([null, -5, 10])).toEqual([0, 0, 1]);
    expect(mekkoGeometry([])).toEqual({ columns: [], blocks: [] });
  });

  it('GROW-024 a block is short at height <= 50 px and skinny at width <= 40 px', () => {
    expect(labelMode(41, 51)).toEqual({ tiny: false, short: false, skinny: false, showChange: false });
    expect(labelMode(40, 51).skinny).toBe(true);
    expect(labelMode(41, 50).short).toBe(true);
    expect(labelMode(40, 50)).toMatchObject({ short: true, skinny: true });
  });

  it('GROW-024 short hides the count line, skinny hides the name (the tooltip keeps both)', () => {
    const b = mekkoGeometry([{ id: 'a', name: 'A', count: 1, subMarkets: [sub('a1', 1234)] }]).blocks[0];
    expect(blockLabel(b, labelMode(200, 200), fmt)).toEqual(['S a1', '1,234']);
    expect(blockLabel(b, labelMode(200, 50), fmt)).toEqual(['S a1']);
    expect(blockLabel(b, labelMode(40, 200), fmt)).toEqual([]);
    // Lower than a line of text: nothing (the tooltip has it).
    expect(blockLabel(b, labelMode(200, 13), fmt)).toEqual([]);
    expect(blockLabel(b, labelMode(200, 14), fmt)).toEqual(['S a1']);
  });

  it('OUT-026 the change label shows only on blocks taller than 25 px and wider than 65 px; OUT-025 clamped to -100..100, one decimal', () => {
    const b = mekkoGeometry([{ id: 'a', name: 'A', count: 1, subMarkets: [sub('a1', 10, { change: 12.345 })] }]).blocks[0];
    expect(blockLabel(b, labelMode(66, 60), fmt)).toEqual(['S a1', '10', '+12.3%']);
    expect(blockLabel(b, labelMode(65, 60), fmt)).toEqual(['S a1', '10']);
    expect(labelMode(66, 25).showChange).toBe(false);
    expect(changeLabel(250)).toBe('+100.0%');
    expect(changeLabel(-312.44)).toBe('-100.0%');
    expect(changeLabel(-0.04)).toBe('-0.0%');
    expect(changeLabel(0)).toBe('0.0%');
    expect(changeLabel(null)).toBeNull();
    expect(changeLabel(Number.NaN)).toBeNull();
  });

  it('block pixels follow the plot area', () => {
    expect(blockPixels({ x0: 0, x1: 25, y0: 50, y1: 100 }, 800, 400)).toEqual({ width: 200, height: 200 });
  });

  it('GROW-018 axes run 0 to 100 in steps of 20', () => {
    expect(MEKKO_TICKS).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it('the table holds the same shares the drawing uses, one row per sub-market', () => {
    const labels = {
      market: 'Market',
      marketCount: 'Market count',
      marketShare: 'Share of total (%)',
      subMarket: 'Audience',
      tag: 'Tag',
      count: 'Count',
      share: 'Share of market (%)',
      change: 'Change (%)',
      tags: { owned: 'Owned', opportunity: 'Opportunity', none: 'None' },
    };
    const t = mekkoTable('Penetration', markets, labels);
    expect(t.columns.map((c) => c.label)).toEqual(['Market', 'Market count', 'Share of total (%)', 'Audience', 'Tag', 'Count', 'Share of market (%)']);
    expect(t.rows[0]).toEqual(['A', 600, 60, 'S a1', 'Owned', 300, 50]);
    expect(t.rows).toHaveLength(7);
    const withChange = mekkoTable('P', [{ ...markets[1], subMarkets: [sub('b1', 5, { change: 3.21 })] }], labels);
    expect(withChange.columns.at(-1)?.label).toBe('Change (%)');
    expect(withChange.rows[0].at(-1)).toBe(3.21);
  });
});
