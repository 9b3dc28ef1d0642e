import { createTestServer, type TestServer } from '@discovery/test-utils/server';
import plugin from './index';

describe('global-admin API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ plugins: [plugin] });
  });
  afterAll(() => server.close());

  it('gives the admin the platform figures', async () => {
    const s = await server.login('admin@example.com');
    const res = await fetch(`${server.url}/api/v1/global-admin/summary`, { headers: s.headers() });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: Record<string, number> };
    expect(data.clients).toBeGreaterThanOrEqual(3);
    expect(data.users).toBeGreaterThanOrEqual(4);
    expect(data.active_sessions).toBeGreaterThanOrEqual(1);
  });

  it('SHELL-021 refuses a user without global_admin.read with 403 and a message', async () => {
    const s = await server.login('planner@example.com');
    const res = await fetch(`${server.url}/api/v1/global-admin/summary`, { headers: s.headers() });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message.length).toBeGreaterThan(0);
  });
});
