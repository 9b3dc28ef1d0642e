import { ApiClient } from './ApiClient';
import { chosenDataSource, dataSourceKey } from './hierarchy';

const us = { id: 1, molecula_index: 'acme_us_molecula', es_index: 'acme_us_es' };
const uk = { id: 2, molecula_index: 'acme_uk_molecula', es_index: null };

describe('data source switch', () => {
  beforeEach(() => localStorage.clear());

  it('SHELL-045: the choice is kept per region and named only where the region has more than one source', () => {
    expect(chosenDataSource(us, localStorage)).toBeNull();
    localStorage.setItem(dataSourceKey(us), 'acme_us_es');
    expect(chosenDataSource(us, localStorage)).toBe('acme_us_es');
    // Another region keeps its own (none); a region with one source never names one.
    localStorage.setItem(dataSourceKey(uk), 'acme_uk_molecula');
    expect(chosenDataSource(uk, localStorage)).toBeNull();
    // A stored value that is not one of the region's sources is ignored.
    localStorage.setItem(dataSourceKey(us), 'elsewhere');
    expect(chosenDataSource(us, localStorage)).toBeNull();
  });

  it('SHELL-045: every call sends the chosen source as X-Data-Source', async () => {
    localStorage.setItem(dataSourceKey(us), 'acme_us_es');
    const seen: Record<string, string>[] = [];
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      seen.push(init.headers as Record<string, string>);
      return new Response('{"data":1}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    let region: typeof us | typeof uk = us;
    const api = new ApiClient({
      context: () => 'acme/us',
      dataSource: () => chosenDataSource(region, localStorage),
      showBanner: () => undefined,
      refreshLogin: () => undefined,
    });
    await api.get('/api/v1/ping');
    expect(seen[0]['X-Data-Source']).toBe('acme_us_es');
    region = uk;
    await api.get('/api/v1/ping');
    expect(seen[1]['X-Data-Source']).toBeUndefined();
  });
});
