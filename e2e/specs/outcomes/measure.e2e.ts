import { MeasurePage } from '../../pageobjects/outcomes/MeasurePage';
import { LoginPage } from '../../pageobjects/shell/LoginPage';

const now = new Date();
const month = (back: number) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
};

describe('Outcomes Measure', () => {
  const page = new MeasurePage();

  before(async () => {
    await new LoginPage().loginAs('admin@example.com');
    await page.open('acme/us/fizz-cola/fizz-zero');
  });

  it('OUT-033 / OUT-036 compares two months of the seeded history (the earlier is previous)', async () => {
    await page.mekko.waitForDisplayed();
    // Two months of the current timeframe's year (the selector opens on it): this month and one before it.
    const cur = month(0);
    const before = cur.month > 1 ? month(1) : cur;
    await page.pick('comparison', cur, before);
    await expect(page.previousPanel).toHaveText(expect.stringContaining('Population'));
    await expect(page.changePercent).toHaveText(expect.stringMatching(/^\((\+|-)?[0-9]+\.[0-9]%\)$|^\(N\/A\)$/));
  });

  it('OUT-028 / OUT-031 switches to a range and groups it by market', async () => {
    const cur = month(0);
    const first = { year: cur.year, month: 1 };
    await page.pick('range', first, cur);
    await page.range.waitForDisplayed();
    await page.groupByMarket();
    await expect($('[data-testid="outcomes-stacked"]')).toBeDisplayed();
  });

  it('OUT-068 / OUT-063 / OUT-059 adds a timeframe, edits and cancels it, then deletes it', async () => {
    await page.openAdmin();
    const year = now.getUTCFullYear() - 3;
    await page.chooseYear(year);
    await page.addTimeframe(3);
    const card = page.card(year, 3);
    await card.waitForDisplayed();
    await $(`[data-testid="outcomes-edit-${year}-3"]`).click();
    const input = $(`[data-testid="outcomes-input-${year}-3-chart-total"]`);
    await input.setValue('12345');
    await $(`[data-testid="outcomes-cancel-${year}-3"]`).click();
    await expect($(`[data-testid="outcomes-card-toggle-${year}-3"]`)).toHaveText(expect.stringContaining('Total 0'));
    await $(`[data-testid="outcomes-delete-${year}-3"]`).click();
    await expect(page.deleteConfirmation).toHaveText(expect.stringMatching(/^Delete the .+ \d{4} timeframe\?$/));
    await page.confirmDelete();
    await card.waitForDisplayed({ reverse: true });
  });
});
