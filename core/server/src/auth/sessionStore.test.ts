import type { Queryable } from '../db';
import { SessionStore } from './sessionStore';

/** A database whose session row we control, with reads we can hold back. */
function fakeDb() {
  let impersonated: number | null = null;
  const held: (() => void)[] = [];
  let hold = false;
  const db: Queryable = {
    async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
      if (sql.startsWith('update sessions')) {
        impersonated = params[1] as number | null;
        return [];
      }
      if (sql.startsWith('select id, user_id')) {
        const row = { id: 's1', user_id: 1, csrf_token: 't', impersonated_user_id: impersonated, expires_at: new Date(Date.now() + 60_000) };
        if (hold) await new Promise<void>((r) => held.push(r));
        return [row as T];
      }
      return [];
    },
    async exec() {},
  };
  return { db, holdReads: (v: boolean) => (hold = v), release: () => held.splice(0).forEach((r) => r()) };
}

describe('SessionStore', () => {
  it('a read that started before a change never caches the old row (view as, then reload)', async () => {
    const f = fakeDb();
    const store = new SessionStore(f.db, 1, []);
    f.holdReads(true);
    const slow = store.get('s1'); // e.g. a request that was already in flight
    f.holdReads(false);
    await store.setImpersonation('s1', 7);
    f.release();
    expect((await slow)?.impersonated_user_id).toBeNull(); // it answers what it read...
    expect((await store.get('s1'))?.impersonated_user_id).toBe(7); // ...but the next request sees the change
  });
});
