import { GrowPage } from '../../pageobjects/insights-grow/GrowPage';
import { InsightsPanel } from '../../pageobjects/insights/InsightsPanel';
import { Chart } from '../../pageobjects/shared/Chart';
import { SegmentPicker } from '../../pageobjects/shared/SegmentPicker';
import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { clickWhenSettled } from '../../pageobjects/shell/Shell';

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

/**
 * Issue 16 in Chromium: Grow opens the product's default chart drawn by core/charts, with the
 * count API's figures; a planner creates a chart, adds markets and audiences with segments,
 * switches tabs, filters, saves an audience, reorders by drag and deletes with confirmation.
 */
describe('Grow', () => {
  const grow = new GrowPage();

  it('GROW-001 / GROW-005 / GROW-012 opens the default chart with its tabs, mekko and counts from the count API', async () => {
    await new LoginPage().loginAs('planner@example.com');
    await grow.open(CONTEXT);
    await browser.waitUntil(async () => (await grow.chartName()) === 'Beverages Landscape', { timeoutMsg: 'default chart not selected' });
    expect(await grow.chartId()).toBeGreaterThan(0);
    expect(await $$('[data-testid^="grow-tab-"]').map((e) => e.getText())).toEqual(['Total Population', 'Matched Addressable', 'Modeled Addressable']);
    expect(await grow.tab('matched').getAttribute('aria-selected')).toBe('true');
    expect(await grow.marketNames()).toEqual(['Soft Drinks', 'Water', 'Coffee']);
    const chart = new Chart('Penetration');
    await chart.waitDrawn();
    // GROW-018 (issue 27 §6): the x axis reaches 100, its last label whole on screen.
    await browser.waitUntil(async () => (await grow.xAxisEnd()).text === '100%', { timeout: 15000, timeoutMsg: 'no 100% tick' });
    expect(await grow.xAxisEnd()).toEqual({ text: '100%', inside: true });

    // The matched figures are the count API's for the chart's segments (one call, as the page
    // makes it); the product's brand, Fizz Cola, is its Owned audience (issue 27).
    const id = await grow.chartId();
    const { counts, owned } = (await browser.execute(
      async (ctx: string, mekkoId: number) => {
        const csrf = localStorage.getItem('csrf-token') ?? '';
        const got = await fetch(`/api/v1/insights-grow/mekkos/${mekkoId}`, { headers: { 'x-context': ctx, 'x-csrf-token': csrf } });
        if (!got.ok) throw new Error(`GET mekko ${mekkoId}: ${got.status} ${await got.text()}`);
        const mekko = (await got.json()) as {
          data: { markets: { sub_markets: { name: string; tag: string; population: number; matched_short_id: string }[] }[] };
        };
        const owned = mekko.data.markets.flatMap((m) => m.sub_markets).find((s) => s.tag === 'owned')!;
        const res = await fetch('/api/v1/segments/counts', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-context': ctx, 'x-csrf-token': csrf },
          body: JSON.stringify({ matched_short_ids: { a: [owned.matched_short_id] }, modeled_short_ids: {} }),
        });
        return { counts: (await res.json()) as { segment_counts: Record<string, number> }, owned };
      },
      CONTEXT,
      id,
    )) as { counts: { segment_counts: Record<string, number> }; owned: { name: string; population: number; matched_short_id: string } };
    expect(owned.name).toBe('Fizz Cola buyers');
    const shown = await grow.audience('Soft Drinks', 'Fizz Cola buyers').$('[data-testid="grow-audience-count"]').getText();
    expect(shown).toBe(counts.segment_counts[owned.matched_short_id].toLocaleString('en-US'));

    // Total Population shows the audiences' populations.
    await clickWhenSettled(
      () => grow.tab('total'),
      async () => (await grow.tab('total').getAttribute('aria-selected')) === 'true',
    );
    expect(await grow.audience('Soft Drinks', 'Fizz Cola buyers').$('[data-testid="grow-audience-count"]').getText()).toBe(
      owned.population.toLocaleString('en-US'),
    );
  });

  it('GROW-047 creates a chart; issue 27 §6 the new chart says how to add markets, GROW-009 Save Audience what to select', async () => {
    await clickWhenSettled(
      () => grow.create,
      () => grow.chartForm.isDisplayed(),
    );
    expect(await grow.chartForm.getAttribute('data-width')).toBe('650');
    await $('[data-testid="grow-chart-name"]').waitForClickable();
    await $('[data-testid="grow-chart-name"]').setValue('Beverages Landscape');
    await $('[data-testid="grow-chart-name"]').click();
    await browser.keys('Tab');
    await expect(grow.chartForm).toHaveText(expect.stringContaining('Chart name already in use'));
    expect(await $('[data-testid="grow-chart-save"]').isEnabled()).toBe(false);
    await $('[data-testid="grow-chart-name"]').waitForClickable();
    await $('[data-testid="grow-chart-name"]').setValue('Summer Launch');
    await clickWhenSettled(
      () => $('[data-testid="grow-chart-save"]'),
      async () => !(await grow.chartForm.isDisplayed()),
    );
    await grow.waitForToast('Created');
    await browser.waitUntil(async () => (await grow.chartName()) === 'Summer Launch');
    // Issue 27 §6: the new chart, in View mode, says how to add markets; with nothing selected
    // Save Audience says what to select (GROW-009).
    await browser.waitUntil(async () => (await new Chart('Penetration').state()) === 'empty', { timeout: 15000, timeoutMsg: 'the new chart is not empty' });
    await expect($('[data-testid="grow-mekko"]')).toHaveText(
      expect.stringContaining("This chart has no markets yet. Choose Edit, then 'Add Market' under the chart to add one."),
    );
    expect(await grow.saveAudience.getAttribute('aria-disabled')).toBe('true');
    expect(await $('[data-testid="grow-save-audience-reason"]').getProperty('textContent')).toBe(
      'Select one or more audiences on the chart to save them as an audience.',
    );
  });

  it('GROW-058 / GROW-066 adds markets and audiences with segments', async () => {
    await grow.edit();
    for (const name of ['Cola', 'Water']) {
      await clickWhenSettled(
        () => $('[data-testid="grow-add-market"]'),
        () => grow.marketForm.isDisplayed(),
      );
      expect(await grow.marketForm.getAttribute('data-width')).toBe('450');
      await $('[data-testid="grow-market-input"]').waitForClickable();
      await $('[data-testid="grow-market-input"]').setValue(name);
      await clickWhenSettled(
        () => $('[data-testid="grow-market-save"]'),
        async () => !(await grow.marketForm.isDisplayed()),
      );
    }
    await browser.waitUntil(async () => (await grow.marketNames()).join() === 'Cola,Water');

    const addAudience = async (market: string, name: string, population: string, query: string, id: string) => {
      await clickWhenSettled(
        () => grow.market(market).$('[data-testid="grow-add-audience"]'),
        () => grow.audienceForm.isDisplayed(),
      );
      expect(await grow.audienceForm.getAttribute('data-width')).toBe('550');
      await $('[data-testid="grow-audience-input"]').waitForClickable();
      await $('[data-testid="grow-audience-input"]').setValue(name);
      await $('[data-testid="grow-audience-population"]').setValue(population);
      await $('[data-testid="grow-audience-tag"]').selectByAttribute('value', 'owned');
      await clickWhenSettled(
        () => $('[data-testid="grow-audience-pick-matched_short_id"]'),
        () => new SegmentPicker().search.isDisplayed(),
      );
      await new SegmentPicker().choose(query, [id]);
      await clickWhenSettled(
        () => $('[data-testid="grow-audience-save"]'),
        async () => !(await grow.audienceForm.isDisplayed()),
      );
      await browser.waitUntil(async () => (await grow.audienceNames(market)).includes(name));
    };
    await addAudience('Cola', 'Diet fans', '1200', 'Diet drinks', 'is-0008');
    await addAudience('Cola', 'Soda buyers', '800', 'Soft drinks', 'is-0001');
    await addAudience('Water', 'Sparkling fans', '500', 'Sparkling water', 'is-0002');

    // GROW-063: the same name in the market is refused with the spec's message.
    await clickWhenSettled(
      () => grow.market('Cola').$('[data-testid="grow-add-audience"]'),
      () => grow.audienceForm.isDisplayed(),
    );
    await $('[data-testid="grow-audience-input"]').waitForClickable();
    await $('[data-testid="grow-audience-input"]').setValue('diet FANS');
    await expect(grow.audienceForm).toHaveText(expect.stringContaining('This name is already in use.'));
    expect(await $('[data-testid="grow-audience-save"]').isEnabled()).toBe(false);
    await browser.keys('Escape');
    await grow.audienceForm.waitForDisplayed({ reverse: true });
  });

  it('GROW-035 reorders markets and audiences by drag and keeps the order', async () => {
    const cards = () => $$('[data-testid^="grow-market-"][draggable="true"]');
    await grow.drag((await cards())[1], (await cards())[0]);
    await browser.waitUntil(async () => (await grow.marketNames()).join() === 'Water,Cola', { timeoutMsg: 'markets not reordered' });
    const rows = () => grow.market('Cola').$$('li[draggable="true"]');
    await grow.drag((await rows())[1], (await rows())[0]);
    await browser.waitUntil(async () => (await grow.audienceNames('Cola')).join() === 'Soda buyers,Diet fans', { timeoutMsg: 'audiences not reordered' });
    await browser.refresh();
    await grow.root.waitForDisplayed();
    await browser.waitUntil(async () => (await grow.marketNames()).join() === 'Water,Cola');
    expect(await grow.audienceNames('Cola')).toEqual(['Soda buyers', 'Diet fans']);
  });

  it('GROW-036 / GROW-037 / GROW-014 filters by audiences, refuses one without the tab segment, drives the Insights panel', async () => {
    await grow.toggle('Cola', 'Diet fans');
    await grow.toggle('Water', 'Sparkling fans');
    expect(await grow.filterTags.map((e) => e.getText())).toEqual(['Diet fans', 'Sparkling fans']);
    // Modeled: these audiences have no modeled segment -> 'Invalid Audiences Selected!'.
    await clickWhenSettled(
      () => grow.tab('modeled'),
      () => grow.dialog.isDisplayed(),
    );
    await expect($('.bp6-dialog')).toHaveText(expect.stringContaining('Invalid Audiences Selected!'));
    await clickWhenSettled(
      () => $('[data-testid="grow-dialog-close"]'),
      async () => !(await grow.dialog.isDisplayed()),
    );
    await grow.toggle('Cola', 'Soda buyers');
    await expect($('.bp6-dialog')).toHaveText(expect.stringContaining('Cannot Filter By This Audience!'));
    await expect(grow.dialog).toHaveText('There is no Modeled segment attached to Soda buyers.');
    await clickWhenSettled(
      () => $('[data-testid="grow-dialog-close"]'),
      async () => !(await grow.dialog.isDisplayed()),
    );
    expect((await grow.filterTags).length).toBe(2);
    // Issue 27 §6: the two selected audiences stand out (outlined), the third is dimmed.
    await browser.waitUntil(
      async () => {
        const b = await grow.blocks();
        return b.opacity.filter((o) => o === 1).length === 2 && b.opacity.filter((o) => o < 1).length === 1;
      },
      { timeout: 15000, timeoutMsg: 'the selected audiences are not highlighted' },
    );
    expect((await grow.blocks()).outline.filter((w) => w === 2)).toHaveLength(2);

    await clickWhenSettled(
      () => grow.tab('matched'),
      async () => (await grow.tab('matched').getAttribute('aria-selected')) === 'true',
    );
    const panel = new InsightsPanel();
    await panel.waitForPanel();
    expect(await panel.level('Person Level').getAttribute('aria-selected')).toBe('true');
    await clickWhenSettled(
      () => grow.tab('total'),
      async () => (await grow.tab('total').getAttribute('aria-selected')) === 'true',
    );
    await browser.waitUntil(async () => (await panel.level('Market Level').getAttribute('aria-selected')) === 'true', { timeoutMsg: 'GROW-014: Market Level' });
    await clickWhenSettled(
      () => grow.tab('matched'),
      async () => (await grow.tab('matched').getAttribute('aria-selected')) === 'true',
    );
    await browser.waitUntil(async () => (await panel.level('Person Level').getAttribute('aria-selected')) === 'true', { timeoutMsg: 'GROW-014: Person Level' });
  });

  it('GROW-009 / GROW-008 Save Audience: not in compare mode; one audience goes to the builder with referer Grow and the returnUrl', async () => {
    const id = await grow.chartId();
    expect(await grow.saveAudience.getAttribute('aria-disabled')).toBe('true');
    expect(await $('[data-testid="grow-save-audience-reason"]').getProperty('textContent')).toBe('Save Audience is not available in compare mode.');
    await grow.toggle('Water', 'Sparkling fans');
    await clickWhenSettled(
      () => grow.saveAudience,
      async () => (await browser.getUrl()).includes('/audiences/builder'),
    );
    const url = new URL(await browser.getUrl());
    expect(url.searchParams.get('referer')).toBe('Grow');
    expect(url.searchParams.get('returnUrl')).toBe(`insights/grow/${id}`);
    await $('[data-testid="audience-builder"]').waitForDisplayed();
    await browser.waitUntil(async () => (await $('[data-testid="builder-name"]').getValue()) === 'Diet fans', {
      timeoutMsg: 'draft not handed over',
    });
  });

  it('GROW-050 deletes the chart with confirmation and selects the default', async () => {
    await grow.open(CONTEXT);
    await grow.pick('Summer Launch');
    await clickWhenSettled(
      () => grow.remove,
      () => $('[data-testid="grow-confirm-delete"]').isDisplayed(),
    );
    await expect($('[data-testid="grow-confirm-delete"]')).toHaveText(expect.stringContaining('Delete chart Summer Launch?'));
    await clickWhenSettled(
      () => $('.bp6-alert-footer .bp6-intent-danger'),
      async () => !(await $('[data-testid="grow-confirm-delete"]').isDisplayed()),
    );
    await grow.waitForToast('Deleted');
    await browser.waitUntil(async () => (await grow.chartName()) === 'Beverages Landscape');
  });
});
