import { formatCount } from '@discovery/platform';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartFrame } from './ChartFrame';
import type { PngSource } from './export';
import { baseLayout } from './layout';
import { escapeHtml } from './Mekko';
import { seriesColour } from './palette';
import { PlotlyChart } from './plotly/PlotlyChart';
import { maxStackTotal, stackedTable, stackedTicks, type StackedGroup } from './stackedLayout';

/** One empty list for every render without data (a new [] would recompute the memos each time). */
const NO_GROUPS: readonly StackedGroup[] = [];

export interface StackedColumnsProps {
  title: string;
  /** One group draws one chart; several (OUT-031 'Group by Market') draw one chart each. */
  groups: readonly StackedGroup[] | null;
  loading?: boolean;
  height?: number;
  /** Column header labels for the table ('Month', 'Market'). */
  categoryLabel?: string;
  groupLabel?: string;
  onRendered?: (ms: number) => void;
  testId?: string;
}

/**
 * Stacked columns (Outcomes range mode, OUT-028): series stacked per category, the y axis of
 * OUT-030 shared by every group so grouped charts compare, a series keeps its colour in every group.
 */
export function StackedColumns(props: StackedColumnsProps) {
  const { t } = useTranslation();
  const png = useRef<PngSource | null>(null);
  const groups = props.groups ?? NO_GROUPS;
  const height = props.height ?? 320;
  const table = useMemo(
    () =>
      stackedTable(props.title, groups, {
        group: props.groupLabel ?? t('charts.stacked.group'),
        category: props.categoryLabel ?? t('charts.stacked.category'),
      }),
    [groups, props.title, props.groupLabel, props.categoryLabel, t],
  );
  const figures = useMemo(() => {
    const { ticks, range } = stackedTicks(maxStackTotal(groups));
    const keys: string[] = [];
    for (const g of groups) for (const s of g.series) if (!keys.includes(s.key)) keys.push(s.key);
    return groups.map((g) => ({
      name: g.name,
      data: g.series.map((s) => ({
        type: 'bar',
        name: escapeHtml(s.name),
        x: g.categories.map(escapeHtml),
        y: s.values,
        marker: { color: s.colour ?? seriesColour(keys.indexOf(s.key)), line: { color: '#ffffff', width: 1 } },
        hovertext: s.values.map((v, i) => `${escapeHtml(s.name)}<br>${escapeHtml(g.categories[i])}: ${formatCount(v)}`),
        hoverinfo: 'text',
        hovertemplate: '%{hovertext}<extra></extra>',
      })),
      layout: {
        ...baseLayout({ l: 64, r: 8, t: 8, b: 40 }),
        barmode: 'stack',
        showlegend: true,
        legend: { orientation: 'h', y: -0.2 },
        xaxis: { type: 'category', fixedrange: true },
        yaxis: { range, tickvals: ticks, fixedrange: true, tickformat: ',d' },
      },
    }));
  }, [groups]);

  return (
    <ChartFrame
      title={props.title}
      table={table}
      png={png}
      loading={props.loading || props.groups === null}
      empty={groups.every((g) => g.categories.length === 0 || g.series.length === 0)}
      testId={props.testId}
    >
      {figures.map((f, i) => (
        <div key={i}>
          {figures.length > 1 && f.name && <div style={{ fontWeight: 600, margin: '8px 0 0' }}>{f.name}</div>}
          {/* The picture of a grouped chart is its first group's; the table and files hold them all. */}
          <PlotlyChart
            name={`${props.testId ?? props.title}${figures.length > 1 ? ` ${i}` : ''}`}
            data={f.data}
            layout={f.layout}
            height={height}
            png={i === 0 ? png : { current: null }}
            onRendered={i === 0 ? props.onRendered : undefined}
          />
        </div>
      ))}
    </ChartFrame>
  );
}
