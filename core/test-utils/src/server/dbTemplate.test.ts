import { templateKey, type TemplateInputs } from './dbTemplate';
import { createTestServer, TEST_PASSWORD, type TestServer } from './index';

/**
 * Issue 26 §2: a test server's database is a copy of a migrated and seeded template. The copy
 * holds what migrating and seeding made (the migrations recorded when they first ran, the demo
 * users), the server's own migration check finds nothing to do, and copies do not share writes.
 */
describe('PGlite templates of test servers (issue 26 §2)', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });
  const start = async () => {
    const s = await createTestServer({ config: { tier: 2 } });
    servers.push(s);
    return s;
  };
  const migrations = (s: TestServer) =>
    s.core.query<{ plugin_id: string; id: string; applied_at: Date }>('select plugin_id, id, applied_at from discovery_migrations order by plugin_id, id');

  // The PostgreSQL step of npm test runs this suite too: there every server gets a fresh database
  // of its own on the cluster and migrates it; templates are PGlite's alone.
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const ids = (rows: { plugin_id: string; id: string }[]) => rows.map((r) => `${r.plugin_id}/${r.id}`);

  it(
    onPostgres
      ? 'on PostgreSQL a second server migrates a fresh database of its own: the same migrations, no template'
      : 'a second server with the same plugins, seed and configuration opens a copy; its migrations ran once, in the template',
    async () => {
      const first = await start();
      const second = await start();
      expect(second.fromTemplate).toBe(!onPostgres);
      const [a, b] = [await migrations(first), await migrations(second)];
      expect(a.length).toBeGreaterThan(0);
      if (onPostgres) expect(ids(b)).toEqual(ids(a));
      // On PGlite the same rows with the times they were first applied: nothing was applied again.
      else expect(b).toEqual(a);
      const users = 'select email from users order by email';
      expect(await second.core.query(users)).toEqual(await first.core.query(users));
      // The seeded password works on the copy.
      await expect(second.login('admin@example.com', TEST_PASSWORD)).resolves.toMatchObject({ csrf: expect.any(String) });
    },
  );

  it('copies are independent: a write on one server is not seen by another', async () => {
    const [one, other] = [servers[0], await start()];
    await one.core.query("update users set first_name = 'Changed' where email = 'viewer@example.com'");
    const name = 'select first_name from users where email = $1';
    expect(await one.core.query(name, ['viewer@example.com'])).toEqual([{ first_name: 'Changed' }]);
    expect(await other.core.query(name, ['viewer@example.com'])).toEqual([{ first_name: 'Vic' }]);
  });
});

describe('template keys (issue 26 §2)', () => {
  const key = (plugins: TemplateInputs['plugins']) => templateKey({ plugins, seed: false, population: null, config: { tier: 2 } });
  const migration = { id: '0001_items', sql: 'create table items (id serial primary key)' };

  it('a plugin with neither migrations nor a seed does not change the key; one with either does, in its place', () => {
    expect(key([{ id: 'probe' }, { id: 'other', migrations: [] }])).toBe(key([]));
    expect(key([{ id: 'probe', migrations: [migration] }])).not.toBe(key([]));
    expect(key([{ id: 'probe', seed: () => undefined }])).not.toBe(key([]));
    expect(key([{ id: 'probe', seed: () => undefined }])).not.toBe(key([{ id: 'probe', migrations: [migration] }]));
    const [a, b] = [
      { id: 'a', migrations: [migration] },
      { id: 'b', seed: () => undefined },
    ];
    expect(key([a, b])).not.toBe(key([b, a]));
    expect(key([a, { id: 'probe' }, b])).toBe(key([a, b]));
  });
});
