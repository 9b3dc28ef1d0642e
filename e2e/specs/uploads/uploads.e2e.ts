import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { UploadPage } from '../../pageobjects/uploads/UploadPage';

const REGION = 'acme/us';

describe('uploads: surveys, Grow, journeys and personas bulk uploads', () => {
  before(async () => {
    await new LoginPage().loginAs('admin@example.com');
  });

  it('UPL-011 UPL-012 UPL-013 UPL-014 UPL-015 UPL-016 UPL-017 UPL-006 UPL-010 surveys (Region Level): download, fill, upload, results and errors', async () => {
    const page = new UploadPage('surveys');
    await page.open(REGION);
    await expect($('h1=Surveys Upload')).toBeDisplayed();
    await expect($('[data-testid="survey-type"]')).toHaveValue('region');
    await expect(page.rules).toHaveText(expect.stringContaining('anything omitted from the file is deleted'));
    const t = await page.downloadTemplate();
    expect(t.name).toBe('Region_Survey_Template.csv');
    expect(t.rows[0]).toEqual(['Survey Name', 'Question', 'Answer', 'Answer Percent']);
    await page.choose(page.writeXls([...t.rows, ['E2E survey', 'Reads news?', 'Yes', 64], ['E2E survey', 'Reads news?', 'No', 'many']]));
    await page.waitForToast('Upload Complete');
    await expect($('[data-testid="upload-file-name"]')).toHaveText(expect.stringContaining('Edited.xls'));
    await expect(page.errors).toHaveText(expect.stringContaining('Errors found in Uploaded Template'));
    expect(await page.tableRows('errors')).toBe(1);
    await expect(page.results).toBeDisplayed();
    // UPL-004: another survey type clears the results and errors.
    await $('[data-testid="survey-type"]').selectByAttribute('value', 'audience');
    await expect(page.errors).not.toBeDisplayed();
    await expect(page.results).not.toBeDisplayed();
    expect(await browser.getUrl()).toContain('surveyType=audience');
  });

  it('UPL-003 a file that is not .xls is refused in the browser', async () => {
    const page = new UploadPage('surveys');
    await page.open(REGION);
    await page.choose(page.writeXls([['x']], 'Edited.csv'));
    await expect($('[data-testid="upload-page-surveys"]')).toHaveText(expect.stringContaining('Please select an .xls file.'));
  });

  it('UPL-033 UPL-034 UPL-035 UPL-036 UPL-038 Grow: the template filled with the charts, an edited copy uploaded', async () => {
    const page = new UploadPage('mekkos');
    await page.open(REGION);
    await expect($('h1=Grow Upload')).toBeDisplayed();
    await expect(page.rules).toHaveText(expect.stringContaining('Rules for Bulk Uploader'));
    const t = await page.downloadTemplate();
    expect(t.name).toBe('GrowChart_Template.csv');
    const first = t.rows[1];
    const row = (attr: string, pct: unknown) => [...first.slice(0, 5), 'E2E tab', null, 'Loyalty', 1, attr, pct];
    await page.choose(page.writeXls([t.rows[0], row('Loyal', 70), row('Not loyal', 30), row('Bad', 'x')]));
    await page.waitForToast('Upload Complete');
    await expect(page.results).toHaveText(expect.stringContaining('Chart Name'));
    expect(await page.tableRows('results')).toBe(1);
    expect(await page.tableRows('errors')).toBe(1);
    const again = await page.downloadTemplate();
    expect(again.rows.some((r) => r[5] === 'E2E tab' && r[9] === 'Loyal' && r[10] === 70)).toBe(true);
  });

  it('UPL-033 UPL-034 UPL-036 UPL-037 Journeys: the template filled with the journeys, an edited copy uploaded', async () => {
    const page = new UploadPage('journeys');
    await page.open(REGION);
    await expect($('h1=Journeys Upload')).toBeDisplayed();
    const t = await page.downloadTemplate();
    expect(t.name).toBe('Journey_Template.csv');
    const j = t.rows[1];
    const row = (attr: string, value: unknown, pct: unknown) =>
      t.rows[0].map((_, i) => (i < 7 ? j[i] : i === 7 ? attr : i === 9 ? 'E2E' : i === 13 ? value : i === 14 ? pct : null));
    await page.choose(page.writeXls([t.rows[0], row('Price', null, 40), row('Quality', 3, 60)]));
    await page.waitForToast('Upload Complete');
    expect(await page.tableRows('results')).toBe(1);
    await expect(page.errors).toHaveText(expect.stringContaining("Use either 'Attribute Value' or 'Attribute Percent', not both."));
  });

  it("UPL-001 UPL-033 UPL-034 UPL-035 UPL-036 UPL-039 Explore: the template filled with each product's 'All Data' persona, an edited copy uploaded", async () => {
    const page = new UploadPage('personas');
    await page.open(REGION);
    await expect($('h1=Explore Upload')).toBeDisplayed();
    await expect(page.rules).toHaveText(expect.stringContaining("'All Data' persona"));
    const t = await page.downloadTemplate();
    expect(t.name).toBe('Persona_Template.csv');
    expect(t.rows[0]).toEqual(['Brand', 'Product', 'Tab Name', 'Demographic Category', 'Widget Position', 'Attribute Name', 'Attribute Percent']);
    const [brand, product] = t.rows[1];
    const row = (attr: string, pct: unknown) => [brand, product, 'E2E persona tab', 'Pets', 1, attr, pct];
    await page.choose(page.writeXls([t.rows[0], row('Dogs', 60), row('Cats', 40), row('Fish', 'lots')]));
    await page.waitForToast('Upload Complete');
    await expect(page.results).toHaveText(expect.stringContaining('Attribute'));
    expect(await page.tableRows('results')).toBe(2);
    expect(await page.tableRows('errors')).toBe(1);
    await expect(page.errors).toHaveText(expect.stringContaining('Attribute Percent must be a number between 0 and 100.'));
    const again = await page.downloadTemplate();
    expect(again.rows.filter((r) => r[2] === 'E2E persona tab').map((r) => [r[5], r[6]])).toEqual([
      ['Dogs', 60],
      ['Cats', 40],
    ]);
  });

  it('UPL-005 UPL-006 a file above the configured size (512 KB) is applied by a core job: its progress shows, then the results', async () => {
    const page = new UploadPage('surveys');
    await page.open(REGION);
    const t = await page.downloadTemplate();
    // Cells past the template's columns are not read: they make the file large without more rows.
    const pad = (i: number) => Array.from({ length: 150 }, (_, k) => `${i}.${k}`.padEnd(200, 'x'));
    const rows = [t.rows[0], ...Array.from({ length: 20 }, (_, i) => ['E2E large survey', `Question ${i}`, 'Yes', 50])];
    await page.choose(page.writeXls(rows.map((r, i) => [...r, ...pad(i)])));
    await expect(page.progress).toBeDisplayed();
    await page.waitForToast('Upload Complete');
    await expect(page.progress).not.toBeDisplayed();
    expect(await page.tableRows('results')).toBe(20);
  });
});
