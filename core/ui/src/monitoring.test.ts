import { ApiClientToken, ConfigStoreToken, createCoreContainer, type ApiClient, type AppConfigDto, type ConfigStore } from '@discovery/platform';
import { startMonitoring } from './monitoring';

const CONFIG = { tier: 1, environment: 'production', monitoring_client_token: 'token-1', monitoring_sample_rate: 100 } as AppConfigDto;

describe('startMonitoring (the shell, past sign-in)', () => {
  it('SHELL-119 / SHELL-120 waits for the configuration, then forwards console errors and failed calls to POST /api/v1/client-errors', async () => {
    const container = createCoreContainer();
    const api = container.get<ApiClient>(ApiClientToken.symbol);
    const started = startMonitoring(container);
    container.get<ConfigStore>(ConfigStoreToken.symbol).resource.set(CONFIG);
    const m = await started;
    expect(m.enabled).toBe(true);
    expect(api.failureListener).not.toBeNull();
    const posted: unknown[] = [];
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      posted.push([url, init?.method, JSON.parse(String(init?.body))]);
      return new Response(null, { status: 204 });
    });
    try {
      api.failureListener?.({ url: '/api/v1/audiences', status: 502, message: 'Bad gateway' });
      await m.flush();
    } finally {
      fetchMock.mockRestore();
    }
    expect(posted).toEqual([
      [
        '/api/v1/client-errors',
        'POST',
        { errors: [expect.objectContaining({ kind: 'network', url: '/api/v1/audiences', status: 502, message: 'Bad gateway' })] },
      ],
    ]);
  });

  it('SHELL-119 in dev it installs nothing: no listener on the API client', async () => {
    const container = createCoreContainer();
    container.get<ConfigStore>(ConfigStoreToken.symbol).resource.set({ ...CONFIG, environment: 'dev' });
    const m = await startMonitoring(container);
    expect(m.enabled).toBe(false);
    expect(container.get<ApiClient>(ApiClientToken.symbol).failureListener).toBeNull();
  });
});
