import { Builder, Detail, Overview } from '../../pageobjects/audiences/Audiences';
import { Chart } from '../../pageobjects/shared/Chart';
import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { clickWhenSettled } from '../../pageobjects/shell/Shell';

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

describe('audiences', () => {
  const name = `Streaming women 25-34 ${Date.now()}`;
  let global = 0;

  before(async () => {
    await new LoginPage().loginAs('planner@example.com');
  });

  it('builds an audience from three segments with the SegmentPicker, the live count narrowing with each AND group', async () => {
    const builder = new Builder();
    await builder.open(CONTEXT);
    await builder.name.setValue(name);
    await builder.include(0, '25-34', ['dmx-0002']);
    const one = await builder.countAfter(null);
    await builder.include('new', 'Female', ['dmx-0007']);
    const two = await builder.countAfter(one);
    expect(two).toBeLessThan(one);
    await builder.include('new', 'Video streaming', ['mp-0005']);
    const three = await builder.countAfter(two);
    expect(three).toBeLessThan(two);
    expect(three).toBeGreaterThan(0);
    global = await builder.globalCount();
    expect(global).toBeGreaterThanOrEqual(three);
    await clickWhenSettled(
      () => builder.save,
      () => new Detail().root.isDisplayed(),
    );
  });

  it('saves to the detail page: the rules in words and the insight profile', async () => {
    const detail = new Detail();
    await expect(detail.name).toHaveText(name);
    await expect(detail.rules).toHaveText('Include people in (25-34) and (Female) and (Video streaming)');
    await detail.profile.waitForDisplayed({ timeout: 10000 });
    const gender = new Chart('Gender');
    await gender.showTable();
    expect((await gender.tableRows()).find((r) => r[0] === 'Female')?.[1]).toBe('100.0%');
  });

  it('finds it in the overview with the count it was saved with, and opens its detail', async () => {
    const overview = new Overview();
    await overview.open(CONTEXT);
    await overview.search.setValue('streaming women');
    await overview.row(name).waitForDisplayed();
    expect(await overview.peopleOf(name)).toBe(global);
    await clickWhenSettled(
      () => overview.row(name).$('a'),
      () => new Detail().root.isDisplayed(),
    );
    await expect(new Detail().name).toHaveText(name);
  });
});
