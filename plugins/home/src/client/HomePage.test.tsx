import { createRouteRef, definePlugin } from '@discovery/plugin-api';
import { HomeCardToken, homeCardVisible, type HomeCard } from '@discovery/platform';
import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { screen, waitFor } from '@testing-library/react';
import { ContainerModule } from 'inversify';
import home from './index';

/** The page the test cards open: a product page of the build. */
const target = createRouteRef({ id: 'cards.page', scope: 'product', path: 'cards' });
const card = (id: string, extra: Partial<HomeCard>): HomeCard => ({
  id,
  titleKey: id,
  descriptionKey: `${id} text`,
  icon: 'lab-test',
  order: 1,
  target,
  ...extra,
});

describe('home quick-link cards', () => {
  it('SHELL-102 SHELL-103 shows a card for its flag OR its module; a demo card hides when the real flag is on', () => {
    const flags = { nlrr: true, nlrr_demo: true, pve: false, grow: false };
    expect(homeCardVisible(card('pve', { flag: 'pve' }), flags, [])).toBe(false);
    expect(homeCardVisible(card('grow', { flag: 'grow', module: 'grow' }), flags, ['grow'])).toBe(true);
    expect(homeCardVisible(card('nlrr', { flag: 'nlrr' }), flags, [])).toBe(true);
    expect(homeCardVisible(card('nlrr-demo', { flag: 'nlrr_demo', hiddenWhenFlag: 'nlrr' }), flags, [])).toBe(false);
    expect(homeCardVisible(card('nlrr-demo', { flag: 'nlrr_demo', hiddenWhenFlag: 'nlrr' }), { ...flags, nlrr: false }, [])).toBe(true);
  });

  it('SHELL-101 SHELL-104 renders the cards plugins contribute, data cards only with data', async () => {
    new FakeServer()
      .respond('GET /api/v1/config', { data: { tier: 1, help_urls: {} } })
      .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
      .respond('GET /api/v1/languages', { data: [{ value: 'en', text: 'English' }] })
      .respond('GET /api/v1/me', { data: fixtures.me() })
      .respond('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', { data: ['journey'] })
      .install();
    const contributor = definePlugin({
      id: 'cards',
      titleKey: 'cards',
      routes: [{ ref: target, load: async () => ({ default: () => <h1>Cards page</h1> }) }],
      module: new ContainerModule(({ bind }) => {
        for (const c of [
          card('Grow card', { flag: 'grow', order: 2 }),
          card('Journey card', { module: 'journey', order: 1 }),
          card('Overlap card', { flag: 'overlap' }),
          card('Best Customer card', { module: 'journey', order: 3, hasData: async () => false }),
          card('Attrition card', { module: 'journey', order: 4, hasData: async () => true }),
        ])
          bind(HomeCardToken.symbol).toConstantValue(c);
      }),
    });
    await renderInShell([home, contributor], '/acme/us/fizz-cola/fizz-zero/home');
    await screen.findByTestId('home-cards');
    await waitFor(() => expect(screen.queryByText('Attrition card')).toBeTruthy());
    const titles = [...screen.getByTestId('home-cards').querySelectorAll('h2')].map((h) => h.textContent?.trim());
    expect(titles).toEqual(['Journey card', 'Grow card', 'Attrition card']);
  });
});
