import type * as Bundle from './bundle';

/** The Plotly chunk, loaded once, on the first chart a page shows. */
export type PlotlyModule = typeof Bundle;

let loading: Promise<PlotlyModule> | null = null;
let loaded: PlotlyModule | null = null;

export function loadPlotly(): Promise<PlotlyModule> {
  if (!loading) {
    loading = import('./bundle').then(
      (m) => (loaded = m),
      (e: unknown) => {
        // A failed download (offline, a deploy in between) may be retried by the next chart.
        loading = null;
        throw e;
      },
    );
  }
  return loading;
}

/** The module when it has loaded already (charts drawn after the first skip the spinner). */
export function plotlyIfLoaded(): PlotlyModule | null {
  return loaded;
}
