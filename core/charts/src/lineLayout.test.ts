import { lineTable } from './lineLayout';

describe('lineTable', () => {
  const x = { label: 'Spend', kind: 'number' as const };
  const y = { label: 'Reach (%)', kind: 'number' as const };

  it('one row per x with a column per line when the lines share their xs', () => {
    const t = lineTable(
      'Response curves',
      [
        {
          key: 'a',
          name: 'TV',
          points: [
            { x: 0, y: 1 },
            { x: 10, y: 5 },
          ],
        },
        {
          key: 'b',
          name: 'Social',
          points: [
            { x: 0, y: 2 },
            { x: 10, y: 3 },
          ],
        },
      ],
      x,
      y,
      'Curve',
    );
    expect(t.columns.map((c) => c.label)).toEqual(['Spend', 'TV (Reach (%))', 'Social (Reach (%))']);
    expect(t.rows).toEqual([
      [0, 1, 2],
      [10, 5, 3],
    ]);
  });

  it('one row per point (line, x, y) when they do not', () => {
    const t = lineTable(
      'c',
      [
        { key: 'a', name: 'TV', points: [{ x: 0, y: 1 }] },
        { key: 'b', name: 'Social', points: [{ x: 5, y: 2 }] },
      ],
      x,
      y,
      'Curve',
    );
    expect(t.columns.map((c) => c.label)).toEqual(['Curve', 'Spend', 'Reach (%)']);
    expect(t.rows).toEqual([
      ['TV', 0, 1],
      ['Social', 5, 2],
    ]);
  });
});
