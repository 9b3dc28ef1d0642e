import { ApiClient } from '@discovery/platform';
import { FakeServer } from '@discovery/test-utils';
import { vendorEndpoints } from '../common';
import { VendorMetadataStore } from './stores/VendorMetadataStore';

describe('vendor metadata', () => {
  it('EXP-054: data sources, groups and source codes load with loaded/error flags; groups and source codes once per session', async () => {
    let groupsFail = true;
    const s = new FakeServer()
      .on(vendorEndpoints.dataSources, { data: [{ vendor_name: 'first_party', vendor_type: 'first_party', display_name: 'First Party', segments: 3 }] })
      .on(vendorEndpoints.groups, () =>
        groupsFail
          ? { status: 500, body: { error: { message: 'down' } } }
          : { body: { data: [{ vendor_name: 'first_party', name: 'Customer Value', segments: 5 }] } },
      )
      .on(vendorEndpoints.sourceCodes, { data: [{ code: 'fp', vendor_name: 'first_party' }] });
    s.install();
    const store = new VendorMetadataStore(new ApiClient({ context: () => 'acme', showBanner: () => undefined, refreshLogin: () => undefined }));
    await store.load();
    expect(store.loaded).toEqual({ dataSources: true, groups: false, sourceCodes: true });
    expect(store.error).toEqual({ dataSources: false, groups: true, sourceCodes: false });
    groupsFail = false;
    await store.load();
    await store.load();
    expect(store.loaded).toEqual({ dataSources: true, groups: true, sourceCodes: true });
    expect(store.groups.data[0].name).toBe('Customer Value');
    // Data sources each time; source codes once; groups until they loaded once.
    expect(s.callsTo(vendorEndpoints.dataSources)).toHaveLength(3);
    expect(s.callsTo(vendorEndpoints.sourceCodes)).toHaveLength(1);
    expect(s.callsTo(vendorEndpoints.groups)).toHaveLength(2);
  });
});
