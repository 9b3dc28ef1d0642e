import { createTestContainer } from '@discovery/test-utils';
import { act, fireEvent, render as rtlRender, screen, waitFor, within } from '@testing-library/react';
import { Gauge } from './Gauge';
import { HeatGrid } from './HeatGrid';
import { IndexBars } from './IndexBars';
import { Mekko } from './Mekko';
import type { MekkoMarket } from './mekkoLayout';
import { StackedColumns } from './StackedColumns';
import { indexRow, indexSeries } from './testing/indexRows';

// jsdom lays nothing out: the charts measure an 800 × 400 box.
beforeAll(() => {
  jest
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockImplementation(() => ({ width: 800, height: 400, top: 0, left: 0, right: 800, bottom: 400, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect);
});

/** Files handed to the browser's download: name, type and text. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  URL.createObjectURL = ((b: Blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, b);
    return url;
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return files;
}

const text = (b: Blob) =>
  new Promise<string>((resolve) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.readAsText(b);
  });

const sub = (id: string, name: string, count: number, tag: 'owned' | 'opportunity' | 'none' = 'owned') => ({ id, name, count, tag });
const MARKETS: MekkoMarket[] = [
  { id: 'm1', name: 'Colas', count: 750, subMarkets: [sub('s1', 'Fizz fans', 600), sub('s2', 'Switchers', 200, 'opportunity'), sub('s3', 'Tiny', 5, 'none')] },
  { id: 'm2', name: 'Waters', count: 250, subMarkets: [sub('s4', 'Sparkling', 100), sub('s5', 'Still', 100, 'none')] },
];

/** Charts need only i18n (the core strings); rerender keeps the same tree. */
async function render(ui: React.ReactElement) {
  await createTestContainer();
  return rtlRender(ui);
}

/** The graph div the Plotly stand-in drew into. */
async function drawn(container: HTMLElement) {
  await waitFor(() => expect(container.querySelector('[data-plotly-stub="drawn"]')).toBeTruthy());
  return container.querySelector('[data-plotly-stub="drawn"]') as HTMLElement & { data: any[]; layout: any; emit: (n: string, e: unknown) => void };
}

describe('Mekko', () => {
  it('GROW-019 / GROW-020 draws one block per sub-market: widths and heights from the counts, tag colours at half opacity, none hatched', async () => {
    const { container } = await render(<Mekko title="Penetration" markets={MARKETS} />);
    const g = await drawn(container);
    const bars = g.data[0];
    expect(bars.width.map((w: number) => Math.round(w))).toEqual([75, 75, 75, 25, 25]);
    expect(bars.base[0] + bars.y[0]).toBe(100);
    expect(bars.y.slice(0, 3).map((h: number) => Math.round(h * 10) / 10)).toEqual([74.5, 24.8, 0.6]);
    expect(bars.marker.color.slice(0, 3)).toEqual(['rgba(32, 84, 147, 0.5)', 'rgba(107, 174, 178, 0.5)', 'rgba(158, 158, 158, 0.5)']);
    expect(bars.marker.pattern.shape.slice(0, 3)).toEqual(['', '', '/']);
    // GROW-018: both axes 0–100 in steps of 20.
    expect(g.layout.xaxis.tickvals).toEqual([0, 20, 40, 60, 80, 100]);
    expect(g.layout.yaxis.range).toEqual([0, 100]);
    // GROW-018 (issue 27 §6): the x axis reaches 100 on screen: '100%' (about 30 px at 12 px) is
    // centred on the plot's right edge, and the right margin holds its half.
    expect(g.layout.xaxis.range).toEqual([0, 100]);
    expect(g.layout.xaxis.ticktext.at(-1)).toBe('100%');
    expect(g.layout.margin.r).toBeGreaterThanOrEqual(18);
  });

  it("GROW-024 labels from the blocks' size on screen: a short block loses its count, a skinny one its name", async () => {
    const markets: MekkoMarket[] = [
      {
        id: 'm1',
        name: 'Colas',
        count: 750,
        subMarkets: [sub('s1', 'Fizz fans', 600), sub('s2', 'Switchers', 40, 'opportunity'), sub('s3', 'Tiny', 3, 'none')],
      },
      { id: 'm2', name: 'Waters', count: 250, subMarkets: [sub('s4', 'Sparkling', 100), sub('s5', 'Still', 100, 'none')] },
    ];
    const { container } = await render(<Mekko title="Penetration" markets={markets} height={400} />);
    await drawn(container);
    // Plot area 752 × 344 px: 'Switchers' is 21 px tall (short), 'Tiny' 2 px (below a line), Waters' blocks 188 px wide.
    const label = (key: string) => screen.queryByTestId(`mekko-label-${key}`);
    await waitFor(() => expect(label('m1/s1')?.textContent).toBe('Fizz fans600'));
    expect(label('m1/s2')?.textContent).toBe('Switchers');
    expect(label('m1/s3')).toBeNull();
    expect(label('m2/s5')?.textContent).toBe('Still100');
    const skinny = await render(
      <Mekko
        title="Skinny"
        markets={[
          { ...MARKETS[0], count: 990 },
          { id: 'm3', name: 'Niche', count: 10, subMarkets: [sub('s9', 'Few', 10)] },
        ]}
      />,
    );
    await drawn(skinny.container);
    await waitFor(() => expect(within(skinny.container).queryByTestId('mekko-label-m1/s1')).toBeTruthy());
    expect(within(skinny.container).queryByTestId('mekko-label-m3/s9')).toBeNull();
  });

  it('draws once its data arrives when it was first shown loading, then empty (GROW-031: no remount needed)', async () => {
    const { container, rerender } = await render(<Mekko title="Later" markets={null} />);
    expect(container.querySelector('[data-plotly-stub="drawn"]')).toBeNull();
    rerender(<Mekko title="Later" markets={[]} />);
    rerender(<Mekko title="Later" markets={MARKETS} />);
    const g = await drawn(container);
    expect(g.data[0].width.length).toBeGreaterThan(0);
  });

  it('GROW-019 equal shares in edit mode', async () => {
    const { container } = await render(<Mekko title="Edit" markets={MARKETS} equalShares />);
    const g = await drawn(container);
    expect(g.data[0].width.map((w: number) => Math.round(w))).toEqual([50, 50, 50, 50, 50]);
  });

  it('OUT-022 click events carry the market and sub-market ids; a market name selects the market; others are dimmed', async () => {
    const onSelect = jest.fn();
    const { container, rerender } = await render(<Mekko title="Penetration" markets={MARKETS} onSelect={onSelect} />);
    const g = await drawn(container);
    act(() => g.emit('plotly_click', { points: [{ customdata: ['m2', 's5'] }] }));
    expect(onSelect).toHaveBeenLastCalledWith({ marketId: 'm2', subMarketId: 's5' });
    act(() => g.emit('plotly_clickannotation', { index: 0, annotation: { name: '0' } }));
    expect(onSelect).toHaveBeenLastCalledWith({ marketId: 'm1' });
    rerender(<Mekko title="Penetration" markets={MARKETS} onSelect={onSelect} selected={{ marketId: 'm2', subMarketId: 's5' }} />);
    await waitFor(() => expect(g.data[0].marker.opacity).toEqual([0.35, 0.35, 0.35, 0.35, 1]));
  });

  it('is a figure named by its title; the table view is a keyboard-reachable button and a named table with the same numbers', async () => {
    const { container } = await render(<Mekko title="Penetration" markets={MARKETS} />);
    await drawn(container);
    const figure = screen.getByRole('figure', { name: 'Penetration' });
    expect(within(figure).getByRole('img', { name: "Penetration. The numbers are in 'View as table'." })).toBeTruthy();
    const toggle = within(figure).getByRole('button', { name: 'View as table' });
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    toggle.focus();
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    const table = screen.getByRole('table', { name: 'Penetration' });
    expect(within(figure).getByRole('button', { name: 'View as chart' }).getAttribute('aria-pressed')).toBe('true');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent));
    expect(rows[0]).toEqual(['Market', 'Market count', 'Share of total (%)', 'Audience', 'Tag', 'Count', 'Share of market (%)']);
    expect(rows[1]).toEqual(['Colas', '750', '75.0%', 'Fizz fans', 'Owned', '600', '74.5%']);
    expect(rows[5]).toEqual(['Waters', '250', '25.0%', 'Still', 'None', '100', '50.0%']);
  });

  it('shows a loading state until data arrives and an empty state without sub-markets', async () => {
    const { rerender } = await render(<Mekko title="Penetration" markets={null} />);
    expect(screen.getByRole('figure', { name: 'Penetration' }).getAttribute('data-chart-state')).toBe('loading');
    expect(screen.getByRole('status').textContent).toContain('Loading chart…');
    expect((screen.getByRole('button', { name: 'View as table' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<Mekko title="Penetration" markets={[{ id: 'm', name: 'M', count: 1, subMarkets: [] }]} />);
    expect(screen.getByText('No data to chart.')).toBeTruthy();
  });

  it('reports how long new data took to reach the screen', async () => {
    const onRendered = jest.fn();
    const { container, rerender } = await render(<Mekko title="P" markets={MARKETS} onRendered={onRendered} />);
    await drawn(container);
    await waitFor(() => expect(onRendered).toHaveBeenCalledTimes(1));
    rerender(<Mekko title="P" markets={[...MARKETS]} onRendered={onRendered} />);
    await waitFor(() => expect(onRendered).toHaveBeenCalledTimes(2));
    expect(onRendered.mock.calls[1][0]).toBeGreaterThanOrEqual(0);
  });
});

describe('exports', () => {
  it('saves the table as .csv and .xlsx named after the chart, and the picture as .png', async () => {
    const files = captureDownloads();
    const { container } = await render(<Mekko title="Penetration: Q3" markets={MARKETS} />);
    await drawn(container);
    const exportAs = async (item: string) => {
      fireEvent.click(screen.getByRole('button', { name: 'Export' }));
      fireEvent.click(await screen.findByText(item));
    };
    await exportAs('CSV file (.csv)');
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0].name).toBe('penetration-q3.csv');
    const csv = await text(files[0].blob);
    expect(csv.split('\r\n')[1]).toBe('Colas,750,75,Fizz fans,Owned,600,74.5');
    await exportAs('Excel workbook (.xlsx)');
    await waitFor(() => expect(files).toHaveLength(2));
    expect([files[1].name, files[1].blob.type]).toEqual(['penetration-q3.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    await exportAs('Image (.png)');
    await waitFor(() => expect(files).toHaveLength(3));
    expect([files[2].name, files[2].blob.type]).toEqual(['penetration-q3.png', 'image/png']);
  });
});

describe('StackedColumns', () => {
  it('OUT-031 one chart per group with the OUT-030 axis shared; a series keeps its colour across groups', async () => {
    const groups = [
      {
        name: 'Colas',
        categories: ['Jan', 'Feb'],
        series: [
          { key: 'a', name: 'Fans', values: [500, 600] },
          { key: 'b', name: 'Switchers', values: [100, 400] },
        ],
      },
      { name: 'Waters', categories: ['Jan', 'Feb'], series: [{ key: 'b', name: 'Switchers', values: [50, 60] }] },
    ];
    const { container } = await render(<StackedColumns title="Range" groups={groups} categoryLabel="Month" groupLabel="Market" />);
    await waitFor(() => expect(container.querySelectorAll('[data-plotly-stub="drawn"]')).toHaveLength(2));
    const [g1, g2] = Array.from(container.querySelectorAll('[data-plotly-stub="drawn"]')) as any[];
    expect(g1.layout.barmode).toBe('stack');
    expect(g1.layout.yaxis.tickvals[1]).toBe(100);
    expect(g2.layout.yaxis.range).toEqual(g1.layout.yaxis.range);
    expect(g2.data[0].marker.color).toBe(g1.data[1].marker.color);
    fireEvent.click(screen.getByRole('button', { name: 'View as table' }));
    const rows = within(screen.getByRole('table', { name: 'Range' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['MarketMonthFansSwitchers', 'ColasJan500100', 'ColasFeb600400', 'WatersJanN/A50', 'WatersFebN/A60']);
  });
});

describe('IndexBars', () => {
  it('bars of the share per audience, the index at their end, a marker at the population share (index 100)', async () => {
    const rows = [
      indexRow('Female', 0.51, [
        [1, 196],
        [0.4, 78.4],
      ]),
      indexRow('Male', 0.48, [
        [0, 0],
        [0.6, 125],
      ]),
    ];
    const series = indexSeries('Women', 'Everyone');
    const { container } = await render(<IndexBars title="Gender" rows={rows} series={series} />);
    const g = await drawn(container);
    expect(g.data).toHaveLength(3);
    // Top to bottom in the given order (the category axis is reversed); a legend names the audiences.
    expect(g.data[0].y).toEqual(['Female', 'Male']);
    expect(g.layout.yaxis.autorange).toBe('reversed');
    expect(g.layout.showlegend).toBe(true);
    expect(g.data[0].x).toEqual([100, 0]);
    expect(g.data[0].text).toEqual(['100.0% · 196', '0.0% · 0']);
    expect(g.data[2].x).toEqual([51, 48]);
    expect(g.data[0].marker.color).not.toBe(g.data[1].marker.color);
    fireEvent.click(screen.getByRole('button', { name: 'View as table' }));
    const table = screen.getByRole('table', { name: 'Gender' });
    expect(within(table).getAllByRole('row')[1].textContent).toBe('Female100.0%19640.0%7851.0%');
  });
  it('issue 27 §4 compare mode stays readable: every label 11 px or more, every category labelled, the legend above the plot and no taller than it', async () => {
    const labels = ['Female', 'Male', 'Non-binary', 'Prefer not to say'];
    const rows = labels.map((label, i) =>
      indexRow(label, 0.25, [
        [i === 0 ? 1 : 0, i === 0 ? 400 : 0],
        [0.25, 100],
        [i === 1 ? 0.9 : 0.03, i === 1 ? 360 : 12],
      ]),
    );
    const series = indexSeries('Health-conscious young women who stream video every evening', 'Everyone', 'Men 25-44');
    const { container } = await render(<IndexBars title="Gender" rows={rows} series={series} />);
    const g = await drawn(container);
    const { layout, data } = g;
    // Every category has its own tick: Plotly may not thin them out ('Male' was lost).
    expect(layout.yaxis.tickmode).toBe('array');
    expect(layout.yaxis.tickvals).toEqual(labels);
    expect(layout.yaxis.ticktext).toEqual(labels);
    for (const d of data.slice(0, 3)) expect(d.y).toEqual(labels);
    // Font sizes: the axes, the legend, the bar labels, never shrunk to fit a bar.
    const sizes = [
      layout.font.size,
      layout.yaxis.tickfont.size,
      layout.xaxis.tickfont.size,
      layout.legend.font.size,
      ...data.slice(0, 3).map((d) => d.textfont.size),
    ];
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(11);
    expect(layout.uniformtext).toEqual({ mode: 'show', minsize: 11 });
    for (const d of data.slice(0, 3)) expect([d.textposition, d.cliponaxis]).toEqual(['outside', false]);
    // The legend sits above the plot in a top margin sized for its entries (3 audiences and the marker), a line each.
    expect(layout.showlegend).toBe(true);
    expect(layout.legend).toMatchObject({ orientation: 'v', y: 1, yanchor: 'bottom' });
    const plot = layout.height - layout.margin.t - layout.margin.b;
    expect(layout.margin.t).toBeGreaterThanOrEqual(4 * 20);
    expect(layout.margin.t).toBeLessThanOrEqual(plot);
    // A bar slot per audience per attribute of at least 14 px, room for an 11 px label.
    expect((plot / labels.length / series.length) * (1 - layout.bargap)).toBeGreaterThanOrEqual(14);
    // A long audience name is shortened in the legend, whole in the hover text and the table.
    expect(data[0].name).toBe('Health-conscious young women who stream…');
    expect(data[0].hovertext[0]).toContain(series[0].name);
  });

  it('issue 27 §4 a compare chart of one attribute still gives the legend no more room than the plot', async () => {
    const rows = [
      indexRow('Female', 0.5, [
        [0.5, 100],
        [0.6, 120],
      ]),
    ];
    const { container } = await render(<IndexBars title="One" rows={rows} series={indexSeries('A', 'B')} />);
    const { layout } = await drawn(container);
    expect(layout.margin.t).toBeLessThanOrEqual(layout.height - layout.margin.t - layout.margin.b);
    expect(layout.yaxis.tickvals).toEqual(['Female']);
  });
});

describe('HeatGrid', () => {
  const x = [
    { key: 'x1', label: 'Runners' },
    { key: 'x2', label: 'Cyclists' },
  ];
  const y = [{ key: 'y1', label: 'Parents', detail: '1,200' }];
  const cells = [
    [
      { value: 42, intensity: 0.42, text: '42% | 504' },
      { value: 10, intensity: 0.1, text: '10% | 120' },
    ],
  ];

  it('OVL-014 cells are buttons coloured by value, focus toggles (aria-pressed), other cells dim; the table has the values', async () => {
    const onToggle = jest.fn();
    const { rerender } = await render(<HeatGrid title="Overlap" x={x} y={y} cells={cells} valueKind="percent" cornerLabel="Segment" onToggle={onToggle} />);
    const cell = screen.getByRole('button', { name: 'Parents × Runners: 42% | 504' });
    expect(cell.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(cell);
    expect(onToggle).toHaveBeenCalledWith('x1', 'y1');
    rerender(<HeatGrid title="Overlap" x={x} y={y} cells={cells} valueKind="percent" cornerLabel="Segment" onToggle={onToggle} focused={new Set(['x1:y1'])} />);
    expect(screen.getByRole('button', { name: 'Parents × Runners: 42% | 504' }).getAttribute('aria-pressed')).toBe('true');
    // Issue 27 §5: a dimmed cell is pale with dark text (9.4:1), never faded by opacity.
    const dimmed = screen.getByRole('button', { name: 'Parents × Cyclists: 10% | 120' }) as HTMLElement;
    expect([dimmed.style.opacity, dimmed.style.color, dimmed.style.background]).toEqual(['', 'rgb(64, 72, 84)', 'rgb(246, 247, 249)']);
    expect(screen.getByRole('group', { name: 'Overlap' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View as table' }));
    expect(
      within(screen.getByRole('table', { name: 'Overlap' }))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['SegmentRunnersCyclists', 'Parents42.0%10.0%']);
  });
});

describe('Gauge', () => {
  it('JRN-018 a ring of the percent, its diameter kept between 90 and 250 px', async () => {
    const { rerender } = await render(<Gauge title="Aware" percent={37.5} diameter={170} caption="1,234" count={1234} />);
    const svg = screen.getByTestId('gauge-svg');
    expect(svg.getAttribute('data-diameter')).toBe('170');
    expect(svg.textContent).toBe('38%1,234');
    rerender(<Gauge title="Aware" percent={5} diameter={40} />);
    expect(screen.getByTestId('gauge-svg').getAttribute('data-diameter')).toBe('90');
    expect(screen.getByTestId('gauge-svg').textContent).toBe('5.0%');
    fireEvent.click(screen.getByRole('button', { name: 'View as table' }));
    expect(within(screen.getByRole('table', { name: 'Aware' })).getAllByRole('row')[1].textContent).toBe('Aware5.0%');
  });

  it('a bare gauge is only the ring, an image named by its title and percent (a screen framing several)', async () => {
    await render(<Gauge title="Aware" percent={50} diameter={300} bare testId="ring" />);
    expect(screen.getByRole('img', { name: 'Aware: 50%' }).getAttribute('data-diameter')).toBe('250');
    expect(screen.queryByRole('button', { name: 'View as table' })).toBeNull();
  });
});
