import { GrowPage } from '../../pageobjects/insights-grow/GrowPage';
import { PredictionsView } from '../../pageobjects/insights-grow/PredictionsView';
import { Chart } from '../../pageobjects/shared/Chart';
import { LoginPage } from '../../pageobjects/shell/LoginPage';

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

/**
 * Issue 30 §5 in Chromium: a planner saves a snapshot of the Grow chart, sees the Predictions view
 * compare it with the chart, sets an audience's confidence, and loads, clears and deletes it.
 */
describe('Grow predictions', () => {
  const grow = new GrowPage();
  const predictions = new PredictionsView();
  const name = `E2E wave ${Date.now()}`;

  it('EXP-039 / EXP-044 saves a snapshot, which is loaded and compared with the chart audience by audience', async () => {
    await new LoginPage().loginAs('planner@example.com');
    await grow.open(CONTEXT);
    await browser.waitUntil(async () => (await grow.chartName()) === 'Beverages Landscape', { timeoutMsg: 'default chart not selected' });
    await new Chart('Penetration').waitDrawn();
    const audiences: string[] = [];
    for (const market of await grow.marketNames()) audiences.push(...(await grow.audienceNames(market)));
    await predictions.open();
    await predictions.save(name);
    const cells = await predictions.cells();
    // Every audience of the chart, in the chart's order.
    expect(cells.map((c) => c[1])).toEqual(audiences);
    // Just taken, within the same (no) filters: every audience's figure then is its figure now.
    for (const [, , then, now, change] of cells) {
      expect(then).toBe(now);
      expect(change).toBe('0');
    }
  });

  it('EXP-042 / EXP-038 / EXP-041 keeps an audience’s confidence; the snapshot loads again after a reload and clears', async () => {
    const input = predictions.confidence(0);
    await input.setValue('70');
    await browser.keys('Enter');
    await browser.refresh();
    await grow.root.waitForDisplayed({ timeout: 20000 });
    await new Chart('Penetration').waitDrawn();
    await predictions.open();
    await predictions.empty.waitForDisplayed({ timeout: 10000 });
    await predictions.load(name);
    await browser.waitUntil(async () => (await predictions.confidence(0).getValue()) === '70', { timeoutMsg: 'confidence not kept' });
    await predictions.clear();
    await expect(predictions.empty).toHaveText(expect.stringContaining('Load a snapshot to compare the chart with it'));
  });

  it('EXP-040 deletes the loaded snapshot with confirmation; it is no longer offered', async () => {
    await predictions.load(name);
    await predictions.deleteLoaded();
    expect((await predictions.options()).some((o) => o.startsWith(`${name} (`))).toBe(false);
    await predictions.backToChart();
  });
});
