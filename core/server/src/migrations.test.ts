import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@discovery/test-utils/server';
import { createServer } from './app';

describe('migrations and seed on a file-backed PGlite', () => {
  it('apply once: a restart applies nothing again, seeds nothing again and keeps the data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'discovery-mig-'));
    const plugin = {
      id: 'probe',
      migrations: [{ id: '0001_probe', sql: 'create table probe_rows (id serial primary key, note text)' }],
      register() {},
      seed: async (core: { query: (sql: string) => Promise<unknown> }) => void (await core.query("insert into probe_rows (note) values ('seeded')")),
    };
    try {
      const first = await createServer({ dataDir: dir, plugins: [plugin] });
      await first.core.query("insert into probe_rows (note) values ('kept')");
      const applied = await first.core.query<{ plugin_id: string; id: string }>('select plugin_id, id from discovery_migrations order by plugin_id, id');
      expect(applied.map((r) => `${r.plugin_id}/${r.id}`)).toEqual([
        'core/0001_core',
        'core/0002_seeds',
        'core/0003_jobs',
        'core/0004_session_sso_key',
        'core/0005_jobs_fairness',
        'core/0006_audit',
        'core/0007_accounts',
        'probe/0001_probe',
      ]);
      await first.close();

      // 'create table' without 'if not exists' would fail if it ran twice.
      const second = await createServer({ dataDir: dir, plugins: [plugin] });
      expect(await second.core.query('select note from probe_rows order by id')).toEqual([{ note: 'seeded' }, { note: 'kept' }]);
      expect(await second.core.query('select count(*)::int as n from users')).toEqual([{ n: 4 }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a build without a plugin neither migrates nor mounts it', async () => {
    const server = await createServer({ dataDir: 'memory://', config: { demoPassword: 'discovery-demo' } });
    const tables = await server.core.query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_name = 'probe_rows'");
    expect(tables[0].n).toBe(0);
    const url = await server.listen(0);
    const login = await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'discovery-demo' }),
    });
    const headers = {
      cookie: login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
      'x-csrf-token': login.headers.get('x-csrf-token')!,
    };
    const res = await fetch(`${url}/api/v1/probe/anything`, { headers });
    expect(res.status).toBe(404);
    await server.close();
  });
});

describe('migrations under the advisory lock', () => {
  it('two servers starting at once on one database apply each migration once, both start', async () => {
    const { openDatabase } = await import('./db');
    const { runMigrations } = await import('./migrations');
    const { url, drop } = await createTestDatabase('discovery_lock');
    // On PostgreSQL two pools (two 'servers'); on PGlite one embedded database shared by two runs.
    const a = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    const b = url ? await openDatabase({ databaseUrl: url }) : a;
    // 'create table' without 'if not exists': a migration applied twice would fail.
    const owners = [
      {
        id: 'race',
        migrations: [
          { id: '0001_race', sql: 'create table race_rows (id serial primary key); select pg_sleep(0.2);' },
          { id: '0002_more', sql: 'alter table race_rows add column note text' },
        ],
      },
    ];
    try {
      const [ra, rb] = await Promise.all([runMigrations(a, owners), runMigrations(b, owners)]);
      expect([...ra, ...rb].sort()).toEqual(['race/0001_race', 'race/0002_more']);
      expect(await a.query("select id from discovery_migrations where plugin_id = 'race' order by id")).toEqual([{ id: '0001_race' }, { id: '0002_more' }]);
    } finally {
      await a.close();
      if (b !== a) await b.close();
      await drop();
    }
  });
});
