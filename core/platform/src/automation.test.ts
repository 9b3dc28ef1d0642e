import { createRouteRef, definePlugin } from '@discovery/plugin-api';
import { AUTOMATION_ROUTES_KEY, automationRoutes, exposeRoutesToAutomation } from './automation';

const page = async () => ({ default: () => null });
const plugin = definePlugin({
  id: 'probe',
  titleKey: 'probe:title',
  routes: [
    { ref: createRouteRef({ id: 'probe.detail', scope: 'product', path: 'probe/:id' }), load: page },
    { ref: createRouteRef({ id: 'probe.public', scope: 'global', path: 'probe-public' }), load: page, public: true, layout: 'bare' },
  ],
});

describe('the route patterns the end-to-end walks read', () => {
  it('lists every route of the build with its full pattern', () => {
    expect(automationRoutes([plugin])).toEqual([
      {
        id: 'probe.detail',
        pluginId: 'probe',
        scope: 'product',
        path: 'probe/:id',
        pattern: '/:clientSlug/:regionSlug/:brandSlug/:productSlug/probe/:id',
        public: false,
        layout: 'shell',
      },
      { id: 'probe.public', pluginId: 'probe', scope: 'global', path: 'probe-public', pattern: '/probe-public', public: true, layout: 'bare' },
    ]);
  });

  it('puts them on window only under WebDriver control', () => {
    const w = window as unknown as Record<string, unknown>;
    exposeRoutesToAutomation([plugin]);
    expect(w[AUTOMATION_ROUTES_KEY]).toBeUndefined();
    Object.defineProperty(navigator, 'webdriver', { value: true, configurable: true });
    try {
      exposeRoutesToAutomation([plugin]);
      expect((w[AUTOMATION_ROUTES_KEY] as unknown[]).length).toBe(2);
    } finally {
      Object.defineProperty(navigator, 'webdriver', { value: false, configurable: true });
      delete w[AUTOMATION_ROUTES_KEY];
    }
  });
});
