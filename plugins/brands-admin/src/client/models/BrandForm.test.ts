import { brand, product } from '../testing/fixtures';
import { BrandForm } from './BrandForm';

const saved = () =>
  brand(1, 'Fizz Cola', [product(1, 'Fizz Classic', [1]), product(2, 'Fizz Zero', [1, 2], 1101)], { category: 'Soft Drinks', conversant_company_id: 500 });

describe('BrandForm', () => {
  it('BRAND-017 BRAND-018 a new brand has no id; cards toggle between closed and open', () => {
    const b = new BrandForm(null);
    expect(b.isNew).toBe(true);
    expect(b.id).toBeNull();
    const s = new BrandForm(saved());
    expect(s.isNew).toBe(false);
    expect(s.open).toBe(false);
    s.edit();
    expect(s.open).toBe(true);
    s.products[0].edit();
    expect(s.products[0].open).toBe(true);
  });

  it('BRAND-015 the regions are the union of the products’ regions', () => {
    const b = new BrandForm(saved());
    expect(b.regionIds.sort()).toEqual([1, 2]);
    b.products[1].toggleRegion(2);
    expect(b.regionIds).toEqual([1]);
  });

  it('BRAND-019 Apply closes the brand edit and opens all its products, without saving', () => {
    const b = new BrandForm(saved());
    b.edit();
    b.setName('Fizz Cola Co');
    b.apply();
    expect(b.open).toBe(false);
    expect(b.products.every((p) => p.open)).toBe(true);
    expect(b.saved!.name).toBe('Fizz Cola');
    expect(b.name).toBe('Fizz Cola Co');
  });

  it('BRAND-033 Apply is disabled with an empty name or a filled invalid Company ID', () => {
    const b = new BrandForm(saved());
    b.edit();
    b.setName(' ');
    expect(b.canApply).toBe(false);
    b.apply();
    expect(b.open).toBe(true);
    b.setName('Fizz');
    b.setCompanyId('0');
    expect(b.canApply).toBe(false);
    b.setCompanyId('');
    expect(b.canApply).toBe(true);
  });

  it('BRAND-034 Save is disabled for an invalid brand, a product with no region, repeated names, an invalid id, or a save in flight', () => {
    const b = new BrandForm(saved());
    expect(b.canSave).toBe(true);
    b.setName('');
    expect(b.canSave).toBe(false);
    b.setName('Fizz');
    b.products[0].toggleRegion(1);
    expect(b.canSave).toBe(false);
    b.products[0].toggleRegion(1);
    b.products[1].setName(' FIZZ classic');
    expect(b.canSave).toBe(false);
    b.products[1].setName('Fizz Zero');
    b.products[1].setCompanyId('2147483648');
    expect(b.canSave).toBe(false);
    b.products[1].setCompanyId('');
    b.setCompanyId('1.5');
    expect(b.canSave).toBe(false);
    b.setCompanyId('7');
    b.submitting = true;
    expect(b.canSave).toBe(false);
    b.submitting = false;
    expect(b.canSave).toBe(true);
  });

  it('BRAND-022 Cancel restores the last saved values', () => {
    const b = new BrandForm(saved());
    b.edit();
    b.setName('Other');
    b.setCategory('Other');
    b.setCompanyId('9');
    b.cancel();
    expect([b.open, b.name, b.category, b.companyId]).toEqual([false, 'Fizz Cola', 'Soft Drinks', '500']);
    const p = b.products[1];
    p.edit();
    p.setName('Changed');
    p.toggleRegion(2);
    p.cancel();
    expect([p.open, p.name, p.regionIds]).toEqual([false, 'Fizz Zero', [1, 2]]);
  });

  it('BRAND-024 the product list toggles only when the brand is closed and the mapper is not open', () => {
    const b = new BrandForm(saved());
    b.toggleExpanded(false);
    expect(b.expanded).toBe(true);
    b.toggleExpanded(true);
    expect(b.expanded).toBe(true);
    b.edit();
    expect(b.canToggle(false)).toBe(false);
    b.toggleExpanded(false);
    expect(b.expanded).toBe(true);
  });

  it('BRAND-039 Add Product appends an open product', () => {
    const b = new BrandForm(saved());
    const p = b.addProduct();
    expect(b.products[b.products.length - 1]).toBe(p);
    expect(p.open && p.isNew).toBe(true);
    expect(b.expanded).toBe(true);
  });

  it('BRAND-035 the last product cannot be deleted; a saved one is the last when no other saved product remains', () => {
    const one = new BrandForm(brand(3, 'Solo', [product(9, 'Only', [1])]));
    expect(one.canDeleteProduct(one.products[0])).toBe(false);
    const added = one.addProduct();
    expect(one.canDeleteProduct(added)).toBe(true);
    expect(one.canDeleteProduct(one.products[0])).toBe(false);
    const two = new BrandForm(saved());
    expect(two.canDeleteProduct(two.products[0])).toBe(true);
  });

  it('BRAND-023 BRAND-045 the payload: the brand and its products, region entries, _destroy for a dropped saved region', () => {
    const b = new BrandForm(saved());
    const zero = b.products[1];
    zero.toggleRegion(2);
    const fresh = b.addProduct();
    fresh.setName(' Fizz Lime ');
    fresh.toggleRegion(2);
    fresh.setCompanyId('77');
    const body = b.payload(1, false);
    expect(body.brand).toEqual(
      expect.objectContaining({
        id: 1,
        name: 'Fizz Cola',
        category: 'Soft Drinks',
        conversant_company_id: 500,
        client_id: 1,
        site_visit_segment_mapping: null,
      }),
    );
    const [classic, z, lime] = body.brand.products_attributes!;
    expect(classic).toEqual(expect.objectContaining({ id: 1, name: 'Fizz Classic', brand_id: 1, region_ids: [1] }));
    expect(z.region_ids).toEqual([1]);
    expect(z.product_regions_attributes).toEqual([
      { id: 20, region_id: 1, product_id: 2 },
      { id: 21, region_id: 2, product_id: 2, _destroy: true },
    ]);
    expect(lime).toEqual({
      id: null,
      name: 'Fizz Lime',
      conversant_company_id: 77,
      brand_id: 1,
      region_ids: [2],
      product_regions_attributes: [{ region_id: 2, product_id: null }],
    });
  });

  it('BRAND-044 BRAND-045 slugs travel only when the user may set them', () => {
    const b = new BrandForm(saved());
    b.products[0].setSlug(1, ' classic-env ');
    expect(b.payload(1, true).brand.products_attributes![0].product_regions_attributes).toEqual([
      { id: 10, region_id: 1, product_id: 1, id_env_product_slug: 'classic-env' },
    ]);
    expect(b.payload(1, false).brand.products_attributes![0].product_regions_attributes![0]).not.toHaveProperty('id_env_product_slug');
  });

  it('BRAND-021 after a save everything closes and shows the stored values; new products get their ids', () => {
    const b = new BrandForm(null);
    b.edit();
    b.setName('New');
    const p = b.addProduct();
    p.setName('First');
    p.toggleRegion(1);
    b.markSaved(brand(8, 'New', [product(80, 'First', [1])]));
    expect(b.isNew).toBe(false);
    expect(b.open).toBe(false);
    expect(b.products).toHaveLength(1);
    expect(b.products[0]).toBe(p);
    expect(p.id).toBe(80);
    expect(p.open).toBe(false);
  });
});
