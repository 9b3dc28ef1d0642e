import { clickWhenSettled } from '../shell/Shell';

/**
 * One core/charts chart on any page, found by its accessible name (the figure's caption): its
 * state, its 'View as table' button and the table it shows, read through the browser's own
 * accessibility computation (WebDriver's computed role and label), as a screen reader would.
 */
export class Chart {
  constructor(readonly title: string) {}

  /** The figure whose caption is exactly the title. */
  async root(): Promise<WebdriverIO.Element> {
    let found: WebdriverIO.Element | undefined;
    await browser.waitUntil(
      async () => {
        for (const f of await $$('figure[data-chart-state]')) {
          if ((await f.$('figcaption').getText()) === this.title) {
            found = f;
            return true;
          }
        }
        return false;
      },
      { timeout: 20000, timeoutMsg: `no chart named '${this.title}'` },
    );
    return found!;
  }
  async state(): Promise<string | null> {
    return (await this.root()).getAttribute('data-chart-state');
  }
  async tableButton() {
    return (await this.root()).$('[data-testid="chart-view-table"]');
  }
  /** Waits until Plotly drew into the chart (its SVG is on the page). */
  async waitDrawn() {
    const root = await this.root();
    await root.$('.main-svg').waitForExist({ timeout: 30000 });
  }
  /**
   * What the drawing shows (issue 27 §4): the category axis's labels as drawn (text and font size),
   * the smallest font of any text in the drawing, and the heights of the legend and of the plot.
   * Read it while the drawing shows (not the table view).
   */
  async drawing(): Promise<{ categories: string[]; minFontPx: number; legendPx: number; plotPx: number }> {
    const root = await this.root();
    return (await browser.execute(
      (figure: HTMLElement) => {
        const px = (el: Element) => parseFloat(getComputedStyle(el).fontSize || '0');
        const texts = Array.from(figure.querySelectorAll('.main-svg text')).filter((t) => (t.textContent ?? '').trim() !== '');
        const categories = Array.from(figure.querySelectorAll('.yaxislayer-above .ytick text')).map((t) => t.textContent ?? '');
        const legend = figure.querySelector('.legend');
        // The plot area: the rectangle Plotly listens for hover on.
        const plot = figure.querySelector('.draglayer .nsewdrag');
        return {
          categories,
          minFontPx: Math.min(...texts.map(px)),
          legendPx: legend ? legend.getBoundingClientRect().height : 0,
          plotPx: plot ? plot.getBoundingClientRect().height : 0,
        };
      },
      root as unknown as HTMLElement,
    )) as { categories: string[]; minFontPx: number; legendPx: number; plotPx: number };
  }
  async showTable() {
    const button = await this.tableButton();
    await clickWhenSettled(
      () => button,
      async () => (await button.getAttribute('aria-pressed')) === 'true',
    );
  }
  /** The table named like the chart, found by computed role and accessible name; its rows as text. */
  async tableRows(): Promise<string[][]> {
    let rows: string[][] = [];
    await browser.waitUntil(
      async () => {
        for (const t of await $$('table')) {
          if ((await t.getComputedRole()) === 'table' && (await t.getComputedLabel()) === this.title) {
            rows = (await browser.execute(
              (el: HTMLTableElement) => Array.from(el.rows).map((r) => Array.from(r.cells).map((c) => c.textContent ?? '')),
              t as unknown as HTMLTableElement,
            )) as string[][];
            return true;
          }
        }
        return false;
      },
      { timeout: 10000, timeoutMsg: `no table named '${this.title}'` },
    );
    return rows;
  }
}

/** What Chromium reported against the page's Content-Security-Policy since the last call. */
export async function cspViolations(): Promise<string[]> {
  const logs = (await browser.getLogs('browser')) as { message: string }[];
  return logs.map((l) => l.message).filter((m) => /Content Security Policy/i.test(m));
}
