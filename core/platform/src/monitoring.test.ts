import { ClientErrorsBody } from '@discovery/plugin-api';
import { ApiClient } from './ApiClient';
import { BrowserMonitoring, type ClientErrorReport } from './monitoring';

const PROD = { environment: 'production', monitoring_client_token: 'token-1', monitoring_sample_rate: 100 };

function monitoring(random = () => 0.5) {
  const sent: ClientErrorReport[][] = [];
  const m = new BrowserMonitoring({ send: async (errors) => void sent.push(errors), random, flushMs: 1000, now: () => new Date('2026-12-06T09:00:00Z') });
  return { m, sent };
}

describe('browser monitoring (SHELL-119..122)', () => {
  afterEach(() => jest.useRealTimers());

  it('SHELL-119 forwards nothing in dev or without a client token', async () => {
    for (const config of [
      { ...PROD, environment: 'dev' },
      { ...PROD, monitoring_client_token: null },
    ]) {
      const { m, sent } = monitoring();
      expect(m.start(config)).toBe(false);
      m.report({ kind: 'console', message: 'boom' });
      await m.flush();
      expect(sent).toEqual([]);
    }
  });

  it('SHELL-122 the sample rate is the share of sessions that forward: 0 none, 100 all, 30 those drawn under it', () => {
    expect(monitoring(() => 0).m.start({ ...PROD, monitoring_sample_rate: 0 })).toBe(false);
    expect(monitoring(() => 0.999).m.start({ ...PROD, monitoring_sample_rate: 100 })).toBe(true);
    expect(monitoring(() => 0.29).m.start({ ...PROD, monitoring_sample_rate: 30 })).toBe(true);
    expect(monitoring(() => 0.31).m.start({ ...PROD, monitoring_sample_rate: 30 })).toBe(false);
  });

  it('SHELL-120 gathers console errors, uncaught errors and rejections into one batch sent after the pause', async () => {
    jest.useFakeTimers();
    const { m, sent } = monitoring();
    m.start(PROD);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const undo = m.install(window);
    try {
      console.error('Widget failed', new Error('no data'));
      window.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught TypeError: x is undefined' }));
      const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(rejection, 'reason', { value: new RangeError('too far') });
      window.dispatchEvent(rejection);
      expect(sent).toEqual([]);
      await jest.advanceTimersByTimeAsync(1000);
    } finally {
      undo();
      quiet.mockRestore();
    }
    expect(sent).toHaveLength(1);
    expect(sent[0].map((e) => [e.kind, e.message])).toEqual([
      ['console', 'Widget failed Error: no data'],
      ['console', 'Uncaught TypeError: x is undefined'],
      ['console', 'RangeError: too far'],
    ]);
    expect(sent[0].every((e) => e.at === '2026-12-06T09:00:00.000Z' && e.url === '/')).toBe(true);
  });

  it("SHELL-120 network errors: the API client tells of calls with no answer and of 5xx, never of the forwarding call's own failure", async () => {
    const { m, sent } = monitoring();
    m.start(PROD);
    const api = new ApiClient({ context: () => null, showBanner: () => undefined, refreshLogin: () => undefined });
    api.failureListener = (f) => m.report({ kind: 'network', ...f });
    const fetchMock = jest.spyOn(globalThis, 'fetch');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { message: 'Database down' } }), { status: 503, headers: { 'content-type': 'application/json' } }),
    );
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { message: 'Name is taken' } }), { status: 422, headers: { 'content-type': 'application/json' } }),
    );
    try {
      await expect(api.get('/api/v1/audiences')).rejects.toMatchObject({ status: 0 });
      await expect(api.get('/api/v1/overlap/comparisons')).rejects.toMatchObject({ status: 503 });
      await expect(api.get('/api/v1/audiences/names')).rejects.toMatchObject({ status: 422 });
    } finally {
      fetchMock.mockRestore();
    }
    m.report({ kind: 'network', message: 'refused', url: '/api/v1/client-errors', status: 0 });
    await m.flush();
    expect(sent[0].map((e) => [e.url, e.status, e.message])).toEqual([
      ['/api/v1/audiences', 0, 'Failed to fetch'],
      ['/api/v1/overlap/comparisons', 503, 'Database down'],
    ]);
  });

  it("SHELL-124 the batch limits are settings the server's schema shares: at most 50 errors of at most 2,000 characters, each batch one the server takes; a failed send is dropped", async () => {
    const sent: ClientErrorReport[][] = [];
    let fail = true;
    const m = new BrowserMonitoring({
      send: async (errors) => {
        if (fail) throw new Error('offline');
        sent.push(errors);
      },
      random: () => 0,
    });
    m.start(PROD);
    for (let i = 0; i < 60; i++) m.report({ kind: 'console', message: 'x'.repeat(3000) });
    await m.flush();
    expect(sent).toEqual([]);
    fail = false;
    m.report({ kind: 'console', message: 'after' });
    await m.flush();
    expect(sent).toEqual([[expect.objectContaining({ message: 'after' })]]);
    for (let i = 0; i < 60; i++) m.report({ kind: 'console', message: 'x'.repeat(3000) });
    await m.flush();
    expect(sent[1]).toHaveLength(50);
    expect(sent[1][0].message).toHaveLength(2000);
    expect(sent.map((errors) => ClientErrorsBody.safeParse({ errors }).success)).toEqual([true, true]);
  });
});
