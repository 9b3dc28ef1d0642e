import { landingSelection, type ClientDto, type HierarchySelection } from '@discovery/plugin-api';
import type { AutomationRoute } from '@discovery/platform';
import { installPageProbe, settle } from './PageProbe';

/**
 * How long one walk over every route of the build may take (about 60 routes with 19 plugins, and
 * more with each plugin): 5 minutes ran out on this 2-core machine under load. The walks log each
 * page's visit and audit time; what a user waits for is measured by the benches, not this limit.
 */
export const WALK_TIMEOUT_MS = 15 * 60_000;

/** One page to visit: a route of the build with its params filled from the demo data. */
export interface PageVisit {
  routeId: string;
  pluginId: string;
  url: string;
  /** 'audiences.detail (lookalike)', for reports. */
  label: string;
}

/** A GET of the API in the page's session (cookie, CSRF header, X-Context when given). */
export async function apiGet<T>(path: string, context?: string): Promise<T> {
  const res = await browser.executeAsync(
    (p: string, ctx: string, done: (r: { status: number; body: unknown }) => void) => {
      const headers: Record<string, string> = { 'x-csrf-token': localStorage.getItem('csrf-token') ?? '' };
      if (ctx) headers['x-context'] = ctx;
      fetch(p, { credentials: 'same-origin', headers })
        .then(async (r) => done({ status: r.status, body: await r.json().catch(() => null) }))
        .catch(() => done({ status: 0, body: null }));
    },
    path,
    context ?? '',
  );
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return res.body as T;
}

/** The route patterns the running build registered (the app lists them under WebDriver control). */
export async function buildRoutes(): Promise<AutomationRoute[]> {
  if (!(await browser.getUrl()).includes('/home')) await browser.url('/home');
  let routes: AutomationRoute[] | null = null;
  await browser.waitUntil(
    async () => {
      routes = await browser.execute(() => (window as unknown as { __discoveryRoutes?: AutomationRoute[] }).__discoveryRoutes ?? null);
      return routes !== null;
    },
    { timeout: 20000, timeoutMsg: 'the app never listed its routes (window.__discoveryRoutes)' },
  );
  return routes ?? [];
}

interface SampleContext {
  /** The signed-in user's landing context, full slug 'acme/us/fizz-cola/fizz-zero'. */
  product: string;
  selection: HierarchySelection;
  /** Every product the user may open, the landing one first (full slugs). */
  products: string[];
}

/** A sample: the route's own params, and the context it lives in when not the landing one. */
interface Sample {
  label: string;
  params: Record<string, string>;
  context?: HierarchySelection;
}

const selectionOf = (fullSlug: string): HierarchySelection => {
  const [client, region, brand, product] = fullSlug.split('/');
  return { client, region, brand, product };
};

/** The first product (landing first) whose list at `path` is not empty, with that list's first id. */
async function firstIdIn(path: string, products: string[]): Promise<{ product: string; id: number } | null> {
  for (const product of products) {
    const list = await apiGet<{ data: { id: number }[] }>(path, product);
    if (list.data[0]) return { product, id: list.data[0].id };
  }
  return null;
}

/**
 * Values for the params a route has beyond the hierarchy slugs, read from the demo data through
 * the API as the signed-in user. Each entry names the params it fills together; a route with a
 * param no entry fills fails the walk, naming it, so a new plugin's route with a new param asks
 * for a sample here instead of going unvisited.
 */
const PARAM_SAMPLES: { params: string[]; values: (ctx: SampleContext) => Promise<Sample[]> }[] = [
  {
    // audiences.detail: an audience and a lookalike, of the first product that has one.
    params: ['type', 'id'],
    values: async ({ products }) => {
      const out: Sample[] = [];
      for (const [type, path] of [
        ['audience', '/api/v1/audiences'],
        ['lookalike', '/api/v1/audiences/v2/lookalikes'],
      ] as const) {
        const found = await firstIdIn(path, products);
        if (found) out.push({ label: type, params: { type, id: String(found.id) }, context: selectionOf(found.product) });
      }
      return out;
    },
  },
  {
    // overlap.chart: the seeded comparison of the first product that has one.
    params: ['comparisonId'],
    values: async ({ products }) => {
      const found = await firstIdIn('/api/v1/overlap/comparisons', products);
      return found ? [{ label: 'comparison', params: { comparisonId: String(found.id) }, context: selectionOf(found.product) }] : [];
    },
  },
  {
    // insights-grow.grow: the first Grow chart of the first product that has one.
    params: ['mekkoId'],
    values: async ({ products }) => {
      const found = await firstIdIn('/api/v1/insights-grow/mekkos', products);
      return found ? [{ label: 'chart', params: { mekkoId: String(found.id) }, context: selectionOf(found.product) }] : [];
    },
  },
  {
    // insights-journey.viewer and .builder: the first journey of the first product that has one.
    params: ['journeyId'],
    values: async ({ products }) => {
      const found = await firstIdIn('/api/v1/insights-journey/journeys', products);
      return found ? [{ label: 'journey', params: { journeyId: String(found.id) }, context: selectionOf(found.product) }] : [];
    },
  },
  {
    // explore.page, explore.builder and the motivation-audience builder: the first persona of the
    // first product that has one (the seeded 'All Data' persona comes first).
    params: ['personaId'],
    values: async ({ products }) => {
      const found = await firstIdIn('/api/v1/explore/personas', products);
      return found ? [{ label: 'persona', params: { personaId: String(found.id) }, context: selectionOf(found.product) }] : [];
    },
  },
  {
    // toolbox.app.*: the first embedded (iframed) unit the client shows in the navigation.
    params: ['unitName'],
    values: async ({ selection }) => {
      const units = await apiGet<{ data: { name: string; iframed: boolean; status: boolean; region_ids: (number | 'all')[] }[] }>(
        `/api/v1/toolbox/units/type/nav/client/${selection.client}`,
      );
      const unit = units.data.find((u) => u.iframed && u.status && u.region_ids.includes('all'));
      return unit ? [{ label: unit.name, params: { unitName: unit.name } }] : [];
    },
  },
];

const HIERARCHY_PARAMS: Record<string, keyof HierarchySelection> = { clientSlug: 'client', regionSlug: 'region', brandSlug: 'brand', productSlug: 'product' };

/**
 * Every page of the build for the signed-in user: each route once, in the user's landing context
 * (SHELL-051), with its own params filled from PARAM_SAMPLES (one visit per sample). Call it
 * signed in.
 */
export async function pagesOfBuild(): Promise<PageVisit[]> {
  await installPageProbe();
  const routes = await buildRoutes();
  const tree = await apiGet<{ data: ClientDto[] }>('/api/v1/hierarchy');
  const selection = landingSelection(tree.data) ?? {};
  const product = [selection.client, selection.region, selection.brand, selection.product].join('/');
  const all = tree.data.flatMap((c) => c.regions.flatMap((r) => r.brands.flatMap((b) => b.products.map((p) => `${c.slug}/${r.slug}/${b.slug}/${p.slug}`))));
  const ctx: SampleContext = { selection, product, products: [product, ...all.filter((p) => p !== product)] };
  const samples = new Map<string, Sample[]>();

  const visits: PageVisit[] = [];
  for (const route of routes) {
    const own = route.pattern
      .split('/')
      .filter((s) => s.startsWith(':'))
      .map((s) => s.replace(/^:|\?$/g, ''))
      .filter((p) => !(p in HIERARCHY_PARAMS));
    let variants: Sample[] = [{ label: '', params: {} }];
    if (own.length > 0) {
      const sample = PARAM_SAMPLES.find((s) => s.params.length === own.length && own.every((p) => s.params.includes(p)));
      if (!sample)
        throw new Error(`route '${route.id}' (${route.pattern}) has params ${own.join(', ')} that no sample in e2e/pageobjects/a11y/RouteCatalog.ts fills`);
      const key = sample.params.join(',');
      if (!samples.has(key)) samples.set(key, await sample.values(ctx));
      variants = samples.get(key) ?? [];
      if (variants.length === 0) throw new Error(`the demo data has no sample for ${key} (route '${route.id}')`);
    }
    for (const v of variants) {
      const url = route.pattern
        .split('/')
        .map((seg) => {
          if (!seg.startsWith(':')) return seg;
          const name = seg.replace(/^:|\?$/g, '');
          const h = HIERARCHY_PARAMS[name];
          const value = h ? (v.context ?? selection)[h] : v.params[name];
          if (!value) throw new Error(`route '${route.id}': no value for :${name} in the landing context ${ctx.product}`);
          return encodeURIComponent(value);
        })
        .join('/');
      visits.push({ routeId: route.id, pluginId: route.pluginId, url, label: v.label ? `${route.id} (${v.label})` : route.id });
    }
  }
  return visits;
}

/**
 * Goes to `url` inside the running app, as its own links do: a history entry and the popstate event
 * react-router's BrowserRouter listens to (shaped as its entries are), no page load. The app keeps
 * its session, stores and loaded chunks, and the audit keeps axe injected: about a second less per
 * page than `browser.url` on this machine (issue 26). The document must be the app's.
 */
export async function navigateInApp(url: string): Promise<void> {
  await browser.execute((u: string) => {
    const prev = history.state as { idx?: number } | null;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (prev?.idx ?? 0) + 1 }, '', u);
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, url);
  // The router renders the new page in a transition, which keeps the previous page on screen until
  // the new one can show: wait until the screen is the current history entry's (core/ui Root.tsx
  // marks <html data-rendered-location>; a redirect replaces the entry, and its page marks it).
  await browser.waitUntil(() => browser.execute(() => document.documentElement.dataset.renderedLocation === (history.state as { key?: string } | null)?.key), {
    timeout: 30_000,
    timeoutMsg: `the app never rendered ${url} (the previous page stayed on screen for 30 s)`,
  });
}

/**
 * Opens a page and waits until it has settled; returns where it landed. `inApp` goes there inside
 * the app already loaded (`navigateInApp`) instead of loading the page afresh.
 */
export async function visit(url: string, opts: { inApp?: boolean } = {}): Promise<{ landed: string; settled: boolean }> {
  if (opts.inApp) await navigateInApp(url);
  else await browser.url(url);
  const settled = await settle();
  const u = new URL(await browser.getUrl());
  return { landed: decodeURIComponent(u.pathname) + u.search, settled };
}

/** The signed-in user's landing product as a full slug ('acme/us/fizz-cola/fizz-classic'). */
export async function landingProduct(): Promise<string> {
  const tree = await apiGet<{ data: ClientDto[] }>('/api/v1/hierarchy');
  const s = landingSelection(tree.data) ?? {};
  return [s.client, s.region, s.brand, s.product].filter(Boolean).join('/');
}
