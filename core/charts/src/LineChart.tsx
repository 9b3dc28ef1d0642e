import { useMemo, useRef, type ReactNode } from 'react';
import { ChartFrame } from './ChartFrame';
import type { PngSource } from './export';
import { baseLayout } from './layout';
import { lineTable, type LineAxis, type LineSeries } from './lineLayout';
import { escapeHtml } from './Mekko';
import { CATEGORICAL } from './palette';
import { PlotlyChart } from './plotly/PlotlyChart';

export interface LineChartProps {
  title: string;
  series: readonly LineSeries[];
  x: LineAxis;
  y: LineAxis;
  /** The table's name for the line column when the lines do not share their xs. */
  lineLabel: string;
  /** Keep the y axis from zero (reach, shares). */
  yFromZero?: boolean;
  height?: number;
  loading?: boolean;
  emptyText?: string;
  hideTitle?: boolean;
  actions?: ReactNode;
  testId?: string;
}

/** Lines over a numeric x axis (response curves: reach against spend), with the table view and export. */
export function LineChart(props: LineChartProps) {
  const png = useRef<PngSource | null>(null);
  const table = useMemo(
    () => lineTable(props.title, props.series, props.x, props.y, props.lineLabel),
    [props.title, props.series, props.x, props.y, props.lineLabel],
  );
  const figure = useMemo(() => {
    const xTitle = escapeHtml(props.x.label);
    const yTitle = escapeHtml(props.y.label);
    return {
      data: props.series.map((s, i) => ({
        type: 'scatter',
        mode: 'lines',
        name: escapeHtml(s.name),
        x: s.points.map((p) => p.x),
        y: s.points.map((p) => p.y),
        line: { color: CATEGORICAL[i % CATEGORICAL.length], width: 2 },
        hovertemplate: `${escapeHtml(s.name)}<br>${xTitle}: %{x:,.0f}<br>${yTitle}: %{y:.1f}<extra></extra>`,
      })),
      layout: {
        ...baseLayout({ l: 56, r: 16, t: 32, b: 44 }),
        showlegend: props.series.length > 0,
        // Above the plot: below it the legend would cover the x axis's title.
        legend: { orientation: 'h', x: 0, y: 1.02, yanchor: 'bottom' },
        xaxis: { title: { text: xTitle }, fixedrange: true, zeroline: false, gridcolor: '#e5e8eb', rangemode: 'tozero' },
        yaxis: { title: { text: yTitle }, fixedrange: true, zeroline: false, gridcolor: '#e5e8eb', ...(props.yFromZero ? { rangemode: 'tozero' } : {}) },
      },
    };
  }, [props.series, props.x.label, props.y.label, props.yFromZero]);
  const height = props.height ?? 300;
  return (
    <ChartFrame
      title={props.title}
      table={table}
      png={png}
      loading={props.loading}
      empty={props.series.length === 0}
      emptyText={props.emptyText}
      hideTitle={props.hideTitle}
      actions={props.actions}
      testId={props.testId}
    >
      <PlotlyChart name={props.testId ?? props.title} data={figure.data} layout={figure.layout} height={height + 40} png={png} />
    </ChartFrame>
  );
}
