import { API_KEY_PREFIX } from '@discovery/plugin-api';
import { createHash, randomBytes } from 'node:crypto';
import { withoutAudit } from '../audit';
import type { Queryable } from '../db';

export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** A new API key secret: the prefix and 256 random bits. */
export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** How often a key's last-used time is written (one write a minute at most, not one per call). */
const TOUCH_MS = 60_000;

/**
 * SRV-025: the key a bearer secret names, if it is live: not revoked, not expired, and its user
 * not deactivated. Read from the database on every call, so a revocation in any process holds at
 * once. The last-used time is bookkeeping, not someone's change: it is written outside the audit.
 */
export async function findApiKey(db: Queryable, secret: string): Promise<{ id: number; user_id: number } | null> {
  const [k] = await db.query<{ id: number; user_id: number; last_used_at: string | Date | null }>(
    `select k.id, k.user_id, k.last_used_at from api_keys k join users u on u.id = k.user_id
     where k.secret_hash = $1 and k.revoked_at is null and (k.expires_at is null or k.expires_at > now()) and u.deactivated_at is null`,
    [sha256(secret)],
  );
  if (!k) return null;
  if (!k.last_used_at || Date.now() - new Date(k.last_used_at).getTime() > TOUCH_MS) {
    await withoutAudit(() => db.query('update api_keys set last_used_at = now() where id = $1', [k.id]));
  }
  return { id: Number(k.id), user_id: Number(k.user_id) };
}
