import { ApiClient } from '@discovery/platform';
import type { SessionSnapshot } from '@discovery/plugin-api';
import { FakeServer, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { areaEndpointsById, type AreaSegmentsDto } from '../common';
import plugin, { canOpenArea, showAreaInNav } from './index';
import { areaCards } from './module';
import { AreaStore } from './stores/AreaStore';

const PRODUCT = '/acme/us/fizz-cola/fizz-zero';
const read = { read: true };
const AREA_PERMISSIONS = { customer_value: read, site_visitation: read, best_customer: read, customer_attrition: read, buyer_retention: read };
const FLAGS = { customer_value: true, site_visitation: true, best_customer: true, customer_attrition: true, buyer_retention: true };

const segments = (over: Partial<AreaSegmentsDto> = {}): AreaSegmentsDto => ({
  count: 2,
  base: { region: 'acme/us', kind: 'matched', population: 1000, filtered: 1000 },
  customers: { identifier: 'sl-0010', name: 'Fizz Cola buyers', count: 200 },
  data: [
    {
      identifier: 'fp-0001',
      name: 'Tier 1 (top 5%)',
      path: 'First Party > Customer Value > Tier',
      count: 50,
      share: 0.05,
      customers: 20,
      customer_share: 0.1,
      index: 200,
    },
    {
      identifier: 'fp-0002',
      name: 'Tier 2',
      path: 'First Party > Customer Value > Tier',
      count: 100,
      share: 0.1,
      customers: 10,
      customer_share: 0.05,
      index: 50,
    },
  ],
  ...over,
});
const resource = (available: boolean) => ({
  data: {
    area: 'customer-value' as const,
    brand: 'Fizz Cola',
    customers: available ? { identifier: 'sl-0010', name: 'Fizz Cola buyers' } : null,
    segments: available ? 2 : 0,
    available,
  },
});

function server(o: { modules?: string[]; segmentsStatus?: number } = {}) {
  const s = new FakeServer().signedIn({
    permissions: { ...AREA_PERMISSIONS, audiences: { create: true, read: true } },
    flags: FLAGS,
    modules: o.modules ?? [],
  });
  for (const E of Object.values(areaEndpointsById)) {
    s.on(E.resource, resource(true));
    s.on(E.segments, o.segmentsStatus ? () => ({ status: o.segmentsStatus, body: { error: { message: 'boom' } } }) : () => ({ body: segments() }));
  }
  s.install();
  return s;
}

beforeAll(() => {
  jest
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockImplementation(() => ({ width: 900, height: 400, top: 0, left: 0, right: 900, bottom: 400, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect);
});

const snapshot = (o: { can?: boolean; flags?: Record<string, boolean>; modules?: string[] }): SessionSnapshot => ({
  can: () => o.can ?? true,
  featureFlags: o.flags ?? {},
  modules: o.modules ?? [],
  isTier3: false,
  hierarchy: {},
});

describe('insight areas', () => {
  it('EXP-049: an area opens with its read permission AND its client flag', () => {
    expect(canOpenArea('customer-value')(snapshot({ flags: { customer_value: true } }))).toBe(true);
    expect(canOpenArea('customer-value')(snapshot({ flags: {} }))).toBe(false);
    expect(canOpenArea('customer-value')(snapshot({ can: false, flags: { customer_value: true } }))).toBe(false);
  });

  it('SHELL-006: Best Customer and Customer Attrition are in the nav only where the context lists their module (data exists); the others need no data', () => {
    for (const id of ['best-customer', 'customer-attrition'] as const) {
      const key = id === 'best-customer' ? 'best_customer' : 'customer_attrition';
      expect(showAreaInNav(id)(snapshot({ flags: { [key]: true }, modules: [key] }))).toBe(true);
      expect(showAreaInNav(id)(snapshot({ flags: { [key]: true }, modules: [] }))).toBe(false);
    }
    expect(showAreaInNav('customer-value')(snapshot({ flags: { customer_value: true }, modules: [] }))).toBe(true);
  });

  it.each([
    [['customer_value', 'best_customer'], true],
    [['customer_value'], false],
  ])('SHELL-006: with modules %j the nav shows Best Customer: %s; Customer Attrition without its module never', async (modules, shown) => {
    server({ modules });
    await renderInShell([plugin], `${PRODUCT}/insights/customer-value`);
    expect(await screen.findByTestId('nav-item-insight-areas-areas-customer-value-title')).toBeTruthy();
    expect(!!screen.queryByTestId('nav-item-insight-areas-areas-best-customer-title')).toBe(shown);
    expect(screen.queryByTestId('nav-item-insight-areas-areas-customer-attrition-title')).toBeNull();
  });

  it('SHELL-104 / EXP-047: the Best Customer and Attrition home cards ask whether the brand has data; a failure reads as none', async () => {
    const api = new ApiClient({ context: () => 'acme/us/fizz-cola/fizz-zero', showBanner: () => undefined, refreshLogin: () => undefined });
    const [best, attrition] = areaCards(api);
    const s = new FakeServer()
      .on(areaEndpointsById['best-customer'].resource, resource(true))
      .on(areaEndpointsById['customer-attrition'].resource, resource(false));
    s.install();
    expect(await best.hasData!({})).toBe(true);
    expect(await attrition.hasData!({})).toBe(false);
    new FakeServer().on(areaEndpointsById['best-customer'].resource, () => ({ status: 500, body: { error: { message: 'down' } } })).install();
    expect(await best.hasData!({})).toBe(false);
  });

  it('EXP-049 DESIGN: the summary, the segments chart and table with counts, share and index; Save Audience from a selection', async () => {
    server();
    await renderInShell([plugin], `${PRODUCT}/insights/customer-value`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Value' })).toBeTruthy();
    const summary = await screen.findByTestId('area-summary');
    expect(within(summary).getByText('1,000')).toBeTruthy();
    expect(within(summary).getByText('Fizz Cola buyers')).toBeTruthy();
    expect(within(summary).getByText('Tier 1 (top 5%)')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Customer Value: Fizz Cola buyers by segment' })).toBeTruthy();
    const row = within(screen.getByTestId('area-segment-fp-0001'));
    expect(row.getByText('50')).toBeTruthy();
    expect(row.getByText('5.0%')).toBeTruthy();
    expect(row.getByText('200')).toBeTruthy();
    expect(row.getByTestId('area-create-fp-0001')).toBeTruthy();
    // Nothing selected: Save Audience says why it is disabled.
    expect(screen.getByTestId('area-save-audience-reason').textContent).toBe('Select one or more segments to save them as an audience.');
    fireEvent.click(screen.getByTestId('area-select-fp-0001'));
    await waitFor(() => expect(screen.queryByTestId('area-save-audience-reason')).toBeNull());
  });

  it("EXP-050: a fetch error shows 'Data could not be loaded.' inside the area, with the page's heading and filter bar still there", async () => {
    const s = server({ segmentsStatus: 500 });
    await renderInShell([plugin], `${PRODUCT}/insights/site-visitation`);
    expect(await screen.findByText('Data could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Site Visitation' })).toBeTruthy();
    expect(screen.getByTestId('area-filter-bar')).toBeTruthy();
    // No banner: the area's calls are silent.
    expect(screen.queryByText(/Something went wrong/)).toBeNull();
    // Retry reloads.
    const before = s.callsTo(areaEndpointsById['site-visitation'].segments).length;
    fireEvent.click(screen.getByTestId('area-retry'));
    await waitFor(() => expect(s.callsTo(areaEndpointsById['site-visitation'].segments).length).toBe(before + 1));
  });

  it('EXP-051: a change of client, region or brand resets the filters and reloads; another product of the same brand keeps them', async () => {
    const s = server();
    const api = new ApiClient({ context: () => 'acme/us/fizz-cola/fizz-zero', showBanner: () => undefined, refreshLogin: () => undefined });
    const store = new AreaStore(api, 'customer-value');
    await store.enter({ client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' });
    await store.addFilters([{ group: 'Age', short_id: 'dmx-0001', name: '18-24' }]);
    store.toggle('fp-0001');
    const calls = () => s.callsTo(areaEndpointsById['customer-value'].segments);
    // The filter travels with the segments call.
    expect(new URL(calls().at(-1)!.url, 'http://x').searchParams.get('filters')).toBe(JSON.stringify([{ group: 'Age', short_id: 'dmx-0001' }]));
    await store.enter({ client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-classic' });
    expect(store.filters).toHaveLength(1);
    expect(store.selected).toEqual(['fp-0001']);
    const n = calls().length;
    await store.enter({ client: 'acme', region: 'us', brand: 'peak-water', product: 'peak-still' });
    expect(store.filters).toEqual([]);
    expect(store.selected).toEqual([]);
    expect(calls().length).toBe(n + 1);
    expect(new URL(calls().at(-1)!.url, 'http://x').searchParams.get('filters')).toBeNull();
    await store.addFilters([{ group: 'Age', short_id: 'dmx-0001', name: '18-24' }]);
    await store.enter({ client: 'acme', region: 'uk', brand: 'peak-water', product: 'peak-still' });
    expect(store.filters).toEqual([]);
  });

  it('Save Audience: the selected segments as one OR group, with the filter bar’s groups', async () => {
    server();
    const api = new ApiClient({ context: () => 'acme/us/fizz-cola/fizz-zero', showBanner: () => undefined, refreshLogin: () => undefined });
    const store = new AreaStore(api, 'customer-value');
    await store.enter({ client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' });
    expect(store.draft()).toBeNull();
    await store.addFilters([
      { group: 'Age', short_id: 'dmx-0001', name: '18-24' },
      { group: 'Gender', short_id: 'dmx-0007', name: 'Female' },
      { group: 'Age', short_id: 'dmx-0002', name: '25-34' },
    ]);
    store.toggle('fp-0002');
    store.toggle('fp-0001');
    expect(store.draft()).toEqual({
      name: 'Tier 1 (top 5%) or Tier 2',
      rules: { include: { and: [{ or: ['fp-0001', 'fp-0002'] }, { or: ['dmx-0001', 'dmx-0002'] }, { or: ['dmx-0007'] }] } },
    });
  });
});
