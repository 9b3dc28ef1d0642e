import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartFrame } from './ChartFrame';
import type { PngSource } from './export';
import { indexAxisMax, indexBarText, indexTable, indexTicks, isNotableIndex, type IndexRow, type IndexSeries } from './indexLayout';
import { baseLayout } from './layout';
import { escapeHtml } from './Mekko';
import { CATEGORICAL, REFERENCE_COLOUR } from './palette';
import { PlotlyChart } from './plotly/PlotlyChart';

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
  const height = Math.max(80, (props.series.length > 1 ? 52 : 28) + rows.length * (14 + 10 * props.series.length));
  const figure = useMemo(() => {
    // Top to bottom in the given order, audiences too: the category axis is reversed.
    const labels = rows.map((r) => escapeHtml(r.label));
    const rev = rows;
    const bars = props.series.map((s, i) => ({
      type: 'bar',
      orientation: 'h',
      name: escapeHtml(s.name),
      y: labels,
      x: rev.map((r) => (r.values[i]?.share ?? 0) * 100),
      marker: { color: CATEGORICAL[i % CATEGORICAL.length] },
      text: rev.map((r) => (r.values[i] ? indexBarText(r.values[i]) : '')),
      textposition: 'outside',
      cliponaxis: false,
      textfont: { size: 11, color: rev.map((r) => (isNotableIndex(r.values[i]?.index ?? null) ? '#1c2127' : '#5f6b7c')) },
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
    const compare = props.series.length > 1;
    return {
      data: [...bars, ...reference],
      layout: {
        ...baseLayout({ l: 150, r: 16, t: compare ? 28 : 4, b: 24 }),
        barmode: 'group',
        bargap: 0.25,
        // Compare mode names its audiences (and the marker) in a legend above the bars.
        showlegend: compare,
        legend: { orientation: 'h', x: 0, y: 1, yanchor: 'bottom', traceorder: 'normal' },
        xaxis: {
          range: [0, axisMax],
          tickvals: ticks,
          ticktext: ticks.map((t) => `${t}%`),
          fixedrange: true,
          showgrid: true,
          gridcolor: '#e5e8eb',
          zeroline: false,
        },
        yaxis: { type: 'category', autorange: 'reversed', fixedrange: true, automargin: true },
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
      <PlotlyChart name={props.testId ?? props.title} data={figure.data} layout={figure.layout} height={height} png={png} onRendered={props.onRendered} />
    </ChartFrame>
  );
}
