/** The chart gallery page (/dev/charts) of the chart-gallery plugin. */
export class ChartGallery {
  get root() {
    return $('[data-testid="chart-gallery"]');
  }
  get newData() {
    return $('[data-testid="gallery-new-data"]');
  }
  get renderTime() {
    return $('[data-testid="mekko-render-ms"]');
  }
  get selected() {
    return $('[data-testid="mekko-selected"]');
  }
  async open() {
    await browser.url('/dev/charts');
    await this.root.waitForDisplayed({ timeout: 20000 });
  }
  /** The milliseconds the 10 × 10 mekko took from its data to the screen, once shown. */
  async lastRenderMs(previous: string | null): Promise<number> {
    let ms = '';
    await browser.waitUntil(
      async () => {
        ms = (await this.renderTime.getAttribute('data-ms')) ?? '';
        return ms !== '' && ms !== previous;
      },
      { timeout: 15000, timeoutMsg: 'the mekko reported no render time' },
    );
    return Number(ms);
  }
  /** Every Plotly drawing on the page. */
  plots() {
    return $$('.js-plotly-plot');
  }
}

/** The browser's record of the chunks it fetched: name, bytes on the wire, bytes decoded. */
export async function loadedScripts(): Promise<{ name: string; transfer: number; encoded: number; decoded: number }[]> {
  return browser.execute(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.endsWith('.js'))
      .map((e) => ({ name: new URL(e.name).pathname, transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize })),
  );
}

/** The Plotly chunk's file name: scripts/build names a dynamically imported module's chunk after its file (core/charts/src/plotly/bundle.ts). */
export const PLOTLY_CHUNK = /\/assets\/chunks\/bundle-[A-Z0-9]+\.js$/;
