import {
  contextChangeMessage,
  frameOrigin,
  hiddenUnit,
  iframeUnitGuard,
  isHttpUrl,
  isTokenRequestFromFrame,
  navUnitGroups,
  newUnitBody,
  reorderedPriorities,
  UnitInputSchema,
  unitVisibleInNav,
  type NavContext,
  type ToolboxUnitDto,
} from './index';
import { toolboxUnit } from './testing/units';

const unit = (over: Partial<ToolboxUnitDto> = {}): ToolboxUnitDto => toolboxUnit({ name: 'App', ...over });
const US = 1;
const UK = 2;
const ctx = (over: Partial<NavContext> = {}): NavContext => ({ regionId: US, productSelected: true, applicationsEnabled: true, ...over });

describe('toolbox navigation rule', () => {
  it('TBX-001 a unit shows only with status true', () => {
    expect(unitVisibleInNav(unit(), ctx())).toBe(true);
    expect(unitVisibleInNav(unit({ status: false }), ctx())).toBe(false);
  });

  it("TBX-001 region_ids must contain 'all' or the current region", () => {
    expect(unitVisibleInNav(unit({ region_ids: ['all'] }), ctx({ regionId: UK }))).toBe(true);
    expect(unitVisibleInNav(unit({ region_ids: [UK] }), ctx({ regionId: UK }))).toBe(true);
    expect(unitVisibleInNav(unit({ region_ids: [UK] }), ctx({ regionId: US }))).toBe(false);
    expect(unitVisibleInNav(unit({ region_ids: [US, UK] }), ctx({ regionId: US }))).toBe(true);
    // no region selected: only 'all'
    expect(unitVisibleInNav(unit({ region_ids: [UK] }), ctx({ regionId: null }))).toBe(false);
    expect(unitVisibleInNav(unit({ region_ids: ['all'] }), ctx({ regionId: null }))).toBe(true);
  });

  it('TBX-001 with use_client_hierarchy a product must be selected', () => {
    expect(unitVisibleInNav(unit({ use_client_hierarchy: true }), ctx({ productSelected: false }))).toBe(false);
    expect(unitVisibleInNav(unit({ use_client_hierarchy: true }), ctx({ productSelected: true }))).toBe(true);
    expect(unitVisibleInNav(unit({ use_client_hierarchy: false }), ctx({ productSelected: false }))).toBe(true);
  });

  it("TBX-013 without the 'applications' flag iframed units are hidden, links stay", () => {
    expect(unitVisibleInNav(unit({ iframed: true }), ctx({ applicationsEnabled: false }))).toBe(false);
    expect(unitVisibleInNav(unit({ iframed: false }), ctx({ applicationsEnabled: false }))).toBe(true);
  });

  it('TBX-004 groups units under feature_module_category in the fixed order, by category priority then name', () => {
    const units = [
      unit({ id: 1, name: 'zeta', feature_module_category: 'toolbox', category_priority: 1 }),
      unit({ id: 2, name: 'Alpha', feature_module_category: 'toolbox', category_priority: 2 }),
      unit({ id: 3, name: 'beta', feature_module_category: 'toolbox', category_priority: 1 }),
      unit({ id: 4, name: 'Aardvark', feature_module_category: 'toolbox', category_priority: null }),
      unit({ id: 5, name: 'Plan it', feature_module_category: 'plans', category_priority: 0 }),
      unit({ id: 6, name: 'Gone', feature_module_category: 'insights', status: false }),
    ];
    const groups = navUnitGroups(units, ctx());
    expect(groups.map((g) => [g.category, g.units.map((u) => u.name)])).toEqual([
      ['plans', ['Plan it']],
      ['toolbox', ['beta', 'zeta', 'Alpha', 'Aardvark']],
    ]);
  });
});

describe('iframe-unit guard', () => {
  const units = [
    unit({ name: 'Embedded', region_ids: ['all'] }),
    unit({ name: 'UK Only', region_ids: [UK] }),
    unit({ name: 'Link', iframed: false }),
    unit({ name: 'Other Client', client_slug: 'globex' }),
    unit({ name: 'Hidden', status: false }),
  ];
  const input = (unitName: string, over: Partial<Parameters<typeof iframeUnitGuard>[0]> = {}) => ({
    clientSlug: 'acme',
    unitName,
    regionId: US,
    units,
    applicationsEnabled: true,
    ...over,
  });

  it("TBX-015 allows an iframed unit of the route's client whose regions include 'all' or the current region", () => {
    expect(iframeUnitGuard(input('Embedded'))?.name).toBe('Embedded');
    expect(iframeUnitGuard(input('UK Only', { regionId: UK }))?.name).toBe('UK Only');
  });

  it('TBX-015 refuses (redirect home) a unit not iframed, of another client, of another region, unknown or hidden', () => {
    expect(iframeUnitGuard(input('Link'))).toBeNull();
    expect(iframeUnitGuard(input('Other Client'))).toBeNull();
    expect(iframeUnitGuard(input('UK Only', { regionId: US }))).toBeNull();
    expect(iframeUnitGuard(input('Nope'))).toBeNull();
    expect(iframeUnitGuard(input('Hidden'))).toBeNull();
    expect(iframeUnitGuard(input('embedded'))).toBeNull();
    expect(iframeUnitGuard(input('Embedded', { clientSlug: 'globex' }))).toBeNull();
  });

  it("TBX-013 refuses every unit without the client's 'applications' flag", () => {
    expect(iframeUnitGuard(input('Embedded', { applicationsEnabled: false }))).toBeNull();
  });
});

describe('unit transitions and category order', () => {
  it('TBX-007 a new unit is sent with status true and no id', () => {
    const body = newUnitBody({ id: 12, name: 'X', status: false });
    expect(body).toEqual({ name: 'X', status: true });
    expect('id' in body).toBe(false);
  });

  it('TBX-008 hiding sets status false, clears the category and sets iframed false', () => {
    expect(hiddenUnit(unit({ status: true, category_id: 4, iframed: true }))).toMatchObject({ status: false, category_id: null, iframed: false, name: 'App' });
  });

  it('TBX-011 moving a category renumbers every priority in the new order', () => {
    const cats = [
      { id: 10, name: 'A', priority: 0 },
      { id: 11, name: 'B', priority: 1 },
      { id: 12, name: 'C', priority: 2 },
    ];
    expect(reorderedPriorities(cats, 2, 0)).toEqual([
      { id: 12, priority: 0 },
      { id: 10, priority: 1 },
      { id: 11, priority: 2 },
    ]);
    expect(reorderedPriorities(cats, 0, 1)).toEqual([
      { id: 11, priority: 0 },
      { id: 10, priority: 1 },
      { id: 12, priority: 2 },
    ]);
  });
});

describe('unit url and frame messages', () => {
  it('accepts only absolute http and https addresses', () => {
    expect(['https://a.example.com/x?y=1', 'http://127.0.0.1:3001/toolbox-demo/'].every(isHttpUrl)).toBe(true);
    expect(['javascript:alert(1)', 'ftp://a.example.com', 'data:text/html,x', '/relative', 'example.com', '', 'https://'].some(isHttpUrl)).toBe(false);
    const r = UnitInputSchema.safeParse({ name: 'X', region_ids: ['all'], feature_module_category: 'toolbox', url: 'javascript:alert(1)' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Enter a full address starting with http:// or https://.');
  });

  it('the frame origin is the origin of the unit url', () => {
    expect(frameOrigin('https://app.example.com:8443/a/b?c')).toBe('https://app.example.com:8443');
    expect(frameOrigin('not a url')).toBeNull();
  });

  it("TBX-020 a 'request-sso-token' is accepted only from the frame's own origin", () => {
    const url = 'https://app.example.com/start';
    expect(isTokenRequestFromFrame({ origin: 'https://app.example.com', data: { type: 'request-sso-token' } }, url)).toBe(true);
    expect(isTokenRequestFromFrame({ origin: 'https://app.example.com', data: 'request-sso-token' }, url)).toBe(true);
    expect(isTokenRequestFromFrame({ origin: 'https://evil.example.com', data: { type: 'request-sso-token' } }, url)).toBe(false);
    expect(isTokenRequestFromFrame({ origin: 'http://app.example.com', data: { type: 'request-sso-token' } }, url)).toBe(false);
    expect(isTokenRequestFromFrame({ origin: 'https://app.example.com:444', data: { type: 'request-sso-token' } }, url)).toBe(false);
    expect(isTokenRequestFromFrame({ origin: 'https://app.example.com', data: { type: 'something-else' } }, url)).toBe(false);
  });

  it('TBX-021 the context-change message carries the four slugs', () => {
    expect(contextChangeMessage({ client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' })).toEqual({
      type: 'context-change',
      clientSlug: 'acme',
      regionSlug: 'us',
      brandSlug: 'fizz-cola',
      productSlug: 'fizz-zero',
    });
    expect(contextChangeMessage({ client: 'acme', region: 'uk' })).toMatchObject({ brandSlug: null, productSlug: null });
  });
});
