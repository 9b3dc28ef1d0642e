import { createRouteRef, definePlugin, hasPermission, NAV_CATEGORIES, type SessionSnapshot } from '@discovery/plugin-api';
import { activeNavKey, buildNav } from './nav';
import { contextReaches, RouteTable } from './routeTable';

const P = '/acme/us/fizz/zero';
const snap = (over: Partial<SessionSnapshot> = {}): SessionSnapshot => ({
  can: () => true,
  featureFlags: {},
  modules: [],
  isTier3: false,
  hierarchy: { client: 'acme', region: 'us', brand: 'fizz', product: 'zero' },
  ...over,
});

const manage = createRouteRef({ id: 'toolbox.admin', scope: 'product', path: 'toolbox' });
const frame = createRouteRef({ id: 'toolbox.app', scope: 'product', path: 'toolbox-app/:unitName' });
const builder = createRouteRef({ id: 'builder', scope: 'product', path: 'audiences/builder' });
const overview = createRouteRef({ id: 'overview', scope: 'product', path: 'audiences/overview' });
const plugins = [
  definePlugin({
    id: 'toolbox',
    titleKey: 't',
    routes: [
      { ref: manage, load: async () => ({ default: () => null }) },
      { ref: frame, load: async () => ({ default: () => null }) },
    ],
    nav: [{ target: manage, category: 'toolbox', labelKey: 'Manage Toolbox', icon: 'wrench' }],
  }),
  definePlugin({
    id: 'audiences',
    titleKey: 'a',
    routes: [
      { ref: overview, load: async () => ({ default: () => null }) },
      { ref: builder, requires: hasPermission('audiences', 'create'), load: async () => ({ default: () => null }) },
    ],
    nav: [
      { target: overview, category: 'audiences', labelKey: 'Overview', icon: 'people' },
      { target: builder, category: 'audiences', labelKey: 'Builder', icon: 'build' },
    ],
  }),
];
const units = [{ key: 'demo', category: 'toolbox' as const, label: 'Demo App', icon: 'application', href: `${P}/toolbox-app/Demo%20App` }];

describe('one highlighted nav entry (issue 14 §8)', () => {
  it("highlights only the embedded application's entry on its page, not Manage Toolbox whose address is a prefix of it", () => {
    const model = buildNav(plugins, snap(), new Set(), units);
    expect(activeNavKey(model, `${P}/toolbox-app/Demo%20App`)).toBe('dynamic:demo');
    expect(activeNavKey(model, `${P}/toolbox`)).toBe('toolbox:0');
    // A page below an entry's address keeps that entry lit (the audience detail under Overview).
    expect(activeNavKey(model, `${P}/audiences/overview/audience/12`)).toBe('audiences:0');
    expect(activeNavKey(model, `${P}/home`)).toBeNull();
  });
});

describe('the route decides for the nav item and the card (issue 14 §3)', () => {
  it('a nav item whose route refuses the user is never a live link', () => {
    const viewer = snap({ can: (_r, a) => a === 'read' });
    const items = buildNav(plugins, viewer).categories.find((c) => c.category === 'audiences')!.items;
    expect(items.map((e) => [e.labelKey, e.enabled])).toEqual([
      ['Overview', true],
      ['Builder', false],
    ]);
  });

  it('canOpen: the build has the page, its requires lets the user in, and the context reaches its scope', () => {
    const routes = new RouteTable(plugins);
    expect(routes.canOpen(builder, snap())).toBe(true);
    expect(routes.canOpen(builder, snap({ can: () => false }))).toBe(false);
    // Initech Media > Canada has no brands: a product page cannot open there.
    expect(routes.canOpen(overview, snap({ hierarchy: { client: 'initech', region: 'ca' } }))).toBe(false);
    expect(routes.canOpen(createRouteRef({ id: 'elsewhere', scope: 'global', path: 'x' }), snap())).toBe(false);
    expect(contextReaches('region', { client: 'initech', region: 'ca' })).toBe(true);
    expect(contextReaches('brand', { client: 'initech', region: 'ca' })).toBe(false);
  });
});

describe('the feature areas (SHELL-002)', () => {
  it('SHELL-002 insights, audiences, plans, outcomes, creative, toolbox and analytics are the areas, in that order, each able to hold entries', () => {
    const area = (category: (typeof NAV_CATEGORIES)[number], i: number) => ({
      key: `u${i}`,
      category,
      label: `Unit ${category}`,
      icon: 'application',
      href: `${P}/toolbox-app/Unit%20${i}`,
    });
    const model = buildNav(plugins, snap(), new Set(), NAV_CATEGORIES.map(area));
    expect(model.categories.map((c) => c.category)).toEqual(['insights', 'audiences', 'plans', 'outcomes', 'creative', 'toolbox', 'analytics']);
    expect(model.categories.find((c) => c.category === 'creative')!.items.map((e) => e.label)).toEqual(['Unit creative']);
    // Every product page's entry leads into the one selected client, region, brand and product.
    for (const e of model.categories.flatMap((c) => c.items)) expect(e.href.startsWith(`${P}/`)).toBe(true);
  });
});
