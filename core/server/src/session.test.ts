import { createTestServer, type TestServer } from '@discovery/test-utils/server';

/** The app's start-up probe (issue 14 §12): a signed-out visit is a 200, not a failed request. */
describe('GET /api/v1/session', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  const probe = (headers: Record<string, string> = {}) => fetch(`${s.url}/api/v1/session`, { headers });

  it('answers 200 with no user when nobody is signed in, while /me keeps its 401 for API clients', async () => {
    const res = await probe();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ data: null });
    expect((await fetch(`${s.url}/api/v1/me`)).status).toBe(401);
  });

  it('answers what /me answers for a signed-in user, whatever X-Context says', async () => {
    const v = await s.login('viewer@example.com');
    const me = await (await fetch(`${s.url}/api/v1/me`, { headers: v.headers() })).json();
    // Viewer sees Acme only: a context of another client does not turn the probe into 'signed out'.
    const res = await probe(v.headers({ 'X-Context': 'globex/de' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(me);
  });

  it('answers no user for an ended session or a session without its CSRF token', async () => {
    const v = await s.login('viewer@example.com');
    const { 'x-csrf-token': _csrf, ...withoutCsrf } = v.headers();
    expect(await (await probe(withoutCsrf)).json()).toEqual({ data: null });
    await fetch(`${s.url}/api/v1/auth/logout`, { method: 'POST', headers: v.headers() });
    expect(await (await probe(v.headers())).json()).toEqual({ data: null });
  });
});
