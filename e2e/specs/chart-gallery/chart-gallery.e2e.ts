import * as XLSX from '@e965/xlsx';
import { readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { downloaded } from '../../pageobjects/notifications/NotificationCenter';
import { DOWNLOAD_DIR } from '../../wdio.conf';
import { ChartGallery, loadedScripts, PLOTLY_CHUNK } from '../../pageobjects/chart-gallery/ChartGallery';
import { Chart, cspViolations } from '../../pageobjects/shared/Chart';
import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { clickWhenSettled, Shell } from '../../pageobjects/shell/Shell';

const KB = 1024;
const CHUNK_BUDGET_GZ = 400 * KB;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Issue 15 §1 in Chromium: the chart gallery shows every chart kind; the Plotly chunk loads only
 * where a chart is shown and stays within 400 KB gzipped; a 10 × 10 mekko is drawn again on new
 * data, every block of it; the table view is found by its role and name; no
 * Content-Security-Policy violation while Plotly draws. How fast the mekko draws (budget 100 ms)
 * is printed by `npm run bench:chart-render`, not asserted here: a test waits for a state, never
 * for a time (issue 26 §3).
 */
describe('chart gallery', () => {
  const gallery = new ChartGallery();

  it('the sign-in page and a page without charts do not download the Plotly chunk', async () => {
    const login = new LoginPage();
    await login.open();
    expect((await loadedScripts()).filter((s) => PLOTLY_CHUNK.test(s.name))).toEqual([]);
    await login.loginAs('admin@example.com');
    await new Shell().waitForShell();
    await browser.url('/acme/us/fizz-cola/fizz-zero/audiences/overview');
    await $('[data-testid="audiences-overview"]').waitForDisplayed({ timeout: 20000 });
    expect((await loadedScripts()).filter((s) => PLOTLY_CHUNK.test(s.name))).toEqual([]);
  });

  it('shows every chart kind on generated data, Plotly in one chunk of at most 400 KB gzipped, without a CSP violation', async () => {
    await cspViolations();
    await gallery.open();
    for (const title of ['Mekko 10 × 10', 'Mekko with change against the previous timeframe', 'Stacked columns, 13 months', 'Index bars, two audiences'])
      await new Chart(title).waitDrawn();
    for (const title of ['Heat grid 12 × 6 (index)', 'Stage 1', 'Stage 4', 'A chart without data']) await new Chart(title).root();
    expect(await new Chart('A chart waiting for its data').state()).toBe('loading');
    expect(await new Chart('A chart without data').state()).toBe('empty');
    const chunks = (await loadedScripts()).filter((s) => PLOTLY_CHUNK.test(s.name));
    expect(chunks).toHaveLength(1);
    const bytes = Buffer.from(await (await fetch(`${browser.options.baseUrl}${chunks[0].name}`)).arrayBuffer());
    const gz = gzipSync(bytes, { level: 9 }).length;
    console.log(
      `chart chunk ${chunks[0].name}: ${(bytes.length / KB).toFixed(1)} KB, ${(gz / KB).toFixed(1)} KB gzipped; transferred ${(chunks[0].transfer / KB).toFixed(1)} KB (body ${(chunks[0].encoded / KB).toFixed(1)} KB, ${chunks[0].encoded < chunks[0].decoded ? 'compressed by the server' : 'uncompressed'})`,
    );
    expect(gz).toBeLessThanOrEqual(CHUNK_BUDGET_GZ);
    expect(await cspViolations()).toEqual([]);
  });

  it('a 10 × 10 mekko is drawn again, every block of it, each time new data arrives (its speed: npm run bench:chart-render)', async () => {
    const first = await gallery.lastRenderMs(null);
    const times: number[] = [];
    let previous = String(first);
    for (let i = 0; i < 7; i++) {
      await gallery.newData.click();
      const ms = await gallery.lastRenderMs(previous);
      previous = String(ms);
      times.push(ms);
    }
    // Each new data set reported a render of its own (a time is printed, never asserted).
    expect(times.every((t) => Number.isFinite(t) && t > 0)).toBe(true);
    console.log(`mekko 10x10 render after data (informative): first ${first.toFixed(1)} ms, median of new data ${median(times).toFixed(1)} ms`);
    // Every block of the 10 × 10 is drawn.
    const blocks = await browser.execute(() => document.querySelectorAll('[data-testid="gallery-mekko"] .js-plotly-plot .point').length);
    expect(blocks).toBe(100);
  });

  it("'View as table' is reached with the keyboard, and the table is found by its role and name with the chart's numbers", async () => {
    const mekko = new Chart('Mekko 10 × 10');
    const button = await mekko.tableButton();
    // Tab from the page heading until the mekko's 'View as table' has the focus.
    await browser.execute(() => (document.querySelector('main h1') as HTMLElement | null)?.setAttribute('tabindex', '-1'));
    await browser.execute(() => (document.querySelector('main h1') as HTMLElement | null)?.focus());
    let reached = false;
    for (let i = 0; i < 25 && !reached; i++) {
      await browser.keys('Tab');
      reached = await browser.execute((b: HTMLElement) => document.activeElement === b, button as unknown as HTMLElement);
    }
    expect(reached).toBe(true);
    await browser.keys('Enter');
    const rows = await mekko.tableRows();
    expect(rows[0]).toEqual(['Market', 'Market count', 'Share of total (%)', 'Audience', 'Tag', 'Count', 'Share of market (%)']);
    expect(rows).toHaveLength(101);
    // Shares of each market add up to 100% (one decimal each).
    const m1 = rows.slice(1).filter((r) => r[0] === 'Market 1');
    expect(m1).toHaveLength(10);
    expect(Math.abs(m1.reduce((s, r) => s + Number(r[6].replace('%', '')), 0) - 100)).toBeLessThan(0.6);
    await browser.keys('Enter');
    await browser.waitUntil(async () => (await button.getAttribute('aria-pressed')) === 'false');
    // The drawing stayed while the table showed.
    expect(await browser.execute(() => document.querySelectorAll('[data-testid="gallery-mekko"] .js-plotly-plot .point').length)).toBe(100);
  });

  it('exports a chart as PNG (drawn by Plotly), .xlsx and .csv with the numbers of its table', async () => {
    rmSync(DOWNLOAD_DIR, { recursive: true, force: true });
    const index = new Chart('Index bars, two audiences');
    const root = await index.root();
    const exportAs = async (testId: string) => {
      await clickWhenSettled(
        () => root.$('[data-testid="chart-export"]'),
        () => $(`[data-testid="${testId}"]`).isDisplayed(),
      );
      await clickWhenSettled(() => $(`[data-testid="${testId}"]`));
    };
    await exportAs('chart-export-png');
    const png = readFileSync(await downloaded(/^index-bars-two-audiences\.png$/));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeGreaterThan(5000);
    await exportAs('chart-export-csv');
    const csv = readFileSync(await downloaded(/^index-bars-two-audiences\.csv$/), 'utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(csv[0]).toBe('Attribute,Audience 1 (%),Audience 1 index,Audience 2 (%),Audience 2 index,Population (%)');
    await exportAs('chart-export-xlsx');
    const wb = XLSX.read(readFileSync(await downloaded(/^index-bars-two-audiences\.xlsx$/)));
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
    await index.showTable();
    const table = await index.tableRows();
    // Row 18-24: the table's text, the csv's and the workbook's numbers are the same.
    expect(csv[1].split(',').map((v, i) => (i === 0 ? v : Number(v)))).toEqual(rows[1]);
    expect(table[1].map((v, i) => (i === 0 ? v : Number(v.replace('%', ''))))).toEqual(rows[1]);
    expect(await cspViolations()).toEqual([]);
  });

  it('OUT-022 clicking a block selects it and dims the rest; the heat grid focuses cells from the keyboard', async () => {
    // A real pointer click in the middle of the first block (Plotly finds the block under the pointer).
    const mekko = $('[data-testid="gallery-mekko"]');
    await mekko.scrollIntoView({ block: 'center' });
    const at = await browser.execute(() => {
      const r = (document.querySelector('[data-testid="gallery-mekko"] .js-plotly-plot .point path') as SVGPathElement).getBoundingClientRect();
      return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2) };
    });
    await browser.action('pointer').move({ x: at.x, y: at.y, origin: 'viewport' }).down().pause(50).up().perform();
    await browser.waitUntil(async () => (await gallery.selected.getText()) === 'Selected: m0 › m0-s0', {
      timeout: 10000,
      timeoutMsg: 'the click selected nothing',
    });
    // The other blocks are dimmed.
    const opacities = await browser.execute(() =>
      Array.from(document.querySelectorAll('[data-testid="gallery-mekko"] .js-plotly-plot .point path')).map((p) => Number(getComputedStyle(p).opacity)),
    );
    expect(opacities[0]).toBe(1);
    expect(opacities.slice(1).every((o) => o < 0.5)).toBe(true);
    const cell = await $('[data-testid="heat-cell-x0:y0"]').getElement();
    await cell.scrollIntoView();
    await browser.execute((c: HTMLElement) => c.focus(), cell as unknown as HTMLElement);
    await browser.keys('Space');
    await expect(cell).toHaveAttribute('aria-pressed', 'true');
    expect(await cspViolations()).toEqual([]);
  });
});
