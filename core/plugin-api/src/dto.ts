import type { PermissionSet } from './permissions';
/**
 * Shapes of the core API that both the server (produces) and the client (reads) use, so they are
 * written once. SRV-027 for the hierarchy, SRV-008 for the configuration.
 */
export interface ProductRegionDto {
  id: number;
  region_id: number;
  product_id: number;
  id_env_product_slug: string | null;
}
export interface ProductDto {
  id: number;
  name: string;
  slug: string;
  fullSlug: string;
  brand_id: number;
  conversant_company_id: number | null;
  region_ids: number[];
  product_regions: ProductRegionDto[];
}
export interface SegmentRef {
  identifier: string;
  name: string;
}
export interface BrandDto {
  id: number;
  name: string;
  slug: string;
  fullSlug: string;
  category: string | null;
  client_id: number;
  conversant_company_id: number | null;
  site_visit_segment_mapping: Record<string, SegmentRef> | null;
  products: ProductDto[];
}
export interface RegionDto {
  id: number;
  name: string;
  slug: string;
  fullSlug: string;
  client_id: number;
  currency: { symbol: string; symbol_first: boolean };
  is_default: boolean;
  molecula_index: string | null;
  es_index: string | null;
  id_env_motivation_url: string | null;
  brands: BrandDto[];
}
export interface ClientDto {
  id: number;
  name: string;
  slug: string;
  fullSlug: string;
  conversant_company_id: number | null;
  feature_flags: Record<string, boolean>;
  site_visitation_enabled: boolean;
  lite: boolean;
  regions: RegionDto[];
}

/** GET /api/v1/me (SRV-014): the signed-in user, with permissions and the clients the grants reach. */
export interface MeDto {
  id: number;
  email: string;
  loginUserId: string | null;
  first_name: string;
  last_name: string;
  roles: { name: string }[];
  role_ids: number[];
  impersonating: boolean;
  impersonator: { id: number; first_name: string; last_name: string } | null;
  permissions: PermissionSet;
  clients: { id: number; name: string; slug: string }[];
}

/** Issue 27 §2: the small-base threshold when the deployment sets none (people). */
export const DEFAULT_SMALL_BASE = 50;

/** GET /api/v1/config (SRV-008): deployment configuration, no secrets. */
/**
 * SHELL-119: browser monitoring runs only outside dev and with a client token. One rule for the
 * server (which refuses the forwarded errors otherwise) and the browser (which then sends none).
 */
export function browserMonitoringEnabled(c: { environment: string; monitoring_client_token: string | null }): boolean {
  return c.environment !== 'dev' && c.monitoring_client_token !== null;
}

export interface PublicConfigDto {
  tier: 1 | 2 | 3;
  environment: string;
  sso_login_url: string;
  logout_url: string;
  /** External addresses: null when the deployment configures none (the entry is then hidden). */
  support_url: string | null;
  service_desk_url: string | null;
  /** Help on this Page ('page'), Help Center ('center'), Request Support ('support'): only those configured. */
  help_urls: Record<string, string>;
  show_privacy_policy_link: boolean;
  monitoring_client_token: string | null;
  /** SHELL-122: the share of sessions (0-100) whose errors are forwarded; checked at start. */
  monitoring_sample_rate?: number;
  tier3_weights_suffix: string;
  /** Issue 27 §2: a share or index from fewer people than this is flagged as a small base (DISCOVERY_SMALL_BASE, default 50). */
  small_base: number;
  build: { version: string; branch: string; revision: string; date: string } | null;
}

/**
 * The company id a context acts for: the product's, else its brand's, else its client's
 * (SHELL-113 DESIGN; brand admin shows the same fallback, BRAND rules). Null when none has one.
 */
export function effectiveCompanyId(ctx: {
  client?: { conversant_company_id: number | null } | null;
  brand?: { conversant_company_id: number | null } | null;
  product?: { conversant_company_id: number | null } | null;
}): number | null {
  return ctx.product?.conversant_company_id ?? ctx.brand?.conversant_company_id ?? ctx.client?.conversant_company_id ?? null;
}
