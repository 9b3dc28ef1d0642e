import { safeReturnPath, type HierarchySelection, type RouteScope } from '@discovery/plugin-api';
import { homePathFor, resolveNodes, type ClientDto } from './hierarchy';

/** SHELL-024: where a signed-out user goes; returnUrl only when the target is not the root. */
export function loginRedirect(pathname: string, search = ''): string {
  const target = pathname + search;
  return target === '/' || target === '' ? '/login' : `/login?returnUrl=${encodeURIComponent(target)}`;
}

/** SHELL-028 warning texts, shown for this long before the redirect. */
export const ROUTING_WARNING_MS = 10_000;
/** A warning as the core strings' key and its values: the page shows it in the user's language. */
export interface RoutingMessage {
  key: 'routing.invalidClient' | 'routing.noClient';
  values?: Record<string, string>;
}
export const invalidClientWarning = (slug: string): RoutingMessage => ({ key: 'routing.invalidClient', values: { slug } });
export const NO_CLIENT_WARNING: RoutingMessage = { key: 'routing.noClient' };

export type GuardResult = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'warn'; message: RoutingMessage; to: string };

const LEVELS = ['client', 'region', 'brand', 'product'] as const;
const DEPTH: Record<RouteScope, number> = { global: 0, client: 1, region: 2, brand: 3, product: 4 };

/**
 * The context guards of a scoped route (SHELL-025..029): the URL's client must be one of the
 * user's (else a 10 s warning, then the default home); every level the route's scope needs must
 * resolve, else redirect: client and region valid -> '{c}/{r}/home' (rule 2); otherwise the home
 * of the deepest valid context. Every target is itself a valid home, so no loop can form.
 */
export function contextGuard(tree: ClientDto[], scope: RouteScope, sel: HierarchySelection, opts: { noticePath?: string | null } = {}): GuardResult {
  const depth = DEPTH[scope];
  if (depth === 0) return { kind: 'allow' };
  const fallback = homePathFor(tree) ?? '/home';
  if (!sel.client) return { kind: 'warn', message: NO_CLIENT_WARNING, to: fallback };
  const nodes = resolveNodes(tree, sel);
  if (!nodes.client) return { kind: 'warn', message: invalidClientWarning(sel.client), to: fallback };
  const resolved = LEVELS.filter((l) => nodes[l]).length;
  if (resolved >= depth) return { kind: 'allow' };
  // SHELL-031 / TBX-026: the brand/product guard. A brand- or product-level route in a client and
  // region with no brand holding a product there goes to the notice page, when the build has one.
  if (opts.noticePath && depth >= 3 && nodes.region && !nodes.region.brands.some((b) => b.products.length > 0)) {
    return { kind: 'redirect', to: opts.noticePath };
  }
  if (nodes.region) return { kind: 'redirect', to: `/${nodes.client.slug}/${nodes.region.slug}/home` };
  return { kind: 'redirect', to: homePathFor(tree, { client: nodes.client.slug }) ?? fallback };
}

/** SHELL-038 / SHELL-042: only same-origin paths (the server's rule, safeReturnPath) are followed after sign-in. */
export function safeReturnUrl(v: string | null | undefined): string {
  const path = safeReturnPath(v);
  return path && !path.startsWith('/login') ? path : '/home';
}
