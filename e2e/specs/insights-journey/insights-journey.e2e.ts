import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { InsightsJourneyPage } from '../../pageobjects/insights-journey/InsightsJourneyPage';

describe('insights-journey', () => {
  it('adds an item and lists it', async () => {
    await new LoginPage().loginAs('admin@example.com');
    const page = new InsightsJourneyPage();
    await page.open('acme/us/fizz-cola/fizz-zero');
    await page.add('From the browser');
    await expect(page.root).toHaveText(expect.stringContaining('From the browser'));
  });
});
