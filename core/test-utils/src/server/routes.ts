import type { RouteRecord, ServerCore } from '@discovery/server';

/**
 * Helpers the route walk and the route fuzzer share: what a route's path looks like filled in,
 * and the contexts the demo hierarchy offers. Both read the server's own route table, so a plugin
 * added to a build is covered without anyone listing its routes.
 */

/** A route's path with every `:param` replaced by `fill(name)` (encoded). */
export function fillPath(url: string, fill: (name: string) => string): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(fill(name)));
}

/** A harmless value for a path param: an id that names nothing, a slug that exists, a uuid. */
export function neutralParam(route: RouteRecord, name: string): string {
  if (/^(id|.*Id|.*_id)$/.test(name) && name !== 'request_id') return '2147483000';
  if (name === 'request_id') return '00000000-0000-4000-8000-000000000000';
  if (name === 'type') return 'nav';
  if (name === 'slug') return 'acme';
  if (/slug/i.test(name)) return 'acme';
  return `probe-${route.method.toLowerCase()}`;
}

export interface Contexts {
  /** A product context in the first client. */
  product: string;
  /** A product context in a client `inside` may not see (for the grants check). */
  outside: string;
}

/** A product full slug per client, from the live hierarchy. */
export async function productContexts(core: ServerCore): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const c of await core.hierarchy()) {
    for (const r of c.regions) {
      for (const b of r.brands) {
        const p = b.products[0];
        if (p && !out.has(c.slug)) out.set(c.slug, `${c.slug}/${r.slug}/${b.slug}/${p.slug}`);
      }
    }
  }
  return out;
}

/** The routes worth walking: every API route with its declared access (HEAD and OPTIONS left out). */
export function apiRoutes(routes: readonly RouteRecord[]): RouteRecord[] {
  return routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
}

// Read once: a global read in a hot loop is slow inside jest's vm context (decisions 2026-12-06).
const imul = Math.imul;

/** A fixed-seed pseudo-random generator (mulberry32), so a fuzz run is repeatable. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
