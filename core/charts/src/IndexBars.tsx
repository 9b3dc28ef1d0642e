import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartFrame } from './ChartFrame';
import type { PngSource } from './export';
import { indexAxisMax, indexBarText, indexTable, indexTicks, isNotableIndex, type IndexRow, type IndexSeries } from './indexLayout';
import { baseLayout } from './layout';
import { escapeHtml } from './Mekko';
import { CATEGORICAL, REFERENCE_COLOUR } from './palette';
import { PlotlyChart } from './plotly/PlotlyChart';

/** Issue 27 §4: no label of an index chart is smaller than this. */
export const MIN_LABEL_PX = 11;
/** A legend entry's line (11 px text) and the longest audience name it shows (the hover and table have the whole). */
const LEGEND_LINE_PX = 20;
const LEGEND_NAME_MAX = 40;

function legendName(name: string): string {
  return name.length > LEGEND_NAME_MAX ? `${name.slice(0, LEGEND_NAME_MAX - 1)}…` : name;
}

/**
 * The drawing's box: a row per attribute tall enough for a bar per audience with its 11 px label,
 * and in compare mode a top margin for the legend (an entry per audience and the marker, a line
 * each), the plot at least as tall as the legend (issue 27 §4).
 */
export function indexBarsBox(rows: number, series: number, marker: boolean): { height: number; top: number; plot: number; legend: boolean } {
  const legend = series > 1;
  const rowPx = legend ? 8 + 18 * series : 24;
  const top = legend ? (series + (marker ? 1 : 0)) * LEGEND_LINE_PX + 8 : 4;
  const plot = Math.max(rows * rowPx, legend ? top : 52);
  return { height: top + plot + 24, top, plot, legend };
}

/** One empty list for every render without data (a new [] would recompute the memos each time). */
const NO_ROWS: readonly IndexRow[] = [];

export interface IndexBarsProps {
  title: string;
  rows: readonly IndexRow[] | null;
  /** One per audience (compare mode draws them side by side); values follow this order. */
  series: readonly IndexSeries[];
  loading?: boolean;
  emptyText?: string;
  hideTitle?: boolean;
  actions?: ReactNode;
  onRendered?: (ms: number) => void;
  /** The small-base threshold the values' `smallBase` was computed with (issue 27 §2): names the files' column. */
  smallBase?: number;
  testId?: string;
}

/**
 * Horizontal bars of the share of each attribute in the audience(s), the index against the
 * population at the bar's end, and a marker where the population's share is (index 100): a bar
 * past its marker is over-represented (EXP-007 DESIGN).
 */
export function IndexBars(props: IndexBarsProps) {
  const { t } = useTranslation();
  const png = useRef<PngSource | null>(null);
  const rows = props.rows ?? NO_ROWS;
  const table = useMemo(
    () =>
      indexTable(props.title, rows, props.series, {
        attribute: t('charts.index.attribute'),
        population: t('charts.index.population'),
        share: (name) => t('charts.index.share', { name }),
        index: (name) => t('charts.index.index', { name }),
        smallBase: props.smallBase === undefined ? undefined : t('charts.smallBase.column', { count: props.smallBase }),
      }),
    [rows, props.series, props.title, t, props.smallBase],
  );
  const figure = useMemo(() => {
    // Top to bottom in the given order, audiences too: the category axis is reversed.
    const labels = rows.map((r) => escapeHtml(r.label));
    const rev = rows;
    const bars = props.series.map((s, i) => ({
      type: 'bar',
      orientation: 'h',
      name: escapeHtml(legendName(s.name)),
      y: labels,
      x: rev.map((r) => (r.values[i]?.share ?? 0) * 100),
      marker: { color: CATEGORICAL[i % CATEGORICAL.length] },
      text: rev.map((r) => (r.values[i] ? indexBarText(r.values[i]) : '')),
      textposition: 'outside',
      cliponaxis: false,
      textfont: { size: MIN_LABEL_PX, color: rev.map((r) => (isNotableIndex(r.values[i]?.index ?? null) ? '#1c2127' : '#5f6b7c')) },
      hovertext: rev.map((r) => `${escapeHtml(s.name)}<br>${escapeHtml(r.label)}: ${r.values[i] ? indexBarText(r.values[i]) : ''}`),
      hoverinfo: 'text',
      hovertemplate: '%{hovertext}<extra></extra>',
    }));
    const marked = rev.filter((r) => r.population !== null);
    const reference = marked.length
      ? [
          {
            type: 'scatter',
            mode: 'markers',
            name: escapeHtml(t('charts.index.reference')),
            y: marked.map((r) => escapeHtml(r.label)),
            x: marked.map((r) => (r.population ?? 0) * 100),
            marker: { symbol: 'line-ns-open', size: 10 + 8 * props.series.length, line: { width: 2, color: REFERENCE_COLOUR }, color: REFERENCE_COLOUR },
            hovertext: marked.map((r) => `${escapeHtml(t('charts.index.reference'))}: ${((r.population ?? 0) * 100).toFixed(1)}%`),
            hoverinfo: 'text',
            hovertemplate: '%{hovertext}<extra></extra>',
          },
        ]
      : [];
    const axisMax = indexAxisMax(rows);
    const ticks = indexTicks(axisMax);
    const box = indexBarsBox(rows.length, props.series.length, reference.length > 0);
    return {
      height: box.height,
      data: [...bars, ...reference],
      layout: {
        ...baseLayout({ l: 150, r: 16, t: box.top, b: 24 }),
        barmode: 'group',
        bargap: 0.2,
        // Issue 27 §4: no text is shrunk below 11 px to fit a bar, nor hidden.
        uniformtext: { mode: 'show', minsize: MIN_LABEL_PX },
        // Compare mode names its audiences (and the marker) in a legend above the bars, one entry
        // a line, in the top margin sized for it: it never squeezes the bars (nor their labels).
        showlegend: box.legend,
        legend: { orientation: 'v', x: 0, xanchor: 'left', y: 1, yanchor: 'bottom', traceorder: 'normal', font: { size: MIN_LABEL_PX } },
        xaxis: {
          range: [0, axisMax],
          tickvals: ticks,
          ticktext: ticks.map((t) => `${t}%`),
          tickfont: { size: MIN_LABEL_PX },
          fixedrange: true,
          showgrid: true,
          gridcolor: '#e5e8eb',
          zeroline: false,
        },
        // Every attribute is labelled: an explicit tick per category, so Plotly never thins them out.
        yaxis: {
          type: 'category',
          autorange: 'reversed',
          fixedrange: true,
          automargin: true,
          tickmode: 'array',
          tickvals: labels,
          ticktext: labels,
          tickfont: { size: 12 },
        },
      },
    };
  }, [rows, props.series, t]);

  return (
    <ChartFrame
      title={props.title}
      table={table}
      png={png}
      loading={props.loading || props.rows === null}
      empty={rows.length === 0}
      emptyText={props.emptyText}
      hideTitle={props.hideTitle}
      actions={props.actions}
      testId={props.testId}
    >
      <PlotlyChart
        name={props.testId ?? props.title}
        data={figure.data}
        layout={figure.layout}
        height={figure.height}
        png={png}
        onRendered={props.onRendered}
      />
    </ChartFrame>
  );
}
