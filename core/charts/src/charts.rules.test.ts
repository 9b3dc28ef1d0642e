import { gaugeArc, gaugeDiameter, gaugePercent, GAUGE_MAX_PX, GAUGE_MIN_PX } from './gaugeLayout';
import { cellKey, heatIntensity, heatTable } from './heatLayout';
import { indexAxisMax, indexBarText, indexTable, indexTicks, isNotableIndex } from './indexLayout';
import { maxStackTotal, stackedTable, stackedTicks } from './stackedLayout';
import { indexRow, indexSeries } from './testing/indexRows';

describe('stacked columns', () => {
  it('OUT-030 12 ticks with step round(max total × 1.2 / 12)', () => {
    expect(stackedTicks(1000).ticks).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100]);
    expect(stackedTicks(1000).range).toEqual([0, 1100]);
    expect(stackedTicks(95).ticks[1]).toBe(10);
  });

  it('OUT-030 a step under 3 gives the fixed ticks 0 to 33 in steps of 3', () => {
    expect(stackedTicks(20).ticks).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33]);
    expect(stackedTicks(0).ticks.at(-1)).toBe(33);
  });

  it('the axis never ends under the tallest column (a rounded-down step)', () => {
    // 34 × 1.2 / 12 = 3.4 → 3: the last tick 33 is under 34.
    expect(stackedTicks(34).range).toEqual([0, 34]);
  });

  it('sums each column and tables every group', () => {
    const groups = [
      {
        name: 'North',
        categories: ['Jan', 'Feb'],
        series: [
          { key: 'a', name: 'A', values: [1, 2] },
          { key: 'b', name: 'B', values: [3, null] },
        ],
      },
      { name: 'South', categories: ['Jan'], series: [{ key: 'b', name: 'B', values: [7] }] },
    ];
    expect(maxStackTotal(groups)).toBe(7);
    const t = stackedTable('Range', groups, { group: 'Market', category: 'Month' });
    expect(t.columns.map((c) => c.label)).toEqual(['Market', 'Month', 'A', 'B']);
    expect(t.rows).toEqual([
      ['North', 'Jan', 1, 3],
      ['North', 'Feb', 2, null],
      ['South', 'Jan', null, 7],
    ]);
  });
});

describe('heat grid', () => {
  it('OVL-015 intensity = index / 200 or percent / 100, clamped to [0, 1]', () => {
    expect(heatIntensity(150, 'index')).toBe(0.75);
    expect(heatIntensity(450, 'index')).toBe(1);
    expect(heatIntensity(42, 'percent')).toBe(0.42);
    expect(heatIntensity(-3, 'percent')).toBe(0);
    expect(heatIntensity(null, 'percent')).toBe(0);
  });

  it('tables the cells by row with the x items as columns', () => {
    const x = [
      { key: 'x1', label: 'X1' },
      { key: 'x2', label: 'X2' },
    ];
    const y = [{ key: 'y1', label: 'Y1' }];
    const t = heatTable(
      'Overlap',
      x,
      y,
      [
        [
          { value: 10, intensity: 0.1, text: '10%' },
          { value: null, intensity: 0, text: '' },
        ],
      ],
      'percent',
      'Segment',
    );
    expect(t.rows).toEqual([['Y1', 10, null]]);
    expect(t.columns.map((c) => c.kind)).toEqual(['text', 'percent', 'percent']);
    expect(cellKey('x1', 'y1')).toBe('x1:y1');
  });
});

describe('gauge', () => {
  it('JRN-018 diameter scaled linearly between 90 and 250 px', () => {
    expect(GAUGE_MIN_PX).toBe(90);
    expect(GAUGE_MAX_PX).toBe(250);
    expect(gaugeDiameter(0, 0, 100)).toBe(90);
    expect(gaugeDiameter(100, 0, 100)).toBe(250);
    expect(gaugeDiameter(50, 0, 100)).toBe(170);
    expect(gaugeDiameter(500, 0, 100)).toBe(250);
    // one gauge, or all the same: full size
    expect(gaugeDiameter(7, 7, 7)).toBe(250);
  });

  it('JRN-018 percent = stage count / total count × 100', () => {
    expect(gaugePercent(25, 200)).toBe(12.5);
    expect(gaugePercent(5, 0)).toBe(0);
  });

  it('draws the arc clockwise from the top, the large arc past half', () => {
    expect(gaugeArc(25, 50, 40)).toBe('M 50 10 A 40 40 0 0 1 90.000 50.000');
    expect(gaugeArc(75, 50, 40)).toMatch(/ 0 1 1 10\.000 50\.000$/);
  });
});

describe('index bars', () => {
  it('labels the share with one decimal and the index whole', () => {
    expect(indexBarText({ share: 0.12345, index: 118.6 })).toBe('12.3% · 119');
    expect(indexBarText({ share: 0.5, index: null })).toBe('50.0%');
    expect(indexBarText({ share: null, index: null })).toBe('');
  });

  it('emphasises indexes of 120 and over or 80 and under', () => {
    expect([120, 119, 80, 81, null].map(isNotableIndex)).toEqual([true, false, true, false, false]);
  });

  it('ends the axis past the largest share or marker with room for its label; ticks stop at 100%', () => {
    expect(indexAxisMax([indexRow('A', 0.2, [[0.3, 150]])])).toBe(40);
    expect(indexAxisMax([indexRow('A', null, [[1, null]])])).toBe(130);
    expect(indexTicks(130)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(indexTicks(40)).toEqual([0, 10, 20, 30, 40]);
  });

  it('tables share and index per audience and the population share', () => {
    const t = indexTable(
      'Age',
      [
        indexRow('18-24', 0.12, [
          [0.2, 166.7],
          [0.1, 83.3],
        ]),
      ],
      indexSeries('One', 'Two'),
      {
        attribute: 'Attribute',
        population: 'Population (%)',
        share: (n) => `${n} (%)`,
        index: (n) => `${n} index`,
      },
    );
    expect(t.columns.map((c) => c.label)).toEqual(['Attribute', 'One (%)', 'One index', 'Two (%)', 'Two index', 'Population (%)']);
    expect(t.rows).toEqual([['18-24', 20, 166.7, 10, 83.3, 12]]);
  });
});
