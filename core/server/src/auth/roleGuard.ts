import type { Queryable } from '../db';
import { ACTIONS } from './permissions';

/** 'resource.action' */
type Capability = string;

/** The global administration a role gives: every action on global_admin (a superuser role gives it too). */
const ADMIN = ACTIONS.map((a) => `global_admin.${a}`);

interface Snapshot {
  /** Roles that give global administration. */
  adminRoles: number;
  /** What each user holds through their roles. */
  users: Map<number, Set<Capability>>;
}

async function snapshot(tx: Pick<Queryable, 'query'>, resources: readonly string[]): Promise<Snapshot> {
  const roles = await tx.query<{ id: number; grants_all: boolean }>('select id, grants_all from roles');
  const rows = await tx.query<{ role_id: number; resource: string; can_create: boolean; can_read: boolean; can_update: boolean; can_destroy: boolean }>(
    'select * from role_permissions',
  );
  const links = await tx.query<{ user_id: number; role_id: number }>('select user_id, role_id from user_roles');
  const everything = resources.flatMap((r) => ACTIONS.map((a) => `${r}.${a}`));
  const byRole = new Map<number, Set<Capability>>(roles.map((r) => [Number(r.id), new Set(r.grants_all ? everything : [])]));
  for (const p of rows) {
    const set = byRole.get(Number(p.role_id));
    if (!set) continue;
    for (const a of ACTIONS) if (p[`can_${a}`]) set.add(`${p.resource}.${a}`);
  }
  const users = new Map<number, Set<Capability>>();
  for (const l of links) {
    const held = users.get(Number(l.user_id)) ?? new Set<Capability>();
    for (const c of byRole.get(Number(l.role_id)) ?? []) held.add(c);
    users.set(Number(l.user_id), held);
  }
  return { adminRoles: [...byRole.values()].filter((set) => ADMIN.every((c) => set.has(c))).length, users };
}

const heldByAnyone = (s: Snapshot) => {
  const all = new Set<Capability>();
  for (const set of s.users.values()) for (const c of set) all.add(c);
  return all;
};
const hasAdmin = (s: Snapshot) => [...s.users.values()].some((set) => ADMIN.every((c) => set.has(c)));

/**
 * Runs a change to roles (delete, or a save that strips permissions) in the caller's transaction
 * and refuses it when it would lock the system: no role left giving global administration, no
 * user left holding it, or a permission some user holds that nobody would hold afterwards. The
 * message is the 409's (issue 25 §5: `DELETE /roles/1` left every administrator locked out).
 */
export async function guardRoleChange(
  tx: Queryable,
  resources: readonly string[],
  what: 'delete' | 'save' | 'assign',
  change: () => Promise<void>,
): Promise<string | null> {
  const before = await snapshot(tx, resources);
  await change();
  const after = await snapshot(tx, resources);
  const verb = what === 'delete' ? 'Deleting this role' : what === 'assign' ? "Changing this user's roles like this" : 'Saving this role like this';
  if (before.adminRoles > 0 && after.adminRoles === 0) {
    return `${verb} would leave no role that gives global administration, and nobody could manage roles again. Give another role global administration first.`;
  }
  if (hasAdmin(before) && !hasAdmin(after)) {
    return `${verb} would leave no user with global administration, and nobody could manage roles again. Give another user's role global administration first.`;
  }
  // A user's roles may take from them what nobody else holds: only the roles themselves keep every permission held.
  if (what === 'assign') return null;
  const kept = heldByAnyone(after);
  const lost = [...heldByAnyone(before)].filter((c) => !kept.has(c)).sort();
  if (lost.length) {
    const shown = lost.slice(0, 5).join(', ') + (lost.length > 5 ? ` and ${lost.length - 5} more` : '');
    return `${verb} would leave nobody with ${lost.length === 1 ? 'the permission' : 'the permissions'} ${shown}. Grant ${lost.length === 1 ? 'it' : 'them'} through another role first.`;
  }
  return null;
}
