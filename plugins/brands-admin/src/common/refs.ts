import { definePermission } from '@discovery/plugin-api';

/** BRAND-001: the shell's refs for Brand Management (the hierarchy selector links to them), bound by this plugin's page. */
export { brandsAdminRoutes } from '@discovery/plugin-api';

/** The synthetic 'All' region of the Region dropdown (000 §3, SHELL-054). */
export const ALL_REGIONS_SLUG = '*';

/** The brand admin permission set (BRAND-002, BRAND-013, SRV-028..036), shared with the server. */
export const brandsAdminPermissions = {
  brandsRead: definePermission('brands', 'read'),
  brandsCreate: definePermission('brands', 'create'),
  brandsUpdate: definePermission('brands', 'update'),
  brandsDestroy: definePermission('brands', 'destroy'),
  productsRead: definePermission('products', 'read'),
  productsCreate: definePermission('products', 'create'),
  productsUpdate: definePermission('products', 'update'),
  productsDestroy: definePermission('products', 'destroy'),
  slugsRead: definePermission('id_env_product_slugs', 'read'),
  slugsUpdate: definePermission('id_env_product_slugs', 'update'),
  clientsRead: definePermission('clients', 'read'),
  clientsCreate: definePermission('clients', 'create'),
  clientsUpdate: definePermission('clients', 'update'),
  regionsCreate: definePermission('regions', 'create'),
};

export const allBrandsAdminPermissions = Object.values(brandsAdminPermissions);
