import { Detail, Overview } from '../../pageobjects/audiences/Audiences';
import { InsightsPanel } from '../../pageobjects/insights/InsightsPanel';
import { OverlapPage } from '../../pageobjects/overlap/Overlap';
import { Chart, cspViolations } from '../../pageobjects/shared/Chart';
import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { clickWhenSettled } from '../../pageobjects/shell/Shell';

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';
const AUDIENCE = 'Health-conscious young women';

async function openDetail(name: string) {
  const overview = new Overview();
  await overview.open(CONTEXT);
  await overview.search.setValue(name);
  // The exact name: the search also finds its lookalike ('... Lookalike').
  const link = () => $('[data-testid="audiences-table"]').$(`a=${name}`);
  await link().waitForDisplayed();
  await clickWhenSettled(link, async () => (await new Detail().name.isDisplayed()) && (await new Detail().name.getText()) === name);
}

/**
 * Issue 15 §2 in Chromium: the Insights panel beside the audience detail: Person Level from the
 * count engine (Women 25-44 who stream video: Female is 100% of them), Market Level from the
 * region's survey, a custom Person Level widget added through the 800-wide form, and the 650-wide
 * region demographic form for whoever may edit surveys.
 */
describe('insights panel beside the audience detail', () => {
  const panel = new InsightsPanel();

  it('Person Level profiles the audience with the count engine: every demographic category, share and index', async () => {
    await new LoginPage().loginAs('planner@example.com');
    await cspViolations();
    await openDetail(AUDIENCE);
    await panel.waitForPanel();
    expect(await panel.level('Person Level').getAttribute('aria-selected')).toBe('true');
    for (const c of ['Age', 'Gender', 'Household Income', 'Education', 'Parents']) await new Chart(c).waitDrawn();
    const gender = new Chart('Gender');
    await gender.showTable();
    const rows = await gender.tableRows();
    // Issue 27 §2: no man is in the audience, so Male's share rests on fewer than 50 people and is
    // flagged in the table's small-base column; Female's is not.
    expect(rows[0]).toEqual(['Attribute', `${AUDIENCE} (%)`, `${AUDIENCE} index`, 'Population (%)', 'Small base (< 50)']);
    const female = rows.find((r) => r[0] === 'Female')!;
    expect(female[1]).toBe('100.0%');
    expect(Number(female[2])).toBeGreaterThan(150);
    expect(female[4]).toBe('');
    const male = rows.find((r) => r[0] === 'Male')!;
    expect(male[1]).toBe('0.0%');
    expect(male[4]).toContain(AUDIENCE);
    const age = new Chart('Age');
    await age.showTable();
    const ages = await age.tableRows();
    // The rules say 25-34 or 35-44: no one else.
    expect(ages.filter((r) => ['18-24', '45-54', '55-64', '65+'].includes(r[0])).map((r) => r[1])).toEqual(['0.0%', '0.0%', '0.0%', '0.0%']);
    expect(await cspViolations()).toEqual([]);
  });

  it('Market Level shows the region survey (seeded until the uploads fill it)', async () => {
    await panel.selectLevel('Market Level');
    const consumption = new Chart('Soft drink consumption');
    await consumption.waitDrawn();
    await consumption.showTable();
    expect(await consumption.tableRows()).toEqual([
      ['Attribute', 'Survey (%)'],
      ['Daily', '28.0%'],
      ['Weekly', '41.0%'],
      ['Monthly', '19.0%'],
      ['Rarely or never', '12.0%'],
    ]);
    // A planner may not edit the region's survey.
    expect(await panel.regionForm.isExisting()).toBe(false);
  });

  it('GROW-081 adds a custom Person Level widget through the 800-wide form; it is counted like the built-in ones', async () => {
    await panel.selectLevel('Person Level');
    await clickWhenSettled(
      () => panel.addWidget,
      () => panel.form.isDisplayed(),
    );
    expect(await panel.formNameAndWidth()).toEqual({ name: 'Person Level Demographic', width: 800 });
    await panel.fillField('New tab name', 'Lifestyle');
    await panel.fillField('Widget name', 'Media');
    await panel.fillField('Demographic category', 'Media');
    await clickWhenSettled(
      () => $('[data-testid="widget-add-segments"]'),
      () => panel.picker.search.isDisplayed(),
    );
    await panel.picker.choose('Video streaming', ['mp-0005']);
    await clickWhenSettled(
      () => $('[data-testid="widget-save"]'),
      async () => !(await panel.form.isExisting()),
    );
    await panel.selectTab('Lifestyle');
    const media = new Chart('Media');
    await media.waitDrawn();
    await media.showTable();
    const rows = await media.tableRows();
    // Everyone in the audience streams video (its rules say so).
    expect(rows[1][0]).toBe('Video streaming');
    expect(rows[1][1]).toBe('100.0%');
    expect(await cspViolations()).toEqual([]);
  });

  it('issue 27 §4 compare mode (two Overlap cells): every category labelled, no text under 11 px, the legend no taller than the plot', async () => {
    const overlap = new OverlapPage();
    await overlap.open(CONTEXT);
    await overlap.chartId();
    await overlap.waitForCells(36);
    // Two focused cells: the panel compares two audiences.
    for (const x of ['dmx-0001', 'dmx-0002']) {
      await clickWhenSettled(
        () => overlap.cell(x, 'mp-0001'),
        async () => (await overlap.cell(x, 'mp-0001').getAttribute('aria-pressed')) === 'true',
      );
    }
    await panel.waitForPanel();
    await panel.selectLevel('Person Level');
    await panel.waitForProfile();
    for (const title of ['Gender', 'Age']) {
      const chart = new Chart(title);
      await chart.waitDrawn();
      const drawn = await chart.drawing();
      await chart.showTable();
      const rows = await chart.tableRows();
      const attributes = rows.slice(1).map((r) => r[0]);
      expect(attributes.length).toBeGreaterThan(1);
      // Two audiences and the population.
      expect(rows[0].filter((h) => h.endsWith('(%)')).length).toBe(3);
      expect(drawn.categories).toEqual(attributes);
      expect(drawn.minFontPx).toBeGreaterThanOrEqual(11);
      expect(drawn.legendPx).toBeGreaterThan(0);
      expect(drawn.legendPx).toBeLessThanOrEqual(drawn.plotPx);
    }
  });

  it('GROW-081 the region demographic form slides in 650 wide for a user who may edit surveys', async () => {
    await new LoginPage().loginAs('admin@example.com');
    await openDetail(AUDIENCE);
    await panel.waitForPanel();
    await panel.selectLevel('Market Level');
    await clickWhenSettled(
      () => panel.regionForm,
      () => panel.form.isDisplayed(),
    );
    expect(await panel.formNameAndWidth()).toEqual({ name: 'Region Demographic', width: 650 });
    await browser.keys('Escape');
    await panel.form.waitForExist({ reverse: true });
  });
});
