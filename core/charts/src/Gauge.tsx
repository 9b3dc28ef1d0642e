import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartFrame } from './ChartFrame';
import { svgToPng, type PngSource } from './export';
import { FONT_FAMILY } from './layout';
import { gaugeArc, gaugeTable, GAUGE_MAX_PX, GAUGE_MIN_PX } from './gaugeLayout';
import { CATEGORICAL } from './palette';

export interface GaugeProps {
  title: string;
  /** 0–100 (JRN-018: stage count / total count × 100). */
  percent: number | null;
  /** The diameter in px; scale it with `gaugeDiameter` (JRN-018: 90–250 px). */
  diameter?: number;
  /** Shown in the middle under the percent (e.g. the stage's count). */
  caption?: string;
  count?: number | null;
  colour?: string;
  loading?: boolean;
  testId?: string;
  /**
   * Only the ring, named by its title and percent, without the frame's toolbar: for a screen that
   * frames several gauges as one chart (Journeys' stages, with one table view and export).
   */
  bare?: boolean;
}

/** A ring filled to a percent, sized between 90 and 250 px (Journeys' stage gauges). */
export function Gauge(props: GaugeProps) {
  const { t } = useTranslation();
  const png = useRef<PngSource | null>(null);
  const svg = useRef<SVGSVGElement | null>(null);
  const d = Math.max(GAUGE_MIN_PX, Math.min(GAUGE_MAX_PX, props.diameter ?? GAUGE_MAX_PX));
  const table = useMemo(
    () =>
      gaugeTable(
        props.title,
        props.percent === null ? [] : [{ label: props.title, percent: props.percent, ...(props.count !== undefined ? { count: props.count } : {}) }],
        { label: t('charts.gauge.label'), percent: t('charts.gauge.percent'), count: t('charts.gauge.count') },
      ),
    [props.title, props.percent, props.count, t],
  );
  png.current = async () => {
    if (!svg.current) throw new Error('the chart is not drawn yet');
    return svgToPng(svg.current);
  };
  const stroke = Math.max(8, d / 10);
  const r = d / 2 - stroke / 2;
  const c = d / 2;
  const pct = props.percent ?? 0;
  const label = `${(Math.round(pct * 10) / 10).toFixed(pct >= 10 ? 0 : 1)}%`;
  const drawing = (
    <svg
      ref={svg}
      width={d}
      height={d}
      viewBox={`0 0 ${d} ${d}`}
      data-testid={props.bare ? props.testId : 'gauge-svg'}
      data-diameter={Math.round(d)}
      {...(props.bare ? { role: 'img', 'aria-label': `${props.title}: ${label}` } : {})}
    >
      <circle cx={c} cy={c} r={r} fill="none" stroke="#e5e8eb" strokeWidth={stroke} />
      {pct > 0 && <path d={gaugeArc(pct, c, r)} fill="none" stroke={props.colour ?? CATEGORICAL[0]} strokeWidth={stroke} strokeLinecap="butt" />}
      <text
        x={c}
        y={props.caption ? c - 4 : c}
        textAnchor="middle"
        dominantBaseline="middle"
        fontFamily={FONT_FAMILY}
        fontSize={Math.max(14, d / 6)}
        fontWeight={600}
        fill="#1c2127"
      >
        {label}
      </text>
      {props.caption && (
        <text
          x={c}
          y={c + Math.max(14, d / 6) * 0.8}
          textAnchor="middle"
          dominantBaseline="middle"
          fontFamily={FONT_FAMILY}
          fontSize={Math.max(10, d / 14)}
          fill="#5f6b7c"
        >
          {props.caption}
        </text>
      )}
    </svg>
  );
  if (props.bare) return drawing;
  return (
    <ChartFrame title={props.title} table={table} png={png} loading={props.loading} empty={props.percent === null} testId={props.testId}>
      {drawing}
    </ChartFrame>
  );
}
