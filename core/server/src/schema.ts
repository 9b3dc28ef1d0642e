/**
 * Drizzle view of the core tables (the SQL migrations in ./migrations create them; this file
 * must follow them). Plugins query core tables through `core.db` with these definitions.
 */
import { bigint, boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  loginUserId: text('login_user_id'),
  lionLogin: text('lion_login'),
  oktaLogin: text('okta_login'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  grantsAll: boolean('grants_all').notNull(),
});

export const rolePermissions = pgTable('role_permissions', {
  roleId: integer('role_id').notNull(),
  resource: text('resource').notNull(),
  canCreate: boolean('can_create').notNull(),
  canRead: boolean('can_read').notNull(),
  canUpdate: boolean('can_update').notNull(),
  canDestroy: boolean('can_destroy').notNull(),
});

export const userRoles = pgTable('user_roles', {
  userId: integer('user_id').notNull(),
  roleId: integer('role_id').notNull(),
});

export const userHierarchySlugs = pgTable('user_hierarchy_slugs', {
  userId: integer('user_id').notNull(),
  slug: text('slug').notNull(),
});

export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  conversantCompanyId: bigint('conversant_company_id', { mode: 'number' }),
  featureFlags: jsonb('feature_flags').$type<Record<string, boolean>>().notNull(),
  siteVisitationEnabled: boolean('site_visitation_enabled').notNull(),
  lite: boolean('lite').notNull(),
});

export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  currencySymbolFirst: boolean('currency_symbol_first').notNull(),
  isDefault: boolean('is_default').notNull(),
  moleculaIndex: text('molecula_index'),
  esIndex: text('es_index'),
  idEnvMotivationUrl: text('id_env_motivation_url'),
});

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  category: text('category'),
  conversantCompanyId: bigint('conversant_company_id', { mode: 'number' }),
  siteVisitSegmentMapping: jsonb('site_visit_segment_mapping'),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id').notNull(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  conversantCompanyId: bigint('conversant_company_id', { mode: 'number' }),
});

export const productRegions = pgTable('product_regions', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull(),
  regionId: integer('region_id').notNull(),
  idEnvProductSlug: text('id_env_product_slug'),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull(),
  csrfToken: text('csrf_token').notNull(),
  impersonatedUserId: integer('impersonated_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const languages = pgTable('languages', {
  value: text('value').primaryKey(),
  text: text('text').notNull(),
});
