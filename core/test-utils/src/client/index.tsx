import { HotkeysProvider } from '@blueprintjs/core';
import { bootstrapPlugins, ContainerProvider, initI18n, loadPageModule, type BootResult } from '@discovery/platform';
import { coreEndpoints, matchEndpoint, type ClientPlugin, type EndpointSpec, type ResponseOf } from '@discovery/plugin-api';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { insightsKitPlugin } from '@discovery/insights-kit';

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
/** A fake route; it may answer later (a Promise) to test slow or out-of-order responses. */
type Handler = (body: unknown, init: RequestInit, url: URL) => Answer | Promise<Answer>;
/** A router entry: a path, or a location with search and state (e.g. a draft handed to a page). */
export type TestRoute = string | { pathname: string; search?: string; state?: unknown };

/**
 * A scripted server for client tests: `api.respond('GET /api/v1/me', { data: me })`. It replaces
 * global fetch, so the real ApiClient and stores run unchanged; `api.calls` records every request.
 */
export interface SignedInOptions {
  tier?: 1 | 2 | 3;
  /** Merged into the fixture user's permissions: `{ mekkos: { read: true } }`. */
  permissions?: Record<string, Partial<Record<'create' | 'read' | 'update' | 'destroy', boolean>>>;
  /** Merged into Acme's feature flags. */
  flags?: Record<string, boolean>;
  /** The accessible modules of any context (SRV-018). */
  modules?: string[];
  /** Other public configuration (support addresses). */
  config?: Record<string, unknown>;
}

export class FakeServer {
  calls: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  private routes = new Map<string, Handler>();
  private endpoints: {
    endpoint: EndpointSpec;
    fn: (input: { params: Record<string, string>; query: URLSearchParams; body: unknown }) => Answer | Promise<Answer>;
  }[] = [];

  /**
   * Answers an endpoint defined in a plugin's `./common`, whatever its params: `body` is typed by
   * the endpoint's response, or a function of the call's params, query and body.
   */
  on<E extends EndpointSpec>(
    endpoint: E,
    answer:
      | ResponseOf<E>
      | ((input: {
          params: Record<string, string>;
          query: URLSearchParams;
          body: unknown;
        }) => { status?: number; body?: ResponseOf<E> | unknown } | Promise<{ status?: number; body?: unknown }>),
    status = 200,
  ): this {
    this.endpoints.unshift({ endpoint, fn: typeof answer === 'function' ? (answer as never) : () => ({ status, body: answer }) });
    return this;
  }

  /**
   * The shell's start-up calls for a signed-in user in Acme (config, languages, hierarchy, me,
   * the context's modules), so a page test scripts only its own plugin's endpoints. `permissions`
   * are added to the fixture user's, `flags` to Acme's feature flags.
   */
  signedIn(o: SignedInOptions = {}): this {
    const hierarchy = fixtures.hierarchy();
    hierarchy[0].feature_flags = { ...hierarchy[0].feature_flags, ...o.flags };
    const me = fixtures.me();
    return this.on(coreEndpoints.config, {
      data: {
        tier: o.tier ?? 1,
        logout_url: coreEndpoints.adfsLogout.path,
        help_urls: {},
        show_privacy_policy_link: true,
        tier3_weights_suffix: '_weights',
        small_base: 50,
        ...o.config,
      } as ResponseOf<typeof coreEndpoints.config>['data'],
    })
      .on(coreEndpoints.languages, { data: [{ value: 'en', text: 'English' }] })
      .on(coreEndpoints.hierarchy, { data: hierarchy as ResponseOf<typeof coreEndpoints.hierarchy>['data'] })
      .on(coreEndpoints.me, { data: { ...me, permissions: { ...me.permissions, ...o.permissions } } as ResponseOf<typeof coreEndpoints.me>['data'] })
      .on(coreEndpoints.contextModules, { data: o.modules ?? [] });
  }

  /** The calls made to an endpoint, newest last. */
  callsTo(endpoint: EndpointSpec) {
    return this.calls.filter((c) => c.method === endpoint.method && matchEndpoint(endpoint, c.url.split('?')[0]) !== null);
  }

  respond(key: string, body: unknown, status = 200, headers: Record<string, string> = {}): this {
    this.routes.set(key, () => ({ status, body, headers }));
    return this;
  }

  handle(key: string, fn: Handler): this {
    this.routes.set(key, fn);
    return this;
  }

  /** What a scripted route answers for this call, or undefined when none is scripted. */
  private async answerFor(method: string, path: string, init: RequestInit, url: string): Promise<Answer | undefined> {
    const route = this.routes.get(`${method} ${path}`);
    if (route) return route(undefined, init, new URL(url, 'http://localhost'));
    for (const e of this.endpoints) {
      const params = e.endpoint.method === method ? matchEndpoint(e.endpoint, path) : null;
      if (params) return e.fn({ params, query: new URLSearchParams(), body: undefined });
    }
    return undefined;
  }

  install(): void {
    // Like the browser's fetch: an aborted signal rejects the call with an AbortError, also while a slow answer is pending.
    const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
    const fake = this.fetch.bind(this);
    globalThis.fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
      const signal = init.signal;
      if (!signal) return fake(input, init);
      if (signal.aborted) return Promise.reject(aborted());
      return new Promise<Response>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(aborted()), { once: true });
        fake(input, init).then(resolve, reject);
      });
    }) as typeof fetch;
  }

  private async fetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    this.calls.push({ method, url, headers, body });
    const path = url.split('?')[0];
    let route = this.routes.get(`${method} ${path}`);
    if (!route) {
      for (const e of this.endpoints) {
        const params = e.endpoint.method === method ? matchEndpoint(e.endpoint, path) : null;
        if (params) {
          route = (b, _i, u) => e.fn({ params, query: u.searchParams, body: b });
          break;
        }
      }
    }
    // The start-up probe answers what a scripted /me answers, as the server does: the user, or
    // 200 with no user where /me would be refused (tests script whichever they mean).
    let r: Answer | undefined;
    if (!route && method === 'GET' && path === coreEndpoints.session.path) {
      const me = await this.answerFor('GET', coreEndpoints.me.path, init, url);
      if (me) r = (me.status ?? 200) >= 400 ? { status: 200, body: { data: null } } : me;
    }
    if (!route && !r)
      return new Response(JSON.stringify({ error: { message: `no fake for ${method} ${url}` } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    r ??= await route!(body, init, new URL(url, 'http://localhost'));
    return new Response(r.body === undefined ? null : JSON.stringify(r.body), {
      status: r.status ?? 200,
      headers: { 'content-type': 'application/json', ...(r.headers ?? {}) },
    });
  }
}

/** The container of a build: core services plus these plugins, validated and activated. */
export async function createTestContainer(plugins: ClientPlugin[] = []): Promise<BootResult> {
  await initI18n('en');
  // The kit's services are in every build (host/src/client), so in every test container.
  const boot = await bootstrapPlugins(plugins.some((p) => p.id === insightsKitPlugin.id) ? plugins : [insightsKitPlugin, ...plugins]);
  // A page test renders a page without the route that would load its plugin's page bindings.
  await Promise.all(boot.plugins.map((p) => loadPageModule(boot.container, p)));
  return boot;
}

/** Renders inside the container, Blueprint's providers and a router at `route`. */
export function renderWith(ui: ReactElement, { boot, route = '/' }: { boot: BootResult; route?: TestRoute }): RenderResult {
  return render(
    <ContainerProvider container={boot.container}>
      <HotkeysProvider>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </HotkeysProvider>
    </ContainerProvider>,
  );
}

/** The whole app (shell, guards, plugin routes) at `route`, as a user would meet it. */
export async function renderInShell(
  plugins: ClientPlugin[],
  route: TestRoute,
  buildInfo = { version: 'test', branch: 'main', revision: 'abc1234', date: '2026-11-22' },
) {
  const boot = await createTestContainer(plugins);
  const { App } = await import('@discovery/ui');
  const result = render(
    <HotkeysProvider>
      <MemoryRouter initialEntries={[route]}>
        <App boot={boot} buildInfo={buildInfo} />
      </MemoryRouter>
    </HotkeysProvider>,
  );
  return { boot, ...result };
}

/** Fixtures: the demo users and a small hierarchy, shaped like the server's answers. */
export const fixtures = {
  me(overrides: Record<string, unknown> = {}) {
    const all = { create: true, read: true, update: true, destroy: true };
    return {
      id: 1,
      email: 'admin@example.com',
      loginUserId: 'admin',
      first_name: 'Ada',
      last_name: 'Admin',
      roles: [{ name: 'Global Admin' }],
      role_ids: [1],
      impersonating: false,
      impersonator: null,
      permissions: { global_admin: all, impersonation: all, clients: all, regions: all, brands: all, products: all, molecula_access: all, audiences: all },
      clients: [
        { id: 1, name: 'Acme Beverages', slug: 'acme' },
        { id: 2, name: 'Globex Retail', slug: 'globex' },
      ],
      ...overrides,
    };
  },
  hierarchy() {
    const product = (id: number, name: string, slug: string, full: string) => ({
      id,
      name,
      slug,
      fullSlug: `${full}/${slug}`,
      conversant_company_id: null,
      region_ids: [1],
    });
    const brand = (id: number, name: string, slug: string, category: string, region: string, products: [number, string, string][]) => ({
      id,
      name,
      slug,
      fullSlug: `${region}/${slug}`,
      category,
      conversant_company_id: null,
      products: products.map(([pid, n, s]) => product(pid, n, s, `${region}/${slug}`)),
    });
    const region = (id: number, name: string, slug: string, client: string, isDefault: boolean, brands: ReturnType<typeof brand>[]) => ({
      id,
      name,
      slug,
      fullSlug: `${client}/${slug}`,
      currency: { symbol: '$', symbol_first: true },
      is_default: isDefault,
      molecula_index: `${client}_${slug}_m`,
      es_index: `${client}_${slug}_es`,
      brands,
    });
    return [
      {
        id: 1,
        name: 'Acme Beverages',
        slug: 'acme',
        fullSlug: 'acme',
        conversant_company_id: 1001,
        feature_flags: { grow: true },
        site_visitation_enabled: true,
        regions: [
          region(1, 'United States', 'us', 'acme', true, [
            brand(1, 'Fizz Cola', 'fizz-cola', 'Soft Drinks', 'acme/us', [
              [1, 'Fizz Classic', 'fizz-classic'],
              [2, 'Fizz Zero', 'fizz-zero'],
            ]),
            brand(2, 'Peak Water', 'peak-water', 'Water', 'acme/us', [[3, 'Peak Still', 'peak-still']]),
          ]),
          region(2, 'United Kingdom', 'uk', 'acme', false, []),
        ],
      },
      {
        id: 2,
        name: 'Globex Retail',
        slug: 'globex',
        fullSlug: 'globex',
        conversant_company_id: 2001,
        feature_flags: {},
        site_visitation_enabled: false,
        regions: [
          region(3, 'Germany', 'de', 'globex', true, [
            brand(3, 'Globex Home', 'globex-home', 'Home Goods', 'globex/de', [[4, 'Home Essentials', 'home-essentials']]),
          ]),
        ],
      },
    ];
  },
};
