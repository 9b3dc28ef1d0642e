import type { Migration } from '@discovery/plugin-api';
import type { Database } from './db';

/**
 * Applies each owner's migrations in id order, once: recorded in discovery_migrations, each in
 * its own transaction, so a restart applies nothing twice and a failed one leaves no trace. The
 * whole run holds an advisory lock, so two servers starting at once on one database take turns
 * (the second finds everything applied) instead of racing.
 */
export async function runMigrations(db: Database, owners: { id: string; migrations: Migration[] }[]): Promise<string[]> {
  return db.withLock('discovery_migrations', () => applyMigrations(db, owners));
}

async function applyMigrations(db: Database, owners: { id: string; migrations: Migration[] }[]): Promise<string[]> {
  await db.exec(`create table if not exists discovery_migrations (
    plugin_id text not null,
    id text not null,
    applied_at timestamptz not null default now(),
    primary key (plugin_id, id)
  )`);
  const done = new Set(
    (await db.query<{ plugin_id: string; id: string }>('select plugin_id, id from discovery_migrations')).map((r) => `${r.plugin_id}/${r.id}`),
  );
  const applied: string[] = [];
  for (const owner of owners) {
    const list = [...owner.migrations].sort((a, b) => a.id.localeCompare(b.id));
    for (const m of list) {
      const key = `${owner.id}/${m.id}`;
      if (done.has(key)) continue;
      await db.transaction(async (tx) => {
        await tx.exec(m.sql);
        await tx.query('insert into discovery_migrations (plugin_id, id) values ($1, $2)', [owner.id, m.id]);
      });
      applied.push(key);
    }
  }
  return applied;
}
