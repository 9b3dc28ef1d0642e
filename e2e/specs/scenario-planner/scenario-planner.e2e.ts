import { ScenarioPlanner } from '../../pageobjects/scenario-planner/ScenarioPlanner';
import { LoginPage } from '../../pageobjects/shell/LoginPage';

/**
 * Scenario Planner Management against the real server and its demo planning service: imports
 * that complete and fail (core jobs), both curve modes with their confirmation, the plot.
 */
describe('scenario planner', () => {
  const page = new ScenarioPlanner();

  before(async () => {
    await new LoginPage().loginAs('planner@example.com');
  });

  it('SCN-002 SCN-003 SCN-005 SCN-007 SCN-008 an import is submitted, then Complete with its date', async () => {
    await page.open();
    await expect($('h1')).toHaveText('Scenario Planner Management');
    await expect(page.importButton).toBeDisabled();
    await page.importPlan('SP-1002');
    await expect(page.importStatus('SP-1002')).toHaveAttribute('data-status', 'submitted');
    await expect(page.importStatus('SP-1002')).toHaveText(expect.stringContaining('Submitted'));
    // Issue 27 §6: no red 'Please enter a Project ID' after the import went through.
    await expect(page.projectId).toHaveValue('');
    await expect($('[data-testid="import-section"] form')).not.toHaveText(expect.stringContaining('Please enter a Project ID'));
    // Issue 27 §6: the page shows the finished import within 3 s of the server finishing it, without a reload.
    expect(await page.waitForServerStatus('SP-1002')).toBe('complete');
    await browser.waitUntil(async () => (await page.shownStatus('SP-1002')) === 'complete', {
      timeout: 3000,
      interval: 100,
      timeoutMsg: 'the finished import did not show within 3 s',
    });
    await expect(page.importStatus('SP-1002')).toHaveText(expect.stringContaining('Complete'));
    expect(await page.tooltipOf('SP-1002')).toMatch(/^Imported on \d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it('SCN-007 SCN-008 an id the planning system refuses ends Failed with its reason', async () => {
    await page.open();
    await page.importPlan('SP-4090');
    await page.waitForStatus('SP-4090', 'failed');
    expect(await page.tooltipOf('SP-4090')).toBe('Project SP-4090 is still a draft: approve it in the planning system before importing it.');
    // SCN-006: newest first.
    const ids = await $$('[data-testid="imports-table"] tbody tr').map((r) => r.getAttribute('data-testid'));
    expect(ids.slice(0, 2)).toEqual(['import-row-SP-4090', 'import-row-SP-1002']);
  });

  it('SCN-014 SCN-027 generic mode: pick media types and apply; the plot draws them', async () => {
    await page.open();
    await page.genericMode.waitForExist();
    await page.toggle(page.genericMode);
    expect(await page.isChecked(page.genericMode)).toBe(true);
    expect(await page.isChecked(page.uploadMode)).toBe(false);
    await expect(page.applyButton).toBeDisabled();
    await page.toggle(page.mediaType('Linear TV'));
    await page.toggle(page.mediaType('Social'));
    await page.plot.waitDrawn();
    await page.apply(false);
    await page.waitForToast('Curves saved!');
    // SCN-013: reloaded, generic is selected with the saved media types.
    await page.open();
    await browser.waitUntil(async () => page.isChecked(page.genericMode), { timeout: 10000 });
    expect(await page.isChecked(page.mediaType('Social'))).toBe(true);
    const table = await (async () => {
      await page.plot.showTable();
      return page.plot.tableRows();
    })();
    expect(table[0].join('|')).toContain('Linear TV');
  });

  it('SCN-012 SCN-015 SCN-018 SCN-021..026 upload mode: rows validate as typed, Add New Set, and saving over generic curves asks first', async () => {
    await page.open();
    await browser.waitUntil(async () => page.isChecked(page.genericMode), { timeout: 10000 });
    await page.toggle(page.uploadMode);
    expect(await page.isChecked(page.genericMode)).toBe(false);
    await page.addSet.click();
    await expect(page.addSet).not.toBeExisting();
    await expect(page.fieldError(0, 'media_type')).toHaveText('Please enter a Media Type');
    // Issue 27 §6: the curve-type select is wide enough for its longest option ('Diminishing Returns').
    expect(await page.selectShortfall(page.field(0, 'curve_type_name'))).toBeLessThanOrEqual(0);
    await page.fillRow(0, { media: 'Podcast', type: 'TRP', Base: '0', Slope: '0.03', Acceleration: '1.', Asymptote: '40', Asymmetry: '1', CPP: '0' });
    await expect(page.fieldError(0, 'Acceleration')).toHaveText('Please enter a number');
    await expect(page.fieldError(0, 'CPP')).toHaveText('CPP must be greater than 0');
    await expect(page.applyButton).toBeDisabled();
    await page.field(0, 'Acceleration').setValue('90');
    await page.field(0, 'CPP').setValue('2');
    await expect(page.addSet).toBeDisplayed();
    await expect(page.applyButton).toBeEnabled();
    const asked = await page.apply(true);
    expect(asked).toContain('Are you sure?');
    expect(asked).toContain('By saving uploaded curves, you will lose selected generic curves');
    await page.waitForToast('Curves saved!');
    await page.open();
    await browser.waitUntil(async () => page.isChecked(page.uploadMode), { timeout: 10000 });
    await expect(page.field(0, 'media_type')).toHaveValue('Podcast');
    await expect(page.field(0, 'CPP')).toHaveValue('2');
  });

  it('SCN-001 SHELL-005 a viewer sent away from the page is told why (issue 27 §6)', async () => {
    await new LoginPage().loginAs('viewer@example.com');
    await browser.url('/acme/us/fizz-cola/fizz-zero/plans/admin');
    await page.waitForToast("You don't have access to Scenario Planner here, so you were taken to the home page.");
    await browser.waitUntil(async () => new URL(await browser.getUrl()).pathname.endsWith('/home'), { timeoutMsg: 'the viewer was not taken home' });
  });
});
