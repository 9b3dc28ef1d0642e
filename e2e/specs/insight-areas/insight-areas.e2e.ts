import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { AreaPage, apiFromBrowser } from '../../pageobjects/insight-areas/AreaPage';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const GLOBEX = 'globex/de/globex-home/home-essentials';

describe('insight areas', () => {
  before(async () => {
    await new LoginPage().loginAs('admin@example.com');
  });

  const areas: [string, string][] = [
    ['customer-value', ACME],
    ['site-visitation', ACME],
    ['buyer-retention', ACME],
    ['best-customer', GLOBEX],
    ['customer-attrition', GLOBEX],
  ];
  for (const [area, context] of areas) {
    it(`EXP-049 opens ${area} from the nav: summary, chart and segments with counts`, async () => {
      await browser.url(`/${context}/home`);
      const page = new AreaPage(area);
      await page.openFromNav();
      await expect(page.summary).toBeDisplayed();
      await expect(page.chart).toBeDisplayed();
      expect((await page.rows.length) > 0).toBe(true);
    });
  }

  it('EXP-049 DESIGN creates an audience from a selected segment: the builder opens with it', async () => {
    await browser.url(`/${ACME}/insights/customer-value`);
    const page = new AreaPage('customer-value');
    await page.root.waitForDisplayed({ timeout: 20000 });
    await $('[data-testid="area-segments"] tbody tr').waitForDisplayed({ timeout: 20000 });
    await page.selectRow(0);
    await page.saveAudience.click();
    await browser.waitUntil(async () => (await browser.getUrl()).includes('/audiences/builder'), { timeout: 15000 });
    await expect($('[data-testid="builder-name"]')).toHaveValue('Tier 1 (top 5%)');
  });

  it('SHELL-006 Best Customer is in the nav for a brand with data and leaves it for a brand without', async () => {
    // A Globex brand the population has no customers of.
    const tree = await apiFromBrowser<{ data: { id: number; slug: string; regions: { id: number; slug: string }[] }[] }>('GET', '/api/v1/hierarchy', null);
    const globex = tree.body.data.find((c) => c.slug === 'globex')!;
    const de = globex.regions.find((r) => r.slug === 'de')!;
    const name = `No Data ${Date.now()}`;
    const created = await apiFromBrowser<unknown>('POST', '/api/v1/brands-admin/brands', 'globex', {
      brand: { name, category: 'Test', client_id: globex.id, products_attributes: [{ name: 'Nothing', region_ids: [de.id] }] },
    });
    expect(created.status).toBe(201);
    const best = new AreaPage('best-customer');
    await browser.url(`/${GLOBEX}/home`);
    await best.navItem.waitForDisplayed({ timeout: 20000 });
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await browser.url(`/globex/de/${slug}/nothing/home`);
    await $('nav[data-testid="left-nav"]').waitForDisplayed({ timeout: 20000 });
    await browser.waitUntil(async () => !(await best.navItem.isExisting()), { timeout: 15000, timeoutMsg: 'Best Customer stayed in the nav' });
    // Back to a brand with data: the entry is there again.
    await browser.url(`/${GLOBEX}/home`);
    await best.navItem.waitForDisplayed({ timeout: 20000 });
  });
});
