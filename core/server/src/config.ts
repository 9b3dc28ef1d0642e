import { coreEndpoints, DEFAULT_SMALL_BASE, type PublicConfigDto } from '@discovery/plugin-api';
import { DEFAULT_COUNT_BUDGET } from '@discovery/counts';
import { randomBytes } from 'node:crypto';

export interface AppConfig {
  tier: 1 | 2 | 3;
  environment: string;
  sso_login_url: string;
  logout_url: string;
  /** External addresses: null (and hidden in the app) when not configured, never a placeholder. */
  support_url: string | null;
  service_desk_url: string | null;
  /** 'page' (Help on this Page), 'center' (Help Center), 'support' (Request Support): only those configured. */
  help_urls: Record<string, string>;
  show_privacy_policy_link: boolean;
  monitoring_client_token: string | null;
  /** SHELL-122: 0-100; anything else stops the start. */
  monitoringSampleRate: number;
  tier3_weights_suffix: string;
  /** Issue 27 §2: the small-base threshold every insight screen flags under (people). */
  small_base: number;
  demoPassword: string;
  sessionTtlHours: number;
  ssoSecret: string;
  corsOrigins: string[];
  /** Read the client's address and protocol from X-Forwarded-For / -Proto (behind a proxy only). */
  trustProxy: boolean;
  /** Session cookies are Secure on every answer ('always') or only on answers over https. */
  secureCookies: 'always' | 'https';
  /** Origins the app may embed in frames (CSP frame-src): the toolbox applications' hosts. */
  frameOrigins: string[];
  /** The most count work one request may ask for (segment references × shards; 422 beyond). */
  countBudget: number;
  /** Count calls one user may have running at once (429 with Retry-After beyond). */
  countConcurrency: number;
  /** Days an audit row is kept (issue 32 §4); older rows are purged daily. */
  auditRetentionDays: number;
  /** Hours an invitation link works (issue 32 §1). */
  inviteTtlHours: number;
}

/** A whole number >= min from the environment, or the default; anything else stops the start, naming the variable. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const v = env[name]?.trim();
  if (!v) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min} (got '${v}')`);
  return n;
}

/** SHELL-122: a sample rate is a number from 0 to 100; anything else stops the start, naming the variable. */
function percent(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const v = env[name]?.trim();
  if (!v) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new Error(`${name} must be a number from 0 to 100 (got '${v}')`);
  return n;
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** An origin as a CSP source: scheme://host[:port], nothing else (a path or a quote would widen or break the policy). */
function frameOrigin(v: string): string {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new Error(`DISCOVERY_FRAME_ORIGINS: '${v}' is not an origin (scheme://host[:port])`);
  }
  if (!['http:', 'https:'].includes(u.protocol) || u.origin === 'null') throw new Error(`DISCOVERY_FRAME_ORIGINS: '${v}' is not an http(s) origin`);
  return u.origin;
}

/**
 * An external address from the environment: unset or empty is null (the entry is hidden); anything
 * but an absolute http(s) address stops the start, naming the variable.
 */
function externalUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const v = env[name]?.trim();
  if (!v) return null;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new Error(`${name}: '${v}' is not an address (https://...)`);
  }
  if (!['http:', 'https:'].includes(u.protocol)) throw new Error(`${name}: '${v}' is not an http(s) address`);
  return v;
}

/** Configuration read once at start (SHELL-013: the tier is deployment-wide). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const tier = Number(env.DISCOVERY_TIER ?? 1);
  if (![1, 2, 3].includes(tier)) throw new Error(`DISCOVERY_TIER must be 1, 2 or 3 (got '${env.DISCOVERY_TIER}')`);
  const support = externalUrl(env, 'DISCOVERY_SUPPORT_URL');
  const helpCenter = externalUrl(env, 'DISCOVERY_HELP_CENTER_URL');
  const helpPage = externalUrl(env, 'DISCOVERY_HELP_PAGE_URL');
  return {
    tier: tier as 1 | 2 | 3,
    environment: env.DISCOVERY_ENV ?? 'dev',
    sso_login_url: env.DISCOVERY_SSO_LOGIN_URL ?? coreEndpoints.adfsLogin.path,
    logout_url: env.DISCOVERY_LOGOUT_URL ?? coreEndpoints.adfsLogout.path,
    support_url: support,
    service_desk_url: externalUrl(env, 'DISCOVERY_SERVICE_DESK_URL'),
    help_urls: {
      ...(helpCenter ? { center: helpCenter } : {}),
      ...(helpPage ? { page: helpPage } : {}),
      ...(support ? { support } : {}),
    },
    show_privacy_policy_link: env.DISCOVERY_SHOW_PRIVACY_LINK === 'true',
    monitoring_client_token: env.DISCOVERY_MONITORING_TOKEN?.trim() || null,
    monitoringSampleRate: percent(env, 'DISCOVERY_MONITORING_SAMPLE_RATE', 100),
    tier3_weights_suffix: env.DISCOVERY_TIER3_WEIGHTS_SUFFIX ?? '_weights',
    small_base: wholeNumber(env, 'DISCOVERY_SMALL_BASE', DEFAULT_SMALL_BASE, 0),
    demoPassword: env.DISCOVERY_DEMO_PASSWORD ?? 'discovery-demo',
    sessionTtlHours: Number(env.DISCOVERY_SESSION_TTL_HOURS ?? 12),
    ssoSecret: env.DISCOVERY_SSO_SECRET ?? randomBytes(32).toString('hex'),
    corsOrigins: list(env.DISCOVERY_CORS_ORIGINS),
    trustProxy: env.DISCOVERY_TRUST_PROXY === 'true',
    secureCookies: env.NODE_ENV === 'production' || env.DISCOVERY_SECURE_COOKIES === 'true' ? 'always' : 'https',
    frameOrigins: list(env.DISCOVERY_FRAME_ORIGINS).map(frameOrigin),
    countBudget: wholeNumber(env, 'DISCOVERY_COUNT_BUDGET', DEFAULT_COUNT_BUDGET),
    countConcurrency: wholeNumber(env, 'DISCOVERY_COUNT_CONCURRENCY', 4),
    auditRetentionDays: wholeNumber(env, 'DISCOVERY_AUDIT_RETENTION_DAYS', 400),
    inviteTtlHours: wholeNumber(env, 'DISCOVERY_INVITE_TTL_HOURS', 72),
  };
}

/** What GET /api/v1/config may show (no secrets). */
export function publicConfig(c: AppConfig): Omit<PublicConfigDto, 'build'> {
  return {
    tier: c.tier,
    environment: c.environment,
    sso_login_url: c.sso_login_url,
    logout_url: c.logout_url,
    support_url: c.support_url,
    service_desk_url: c.service_desk_url,
    help_urls: c.help_urls,
    show_privacy_policy_link: c.show_privacy_policy_link,
    monitoring_client_token: c.monitoring_client_token,
    monitoring_sample_rate: c.monitoringSampleRate,
    tier3_weights_suffix: c.tier3_weights_suffix,
    small_base: c.small_base,
  };
}
