import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import { loadConfig } from './config';

/** Issue 32 §5, SHELL-119..122: Prometheus metrics, browser error forwarding where configured, sample rates checked at start. */
describe('monitoring', () => {
  let t: TestServer;
  let admin: TestSession;
  beforeAll(async () => {
    t = await createTestServer({ population: { people: 2000 }, config: { environment: 'production', monitoring_client_token: 'client-token' } });
    admin = await t.login('admin@example.com');
  }, 180_000);
  afterAll(() => t?.close(), 120_000);

  const post = (who: TestSession, path: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${t.url}${path}`, { method: 'POST', headers: who.headers({ 'content-type': 'application/json', ...extra }), body: JSON.stringify(body) });

  it('serves request rate and latency per route, count engine time, job queue depth and age, and the database pool, in Prometheus format (issue 32 §5)', async () => {
    await fetch(`${t.url}/api/v1/ping`);
    await fetch(`${t.url}/api/v1/ping`);
    const ids = (await t.core.counts()).manifest.segments.filter((s) => !s.deleted && !s.expired).map((s) => s.short_id);
    const counted = await post(
      admin,
      '/api/v1/segments/counts',
      { matched_short_ids: { m1: ids.slice(0, 3) } },
      { 'X-Context': 'acme/us/fizz-cola/fizz-zero' },
    );
    expect(counted.status).toBe(200);
    await t.core.query("insert into jobs (kind, payload, run_at) values ('probe.waiting', '{}'::jsonb, now() - interval '90 seconds')");

    const res = await fetch(`${t.url}/api/v1/metrics`, { headers: admin.headers() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const value = (series: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${series} `))
          ?.split(' ')[1],
      );
    expect(value('discovery_http_request_duration_seconds_count{method="GET",route="/api/v1/ping",status="200"}')).toBe(2);
    expect(value('discovery_count_request_seconds_count{route="/api/v1/segments/counts"}')).toBe(1);
    expect(value('discovery_jobs{state="queued"}')).toBeGreaterThanOrEqual(1);
    expect(value('discovery_jobs_oldest_due_seconds')).toBeGreaterThanOrEqual(89);
    expect(value('discovery_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('discovery_process_cpu_seconds_total');
  });

  it('metrics are for monitoring.read: a scraper uses an API key; a planner is refused (issue 32 §5, SRV-025)', async () => {
    const planner = await t.login('planner@example.com');
    expect((await fetch(`${t.url}/api/v1/metrics`, { headers: planner.headers() })).status).toBe(403);
    expect((await fetch(`${t.url}/api/v1/metrics`)).status).toBe(401);
    const key = (await (await post(admin, '/api/v1/api_keys', { api_key: { name: 'Prometheus' } })).json()) as { data: { secret: string } };
    expect((await fetch(`${t.url}/api/v1/metrics`, { headers: { authorization: `Bearer ${key.data.secret}` } })).status).toBe(200);
  });

  it('SHELL-119..121: forwards browser console and network errors with the signed-in user, counted in the metrics', async () => {
    const res = await post(admin, '/api/v1/client-errors', {
      errors: [
        { kind: 'console', message: 'TypeError: x is undefined' },
        { kind: 'network', message: 'GET /api/v1/audiences failed', url: '/api/v1/audiences', status: 502 },
      ],
    });
    expect(res.status).toBe(204);
    const text = await (await fetch(`${t.url}/api/v1/metrics`, { headers: admin.headers() })).text();
    expect(text).toContain('discovery_client_errors_total{kind="console"} 1');
    expect(text).toContain('discovery_client_errors_total{kind="network"} 1');
    expect((await post(admin, '/api/v1/client-errors', { errors: [{ kind: 'other', message: 'x' }] })).status).toBe(422);
  });

  it('SHELL-119: no forwarding in dev or without a client token', async () => {
    const dev = await createTestServer({ seed: true, config: { environment: 'dev', monitoring_client_token: 'client-token' } });
    try {
      const who = await dev.login('admin@example.com');
      const res = await fetch(`${dev.url}/api/v1/client-errors`, {
        method: 'POST',
        headers: who.headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ errors: [{ kind: 'console', message: 'x' }] }),
      });
      expect(res.status).toBe(404);
    } finally {
      await dev.close();
    }
  });

  it('SHELL-122: a sample rate outside 0-100 stops the start, naming the variable; the public config carries a valid one', async () => {
    expect(() => loadConfig({ DISCOVERY_MONITORING_SAMPLE_RATE: '101' })).toThrow(
      "DISCOVERY_MONITORING_SAMPLE_RATE must be a number from 0 to 100 (got '101')",
    );
    expect(() => loadConfig({ DISCOVERY_MONITORING_SAMPLE_RATE: 'half' })).toThrow(/DISCOVERY_MONITORING_SAMPLE_RATE/);
    expect(loadConfig({ DISCOVERY_MONITORING_SAMPLE_RATE: '12.5' }).monitoringSampleRate).toBe(12.5);
    const cfg = (await (await fetch(`${t.url}/api/v1/config`)).json()) as { data: { monitoring_sample_rate: number } };
    expect(cfg.data.monitoring_sample_rate).toBe(100);
  });
});
