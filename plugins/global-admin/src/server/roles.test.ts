import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestServer, type TestServer } from '@discovery/test-utils/server';
import type { RoleDto } from '@discovery/plugin-api';
import plugin from './index';

/** The README's table of the seeded roles: resource -> role -> 'CRUD' letters. */
function documented(): Map<string, Map<string, string>> {
  const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
  const lines = readme.split('\n').filter((l) => l.startsWith('| '));
  const roles = lines[0]
    .split('|')
    .slice(2, -1)
    .map((s) => s.trim());
  const out = new Map<string, Map<string, string>>();
  for (const l of lines.slice(1)) {
    const [resource, ...cells] = l
      .split('|')
      .slice(1, -1)
      .map((s) => s.trim());
    out.set(resource, new Map(roles.map((r, i) => [r, cells[i] === '–' ? '' : cells[i]])));
  }
  return out;
}

describe('global-admin: the seeded roles (SHELL-076)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ plugins: [plugin] });
  });
  afterAll(() => server.close());

  it('SHELL-076 seeds Global Admin, Client Admin, Planner, Analyst and Viewer with the permissions the README documents', async () => {
    const s = await server.login('admin@example.com');
    const res = await fetch(`${server.url}/api/v1/roles`, { headers: s.headers() });
    expect(res.status).toBe(200);
    const roles = ((await res.json()) as { data: RoleDto[] }).data;
    const doc = documented();
    const names = [...doc.values().next().value!.keys()];
    expect(names).toEqual(['Global Admin', 'Client Admin', 'Planner', 'Analyst', 'Viewer']);
    for (const name of names) expect(roles.map((r) => r.name)).toContain(name);
    const resources = ((await (await fetch(`${server.url}/api/v1/resources`, { headers: s.headers() })).json()) as { data: { name: string }[] }).data;
    // Every resource the server knows is documented (a plugin's resource of the full build aside).
    for (const [resource, byRole] of doc) {
      expect(resources.map((r) => r.name)).toContain(resource);
      for (const [name, letters] of byRole) {
        const g = roles.find((r) => r.name === name)!.permissions[resource] ?? {};
        const held = (['create', 'read', 'update', 'destroy'] as const).map((a) => (g[a] ? a[0].toUpperCase() : '')).join('');
        expect(`${name} ${resource} ${held}`).toBe(`${name} ${resource} ${letters}`);
      }
    }
  });
});
