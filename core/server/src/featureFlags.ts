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
