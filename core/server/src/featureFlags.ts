import type { ResolvedContext } from './hierarchy/hierarchy';
import type { ServerCore } from './types';

/** SRV-018: client feature flags that open a feature module (the modules a context lists). */
export const MODULE_FLAGS = [
  'explore',
  'overlap',
  'grow',
  'journey',
  'customer_value',
  'site_visitation',
  'best_customer',
  'customer_attrition',
  'buyer_retention',
  'measure',
  'scenarios',
  'applications',
] as const;

/** Every client feature flag: the home cards' and features' own, then the module flags. */
export const ALL_FLAGS = [
  'true_target',
  'pve',
  'pve_product_category',
  'nlrr',
  'nlrr_demo',
  'path_to_purchase',
  'path_to_purchase_demo',
  ...MODULE_FLAGS,
] as const;

/**
 * SHELL-006 / EXP-048: a module whose flag is on may still be missing for the context when there
 * is no data for it (best customer, customer attrition). The plugin that owns a module registers
 * its check here; the context's module list (SRV-018) leaves the module out when the check says
 * false or fails.
 */
export type ModuleAvailability = Map<string, (ctx: ResolvedContext) => Promise<boolean>>;

export function moduleAvailability(core: Pick<ServerCore, 'shared'>): ModuleAvailability {
  return core.shared<ModuleAvailability>('core:moduleAvailability', () => new Map());
}
