import { isSmallBase, ShellModalsToken } from '@discovery/insights-kit';
import { Button, Classes, Icon, Tooltip } from '@blueprintjs/core';
import { heatColour, HeatGrid, SmallBaseLegend, type HeatAxisItem, type HeatCell } from '@discovery/charts';
import { formatCount, markDrawn, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bothDirections, cellIntensity, cellKeyOf, cellText, sortAxisBy, type ComparisonCountsDto, type ComparisonDto, type FocusedCell } from '../../common';

export interface OverlapChartProps {
  chart: ComparisonDto;
  counts: ComparisonCountsDto | null;
  focused: readonly FocusedCell[];
  sort: { axis: 'x' | 'y'; key: string } | null;
  isTier3: boolean;
  onToggleCell?: (x: string, y: string) => void;
  onToggleLine?: (axis: 'x' | 'y', key: string) => void;
  /** OVL-024: the chart's Export menu saves the server's workbook as its .xlsx (the one Export control, issue 27 §6). */
  onExportXlsx?: () => Promise<void>;
  testId?: string;
}

/** One axis's labels in the order the sort gives, each with its count (OVL-018). */
function axisItems(
  entries: ComparisonDto['x_segments'],
  axis: 'x' | 'y',
  chart: ComparisonDto,
  counts: ComparisonCountsDto | null,
  sort: OverlapChartProps['sort'],
  labelCounts: Record<string, number> | null,
  /** The labels' base is not the cells' (OVL-025's global counts): the count says so. */
  otherBase: ((count: string) => string) | null,
): HeatAxisItem[] {
  const ids = entries.map((e) => e.short_id);
  const order = counts ? sortAxisBy(ids, sort, counts.cells, chart.mode, axis) : ids;
  return order.map((id) => {
    const e = entries.find((x) => x.short_id === id)!;
    const n = labelCounts?.[id];
    const count = n === undefined ? undefined : formatCount(Math.round(n));
    return { key: id, label: e.name, detail: count === undefined ? undefined : otherBase ? otherBase(count) : count };
  });
}

/**
 * The grid of X by Y segments (OVL-014..022): cells coloured and labelled per mode, both
 * directions and the small-base warning on hover, row and column labels with counts and the
 * zero-count warning, the legend and the mode's description.
 */
export const OverlapChart = observer(function OverlapChart({
  chart,
  counts,
  focused,
  sort,
  isTier3,
  onToggleCell,
  onToggleLine,
  onExportXlsx,
  testId,
}: OverlapChartProps) {
  const { t } = useTranslation('overlap');
  const modals = useService(ShellModalsToken);
  const labelCounts = counts ? (chart.is_people_count ? counts.segment_counts : counts.global_counts) : null;
  // Every number in one base (issue 24): the cells are the region's; global label counts say they are not.
  const otherBase = useMemo(() => (chart.is_people_count ? null : (count: string) => t('labels.allRegions', { count })), [chart.is_people_count, t]);

  const x = useMemo(() => axisItems(chart.x_segments, 'x', chart, counts, sort, labelCounts, otherBase), [chart, counts, sort, labelCounts, otherBase]);
  const y = useMemo(() => axisItems(chart.y_segments, 'y', chart, counts, sort, labelCounts, otherBase), [chart, counts, sort, labelCounts, otherBase]);

  const cells: HeatCell[][] | null = useMemo(() => {
    if (!counts) return null;
    const byKey = new Map(counts.cells.map((c) => [cellKeyOf(c.x, c.y), c]));
    return y.map((r) =>
      x.map((c) => {
        const cell = byKey.get(cellKeyOf(c.key, r.key));
        if (!cell) return { value: null, intensity: 0, text: '' };
        const d = bothDirections(cell, counts.segment_counts);
        const small = isSmallBase(cell.count, counts.min_base);
        const hint = [
          t('cell.xInY', { x: c.label, y: r.label, percent: Math.round(d.xInY) }),
          t('cell.yInX', { x: c.label, y: r.label, percent: Math.round(d.yInX) }),
          t('cell.both', { count: formatCount(Math.round(cell.count)) }),
          ...(small ? [t('cell.smallBase', { min: formatCount(counts.min_base) })] : []),
        ].join('\n');
        return {
          value: chart.mode === 'index' ? cell.index_value : cell.percent_value,
          intensity: cellIntensity(chart.mode, cell),
          text: cellText(chart.mode, cell, formatCount),
          hint,
          warning: small,
        };
      }),
    );
  }, [counts, x, y, chart.mode, t]);

  // npm run bench:screens: the grid is on screen with its counts (it renders synchronously).
  useEffect(() => {
    if (counts) markDrawn('overlap');
  }, [counts]);

  const focusedKeys = useMemo(() => new Set(focused.map((f) => cellKeyOf(f.x, f.y))), [focused]);
  const description =
    chart.mode === 'index'
      ? t('description.index')
      : chart.mode === 'modeled'
        ? t('description.modeled')
        : isTier3
          ? t('description.matchedTier3')
          : t('description.matched');

  return (
    <div data-testid={testId}>
      <p className={Classes.TEXT_MUTED} data-testid="overlap-description" style={{ marginBottom: 4 }}>
        {description}
        {chart.mode === 'index' && <span> ({t('description.indexNote')})</span>}
      </p>
      <Legend mode={chart.mode} />
      {counts && <SmallBaseLegend threshold={counts.min_base} />}
      <HeatGrid
        smallBase={counts?.min_base}
        title={chart.name}
        x={x}
        y={y}
        cells={cells}
        valueKind={chart.mode === 'index' ? 'index' : 'percent'}
        cornerLabel={chart.y_axis_name || t('axis.y')}
        focused={focusedKeys}
        exportXlsx={onExportXlsx}
        onToggle={onToggleCell}
        onLabelClick={onToggleLine ? (item, axis) => onToggleLine(axis, item.key) : undefined}
        renderLabel={(item) =>
          labelCounts && Math.round(labelCounts[item.key] ?? 0) === 0 ? (
            <Tooltip content={t('zeroCount.tooltip')}>
              <Button
                variant="minimal"
                size="small"
                icon={<Icon icon="warning-sign" intent="warning" />}
                aria-label={t('zeroCount.tooltip')}
                onClick={() => modals.openZeroCount()}
                data-testid={`zero-count-${item.key}`}
              />
            </Tooltip>
          ) : null
        }
        testId="overlap-grid"
      />
      {(chart.x_axis_name || chart.y_axis_name) && (
        <p className={Classes.TEXT_MUTED} style={{ marginTop: 4 }}>
          {t('axis.names', { x: chart.x_axis_name || t('axis.x'), y: chart.y_axis_name || t('axis.y') })}
        </p>
      )}
    </div>
  );
});

/** OVL-020: a 0 to 100% gradient for overlap charts; '-', '100', '+' for index charts. */
function Legend({ mode }: { mode: ComparisonDto['mode'] }) {
  const { t } = useTranslation('overlap');
  const labels = mode === 'index' ? ['-', '100', '+'] : ['0%', '100%'];
  return (
    <div
      style={{ width: 200, margin: '4px 0 8px', fontSize: 12 }}
      data-testid="overlap-legend"
      role="img"
      aria-label={t('legendLabel', { labels: labels.join(' … ') })}
    >
      <div style={{ height: 10, borderRadius: 2, background: `linear-gradient(to right, ${heatColour(0)}, ${heatColour(0.5)}, ${heatColour(1)})` }} />
      <div style={{ display: 'flex', justifyContent: 'space-between' }} aria-hidden>
        {labels.map((l) => (
          <span key={l}>{l}</span>
        ))}
      </div>
    </div>
  );
}

/** OVL-021: 12 by 6 empty slots while a chart has no segments to show. */
export function PlaceholderGrid({ x, y }: { x: number; y: number }) {
  return (
    <div
      aria-hidden
      data-testid="overlap-placeholder"
      style={{ display: 'grid', gridTemplateColumns: `repeat(${x}, 48px)`, gridAutoRows: 28, gap: 2, opacity: 0.5, marginTop: 16 }}
    >
      {Array.from({ length: x * y }, (_, i) => (
        <span key={i} style={{ background: 'var(--overlap-placeholder, #e5e8eb)', borderRadius: 2 }} />
      ))}
    </div>
  );
}
