import { segmentsEndpoints } from '@discovery/insights-kit';
import { coreEndpoints } from '@discovery/plugin-api';
import { ApiClient, HierarchyStore } from '@discovery/platform';
import { FakeServer, fixtures } from '@discovery/test-utils';
import { dataAvailabilityEndpoints, isVendorDataAvailable, vendorAvailabilityBody } from '../common';
import { DataAvailabilityStore } from './stores/DataAvailabilityStore';

const CONFIG = { parent_id: 1001, vendor_name: 'first_party', vendor_type: 'first_party' };

describe('vendor data availability', () => {
  it('EXP-046: the check runs only with the nlrr or nlrr_demo flag AND a configured parent id, vendor name or vendor type', () => {
    expect(vendorAvailabilityBody({ nlrr: true }, CONFIG)).toEqual({
      parent_id: 1001,
      vendors: [{ vendor_name: 'first_party', vendor_type: 'first_party' }],
      use_cases: ['create_audience_single'],
    });
    expect(vendorAvailabilityBody({ nlrr_demo: true }, CONFIG)).not.toBeNull();
    expect(vendorAvailabilityBody({ grow: true }, CONFIG)).toBeNull();
    expect(vendorAvailabilityBody({ nlrr: true }, { parent_id: null, vendor_name: null, vendor_type: null })).toBeNull();
    expect(vendorAvailabilityBody({ nlrr: true }, { parent_id: null, vendor_name: 'first_party', vendor_type: null })).not.toBeNull();
    expect(vendorAvailabilityBody({ nlrr: true }, { parent_id: 7, vendor_name: null, vendor_type: null })).not.toBeNull();
  });

  it('EXP-047: available when the data list is non-empty; a failure reads as empty', () => {
    expect(isVendorDataAvailable({ data: [{ vendor_name: 'first_party' }] })).toBe(true);
    expect(isVendorDataAvailable({ data: [] })).toBe(false);
    expect(isVendorDataAvailable(null)).toBe(false);
  });

  async function storeFor(flags: Record<string, boolean>, answer: 'data' | 'empty' | 'fail') {
    const tree = fixtures.hierarchy();
    tree[0].feature_flags = flags as never;
    const s = new FakeServer()
      .on(coreEndpoints.hierarchy, { data: tree as never })
      .on(coreEndpoints.contextModules, { data: [] })
      .on(dataAvailabilityEndpoints.vendorConfig, { data: CONFIG })
      .on(segmentsEndpoints.vendorAvailability, () =>
        answer === 'fail'
          ? { status: 500, body: { error: { message: 'down' } } }
          : { body: { data: answer === 'data' ? [{ vendor_name: 'first_party', vendor_type: 'first_party' }] : [] } },
      );
    s.install();
    const api = new ApiClient({ context: () => 'acme/us', showBanner: () => undefined, refreshLogin: () => undefined });
    const hierarchy = new HierarchyStore(api);
    await hierarchy.load();
    hierarchy.select({ client: 'acme', region: 'us' });
    return { s, hierarchy, store: new DataAvailabilityStore(api, hierarchy) };
  }

  it.each([
    [{ nlrr: true }, 'data', true, 1],
    [{ nlrr_demo: true }, 'empty', false, 1],
    [{ nlrr: true }, 'fail', false, 1],
    [{ grow: true }, 'data', false, 0],
  ] as const)('EXP-045..047: flags %j, answer %s: vendor data %s (%d checks)', async (flags, answer, expected, calls) => {
    const { s, store } = await storeFor(flags, answer);
    // The store checks on its own when the context is set; wait for that check.
    await store.check('acme/us');
    expect(store.vendorData).toBe(expected);
    expect(s.callsTo(segmentsEndpoints.vendorAvailability).length > 0).toBe(calls > 0);
    if (calls) expect(s.callsTo(segmentsEndpoints.vendorAvailability)[0].body).toEqual(vendorAvailabilityBody(flags, CONFIG));
  });
});
