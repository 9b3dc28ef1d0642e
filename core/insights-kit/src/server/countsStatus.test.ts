import { CountsUnavailableError, generatePopulation } from '@discovery/counts';
import { defineEndpoint, defineServerPlugin } from '@discovery/plugin-api';
import { createTestServer } from '@discovery/test-utils/server';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, handle, type ServerCore } from '@discovery/server';
import { insightsKitServer } from './index';

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

describe('count engine failures as the API shows them', () => {
  it('a damaged population: GET /api/v1/counts/status says failed with the reason; count calls answer 503 with it', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'discovery-badpop-')), 'population');
    generatePopulation({ people: 2000, seed: 3, dir, maxSegments: 8 });
    truncateSync(join(dir, 'modeled', 'dmx-0002.bin'), 12);
    const server = await createServer({
      dataDir: 'memory://',
      extensions: [insightsKitServer],
      seed: true,
      config: { demoPassword: 'discovery-demo' },
      population: { dir, people: 2000, seed: 3, workers: 0, log: () => undefined },
    });
    try {
      await server.population!.whenReady().catch(() => undefined);
      const url = await server.listen(0, '127.0.0.1');
      const login = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'discovery-demo' }),
      });
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const csrf = login.headers.get('x-csrf-token') ?? '';
      const status = (await (await fetch(`${url}/api/v1/counts/status`, { headers: { cookie, 'x-csrf-token': csrf } })).json()) as {
        data: Record<string, unknown>;
      };
      expect(status.data).toMatchObject({ state: 'failed', people: null, worker_restarts: 0 });
      expect(status.data.error).toContain('modeled/dmx-0002.bin is not a segment file (no end marker: truncated or overwritten)');
      const res = await fetch(`${url}/api/v1/counts/rule`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json', 'x-context': CONTEXT },
        body: JSON.stringify({ rules: { include: { and: [{ or: ['dmx-0001'] }] } } }),
      });
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: { message: string } };
      expect(body.error.message).toMatch(
        /^The audience population is not available: 1 damaged segment file\(s\) in .*modeled\/dmx-0002\.bin is not a segment file/,
      );
    } finally {
      await server.close();
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });

  it('issue 33: the ClickHouse backend down: GET /api/v1/counts/status says failed with the reason, count calls answer 503 at once', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'discovery-chpop-')), 'population');
    generatePopulation({ people: 2000, seed: 3, dir, maxSegments: 8 });
    const saved = { backend: process.env.DISCOVERY_COUNTS_BACKEND, url: process.env.CLICKHOUSE_URL, timeout: process.env.CLICKHOUSE_TIMEOUT_MS };
    process.env.DISCOVERY_COUNTS_BACKEND = 'clickhouse';
    process.env.CLICKHOUSE_URL = 'http://127.0.0.1:1'; // nothing listens there
    process.env.CLICKHOUSE_TIMEOUT_MS = '2000';
    const server = await createServer({
      dataDir: 'memory://',
      extensions: [insightsKitServer],
      seed: true,
      config: { demoPassword: 'discovery-demo' },
      population: { dir, people: 2000, seed: 3, workers: 0, log: () => undefined },
    });
    try {
      await server.population!.whenReady().catch(() => undefined);
      const url = await server.listen(0, '127.0.0.1');
      const login = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'discovery-demo' }),
      });
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const csrf = login.headers.get('x-csrf-token') ?? '';
      const status = (await (await fetch(`${url}/api/v1/counts/status`, { headers: { cookie, 'x-csrf-token': csrf } })).json()) as {
        data: Record<string, unknown>;
      };
      expect(status.data).toMatchObject({ state: 'failed', people: null });
      expect(status.data.error).toMatch(/^ClickHouse at http:\/\/127\.0\.0\.1:1 did not answer: /);
      // At once: the answer comes from the failed population (its message), never from a new call to
      // ClickHouse that would wait for the timeout ('Audience counts are unavailable: ... did not answer').
      const res = await fetch(`${url}/api/v1/counts/rule`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json', 'x-context': CONTEXT },
        body: JSON.stringify({ rules: { include: { and: [{ or: ['dmx-0001'] }] } } }),
      });
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: { message: string } };
      expect(body.error.message).toMatch(/^The audience population is not available: ClickHouse at http:\/\/127\.0\.0\.1:1 did not answer/);
    } finally {
      await server.close();
      for (const [k, v] of [
        ['DISCOVERY_COUNTS_BACKEND', saved.backend],
        ['CLICKHOUSE_URL', saved.url],
        ['CLICKHOUSE_TIMEOUT_MS', saved.timeout],
      ] as const)
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });

  it('a count worker that died while answering: the call is a 503 with the message, not a 500', async () => {
    const probe = defineServerPlugin<ServerCore, FastifyInstance>({
      id: 'probe',
      register(router) {
        handle(router, defineEndpoint({ method: 'GET', path: '/api/v1/probe/dies', access: { permission: 'signed-in', scope: 'none' } }), async () => {
          throw new CountsUnavailableError('A count worker stopped while answering (it exited with code 70); it has been replaced. Please try again.');
        });
      },
    });
    const s = await createTestServer({ plugins: [probe] });
    try {
      const a = await s.login('admin@example.com');
      const res = await fetch(`${s.url}/api/v1/probe/dies`, { headers: a.headers() });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        'A count worker stopped while answering (it exited with code 70); it has been replaced. Please try again.',
      );
    } finally {
      await s.close();
    }
  });
});
