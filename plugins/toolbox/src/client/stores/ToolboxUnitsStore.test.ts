import { endpointUrl, type EndpointSpec } from '@discovery/plugin-api';
import { AbortedError, ApiError, type ApiClient, type HierarchyStore } from '@discovery/platform';
import { observable, runInAction } from 'mobx';
import type { ToolboxUnitDto } from '../../common';
import { ToolboxUnitsStore } from './ToolboxUnitsStore';

const unit = (client: string, name: string): ToolboxUnitDto => ({
  id: name.length,
  client_id: 1,
  client_slug: client,
  name,
  status: true,
  region_ids: ['all'],
  use_client_hierarchy: false,
  feature_module_category: 'toolbox',
  iframed: false,
  url: `https://${client}.example.com/`,
  category_id: null,
  category_priority: null,
});

/** An api whose answers the test releases, in any order. */
function slowApi() {
  const waiting = new Map<string, (v: unknown) => void>();
  const calls: string[] = [];
  const api = {
    call: (e: EndpointSpec, input: { params?: Record<string, unknown> }, opts?: { signal?: AbortSignal }) => {
      const url = endpointUrl(e, input.params);
      calls.push(url);
      return new Promise((resolve, reject) => {
        waiting.set(url, resolve);
        // As the ApiClient does: an aborted call rejects.
        opts?.signal?.addEventListener('abort', () => reject(new AbortedError()));
      });
    },
  } as unknown as ApiClient;
  const answer = (client: string, units: ToolboxUnitDto[]) => waiting.get(`/api/v1/toolbox/units/type/nav/client/${client}`)!({ data: units });
  return { api, calls, answer };
}

function hierarchy(client: string) {
  return observable({ selection: { client, region: 'us' } as Record<string, string | undefined>, nodes: {}, featureFlags: {} }) as unknown as HierarchyStore;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('ToolboxUnitsStore', () => {
  it('TBX-016 fetches the units once per client and reuses them', async () => {
    const { api, calls, answer } = slowApi();
    const store = new ToolboxUnitsStore(api, hierarchy('acme'));
    const again = store.ensure('acme');
    expect(calls).toEqual(['/api/v1/toolbox/units/type/nav/client/acme']);
    answer('acme', [unit('acme', 'A')]);
    expect((await again).map((u) => u.name)).toEqual(['A']);
    expect((await store.ensure('acme')).map((u) => u.name)).toEqual(['A']);
    expect(calls.length).toBe(1);
  });

  it("keeps each client's answer apart when the client changes before the first answer arrives", async () => {
    const { api, answer } = slowApi();
    const h = hierarchy('acme');
    const store = new ToolboxUnitsStore(api, h);
    runInAction(() => (h.selection.client = 'globex'));
    answer('globex', [unit('globex', 'Store Locator')]);
    await flush();
    answer('acme', [unit('acme', 'Demo App')]);
    await flush();
    expect(store.items({} as never).map((i) => i.label)).toEqual(['Store Locator']);
    expect(store.unitsOf('acme')?.map((u) => u.name)).toEqual(['Demo App']);
  });

  it("issue 24 §3: a failed fetch is the client's error and rejects; the next call fetches again", async () => {
    let fail = true;
    const api = {
      call: async () => (fail ? Promise.reject(new ApiError(503, 'down', undefined, undefined, 'unavailable')) : { data: [unit('acme', 'A')] }),
    } as unknown as ApiClient;
    const store = new ToolboxUnitsStore(api, hierarchy('acme'));
    await expect(store.ensure('acme')).rejects.toMatchObject({ code: 'unavailable' });
    expect([store.unitsOf('acme'), (store.errorOf('acme') as ApiError | null)?.code]).toEqual([undefined, 'unavailable']);
    fail = false;
    expect((await store.ensure('acme')).map((u) => u.name)).toEqual(['A']);
    expect(store.errorOf('acme')).toBeNull();
  });

  it('an invalidate() while a fetch is out: the older answer never lands over the newer one', async () => {
    const { api, calls, answer } = slowApi();
    const store = new ToolboxUnitsStore(api, hierarchy('acme'));
    const old = store.ensure('acme').catch(() => 'aborted');
    store.invalidate();
    expect(calls.length).toBe(2);
    answer('acme', [unit('acme', 'New')]);
    await flush();
    expect(store.unitsOf('acme')?.map((u) => u.name)).toEqual(['New']);
    expect(await old).not.toBe('aborted');
  });

  it('TBX-007 after a change on the management screen the nav keeps its units until the new answer replaces them, and keeps them if it fails', async () => {
    const { api, calls, answer } = slowApi();
    const store = new ToolboxUnitsStore(api, hierarchy('acme'));
    answer('acme', [unit('acme', 'Old')]);
    await flush();
    store.invalidate();
    expect(calls.length).toBe(2);
    expect(store.items({} as never).map((i) => i.label)).toEqual(['Old']);
    answer('acme', [unit('acme', 'New')]);
    await flush();
    expect(store.items({} as never).map((i) => i.label)).toEqual(['New']);

    let fail = false;
    const failing = {
      call: async () => (fail ? Promise.reject(new ApiError(503, 'down', undefined, undefined, 'unavailable')) : { data: [unit('acme', 'A')] }),
    } as unknown as ApiClient;
    const other = new ToolboxUnitsStore(failing, hierarchy('acme'));
    await other.ensure('acme');
    fail = true;
    other.invalidate();
    await flush();
    expect([other.items({} as never).map((i) => i.label), (other.errorOf('acme') as ApiError | null)?.code]).toEqual([['A'], 'unavailable']);
  });
});
