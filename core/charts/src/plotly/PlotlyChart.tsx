import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { dataUrlToBlob, type PngSource } from '../export';
import { loadPlotly, plotlyIfLoaded, type PlotlyModule } from './loadPlotly';

/** The name of the performance measure each drawing leaves (e2e reads it): 'chart-render <chart name>'. */
export const RENDER_MEASURE = 'chart-render';

/** No mode bar (the chart frame exports), no zoom: one constant, so a re-render is not a redraw. */
const CONFIG = { displayModeBar: false, responsive: false, displaylogo: false, doubleClick: false, scrollZoom: false };

/** GROW-024: sizes are taken again 201 ms after the last resize. */
export const RESIZE_DEBOUNCE_MS = 201;

export interface PlotlyEvent {
  points?: { customdata?: unknown; pointIndex?: number; curveNumber?: number }[];
  annotation?: { name?: string };
  index?: number;
}

export interface PlotlyChartProps {
  /** Names the render measure. */
  name: string;
  data: unknown[];
  layout: Record<string, unknown>;
  height: number;
  png: MutableRefObject<PngSource | null>;
  onClick?: (e: PlotlyEvent) => void;
  onHover?: (e: PlotlyEvent) => void;
  onAnnotationClick?: (e: PlotlyEvent) => void;
  /** Called with the milliseconds from new data (Plotly loaded) to the drawing on screen. */
  onRendered?: (ms: number) => void;
  /** Called after every drawing (the first included). */
  onDrawn?: () => void;
  /** The figure a PNG is made of, when the screen draws parts outside Plotly (the mekko's labels). */
  exportFigure?: () => { data: unknown[]; layout: Record<string, unknown> };
}

/**
 * The width of an element, followed as it resizes (debounced, GROW-024). Returns the width and a
 * callback ref: the element is measured whenever it mounts, so a chart first shown loading or
 * empty (no element yet) is measured once its drawing box appears.
 */
export function useWidth<T extends HTMLElement>(): [number, (el: T | null) => void] {
  const [el, setEl] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!el) return;
    // A hidden chart (the table view shows) measures 0: keep the last width, so the drawing stays
    // mounted (and exportable) instead of being drawn again when it shows.
    const take = () => {
      const w = el.getBoundingClientRect().width;
      if (w > 0) setWidth(w);
    };
    take();
    if (typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ro = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(take, RESIZE_DEBOUNCE_MS);
    });
    ro.observe(el);
    return () => {
      clearTimeout(timer);
      ro.disconnect();
    };
  }, [el]);
  return [width, setEl];
}

/**
 * A Plotly drawing: loads the Plotly chunk on first use (a spinner meanwhile), draws without
 * Plotly's mode bar (the chart frame exports), and measures how long each new data set took to
 * reach the screen once Plotly was there.
 */
export function PlotlyChart(props: PlotlyChartProps) {
  const { t } = useTranslation();
  const [mod, setMod] = useState<PlotlyModule | null>(plotlyIfLoaded);
  const [failed, setFailed] = useState(false);
  const graph = useRef<HTMLElement | null>(null);
  const started = useRef<number | null>(null);
  const lastData = useRef<unknown[] | null>(null);
  const exportFigure = useRef(props.exportFigure);
  exportFigure.current = props.exportFigure;
  const { png, onRendered, name } = props;
  // react-plotly redraws when data, layout or config change identity: keep them stable.
  const layout = useMemo(() => ({ height: props.height, autosize: true, ...props.layout }), [props.height, props.layout]);

  useEffect(() => {
    if (mod) return;
    let live = true;
    loadPlotly().then(
      (m) => live && setMod(() => m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [mod]);

  // New data (with Plotly loaded) starts the clock; the drawing's callback stops it.
  if (mod && lastData.current !== props.data) {
    lastData.current = props.data;
    started.current = performance.now();
  }

  useEffect(() => {
    png.current = mod
      ? async () => {
          const g = graph.current;
          if (!g) throw new Error('the chart is not drawn yet');
          const { width } = g.getBoundingClientRect();
          return dataUrlToBlob(await mod.toPng(exportFigure.current?.() ?? g, Math.round(width) || 600, props.height));
        }
      : null;
  }, [mod, png, props.height]);

  if (failed) return <NonIdealState icon="error" description={t('charts.loadFailed')} />;
  if (!mod) {
    return (
      <div style={{ height: props.height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spinner size={24} aria-label={t('charts.loading')} />
      </div>
    );
  }

  const drawn = (_figure: unknown, g: HTMLElement) => {
    graph.current = g;
    props.onDrawn?.();
    if (started.current === null) return;
    const start = started.current;
    started.current = null;
    const end = performance.now();
    try {
      performance.measure(`${RENDER_MEASURE} ${name}`, { start, end });
    } catch {
      // older engines without measure(name, options): the callback still reports
    }
    onRendered?.(end - start);
  };

  const { Plot } = mod;
  return (
    <Plot
      data={props.data}
      layout={layout}
      config={CONFIG}
      style={{ width: '100%', height: props.height }}
      useResizeHandler
      onInitialized={drawn}
      onUpdate={drawn}
      onClick={props.onClick}
      onHover={props.onHover}
      onClickAnnotation={props.onAnnotationClick}
    />
  );
}
