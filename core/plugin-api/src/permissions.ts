export const PERMISSION_ACTIONS = ['create', 'read', 'update', 'destroy'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** One permission object shared by client (what is shown) and server (what is allowed). */
export interface PermissionDef {
  readonly resource: string;
  readonly action: PermissionAction;
}

export function definePermission(resource: string, action: PermissionAction): PermissionDef {
  return Object.freeze({ resource, action });
}

export function permissionKey(p: PermissionDef): string {
  return `${p.resource}.${p.action}`;
}

/** The permission set as the authorize call returns it (SRV-016). */
export type PermissionSet = Record<string, Partial<Record<PermissionAction, boolean>>>;

export function can(set: PermissionSet, resource: string, action: PermissionAction): boolean {
  return set[resource]?.[action] === true;
}
