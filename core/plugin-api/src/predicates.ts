import type { HierarchySelection } from './hierarchy';
import type { PermissionAction } from './permissions';

/** What a predicate may look at: a pure, synchronous snapshot of the session. */
export interface SessionSnapshot {
  can(resource: string, action: PermissionAction): boolean;
  /** Feature flags of the current client. */
  featureFlags: Readonly<Record<string, boolean>>;
  /** Accessible feature modules in the current context (SRV-018). */
  modules: readonly string[];
  isTier3: boolean;
  hierarchy: Readonly<HierarchySelection>;
}

export type Predicate = (s: SessionSnapshot) => boolean;

export const always: Predicate = () => true;

export function allOf(...ps: Predicate[]): Predicate {
  return (s) => ps.every((p) => p(s));
}

export function anyOf(...ps: Predicate[]): Predicate {
  return (s) => ps.some((p) => p(s));
}

export function hasPermission(resource: string, action: PermissionAction): Predicate {
  return (s) => s.can(resource, action);
}

export function hasFeatureFlag(flag: string): Predicate {
  return (s) => s.featureFlags[flag] === true;
}

export function hasModule(module: string): Predicate {
  return (s) => s.modules.includes(module);
}
