import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import audiences from '@discovery/plugin-audiences';
import brandsAdmin from '@discovery/plugin-brands-admin';
import home from '@discovery/plugin-home';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/**
 * Issue 14 §2 and §3 with the real home and audiences plugins: an entry point (home card, nav
 * item, 'Go to Audiences') is offered only where its page opens, by the route's own predicate.
 */
const P = '/acme/us/fizz-cola/fizz-zero';
const all = { create: true, read: true, update: true, destroy: true };

function server(permissions: Record<string, unknown>) {
  const hierarchy = fixtures.hierarchy();
  // The client offers Optimized Audience and New-to-brand (SHELL-102 flags).
  hierarchy[0].feature_flags = { pve: true, nlrr: true } as never;
  new FakeServer()
    .respond('GET /api/v1/config', { data: { tier: 1, help_urls: {} } })
    .respond('GET /api/v1/hierarchy', { data: hierarchy })
    .respond('GET /api/v1/languages', { data: [{ value: 'en', text: 'English' }] })
    .respond('GET /api/v1/me', { data: fixtures.me({ permissions }) })
    // The audiences module is accessible in the product and in the region without brands alike.
    .respond('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', { data: ['audiences_overview'] })
    .respond('GET /api/v1/contexts/acme%2Fuk/modules', { data: ['audiences_overview'] })
    .respond('GET /api/v1/audiences/home_entities', { audiences: [], lookalikes: [] })
    .respond('GET /api/v1/audiences/ams/activations/recent', [])
    .respond('GET /api/v1/audiences', { data: [] })
    .respond('GET /api/v1/audiences/v2/lookalikes', { data: [] })
    .install();
}

/** SHELL-110's empty state of 'Your Recent Audience Activity'. */
const emptyRecent = async () => (await screen.findByText('Data unavailable')).closest('.bp6-non-ideal-state') as HTMLElement;

const cardTitles = async () => {
  const cards = await screen.findByTestId('home-cards');
  return [...cards.querySelectorAll('h2')].map((h) => h.textContent?.trim());
};

describe('entry points follow the routes (issue 14 §2, §3)', () => {
  beforeEach(() => localStorage.clear());

  it('a viewer without audiences.create is not offered the builder: no Optimized Audience or New-to-brand card, no Builder nav item, and its URL goes home', async () => {
    server({ audiences: { read: true } });
    await renderInShell([home, audiences], `${P}/home`);
    expect(await cardTitles()).toEqual(['Audiences']);
    const nav = screen.getByTestId('left-nav');
    expect(within(nav).getByText('Overview')).toBeTruthy();
    expect(within(nav).queryByText('Builder')).toBeNull();
  });

  it('the builder route itself refuses a viewer (the same predicate): its URL lands on the home page', async () => {
    server({ audiences: { read: true } });
    await renderInShell([home, audiences], `${P}/audiences/builder?action=create&set_hierarchy=pve_product_category`);
    expect(await screen.findByText('Welcome, Ada Admin')).toBeTruthy();
    expect(screen.queryByTestId('audience-builder')).toBeNull();
  });

  it('SHELL-102 a planner who may create sees the builder cards, and the Optimized Audience card opens the builder with its SHELL-023 query', async () => {
    server({ audiences: all });
    await renderInShell([home, audiences], `${P}/home`);
    expect(await cardTitles()).toEqual(['Audiences', 'Optimized Audience', 'New-to-brand']);
    expect(screen.getByTestId('home-card-pve').getAttribute('href')).toBe(`${P}/audiences/builder?action=create&set_hierarchy=pve_product_category`);
    fireEvent.click(screen.getByTestId('home-card-pve'));
    expect(await screen.findByTestId('audience-builder')).toBeTruthy();
  });

  it('in a region without brands no card or link leads to a product page (they would be a 404): Brand Management is offered instead', async () => {
    server({ audiences: all, brands: { read: true } });
    await renderInShell([home, audiences, brandsAdmin], '/acme/uk/home');
    expect(await screen.findByTestId('region-without-brands')).toBeTruthy();
    const empty = await emptyRecent();
    expect(screen.queryByTestId('home-cards')).toBeNull();
    expect(within(empty).queryByRole('link')).toBeNull();
    expect(within(screen.getByTestId('region-without-brands')).getByRole('link', { name: 'Open Brand Management' }).getAttribute('href')).toBe(
      '/acme/uk/brands/admin',
    );
    // The nav has no product-level entries there either.
    expect(within(screen.getByTestId('left-nav')).queryByText('Overview')).toBeNull();
  });

  it('SHELL-110 with a product in the context the empty list still offers Go to Audiences', async () => {
    server({ audiences: all });
    await renderInShell([home, audiences], `${P}/home`);
    const empty = await emptyRecent();
    await waitFor(() => expect(within(empty).getByRole('link', { name: 'Go to Audiences' }).getAttribute('href')).toBe(`${P}/audiences/overview`));
  });
});
