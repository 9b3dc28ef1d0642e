import { createHash, randomBytes } from 'node:crypto';
import type { PermissionAction, PermissionSet } from '@discovery/plugin-api';
import type { Queryable } from '../db';
import { permissionSet, type RolePermissionRow } from './permissions';

export interface SessionUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  loginUserId: string | null;
  lion_login: string | null;
  okta_login: string | null;
  roles: { name: string }[];
  role_ids: number[];
}

export interface UserAccess {
  user: SessionUser;
  permissions: PermissionSet;
  grants: string[];
}

export interface SessionRow {
  id: string;
  user_id: number;
  csrf_token: string;
  impersonated_user_id: number | null;
  expires_at: number;
}

const SESSION_CACHE_MS = 5_000;

/** What an SSO token carries to name its session: the sha256 of the id (the id is the session's credential). */
export function ssoKeyOf(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

/**
 * Sessions and the access of their users, cached in memory: a request on a warm session costs
 * no query. Session rows are re-read after 5 s (so a logout in another process is seen), user
 * access until something that changes it calls invalidateUsers().
 */
export class SessionStore {
  private sessions = new Map<string, { row: SessionRow; at: number }>();
  /** Bumped on every change of a session, so a read that started before it cannot cache old data. */
  private generation = new Map<string, number>();
  private access = new Map<number, Promise<UserAccess | null>>();

  constructor(
    private readonly db: Queryable,
    private readonly ttlHours: number,
    /** Every resource the build knows: core's and the enabled plugins'. */
    private readonly resources: readonly string[],
  ) {}

  async create(userId: number): Promise<SessionRow> {
    const row: SessionRow = {
      id: randomBytes(32).toString('hex'),
      user_id: userId,
      csrf_token: randomBytes(24).toString('base64url'),
      impersonated_user_id: null,
      expires_at: Date.now() + this.ttlHours * 3600_000,
    };
    await this.db.query('insert into sessions (id, user_id, csrf_token, expires_at, sso_key) values ($1, $2, $3, $4, $5)', [
      row.id,
      row.user_id,
      row.csrf_token,
      new Date(row.expires_at).toISOString(),
      ssoKeyOf(row.id),
    ]);
    this.sessions.set(row.id, { row, at: Date.now() });
    return row;
  }

  async get(id: string): Promise<SessionRow | null> {
    const hit = this.sessions.get(id);
    if (hit && Date.now() - hit.at < SESSION_CACHE_MS) return hit.row.expires_at > Date.now() ? hit.row : null;
    const gen = this.generation.get(id) ?? 0;
    const [r] = await this.db.query<{ id: string; user_id: number; csrf_token: string; impersonated_user_id: number | null; expires_at: string | Date }>(
      'select id, user_id, csrf_token, impersonated_user_id, expires_at from sessions where id = $1',
      [id],
    );
    if (!r) {
      this.sessions.delete(id);
      return null;
    }
    const row: SessionRow = {
      ...r,
      user_id: Number(r.user_id),
      impersonated_user_id: r.impersonated_user_id === null ? null : Number(r.impersonated_user_id),
      expires_at: new Date(r.expires_at).getTime(),
    };
    if ((this.generation.get(id) ?? 0) === gen) this.sessions.set(id, { row, at: Date.now() });
    return row.expires_at > Date.now() ? row : null;
  }

  private changed(id: string): void {
    this.generation.set(id, (this.generation.get(id) ?? 0) + 1);
    this.sessions.delete(id);
  }

  /** Ends every session of a user (deactivation). */
  async destroyAllOf(userId: number): Promise<void> {
    const ids = await this.db.query<{ id: string }>('delete from sessions where user_id = $1 returning id', [userId]);
    for (const r of ids) this.changed(r.id);
    this.invalidateUsers();
  }

  async destroy(id: string): Promise<void> {
    this.changed(id);
    await this.db.query('delete from sessions where id = $1', [id]);
  }

  async setImpersonation(id: string, userId: number | null): Promise<void> {
    this.changed(id);
    await this.db.query('update sessions set impersonated_user_id = $2 where id = $1', [id, userId]);
    this.changed(id);
  }

  /**
   * Is the session an SSO token names (by its ssoKeyOf) still alive, with `userId` as its
   * effective user? Read from the database every time, never from the cache: a logout or the end
   * of 'view as', in any process, ends the session's tokens at once.
   */
  async ssoSessionAlive(ssoKey: string, userId: number): Promise<boolean> {
    const [r] = await this.db.query<{ user_id: number }>(
      'select coalesce(impersonated_user_id, user_id) as user_id from sessions where sso_key = $1 and expires_at > now()',
      [ssoKey],
    );
    return r !== undefined && Number(r.user_id) === userId;
  }

  invalidateUsers(): void {
    this.access.clear();
  }

  accessOf(userId: number): Promise<UserAccess | null> {
    let p = this.access.get(userId);
    if (!p) {
      p = this.loadAccess(userId);
      p.catch(() => this.access.delete(userId));
      this.access.set(userId, p);
    }
    return p;
  }

  private async loadAccess(userId: number): Promise<UserAccess | null> {
    const [u] = await this.db.query<Record<string, unknown>>(
      // A deactivated user has no access: their sessions and API keys stop at once (issue 32 §1).
      'select id, email, first_name, last_name, login_user_id, lion_login, okta_login from users where id = $1 and deactivated_at is null',
      [userId],
    );
    if (!u) return null;
    const roles = await this.db.query<{ id: number; name: string; grants_all: boolean }>(
      'select r.id, r.name, r.grants_all from roles r join user_roles ur on ur.role_id = r.id where ur.user_id = $1 order by r.name',
      [userId],
    );
    const rows = await this.db.query<RolePermissionRow & { role_id: number }>(
      'select rp.* from role_permissions rp join user_roles ur on ur.role_id = rp.role_id where ur.user_id = $1',
      [userId],
    );
    const byRole = new Map<number, RolePermissionRow[]>();
    for (const r of roles) byRole.set(Number(r.id), []);
    for (const r of rows) byRole.get(Number(r.role_id))?.push(r);
    const grants = (await this.db.query<{ slug: string }>('select slug from user_hierarchy_slugs where user_id = $1 order by slug', [userId])).map(
      (r) => r.slug,
    );
    return {
      user: {
        id: Number(u.id),
        email: String(u.email),
        first_name: String(u.first_name),
        last_name: String(u.last_name),
        loginUserId: (u.login_user_id as string | null) ?? null,
        lion_login: (u.lion_login as string | null) ?? null,
        okta_login: (u.okta_login as string | null) ?? null,
        roles: roles.map((r) => ({ name: r.name })),
        role_ids: roles.map((r) => Number(r.id)),
      },
      permissions: permissionSet(
        byRole,
        this.resources,
        roles.some((r) => r.grants_all),
      ),
      grants,
    };
  }
}

export function canIn(set: PermissionSet, resource: string, action: PermissionAction): boolean {
  return set[resource]?.[action] === true;
}
