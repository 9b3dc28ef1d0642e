import { createTestServer, type TestServer } from '@discovery/test-utils/server';
import { insightsJourneyEndpoints as E } from '../common';
import plugin from './index';

describe('insights-journey API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ plugins: [plugin] });
  });
  afterAll(() => server.close());

  const context = 'acme/us/fizz-cola/fizz-zero';

  it('stores an item for the product in X-Context and lists it', async () => {
    const s = await server.login('admin@example.com');
    const post = await fetch(`${server.url}${E.items.path}`, {
      method: 'POST',
      headers: s.headers({ 'content-type': 'application/json', 'x-context': context }),
      body: JSON.stringify({ item: { name: 'First' } }),
    });
    expect(post.status).toBe(201);
    const list = await fetch(`${server.url}${E.items.path}`, { headers: s.headers({ 'x-context': context }) });
    const body = (await list.json()) as { data: { name: string }[] };
    expect(body.data.map((i) => i.name)).toContain('First');
  });

  it('answers 422 naming the field for an empty name', async () => {
    const s = await server.login('admin@example.com');
    const res = await fetch(`${server.url}${E.items.path}`, {
      method: 'POST',
      headers: s.headers({ 'content-type': 'application/json', 'x-context': context }),
      body: JSON.stringify({ item: { name: '' } }),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(body.error.message).toBe('Name is required.');
    expect(body.error.fields['item.name']).toBe('Name is required.');
  });

  it('rejects a user without the permission with 403', async () => {
    const s = await server.login('viewer@example.com');
    const res = await fetch(`${server.url}${E.items.path}`, {
      method: 'POST',
      headers: s.headers({ 'content-type': 'application/json', 'x-context': context }),
      body: JSON.stringify({ item: { name: 'Nope' } }),
    });
    expect(res.status).toBe(403);
  });
});
