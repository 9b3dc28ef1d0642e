import { formatCount } from '@discovery/platform';
import { Tooltip } from '@blueprintjs/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartFrame } from './ChartFrame';
import type { PngSource } from './export';
import { baseLayout } from './layout';
import {
  blockLabel,
  blockPixels,
  labelMode,
  MEKKO_TICK_TEXT,
  MEKKO_TICKS,
  mekkoGeometry,
  mekkoTable,
  type MekkoMarket,
  type MekkoSubMarket,
} from './mekkoLayout';
import { TAG_COLOURS, TAG_PATTERNS, TAGS, withAlpha, type Tag } from './palette';
import { PlotlyChart, useWidth, type PlotlyEvent } from './plotly/PlotlyChart';

export interface MekkoSelection {
  marketId: string | number;
  subMarketId?: string | number;
}

export interface MekkoProps {
  title: string;
  markets: readonly MekkoMarket[] | null;
  loading?: boolean;
  /** Equal widths and heights (edit mode, GROW-019). */
  equalShares?: boolean;
  /** Audiences (sub-market ids) chosen on the chart: they stand out, the others are dimmed (Grow's selection, issue 27 §6). */
  highlighted?: readonly (string | number)[];
  /** The active filter: everything else is dimmed (OUT-022). */
  selected?: MekkoSelection | null;
  onSelect?: (s: MekkoSelection) => void;
  onHover?: (s: MekkoSelection | null) => void;
  height?: number;
  onRendered?: (ms: number) => void;
  /** Plotly has drawn the figure (first draw and every update). */
  onDrawn?: () => void;
  /** What the empty chart says (how to add its first market, say); the frame's default otherwise. */
  emptyText?: string;
  /** The small-base threshold the audiences' `smallBase` was computed with (issue 27 §2): names the files' column. */
  smallBase?: number;
  testId?: string;
}

// GROW-018: the x axis's last tick, '100%', is centred on the plot's right edge: the right margin
// holds its half (8 px cut it to '10').
const MARGIN = { l: 40, r: 20, t: 28, b: 28 };
/** One empty list for every render without data (a new [] would recompute the memos each time). */
const NO_MARKETS: readonly MekkoMarket[] = [];

/**
 * Markets as columns as wide as their count, audiences as blocks as tall as their share
 * (GROW-019), labels that give way on short and skinny blocks (GROW-024), the change overlay
 * (OUT-025/026), tag colours at half opacity (GROW-020), axes 0–100 (GROW-018), and click and
 * hover events carrying the market's and sub-market's ids.
 */
export function Mekko(props: MekkoProps) {
  const { t } = useTranslation();
  const png = useRef<PngSource | null>(null);
  const [width, box] = useWidth<HTMLDivElement>();
  const [drawn, setDrawn] = useState(false);
  const height = props.height ?? 420;
  const markets = props.markets ?? NO_MARKETS;

  const table = useMemo(
    () =>
      mekkoTable(
        props.title,
        markets,
        {
          market: t('charts.mekko.market'),
          marketCount: t('charts.mekko.marketCount'),
          marketShare: t('charts.mekko.marketShare'),
          subMarket: t('charts.mekko.subMarket'),
          tag: t('charts.mekko.tag'),
          count: t('charts.mekko.count'),
          share: t('charts.mekko.share'),
          change: t('charts.mekko.change'),
          tags: { owned: t('charts.tags.owned'), opportunity: t('charts.tags.opportunity'), none: t('charts.tags.none') },
          smallBase: props.smallBase === undefined ? undefined : t('charts.smallBase.column', { count: props.smallBase }),
        },
        { equalShares: props.equalShares },
      ),
    [markets, props.title, props.equalShares, props.smallBase, t],
  );

  const figure = useMemo(() => {
    const g = mekkoGeometry(markets, { equalShares: props.equalShares });
    const plotW = Math.max(1, width - MARGIN.l - MARGIN.r);
    const plotH = Math.max(1, height - MARGIN.t - MARGIN.b);
    const sel = props.selected;
    const lit = props.highlighted?.length ? new Set(props.highlighted) : null;
    const dim = (m: MekkoMarket, s?: MekkoSubMarket) =>
      (!!sel && (sel.marketId !== m.id || (sel.subMarketId !== undefined && (s === undefined || sel.subMarketId !== s.id)))) ||
      (!!lit && (s ? !lit.has(s.id) : !m.subMarkets.some((x) => lit.has(x.id))));
    const blocks = g.blocks;
    // Labels are HTML over the plot, not Plotly text: Plotly measures every text to place it,
    // which cost the 10 × 10 mekko most of its drawing time; the sizes are known here (GROW-024).
    const labels = blocks.map((b) => {
      const px = blockPixels(b, plotW, plotH);
      return {
        key: `${b.market.id}/${b.subMarket.id}`,
        left: (b.x0 / 100) * plotW,
        top: ((100 - b.y1) / 100) * plotH,
        width: px.width,
        height: px.height,
        lines: blockLabel(b, labelMode(px.width, px.height), formatCount),
        dim: dim(b.market, b.subMarket),
        on: !!lit && lit.has(b.subMarket.id),
      };
    });
    const hover = blocks.map((b) => {
      // Plain text and <br> only: Plotly turns <b> and the like into style attributes, which the CSP refuses.
      const lines = [escapeHtml(b.subMarket.name), escapeHtml(b.market.name), formatCount(b.subMarket.count)];
      if (b.subMarket.change !== undefined && b.subMarket.change !== null)
        lines.push(`${escapeHtml(t('charts.mekko.change'))}: ${b.subMarket.change.toFixed(1)}%`);
      if (b.subMarket.detail) lines.push(escapeHtml(b.subMarket.detail));
      return lines.join('<br>');
    });
    const data = [
      {
        type: 'bar',
        x: blocks.map((b) => (b.x0 + b.x1) / 2),
        width: blocks.map((b) => b.x1 - b.x0),
        base: blocks.map((b) => b.y0),
        y: blocks.map((b) => b.y1 - b.y0),
        customdata: blocks.map((b) => [b.market.id, b.subMarket.id]),
        marker: {
          color: blocks.map((b) => withAlpha(TAG_COLOURS[b.subMarket.tag], 0.5)),
          opacity: blocks.map((b) => (dim(b.market, b.subMarket) ? 0.35 : 1)),
          // A highlighted audience is outlined (issue 27 §6), the others dimmed.
          line: { color: blocks.map((b) => (lit?.has(b.subMarket.id) ? '#1c2127' : '#ffffff')), width: blocks.map((b) => (lit?.has(b.subMarket.id) ? 2 : 1)) },
          pattern: { shape: blocks.map((b) => TAG_PATTERNS[b.subMarket.tag]), fgcolor: '#5f6b7c', size: 6 },
        },
        hovertext: hover,
        hoverinfo: 'text',
        hovertemplate: '%{hovertext}<extra></extra>',
      },
    ];
    const annotations = g.columns.map((c) => {
      const px = ((c.x1 - c.x0) / 100) * plotW;
      return {
        x: (c.x0 + c.x1) / 2,
        y: 100,
        xref: 'x',
        yref: 'y',
        yanchor: 'bottom',
        showarrow: false,
        text: escapeHtml(truncate(c.market.name, Math.max(1, Math.floor(px / 7)))),
        hovertext: escapeHtml(`${c.market.name}: ${formatCount(c.market.count)}`),
        captureevents: true,
        name: String(c.index),
        font: { size: 12, color: dim(c.market) ? '#8f99a8' : '#1c2127' },
      };
    });
    const layout = {
      ...baseLayout(MARGIN),
      barmode: 'overlay',
      bargap: 0,
      xaxis: { range: [0, 100], tickvals: MEKKO_TICKS, ticktext: MEKKO_TICK_TEXT, fixedrange: true, showgrid: false, zeroline: false },
      yaxis: { range: [0, 100], tickvals: MEKKO_TICKS, ticktext: MEKKO_TICK_TEXT, fixedrange: true, showgrid: false, zeroline: false },
      annotations,
      width: width || undefined,
    };
    return { data, layout, blocks, columns: g.columns, labels, plotW, plotH };
  }, [markets, props.equalShares, props.selected, props.highlighted, width, height, t]);

  const selectionOf = (e: PlotlyEvent): MekkoSelection | null => {
    const cd = e.points?.[0]?.customdata as [string | number, string | number] | undefined;
    return cd ? { marketId: cd[0], subMarketId: cd[1] } : null;
  };

  return (
    <ChartFrame
      title={props.title}
      table={table}
      png={png}
      loading={props.loading || props.markets === null}
      empty={markets.length === 0 || markets.every((m) => m.subMarkets.length === 0)}
      emptyText={props.emptyText}
      testId={props.testId}
      footer={<TagLegend />}
    >
      <div ref={box} style={{ width: '100%', position: 'relative' }}>
        {width > 0 && drawn && (
          <div
            aria-hidden="true"
            style={{ position: 'absolute', left: MARGIN.l, top: MARGIN.t, width: figure.plotW, height: figure.plotH, pointerEvents: 'none', zIndex: 1 }}
            data-testid="mekko-labels"
          >
            {figure.labels.map((l) =>
              l.lines.length ? (
                <div
                  key={l.key}
                  data-testid={`mekko-label-${l.key}`}
                  data-dimmed={l.dim || undefined}
                  data-highlighted={l.on || undefined}
                  style={{
                    position: 'absolute',
                    left: l.left,
                    top: l.top,
                    width: l.width,
                    height: l.height,
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    justifyContent: 'center',
                    overflow: 'hidden',
                    textAlign: 'center',
                    fontSize: 11,
                    lineHeight: '14px',
                    // A dimmed label keeps its contrast (#404854 on the pale block), never a faded opacity.
                    color: l.dim ? '#404854' : '#1c2127',
                    fontWeight: l.on ? 600 : undefined,
                    padding: '0 2px',
                    boxSizing: 'border-box',
                  }}
                >
                  {l.lines.map((line, i) => (
                    <span key={i} style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                      {line}
                    </span>
                  ))}
                </div>
              ) : null,
            )}
          </div>
        )}
        {width > 0 && (
          <PlotlyChart
            name={props.testId ?? props.title}
            data={figure.data}
            layout={figure.layout}
            height={height}
            png={png}
            onRendered={props.onRendered}
            onDrawn={() => {
              setDrawn(true);
              props.onDrawn?.();
            }}
            exportFigure={() => ({
              // The picture carries the labels as Plotly text (slow to lay out, but only when exported).
              data: [
                {
                  ...figure.data[0],
                  text: figure.labels.map((l) => l.lines.map(escapeHtml).join('<br>')),
                  textposition: 'inside',
                  insidetextanchor: 'middle',
                  textangle: 0,
                  constraintext: 'none',
                  textfont: { color: '#1c2127', size: 11 },
                },
              ],
              layout: { ...figure.layout, width, height },
            })}
            onClick={(e) => {
              const s = selectionOf(e);
              if (s) props.onSelect?.(s);
            }}
            onHover={(e) => props.onHover?.(selectionOf(e))}
            onAnnotationClick={(e) => {
              const c = figure.columns[Number(e.annotation?.name ?? e.index)];
              if (c) props.onSelect?.({ marketId: c.market.id });
            }}
          />
        )}
      </div>
    </ChartFrame>
  );
}

/** GROW-017 / GROW-022: Owned, Opportunity, None with their colours (and pattern) and hints. */
export function TagLegend() {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('charts.mekko.legend')} style={{ display: 'flex', gap: 16, listStyle: 'none', padding: 0, margin: '8px 0 0' }} data-testid="mekko-legend">
      {TAGS.map((tag: Tag) => (
        <li key={tag}>
          <Tooltip content={t(`charts.tagHints.${tag}`)} placement="top">
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <svg width="14" height="14" aria-hidden="true">
                <rect width="14" height="14" fill={withAlpha(TAG_COLOURS[tag], 0.5)} stroke={TAG_COLOURS[tag]} />
                {TAG_PATTERNS[tag] === '/' && <path d="M0 14 L14 0 M-4 4 L4 -4 M10 18 L18 10" stroke="#5f6b7c" strokeWidth="1" />}
              </svg>
              {t(`charts.tags.${tag}`)}
            </span>
          </Tooltip>
        </li>
      ))}
    </ul>
  );
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function truncate(s: string, max: number): string {
  return s.length <= max ? s : max <= 1 ? '…' : `${s.slice(0, max - 1)}…`;
}
