import { renderInShell } from '@discovery/test-utils';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import enLocale from '../locales/en.json';
import { BRAND_MESSAGES } from '../../common';
import plugin from '../index';
import { ALL, brand, brandsServer, product } from '../testing/fixtures';

async function open(route: string, server = brandsServer()) {
  server.install();
  const r = await renderInShell([plugin], route);
  await screen.findByTestId('brands-admin-page');
  return { ...r, server };
}

const card = (name: string) => screen.getAllByTestId('brand-card').find((c) => c.getAttribute('data-brand') === name)!;
const productCard = (within_: HTMLElement, name: string) =>
  within(within_)
    .getAllByTestId('product-card')
    .find((c) => c.getAttribute('data-product') === name)!;

describe('Brand Management page', () => {
  beforeEach(() => localStorage.clear());

  it('BRAND-001 BRAND-004 BRAND-005 SHELL-053 {client}/brands/admin: header, hint, Client select, Region dropdown with All, count badge, Add Brand; selector disabled', async () => {
    await open('/acme/brands/admin');
    expect(screen.getByRole('heading', { name: 'Brand Management' })).toBeTruthy();
    expect(screen.getByText('After creating a brand and product, select a left navigation module to begin.')).toBeTruthy();
    const select = screen.getByTestId('client-select');
    expect((select.tagName === 'SELECT' ? (select as HTMLSelectElement) : select.querySelector('select')!).value).toBe('acme');
    expect(screen.getByTestId('region-dropdown').textContent).toBe('All');
    await waitFor(() => expect(screen.getByTestId('brands-count').textContent).toBe('3'));
    expect(screen.getByText('Brands')).toBeTruthy();
    expect((screen.getByTestId('add-brand') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('hierarchy-client') as HTMLButtonElement).disabled).toBe(true);
  });

  it('BRAND-001 BRAND-006 {client}/{region}/brands/admin shows the brands of that region; the dropdown searches and changes the route', async () => {
    await open('/acme/uk/brands/admin');
    expect(screen.getByTestId('region-dropdown').textContent).toBe('United Kingdom');
    await waitFor(() => expect(screen.getAllByTestId('brand-card').map((c) => c.getAttribute('data-brand'))).toEqual(['morning Brew']));
    expect(screen.getByTestId('brands-count').textContent).toBe('1');
    fireEvent.click(screen.getByTestId('region-dropdown'));
    fireEvent.change(await screen.findByTestId('region-search'), { target: { value: 'stat' } });
    expect(screen.queryByTestId('region-option-uk')).toBeNull();
    expect(screen.queryByTestId('region-option-*')).toBeNull();
    fireEvent.click(screen.getByTestId('region-option-us'));
    await waitFor(() => expect(screen.getByTestId('region-dropdown').textContent).toBe('United States'));
    await waitFor(() => expect(screen.getAllByTestId('brand-card').map((c) => c.getAttribute('data-brand'))).toEqual(['Fizz Cola', 'Peak Water']));
  });

  it("BRAND-002 BRAND-003 without brands.read the page is 'Missing Permissions'", async () => {
    const server = brandsServer({ permissions: { brands: { create: true, update: true, destroy: true }, products: ALL } });
    server.install();
    await renderInShell([plugin], '/acme/brands/admin');
    expect(await screen.findByRole('heading', { name: 'Missing Permissions' })).toBeTruthy();
    expect(screen.getByText("You don't have permissions to view this page.")).toBeTruthy();
    expect(screen.queryByTestId('brands-admin-page')).toBeNull();
    expect(server.calls.some((c) => c.url.startsWith('/api/v1/brands-admin'))).toBe(false);
  });

  it("BRAND-008 a client without brands shows 'No Brands'", async () => {
    await open('/globex/brands/admin', brandsServer({ brands: [] }));
    expect(await screen.findByRole('heading', { name: 'No Brands' })).toBeTruthy();
    expect(screen.getByText('There are no brands for this client. Please create one.')).toBeTruthy();
    expect(screen.getByTestId('brands-count').textContent).toBe('0');
  });

  it('BRAND-007 BRAND-011 BRAND-012 BRAND-013 BRAND-014 brand cards in view mode', async () => {
    await open('/acme/brands/admin');
    await waitFor(() =>
      expect(screen.getAllByTestId('brand-card').map((c) => c.getAttribute('data-brand'))).toEqual(['Fizz Cola', 'morning Brew', 'Peak Water']),
    );
    const fizz = card('Fizz Cola');
    const view = within(within(fizz).getByTestId('brand-view'));
    for (const label of ['Brand Name', 'Category', 'Regions', 'Company ID']) expect(view.getByText(label)).toBeTruthy();
    expect(view.getByTestId('brand-category').textContent).toBe('Soft Drinks');
    expect(view.getByTestId('brand-regions').textContent).toBe('United States');
    // BRAND-012: no own Company ID: the client's, muted.
    const inherited = view.getByTestId('brand-company-id');
    expect(inherited.textContent).toBe('1001');
    expect(inherited.className).toContain('bp6-text-muted');
    const own = within(card('Peak Water')).getByTestId('brand-company-id');
    expect(own.textContent).toBe('1200');
    expect(own.getAttribute('data-inherited')).toBe('false');
    expect(within(fizz).getByTestId('add-product').textContent).toBe('Add Product');
    expect(within(fizz).getByTestId('open-mapper').textContent).toBe('Open Segment Mapper');
    fireEvent.click(within(fizz).getByTestId('brand-menu-button'));
    const menu = await screen.findByTestId('brand-menu');
    expect(within(menu).getByText('Edit')).toBeTruthy();
    expect(within(menu).getByText('Delete')).toBeTruthy();
  });

  it('BRAND-014 no Open Segment Mapper without the client’s site-visitation module', async () => {
    await open('/globex/brands/admin', brandsServer({ brands: [brand(3, 'Globex Home', [product(4, 'Home Essentials', [3])])] }));
    await screen.findAllByTestId('brand-card');
    expect(screen.queryByTestId('open-mapper')).toBeNull();
  });

  it('BRAND-036 BRAND-037 BRAND-035 product cards: Company ID falls back brand -> client, muted; the last product cannot be deleted', async () => {
    await open('/acme/brands/admin');
    await screen.findAllByTestId('brand-card');
    fireEvent.click(within(card('Fizz Cola')).getByTestId('brand-toggle'));
    const classic = productCard(card('Fizz Cola'), 'Fizz Classic');
    expect(within(classic).getByText('Product Name')).toBeTruthy();
    expect(within(classic).getByTestId('product-company-id').textContent).toBe('1001');
    expect(within(classic).getByTestId('product-company-id').getAttribute('data-inherited')).toBe('true');
    const zero = productCard(card('Fizz Cola'), 'Fizz Zero');
    expect(within(zero).getByTestId('product-company-id').getAttribute('data-inherited')).toBe('false');
    expect(within(classic).getByTestId('product-edit').textContent).toBe('Edit');
    expect((within(classic).getByTestId('product-delete') as HTMLButtonElement).disabled).toBe(false);
    expect(within(classic).queryByTestId('product-slugs')).toBeNull();

    fireEvent.click(within(card('Peak Water')).getByTestId('brand-toggle'));
    const still = productCard(card('Peak Water'), 'Peak Still');
    expect(within(still).getByTestId('product-company-id').textContent).toBe('1200');
    expect(within(still).getByTestId('product-company-id').getAttribute('title')).toBe('Inherited from the brand');
    const del = within(still).getByTestId('product-delete') as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    fireEvent.mouseEnter(del.parentElement!);
    expect(await screen.findByText('Brands must have at least one product.')).toBeTruthy();
  });

  it('BRAND-010 BRAND-015 BRAND-017 BRAND-019 BRAND-020 BRAND-021 BRAND-028 BRAND-038 BRAND-040 BRAND-043: add, Apply, fill the products, Save', async () => {
    const { server } = await open('/acme/brands/admin');
    server.handle('POST /api/v1/brands-admin/brands', (body) => {
      const b = (body as { brand: { name: string; products_attributes: { name: string; region_ids: number[] }[] } }).brand;
      return {
        status: 201,
        body: {
          data: brand(
            9,
            b.name,
            b.products_attributes.map((p, i) => product(90 + i, p.name, p.region_ids)),
          ),
        },
      };
    });
    await screen.findAllByTestId('brand-card');
    fireEvent.click(screen.getByTestId('add-brand'));
    const fresh = screen.getAllByTestId('brand-card')[0];
    expect(within(fresh).getByTestId('not-saved').textContent).toBe('Not Saved');
    expect(fresh.getAttribute('data-mode')).toBe('edit');
    for (const label of ['Brand Name', 'Category', 'Regions', 'Company ID']) expect(within(fresh).getAllByText(label).length).toBeGreaterThan(0);
    expect(within(fresh).getByText('New Product')).toBeTruthy();
    expect((screen.getByTestId('add-brand') as HTMLButtonElement).disabled).toBe(true);
    const apply = within(fresh).getByTestId('brand-apply') as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.blur(within(fresh).getByTestId('brand-name-input'));
    expect(within(fresh).getByText('Brand name is required.')).toBeTruthy();
    fireEvent.change(within(fresh).getByTestId('brand-name-input'), { target: { value: 'Sunny Juice' } });
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    expect(fresh.getAttribute('data-mode')).toBe('view');
    // BRAND-020: a product is open, so Save shows; it waits for a valid product.
    const save = within(fresh).getByTestId('brand-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(within(fresh).getByText('Select at least one region.')).toBeTruthy();
    const p = within(fresh).getAllByTestId('product-card')[0];
    fireEvent.blur(within(p).getByTestId('product-name-input'));
    expect(within(p).getByText('Product name is required.')).toBeTruthy();
    fireEvent.change(within(p).getByTestId('product-name-input'), { target: { value: 'Sunny Orange' } });
    fireEvent.click(within(p).getByLabelText('United States'));
    expect(within(fresh).getByTestId('brand-regions').textContent).toBe('United States');
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Successfully created Sunny Juice and associated products.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('not-saved')).toBeNull());
    expect(server.calls.filter((c) => c.method === 'POST' && c.url === '/api/v1/brands-admin/brands')).toHaveLength(1);
    expect(screen.queryByTestId('brand-save')).toBeNull();
  });

  it('BRAND-041 BRAND-039 a repeated product name is refused in the form', async () => {
    await open('/acme/brands/admin');
    await screen.findAllByTestId('brand-card');
    fireEvent.click(within(card('Fizz Cola')).getByTestId('add-product'));
    const added = within(card('Fizz Cola')).getAllByTestId('product-card').at(-1)!;
    fireEvent.change(within(added).getByTestId('product-name-input'), { target: { value: 'fizz ZERO' } });
    expect(within(added).getByText('This product already exists.')).toBeTruthy();
    expect((within(card('Fizz Cola')).getByTestId('brand-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('BRAND-031 BRAND-032 Company ID inputs block e and minus, and say when an id is invalid', async () => {
    await open('/acme/brands/admin');
    await screen.findAllByTestId('brand-card');
    fireEvent.click(screen.getByTestId('add-brand'));
    const input = within(screen.getAllByTestId('brand-card')[0]).getByTestId('brand-company-input');
    expect(fireEvent.keyDown(input, { key: 'e' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '-' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '5' })).toBe(true);
    fireEvent.change(input, { target: { value: '0' } });
    expect(within(screen.getAllByTestId('brand-card')[0]).getByText('Please enter a valid ID')).toBeTruthy();
  });

  it('BRAND-038 BRAND-044 Edit Product, with one ID Environment Product Slug field per region in tier 3', async () => {
    await open('/acme/brands/admin', brandsServer({ tier: 3, permissions: { brands: ALL, products: ALL, id_env_product_slugs: ALL } }));
    await screen.findAllByTestId('brand-card');
    fireEvent.click(within(card('Fizz Cola')).getByTestId('brand-toggle'));
    const zero = productCard(card('Fizz Cola'), 'Fizz Zero');
    expect(within(zero).getByText('ID Environment Product Slugs')).toBeTruthy();
    fireEvent.click(within(zero).getByTestId('product-edit'));
    const edit = productCard(card('Fizz Cola'), 'Fizz Zero');
    expect(within(edit).getByText('Edit Product')).toBeTruthy();
    expect(within(edit).getByText('ID Environment Product Slug (United States)')).toBeTruthy();
    fireEvent.click(within(edit).getByLabelText('United Kingdom'));
    expect(within(edit).getByText('ID Environment Product Slug (United Kingdom)')).toBeTruthy();
    expect(within(edit).getByTestId('product-cancel').textContent).toBe('Cancel');
  });

  it('BRAND-016 Category suggests the client’s categories', async () => {
    await open('/acme/brands/admin');
    await screen.findAllByTestId('brand-card');
    fireEvent.click(screen.getByTestId('add-brand'));
    const input = within(screen.getAllByTestId('brand-card')[0]).getByTestId('brand-category-input') as HTMLInputElement;
    const list = document.getElementById(input.getAttribute('list')!)!;
    expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['Coffee', 'Soft Drinks', 'Water']);
  });

  it('BRAND-025 a brand delete asks with the brand name', async () => {
    await open('/acme/brands/admin');
    await screen.findAllByTestId('brand-card');
    fireEvent.click(within(card('Peak Water')).getByTestId('brand-menu-button'));
    fireEvent.click(await screen.findByTestId('brand-delete'));
    expect((await screen.findByTestId('confirm-text')).textContent).toBe('Delete Peak Water? This also deletes all of its products.');
  });

  it('BRAND-049 BRAND-051 BRAND-052 BRAND-054 the 650px Site Visit Segments Mapping overlay', async () => {
    const server = brandsServer().respond('POST /api/v1/segments/by_identifiers', {
      data: [
        {
          identifier: 'dmx-0001',
          name: '18-24',
          path: 'Demographix > Demographics > Age',
          count: { people: { global: 1 }, matched: 1, modeled: 1 },
          data_permissions: [],
          available: true,
        },
      ],
    });
    await open('/acme/brands/admin', server);
    await screen.findAllByTestId('brand-card');
    await act(async () => {
      fireEvent.click(within(card('Peak Water')).getByTestId('open-mapper'));
    });
    const pane = (await waitFor(() => document.querySelector('.bp6-drawer') ?? Promise.reject(new Error('no drawer')))) as HTMLElement;
    expect(within(pane).getByText('Site Visit Segments Mapping')).toBeTruthy();
    expect(pane.style.width).toBe('650px');
    const labels = ['Customer Site Visitors', 'Customer Site Non-Visitors', 'Non-Customer Site Visitors'];
    expect([...pane.querySelectorAll('label.bp6-label')].map((l) => l.textContent?.trim())).toEqual(labels);
    expect(within(pane).getAllByText('Select')).toHaveLength(3);
    expect(within(pane).getByLabelText('Clear Customer Site Visitors')).toBeTruthy();
    expect((within(pane).getByTestId('mapping-field-customer_site_visitors') as HTMLInputElement).readOnly).toBe(true);
    expect(await within(pane).findByText('Demographix > Demographics > Age > 18-24')).toBeTruthy();
    // BRAND-024: no toggling while the mapper is open.
    expect((within(card('Fizz Cola')).getByTestId('brand-toggle') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pane).getByLabelText('Clear Customer Site Visitors'));
    expect(within(pane).queryByTestId('mapping-label-customer_site_visitors')).toBeNull();
  });

  it('a user without brands.update sees the mapping read-only, told why: no Select, Clear or Save, no picker (issue 14 §4)', async () => {
    const server = brandsServer({ permissions: { brands: { read: true }, products: { read: true } } }).respond('POST /api/v1/segments/by_identifiers', {
      data: [
        {
          identifier: 'dmx-0001',
          name: '18-24',
          path: 'Demographix > Demographics > Age',
          count: { people: { global: 1 }, matched: 1, modeled: 1 },
          data_permissions: [],
          available: true,
        },
      ],
    });
    await open('/acme/brands/admin', server);
    await screen.findAllByTestId('brand-card');
    await act(async () => {
      fireEvent.click(within(card('Peak Water')).getByTestId('open-mapper'));
    });
    const pane = (await waitFor(() => document.querySelector('.bp6-drawer') ?? Promise.reject(new Error('no drawer')))) as HTMLElement;
    expect(within(pane).getByTestId('mapping-read-only').textContent).toBe('You can view this mapping. Changing it needs permission to update brands.');
    expect(await within(pane).findByText('Demographix > Demographics > Age > 18-24')).toBeTruthy();
    expect(within(pane).queryByText('Select')).toBeNull();
    expect(within(pane).queryByLabelText('Clear Customer Site Visitors')).toBeNull();
    expect(within(pane).queryByRole('button', { name: 'Save' })).toBeNull();
    // The read-only field does not open the picker either.
    fireEvent.click(within(pane).getByTestId('mapping-field-customer_site_non_visitors'));
    expect(screen.queryByText('Choose a segment: Customer Site Non-Visitors')).toBeNull();
    expect(within(pane).getByTestId('mapping-cancel').textContent).toBe('Close');
    fireEvent.click(within(pane).getByTestId('mapping-cancel'));
    await waitFor(() => expect(document.querySelector('.bp6-drawer')).toBeNull());
  });

  it('every validation message of the locale is the shared one the server sends', () => {
    expect(enLocale.validation).toEqual(BRAND_MESSAGES);
  });
});
