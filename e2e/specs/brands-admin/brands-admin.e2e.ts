import { BrandsAdminPage } from '../../pageobjects/brands-admin/BrandsAdminPage';
import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { clickWhenSettled, Shell } from '../../pageobjects/shell/Shell';

const page = new BrandsAdminPage();
const shell = new Shell();
// Products only in the UK and a name that sorts last, so the other suites' default homes stay as they are.
const BRAND = 'Zephyr Juice';

describe('brands-admin: Brand Management', () => {
  before(async () => {
    await new LoginPage().loginAs('admin@example.com');
  });

  it('BRAND-004 BRAND-005 SHELL-053 shows the header, the toolbar and a disabled hierarchy selector', async () => {
    await page.open('/acme/brands/admin');
    await expect($('h1=Brand Management')).toBeDisplayed();
    await expect(page.root).toHaveText(expect.stringContaining('After creating a brand and product, select a left navigation module to begin.'));
    await expect($('[data-testid="region-dropdown"]')).toHaveText('All');
    await expect(page.count).toHaveText('3');
    await expect(shell.selector('client')).toBeDisabled();
  });

  it('BRAND-010 BRAND-019 BRAND-021 BRAND-028 creates a brand with two products: Apply, then Save', async () => {
    await clickWhenSettled(
      () => page.addBrandButton,
      async () => page.newCard.isExisting(),
    );
    const card = page.newCard;
    await expect(card.$('[data-testid="not-saved"]')).toHaveText('Not Saved');
    await card.$('[data-testid="brand-name-input"]').setValue(BRAND);
    await card.$('[data-testid="brand-category-input"]').setValue('Juice');
    await clickWhenSettled(
      () => card.$('[data-testid="brand-apply"]'),
      async () => (await card.getAttribute('data-mode')) === 'view',
    );
    await page.fillProduct(card, 0, 'Zephyr Orange', ['United Kingdom']);
    await clickWhenSettled(
      () => card.$('[data-testid="add-product"]'),
      async () => (await card.$$('[data-testid="product-card"]').length) === 2,
    );
    await page.fillProduct(card, 1, 'Zephyr Apple', ['United Kingdom']);
    await expect(card.$('[data-testid="brand-save"]')).toBeEnabled();
    await clickWhenSettled(
      () => card.$('[data-testid="brand-save"]'),
      async () => page.card(BRAND).isExisting(),
    );
    await page.waitForToast(`Successfully created ${BRAND} and associated products.`);
    const saved = page.card(BRAND);
    await expect(saved.$('[data-testid="not-saved"]')).not.toBeExisting();
    await expect(saved.$('[data-testid="brand-regions"]')).toHaveText('United Kingdom');
    await expect(page.count).toHaveText('4');
  });

  it('BRAND-021 the refetched hierarchy has the brand in the selector', async () => {
    // In-app navigation: the tree the selector shows is the one refetched after the save.
    await clickWhenSettled(
      () => $('[data-testid^="nav-item-home"]'),
      async () => !(await browser.getUrl()).includes('/brands/admin'),
    );
    await shell.waitForShell();
    await shell.choose('region', 'United Kingdom');
    await browser.waitUntil(async () => (await browser.getUrl()).includes('/acme/uk/'));
    await shell.choose('brand', BRAND);
    await browser.waitUntil(async () => (await browser.getUrl()).endsWith('/acme/uk/zephyr-juice/zephyr-apple/home'), {
      timeoutMsg: 'the new brand did not open from the selector',
    });
    await expect(shell.selector('brand')).toHaveText(BRAND);
  });

  it('BRAND-049 BRAND-053 BRAND-054 BRAND-056 maps a site-visit segment', async () => {
    await page.waitForSegments();
    await page.open('/acme/brands/admin');
    const card = page.card(BRAND);
    await clickWhenSettled(
      () => card.$('[data-testid="open-mapper"]'),
      async () => page.mapper.isDisplayed(),
    );
    expect(await page.mapper.getSize('width')).toBe(650);
    await expect(page.mapper).toHaveText(expect.stringContaining('Customer Site Non-Visitors'));
    await clickWhenSettled(
      () => page.mapper.$('[data-testid="mapping-select-customer_site_visitors"]'),
      async () => $('[data-testid="picker-search"]').isDisplayed(),
    );
    await $('[data-testid="picker-search"]').setValue('Demographix');
    const first = $('[data-testid="picker-results"] label');
    await first.waitForDisplayed({ timeout: 15000 });
    const name = (await first.$('strong').getText()).trim();
    await clickWhenSettled(
      () => $('[data-testid="picker-results"] label'),
      async () => $('[data-testid="picker-confirm"]').isEnabled(),
    );
    await clickWhenSettled(
      () => $('[data-testid="picker-confirm"]'),
      async () => !(await $('[data-testid="picker-search"]').isDisplayed()),
    );
    await expect(page.mapper.$('[data-testid="mapping-field-customer_site_visitors"]')).toHaveValue(name);
    await expect(page.mapper.$('[data-testid="mapping-label-customer_site_visitors"]')).toHaveText(expect.stringContaining(`Demographix > `));
    await clickWhenSettled(
      () => page.mapper.$('[data-testid="mapping-save"]'),
      async () => !(await page.mapper.isDisplayed()),
    );
    await page.waitForToast(`Successfully updated ${BRAND} with segment mapping information.`);
    // Stored: a fresh page shows it with its path.
    await page.open('/acme/brands/admin');
    await clickWhenSettled(
      () => page.card(BRAND).$('[data-testid="open-mapper"]'),
      async () => page.mapper.isDisplayed(),
    );
    await expect(page.mapper.$('[data-testid="mapping-field-customer_site_visitors"]')).toHaveValue(name);
    await expect(page.mapper.$('[data-testid="mapping-label-customer_site_visitors"]')).toHaveText(expect.stringContaining(`> ${name}`));
    await clickWhenSettled(
      () => page.mapper.$('[data-testid="mapping-cancel"]'),
      async () => !(await page.mapper.isDisplayed()),
    );
  });

  it('BRAND-046 BRAND-047 deletes a product after confirmation', async () => {
    const card = page.card(BRAND);
    await clickWhenSettled(
      () => card.$('[data-testid="brand-toggle"]'),
      async () => card.$('[data-testid="product-list"]').isDisplayed(),
    );
    await clickWhenSettled(
      () => page.product(card, 'Zephyr Orange').$('[data-testid="product-delete"]'),
      async () => $('.bp6-alert').isDisplayed(),
    );
    await page.confirmDelete('Delete Zephyr Orange?');
    await page.waitForToast('Zephyr Orange deleted successfully.');
    await browser.waitUntil(async () => (await card.$$('[data-testid="product-card"]').length) === 1);
  });

  it('BRAND-035 cannot delete the last product: the button is disabled and says why', async () => {
    const card = page.card(BRAND);
    const del = page.product(card, 'Zephyr Apple').$('[data-testid="product-delete"]');
    await expect(del).toBeDisabled();
    await del.parentElement().moveTo();
    await browser.waitUntil(
      async () =>
        (await $('.bp6-tooltip')
          .isDisplayed()
          .catch(() => false)) && (await $('.bp6-tooltip').getText()).includes('Brands must have at least one product.'),
      {
        timeoutMsg: 'no tooltip on the last product',
      },
    );
  });

  it('BRAND-025 BRAND-026 deletes the brand after confirmation', async () => {
    await page.openMenu(page.card(BRAND), 'brand-delete');
    await page.confirmDelete(`Delete ${BRAND}? This also deletes all of its products.`);
    await page.waitForToast(`${BRAND} deleted successfully.`);
    await expect(page.card(BRAND)).not.toBeExisting();
    await expect(page.count).toHaveText('3');
  });
});
