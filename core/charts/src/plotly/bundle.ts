/**
 * The custom Plotly bundle: core (scatter is always in it) plus the bar trace, which draws the
 * mekko, the stacked columns and the index bars. This is the only module that imports plotly.js,
 * and only `loadPlotly` imports it, dynamically: the bundler puts it in one chunk that a page
 * downloads when it first shows a chart (TOOLCHAIN.md: a static import would put it in the entry).
 */
// First: plotly's dependencies expect Node's `global` (nodeGlobal.ts).
import './nodeGlobal';
import Plotly from 'plotly.js/lib/core';
import bar from 'plotly.js/lib/bar';
import createPlotlyComponent from 'react-plotly.js/factory';

Plotly.register([bar] as never);

export const Plot = createPlotlyComponent(Plotly);

/** A PNG of a drawn chart or of a figure, as a data URL (the chart's own size, twice the pixels). */
export function toPng(graph: HTMLElement | { data: unknown[]; layout: Record<string, unknown> }, width: number, height: number): Promise<string> {
  return Plotly.toImage(graph as never, { format: 'png', width, height, scale: 2 });
}
