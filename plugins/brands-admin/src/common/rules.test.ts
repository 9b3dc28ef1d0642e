import {
  BRAND_MESSAGES,
  brandViolations,
  BrandBodySchema,
  clearMappingSlot,
  COMPANY_ID_MAX,
  duplicateNameIndexes,
  effectiveCompanyId,
  hasViolations,
  isBlockedCompanyIdKey,
  MAPPING_SLOTS,
  normalizeMapping,
  parseCompanyId,
  productViolations,
  setMappingSlot,
} from './index';

const p = (name: string, regionIds: number[] = [1], companyId: string | number | null = '') => ({ name, regionIds, companyId });

describe('Brand Management rules (000 §5)', () => {
  it('BRAND-030 a brand needs a name', () => {
    expect(brandViolations({ name: '  ', products: [p('A')] }).name).toBe('brandNameRequired');
    expect(brandViolations({ name: 'Fizz', products: [p('A')] }).name).toBeUndefined();
    expect(BRAND_MESSAGES.brandNameRequired).toBe('Brand name is required.');
  });

  it('BRAND-031 BRAND-042 A-13 a Company ID is optional, else an integer in 1..2147483647', () => {
    expect(parseCompanyId('')).toEqual({ kind: 'empty' });
    expect(parseCompanyId('  ')).toEqual({ kind: 'empty' });
    expect(parseCompanyId(null)).toEqual({ kind: 'empty' });
    expect(parseCompanyId('1')).toEqual({ kind: 'valid', value: 1 });
    expect(parseCompanyId(String(COMPANY_ID_MAX))).toEqual({ kind: 'valid', value: 2147483647 });
    for (const bad of ['0', '2147483648', '1.5', '-3', '1e3', 'abc', '12 3']) expect(parseCompanyId(bad)).toEqual({ kind: 'invalid' });
    expect(brandViolations({ name: 'X', companyId: '0', products: [p('A')] }).companyId).toBe('invalidId');
    expect(productViolations([p('A', [1], '1.5')])[0].companyId).toBe('invalidId');
    expect(BRAND_MESSAGES.invalidId).toBe('Please enter a valid ID');
  });

  it('BRAND-032 the Company ID inputs refuse the letter e and the minus sign', () => {
    expect(['e', 'E', '-'].map(isBlockedCompanyIdKey)).toEqual([true, true, true]);
    expect(['1', '0', 'Backspace', 'ArrowLeft', 'Tab'].some(isBlockedCompanyIdKey)).toBe(false);
  });

  it('BRAND-040 a product needs a name', () => {
    expect(productViolations([p(' ')])[0].name).toBe('productNameRequired');
    expect(BRAND_MESSAGES.productNameRequired).toBe('Product name is required.');
  });

  it('BRAND-041 product names are unique in the brand, case-insensitively and trimmed; the repeat is flagged', () => {
    expect([...duplicateNameIndexes(['Zero', 'Classic', ' zero ', 'ZERO', ''])]).toEqual([2, 3]);
    const v = productViolations([p('Zero'), p('zero')]);
    expect(v[0].name).toBeUndefined();
    expect(v[1].name).toBe('productExists');
    expect(BRAND_MESSAGES.productExists).toBe('This product already exists.');
  });

  it('BRAND-043 each product needs a region', () => {
    expect(productViolations([p('A', [])])[0].regions).toBe('regionRequired');
    expect(BRAND_MESSAGES.regionRequired).toBe('Select at least one region.');
  });

  it('BRAND-035 a brand keeps at least one product', () => {
    expect(brandViolations({ name: 'X', products: [] }).products).toBe('lastProduct');
    expect(BRAND_MESSAGES.lastProduct).toBe('Brands must have at least one product.');
  });

  it('BRAND-034 a brand with valid fields and products has no violations', () => {
    expect(hasViolations(brandViolations({ name: 'Fizz', companyId: '12', products: [p('Zero', [1, 2], '9'), p('Classic')] }))).toBe(false);
    expect(hasViolations(brandViolations({ name: 'Fizz', products: [p('Zero'), p('Zero ')] }))).toBe(true);
  });

  it('BRAND-012 BRAND-037 the shown Company ID falls back product -> brand -> client, inherited when not its own', () => {
    expect(effectiveCompanyId(5, 6, 7)).toEqual({ value: 5, inherited: false });
    expect(effectiveCompanyId(null, 6, 7)).toEqual({ value: 6, inherited: true });
    expect(effectiveCompanyId(null, null, 7)).toEqual({ value: 7, inherited: true });
    expect(effectiveCompanyId(null, null, null)).toEqual({ value: null, inherited: false });
  });
});

describe('site-visit segment mapping (BRAND-051, BRAND-055, SRV-037)', () => {
  const seg = (id: string) => ({ identifier: id, name: `Segment ${id}`, path: 'ignored' });

  it('BRAND-051 has three slots in order', () => {
    expect(MAPPING_SLOTS).toEqual(['customer_site_visitors', 'customer_site_non_visitors', 'non_customer_site_visitors']);
  });

  it('BRAND-055 a set key holds identifier and name; clearing removes it; none left is null', () => {
    let m = setMappingSlot(null, 'customer_site_visitors', seg('a'));
    expect(m).toEqual({ customer_site_visitors: { identifier: 'a', name: 'Segment a' } });
    m = setMappingSlot(m, 'non_customer_site_visitors', seg('b'));
    const cleared = clearMappingSlot(m, 'customer_site_visitors');
    expect(cleared).toEqual({ non_customer_site_visitors: { identifier: 'b', name: 'Segment b' } });
    expect(Object.keys(cleared!)).not.toContain('customer_site_visitors');
    expect(clearMappingSlot(cleared, 'non_customer_site_visitors')).toBeNull();
    expect(normalizeMapping({})).toBeNull();
  });

  it('SRV-037 the body schema normalises an empty mapping to null and refuses other keys', () => {
    const parse = (m: unknown) => BrandBodySchema.safeParse({ brand: { name: 'X', site_visit_segment_mapping: m } });
    const empty = parse({});
    expect(empty.success && empty.data.brand.site_visit_segment_mapping).toBeNull();
    expect(parse({ other: { identifier: 'a', name: 'A' } }).success).toBe(false);
    const absent = BrandBodySchema.parse({ brand: { name: 'X' } });
    expect(absent.brand.site_visit_segment_mapping).toBeUndefined();
  });
});
