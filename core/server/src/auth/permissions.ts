import { PERMISSION_ACTIONS, type PermissionAction, type PermissionSet } from '@discovery/plugin-api';

/** SHELL-071: every resource the permission service knows, plus the global admin ones. */
export const RESOURCES = [
  'report_task_admin',
  'clients',
  'regions',
  'brands',
  'products',
  'molecula_access',
  'ams_activation',
  'id_env_product_slugs',
  'mekkos',
  'journeys',
  'outcome_timeframes',
  'comparisons',
  'explore',
  'index_report',
  'request_motivation_audiences',
  'audiences',
  'curves',
  'plans',
  'customer_value',
  'site_visitation',
  'best_customer',
  'customer_attrition',
  'buyer_retention',
  'toolbox_client_configuration',
  'upload',
  'upload_mekkos',
  'upload_surveys',
  'upload_discussions',
  'upload_journeys',
  'upload_personas',
  'global_admin',
  'impersonation',
  // Issue 32 §5: reading the server's Prometheus metrics (a scraper's API key).
  'monitoring',
] as const;

export type Resource = (typeof RESOURCES)[number];
export type Grant = Partial<Record<PermissionAction, boolean>>;

export interface RolePermissionRow {
  resource: string;
  can_create: boolean;
  can_read: boolean;
  can_update: boolean;
  can_destroy: boolean;
}

/**
 * The permission set of a user: the OR of their roles' rows over every resource. SRV-017 / A-16:
 * a role with no row for brands or products gets create, update and destroy on them.
 */
export function permissionSet(rowsByRole: Map<number, RolePermissionRow[]>, resources: readonly string[] = RESOURCES, grantsAll = false): PermissionSet {
  const set: PermissionSet = {};
  for (const r of resources) set[r] = { create: grantsAll, read: grantsAll, update: grantsAll, destroy: grantsAll };
  if (grantsAll) return set;
  for (const rows of rowsByRole.values()) {
    const seen = new Set(rows.map((r) => r.resource));
    for (const row of rows) {
      const cur = (set[row.resource] ??= { create: false, read: false, update: false, destroy: false });
      cur.create ||= row.can_create;
      cur.read ||= row.can_read;
      cur.update ||= row.can_update;
      cur.destroy ||= row.can_destroy;
    }
    for (const r of ['brands', 'products']) {
      if (!seen.has(r)) Object.assign(set[r], { create: true, update: true, destroy: true });
    }
  }
  return set;
}

const all: Grant = { create: true, read: true, update: true, destroy: true };
const read: Grant = { read: true };
const none: Grant = {};

function matrix(base: Grant, overrides: Partial<Record<Resource, Grant>> = {}): Record<Resource, Grant> {
  return Object.fromEntries(RESOURCES.map((r) => [r, overrides[r] ?? base])) as Record<Resource, Grant>;
}

/** SHELL-076: the seeded roles. The UI branches on permissions only, never on these names. */
export const SUPERUSER_ROLES = ['Global Admin'];
export const ROLE_MATRICES: Record<string, Record<Resource, Grant>> = {
  'Global Admin': matrix(all),
  'Client Admin': matrix(all, { global_admin: none, impersonation: none, monitoring: none }),
  Planner: matrix(read, {
    audiences: all,
    mekkos: all,
    journeys: all,
    comparisons: all,
    explore: all,
    index_report: { create: true, read: true },
    outcome_timeframes: all,
    request_motivation_audiences: { create: true, read: true },
    plans: all,
    curves: all,
    brands: read,
    products: read,
    clients: read,
    regions: read,
    report_task_admin: none,
    molecula_access: none,
    id_env_product_slugs: none,
    toolbox_client_configuration: none,
    upload: none,
    upload_mekkos: none,
    upload_surveys: none,
    upload_discussions: none,
    upload_journeys: none,
    upload_personas: none,
    global_admin: none,
    impersonation: none,
    monitoring: none,
  }),
  Analyst: matrix(read, {
    explore: { create: true, read: true, update: true },
    index_report: { create: true, read: true },
    report_task_admin: none,
    molecula_access: none,
    upload: none,
    upload_mekkos: none,
    upload_surveys: none,
    upload_discussions: none,
    upload_journeys: none,
    upload_personas: none,
    global_admin: none,
    impersonation: none,
    monitoring: none,
  }),
  Viewer: matrix(read, {
    brands: read,
    products: read,
    report_task_admin: none,
    molecula_access: none,
    ams_activation: none,
    id_env_product_slugs: none,
    toolbox_client_configuration: none,
    upload: none,
    upload_mekkos: none,
    upload_surveys: none,
    upload_discussions: none,
    upload_journeys: none,
    upload_personas: none,
    global_admin: none,
    impersonation: none,
    monitoring: none,
  }),
};

export function grantToRow(resource: string, g: Grant): RolePermissionRow {
  return {
    resource,
    can_create: g.create === true,
    can_read: g.read === true,
    can_update: g.update === true,
    can_destroy: g.destroy === true,
  };
}

export const ACTIONS = PERMISSION_ACTIONS;
