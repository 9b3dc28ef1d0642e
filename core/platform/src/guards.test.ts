import { fixtures } from '@discovery/test-utils';
import { contextGuard, loginRedirect, NO_CLIENT_WARNING, safeReturnUrl } from './guards';
import en from './locales/en.json';
import { homePathFor, swapProduct } from './hierarchy';
import type { ClientDto } from './hierarchy';

const tree = fixtures.hierarchy() as unknown as ClientDto[];

describe('route guards', () => {
  it('SHELL-024 sends a signed-out user to /login, with returnUrl only when the target is not the root', () => {
    expect(loginRedirect('/')).toBe('/login');
    expect(loginRedirect('/acme/us/fizz-cola/fizz-zero/home', '?tab=2')).toBe(
      `/login?returnUrl=${encodeURIComponent('/acme/us/fizz-cola/fizz-zero/home?tab=2')}`,
    );
  });

  it('SHELL-025 allows four valid segments', () => {
    expect(contextGuard(tree, 'product', { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' })).toEqual({ kind: 'allow' });
  });

  it('SHELL-026 sends a path whose client and region are valid to {client}/{region}/home', () => {
    expect(contextGuard(tree, 'product', { client: 'acme', region: 'us', brand: 'nope', product: 'x' })).toEqual({ kind: 'redirect', to: '/acme/us/home' });
    expect(contextGuard(tree, 'product', { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'gone' })).toEqual({
      kind: 'redirect',
      to: '/acme/us/home',
    });
  });

  it('SHELL-027 SHELL-029 sends an invalid region to the home of the deepest valid context', () => {
    expect(contextGuard(tree, 'region', { client: 'acme', region: 'mars' })).toEqual({ kind: 'redirect', to: '/acme/us/fizz-cola/fizz-classic/home' });
  });

  it("SHELL-028 warns 'Invalid client: {slug}' for a client the user does not have, then goes to the default home", () => {
    expect(contextGuard(tree, 'product', { client: 'initech', region: 'ca', brand: 'b', product: 'p' })).toEqual({
      kind: 'warn',
      message: { key: 'routing.invalidClient', values: { slug: 'initech' } },
      to: '/acme/us/fizz-cola/fizz-classic/home',
    });
    expect(contextGuard(tree, 'client', {})).toEqual({ kind: 'warn', message: NO_CLIENT_WARNING, to: '/acme/us/fizz-cola/fizz-classic/home' });
    expect(en.routing.noClient).toBe('Routing Error: The URL did not specify an active client');
    expect(en.routing.invalidClient).toBe('Invalid client: {{slug}}');
  });

  it('SHELL-031 TBX-026 the brand/product guard sends a brand- or product-level route in a region without brands to the notice page, when the build has one', () => {
    const empty = { client: 'acme', region: 'uk', brand: 'b', product: 'p' };
    expect(contextGuard(tree, 'product', empty, { noticePath: '/notice' })).toEqual({ kind: 'redirect', to: '/notice' });
    expect(contextGuard(tree, 'brand', { client: 'acme', region: 'uk', brand: 'b' }, { noticePath: '/notice' })).toEqual({ kind: 'redirect', to: '/notice' });
    // without a notice page in the build: the region's home, as before
    expect(contextGuard(tree, 'product', empty)).toEqual({ kind: 'redirect', to: '/acme/uk/home' });
    // region-level routes and regions that have brands are not affected
    expect(contextGuard(tree, 'region', { client: 'acme', region: 'uk' }, { noticePath: '/notice' })).toEqual({ kind: 'allow' });
    expect(contextGuard(tree, 'product', { client: 'acme', region: 'us', brand: 'nope', product: 'x' }, { noticePath: '/notice' })).toEqual({
      kind: 'redirect',
      to: '/acme/us/home',
    });
  });

  it('never redirects to a target the guard would reject again (no loops)', () => {
    const cases = [
      { client: 'acme', region: 'us', brand: 'nope', product: 'x' },
      { client: 'acme', region: 'mars' },
      { client: 'initech' },
      { client: 'globex', region: 'de', brand: 'globex-home', product: 'nope' },
    ];
    for (const sel of cases) {
      for (const scope of ['client', 'region', 'product'] as const) {
        const r = contextGuard(tree, scope, sel);
        if (r.kind === 'allow') continue;
        const [, c, reg, b, p] = r.to.replace(/\/home$/, '').split('/');
        const targetScope = p ? 'product' : reg ? 'region' : 'client';
        expect(contextGuard(tree, targetScope, { client: c, region: reg, brand: b, product: p }).kind).toBe('allow');
      }
    }
  });

  it('SHELL-027 SHELL-051 SHELL-052 completes a context with the default region, then first brand and product', () => {
    expect(homePathFor(tree)).toBe('/acme/us/fizz-cola/fizz-classic/home');
    expect(homePathFor(tree, { client: 'globex' })).toBe('/globex/de/globex-home/home-essentials/home');
    expect(homePathFor(tree, { client: 'acme', region: 'uk' })).toBe('/acme/uk/home');
    expect(homePathFor([], {})).toBeNull();
  });

  it('SHELL-050 keeps the page when only the product changes', () => {
    const sel = { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' };
    expect(swapProduct('/acme/us/fizz-cola/fizz-zero/insights/grow/12', sel, 'fizz-classic')).toBe('/acme/us/fizz-cola/fizz-classic/insights/grow/12');
  });

  it('SHELL-038 follows only same-origin return URLs', () => {
    expect(safeReturnUrl('/acme/us/home')).toBe('/acme/us/home');
    expect(safeReturnUrl('https://evil.example/')).toBe('/home');
    expect(safeReturnUrl('//evil.example/')).toBe('/home');
    expect(safeReturnUrl(null)).toBe('/home');
    // the shared rule (safeReturnPath): what a browser would read as another host
    expect(safeReturnUrl('/\\evil.example')).toBe('/home');
    expect(safeReturnUrl('/%09/evil.example')).toBe('/home');
    expect(safeReturnUrl('/login?returnUrl=/x')).toBe('/home');
  });
});
