import { Button, Classes, Icon, Tooltip } from '@blueprintjs/core';
import { ChartFrame, Gauge, SMALL_BASE_MARK, SmallBaseLegend, svgToPng, type ChartTable, type PngSource } from '@discovery/charts';
import { isSmallBase, useSmallBase } from '@discovery/insights-kit';
import { formatCount, markDrawn } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brandColour, GAUGE_DELAY_MS, STAGE_MIN_WIDTH, truncateName, type TransitionValue } from '../../common';
import { NS, useJourneyMessage } from '../messages';
import { leftJustified, stageColumns, type JourneyStore, type StageView } from '../stores/JourneyStore';
import { StageIcon } from './StageIcon';

/** JRN-014: a name cut at 20 characters with the full name in a tooltip. */
export function Truncated({ name, testId }: { name: string; testId?: string }) {
  const { text, truncated } = truncateName(name);
  if (!truncated) return <span data-testid={testId}>{name}</span>;
  return (
    <Tooltip content={name} placement="top">
      <span tabIndex={0} aria-label={name} data-testid={testId} data-full-name={name}>
        {text}
      </span>
    </Tooltip>
  );
}

/**
 * JRN-020: the width the stages have, followed. The spec compares with the window's width; the
 * chart shares the window with the navigation and the Insights panel, and a centred row wider than
 * its box cannot be scrolled to its start, so the box's own width decides.
 */
function useBoxWidth(): [(el: HTMLElement | null) => void, number] {
  const [w, setW] = useState(() => (typeof window === 'undefined' ? 1440 : window.innerWidth));
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    setW(el.clientWidth || window.innerWidth);
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(() => setW(el.clientWidth));
    observer.current.observe(el);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, w];
}

/** JRN-019: true once `ms` have passed since mounting: the gauges are drawn 50 ms after the columns lay out. */
export function useDelayed(ms: number): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setOn(true), ms);
    return () => clearTimeout(t);
  }, [ms]);
  return on;
}

/**
 * The journey's stages for the selected brand (JRN-010..021): a column of at least 300 px per
 * stage with its icon, name, gauge and count; a click filters by the stage and dims the others;
 * the bubbles between stages give the transition; a stage's mini panel compares the brands.
 */
export const JourneyChart = observer(function JourneyChart({ store, onZeroCount }: { store: JourneyStore; onZeroCount: () => void }) {
  const { t } = useTranslation(NS);
  const tc = useTranslation().t;
  const smallBase = useSmallBase();
  const msg = useJourneyMessage();
  const [box, width] = useBoxWidth();
  const drawn = useDelayed(GAUGE_DELAY_MS);
  const row = useRef<HTMLOListElement>(null);
  const scroller = useRef<HTMLDivElement | null>(null);
  const boxRef = useCallback(
    (el: HTMLDivElement | null) => {
      box(el);
      scroller.current = el;
    },
    [box],
  );
  const png = useRef<PngSource | null>(null);
  // The picture: the stages' gauges side by side.
  png.current = async () => {
    const rings = [...(row.current?.querySelectorAll<SVGSVGElement>('svg[data-diameter]') ?? [])];
    if (!rings.length) throw new Error('the chart is not drawn yet');
    const ns = 'http://www.w3.org/2000/svg';
    const all = document.createElementNS(ns, 'svg');
    let x = 0;
    for (const r of rings) {
      const g = document.createElementNS(ns, 'g');
      g.setAttribute('transform', `translate(${x} ${(250 - Number(r.getAttribute('height'))) / 2})`);
      g.innerHTML = r.innerHTML;
      all.appendChild(g);
      x += Number(r.getAttribute('width')) + 24;
    }
    all.setAttribute('width', String(x));
    all.setAttribute('height', '250');
    return svgToPng(all);
  };
  // npm run bench:screens: the gauges are on screen with the journey's counts.
  const counts = store.counts;
  useEffect(() => {
    if (counts && drawn) markDrawn('journey');
  }, [counts, drawn]);
  const brand = store.brand;
  if (!brand) return null;
  const colour = brandColour(store.brands.indexOf(brand));
  const views = store.stageViews(brand.id);
  const transitions = store.transitions;
  const left = leftJustified(views.length, width);
  const columns = stageColumns(width);
  const scrollStages = (dir: 1 | -1) => scroller.current?.scrollBy({ left: dir * columns.perView * columns.width, behavior: 'smooth' });
  const noData = store.tab !== 'total' && store.countsLoading;
  const title = t('chart.label', { brand: brand.name });
  const small = views.map((v) => !noData && isSmallBase(v.count, smallBase));
  const table: ChartTable = {
    caption: title,
    columns: [
      { label: t('chart.stageColumn'), kind: 'text' },
      { label: t('chart.count'), kind: 'count' },
      { label: t('chart.share'), kind: 'percent' },
      ...(transitions.length ? [{ label: t('chart.transition'), kind: 'text' as const }] : []),
      ...(small.some(Boolean) ? [{ label: tc('charts.smallBase.column', { count: smallBase }), kind: 'text' as const }] : []),
    ],
    rows: views.map((v, i) => [
      v.stage.name,
      v.count,
      v.percent,
      ...(transitions.length ? [i === 0 ? null : transitionLabel(transitions[i - 1].percent, t)] : []),
      ...(small.some(Boolean) ? [small[i] ? SMALL_BASE_MARK : ''] : []),
    ]),
  };

  return (
    <ChartFrame title={title} table={table} png={png} drawingRole="group" hideTitle testId="journey-chart-frame">
      {/* Issue 27 §3: stages past the right edge are announced, never silently cut off: the cue says
          how many show and steps to the next ones; the columns share the width so none is cut in half. */}
      {left && (
        <div
          className={Classes.TEXT_SMALL}
          style={{ margin: '0 0 4px', color: '#404854', display: 'flex', alignItems: 'center', gap: 8 }}
          data-testid="journey-scroll-cue"
        >
          <Icon icon="arrow-right" size={12} aria-hidden />
          <span>{t('chart.scrollCue', { shown: columns.perView, count: views.length })}</span>
          <Button
            size="small"
            variant="outlined"
            icon="chevron-left"
            aria-label={t('chart.scrollBack')}
            onClick={() => scrollStages(-1)}
            data-testid="journey-scroll-back"
          />
          <Button
            size="small"
            variant="outlined"
            icon="chevron-right"
            aria-label={t('chart.scrollOn')}
            onClick={() => scrollStages(1)}
            data-testid="journey-scroll-on"
          />
        </div>
      )}
      <div
        ref={boxRef}
        style={{ overflowX: 'auto', paddingBottom: 8, scrollSnapType: left ? 'x mandatory' : undefined }}
        data-testid="journey-chart"
        data-justify={left ? 'left' : 'center'}
        data-per-view={left ? columns.perView : views.length}
      >
        <ol
          ref={row}
          style={{
            display: 'flex',
            justifyContent: left ? 'flex-start' : 'center',
            listStyle: 'none',
            margin: 0,
            padding: 0,
            minWidth: left ? views.length * columns.width : undefined,
          }}
        >
          {views.map((v, i) => {
            const dim = store.stageFilter !== null && store.stageFilter !== v.stage.id;
            const next = transitions[i];
            return (
              <li
                key={v.stage.id}
                style={
                  left
                    ? { flex: `0 0 ${columns.width}px`, width: columns.width, position: 'relative', scrollSnapAlign: 'start' }
                    : { flex: `1 0 ${STAGE_MIN_WIDTH}px`, minWidth: STAGE_MIN_WIDTH, maxWidth: 420, position: 'relative' }
                }
                data-testid={`journey-stage-${i}`}
              >
                <StageColumn
                  store={store}
                  view={v}
                  colour={colour}
                  dim={dim}
                  drawn={drawn}
                  loading={noData}
                  small={small[i]}
                  index={i}
                  onZeroCount={onZeroCount}
                  msg={msg}
                />
                {next && (
                  <TransitionBubble
                    store={store}
                    fromId={v.stage.id}
                    from={v.stage.name}
                    to={next.to.stage.name}
                    left={next.from.count}
                    right={next.to.count}
                    percent={next.percent}
                    index={i}
                  />
                )}
              </li>
            );
          })}
        </ol>
      </div>
      <SmallBaseLegend threshold={smallBase} testId="journey-small-base-legend" />
    </ChartFrame>
  );
});

const StageColumn = observer(function StageColumn({
  store,
  view: v,
  colour,
  dim,
  drawn,
  loading,
  small,
  index,
  onZeroCount,
  msg,
}: {
  store: JourneyStore;
  view: StageView;
  colour: string;
  dim: boolean;
  drawn: boolean;
  loading: boolean;
  /** Issue 27 §2: the stage's people are a small base for its share and its insights. */
  small: boolean;
  index: number;
  onZeroCount: () => void;
  msg: (m: string) => string | null;
}) {
  const { t } = useTranslation(NS);
  const tc = useTranslation().t;
  const smallBase = useSmallBase();
  const selected = store.stageFilter === v.stage.id;
  const segmentName = v.segmentId ? (store.segments[v.segmentId]?.name ?? v.segmentId) : null;
  const showMini = store.compare || store.miniPanels.includes(v.stage.id);
  return (
    <div
      style={{
        margin: '0 12px',
        padding: 12,
        borderRadius: 8,
        border: `1px solid ${selected ? colour : 'transparent'}`,
        // Issue 27 §5: a dimmed stage turns grey on a pale ground, its text keeps its contrast (no opacity).
        background: selected ? 'rgba(32, 84, 147, 0.06)' : dim ? '#f6f7f9' : undefined,
        filter: dim ? 'grayscale(1)' : undefined,
        transition: 'background 200ms',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 8,
      }}
      data-dimmed={dim}
      data-selected={selected}
    >
      {/* JRN-011: the stage's header is the filter's toggle. */}
      <Button
        variant="minimal"
        active={selected}
        aria-pressed={selected}
        aria-label={t('chart.filterStage', { name: v.stage.name })}
        onClick={() => store.toggleStage(v.stage.id)}
        data-testid={`journey-stage-${index}-toggle`}
        style={{ fontWeight: 600, fontSize: 15 }}
      >
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <StageIcon icon={v.stage.icon} size={18} colour={colour} />
          <Truncated name={v.stage.name} testId={`journey-stage-${index}-name`} />
        </span>
      </Button>
      <div style={{ height: 250, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {drawn && (
          <Gauge
            title={v.stage.name}
            percent={loading ? null : v.percent}
            diameter={v.diameter}
            count={v.count}
            colour={colour}
            testId={`journey-gauge-${index}`}
            bare
          />
        )}
      </div>
      <div style={{ textAlign: 'center', minHeight: 40 }}>
        <div style={{ fontSize: 20, fontWeight: 600 }} data-testid={`journey-stage-${index}-count`}>
          {loading ? '…' : formatCount(v.count)}
          {small && (
            <span
              aria-label={tc('charts.smallBase.legend', { count: smallBase })}
              title={tc('charts.smallBase.legend', { count: smallBase })}
              data-testid={`journey-stage-${index}-small-base`}
            >
              {SMALL_BASE_MARK}
            </span>
          )}
        </div>
        {store.tab !== 'total' && (
          <div className={Classes.TEXT_MUTED} style={{ fontSize: 12 }} data-testid={`journey-stage-${index}-audience`}>
            {segmentName ? <Truncated name={segmentName} /> : t('chart.noAudience')}
          </div>
        )}
      </div>
      {/* JRN-021. */}
      {v.zero && (
        <div style={{ fontSize: 12, textAlign: 'center' }} data-testid={`journey-stage-${index}-zero`}>
          <p style={{ margin: '0 0 4px' }}>{msg('zeroCount')}</p>
          <Button
            variant="minimal"
            size="small"
            intent="primary"
            text={msg('zeroCountLearn')}
            onClick={onZeroCount}
            data-testid={`journey-stage-${index}-zero-learn`}
          />
        </div>
      )}
      {/* JRN-012. */}
      {store.miniPanelsAllowed && (
        <Button
          size="small"
          variant="minimal"
          icon={showMini ? 'chevron-up' : 'chevron-down'}
          text={t('chart.miniPanel')}
          aria-expanded={showMini}
          aria-label={`${t('chart.miniPanel')}: ${v.stage.name}`}
          onClick={() => store.toggleMiniPanel(v.stage.id)}
          data-testid={`journey-stage-${index}-mini-toggle`}
        />
      )}
      {showMini && <MiniPanel store={store} stageId={v.stage.id} testId={`journey-stage-${index}-mini`} />}
    </div>
  );
});

/** JRN-012 / compare mode: every brand's count at this stage, in its colour (JRN-015). */
const MiniPanel = observer(function MiniPanel({ store, stageId, testId }: { store: JourneyStore; stageId: number; testId: string }) {
  const rows = store.brands.map((b, i) => ({
    brand: b,
    colour: brandColour(i),
    count: store.stageViews(b.id).find((v) => v.stage.id === stageId)?.count ?? 0,
  }));
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 8, width: '100%', background: 'rgba(143, 153, 168, 0.1)', borderRadius: 6 }} data-testid={testId}>
      {rows.map((r) => (
        <li key={r.brand.id} style={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 4, fontSize: 12, marginBottom: 4 }}>
          <Truncated name={r.brand.name} />
          <strong>{formatCount(r.count)}</strong>
          <span
            aria-hidden
            style={{ gridColumn: '1 / span 2', height: 6, borderRadius: 3, background: r.colour, width: `${(r.count / max) * 100}%`, minWidth: 2 }}
          />
        </li>
      ))}
    </ul>
  );
});

/** JRN-013 / JRN-016: the bubble between two stages; it expands to show the counts it compares. */
const TransitionBubble = observer(function TransitionBubble({
  store,
  fromId,
  from,
  to,
  left,
  right,
  percent,
  index,
}: {
  store: JourneyStore;
  fromId: number;
  from: string;
  to: string;
  left: number;
  right: number;
  percent: TransitionValue;
  index: number;
}) {
  const { t } = useTranslation(NS);
  const open = store.expanded.includes(fromId);
  const label = transitionLabel(percent, t);
  // Issue 27 §3: a later stage larger than the earlier one has no conversion: a neutral marker says why.
  const larger = percent === 'larger';
  const hint = larger ? t('chart.largerHint', { from, to, left: formatCount(left), right: formatCount(right) }) : undefined;
  const bubble = (
    <Button
      size="small"
      intent={larger ? 'none' : 'primary'}
      variant={open ? 'solid' : 'outlined'}
      aria-expanded={open}
      aria-label={`${larger ? hint : label} ${t('chart.transitionTitle', { from, to })}`}
      onClick={() => store.toggleTransition(fromId)}
      data-testid={`journey-transition-${index}`}
      data-larger={larger || undefined}
      style={{ minWidth: 56, borderRadius: 999, background: open ? undefined : 'var(--journey-bubble, #fff)' }}
      text={label}
    />
  );
  return (
    <div style={{ position: 'absolute', right: -34, top: 150, zIndex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      {larger ? <Tooltip content={hint}>{bubble}</Tooltip> : bubble}
      {open && (
        <div
          className={Classes.ELEVATION_2}
          style={{ marginTop: 4, padding: 8, borderRadius: 6, background: '#fff', fontSize: 12, width: 150, textAlign: 'center' }}
          data-testid={`journey-transition-${index}-detail`}
        >
          <div style={{ fontWeight: 600 }}>{t('chart.transition')}</div>
          <div>
            {t('chart.transitionDetail', { from: truncateName(from).text, to: truncateName(to).text, left: formatCount(left), right: formatCount(right) })}
          </div>
        </div>
      )}
    </div>
  );
});

/** A transition's text: the conversion percent, 'N/A', or the neutral marker of a larger later stage (issue 27 §3). */
function transitionLabel(percent: TransitionValue, t: (key: string) => string): string {
  return percent === 'N/A' ? t('chart.na') : percent === 'larger' ? t('chart.larger') : `${percent}%`;
}
