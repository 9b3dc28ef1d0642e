import { createRouteRef, definePlugin } from '@discovery/plugin-api';
import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { screen, within } from '@testing-library/react';

const probe = definePlugin({
  id: 'probe',
  titleKey: 'probe',
  routes: [{ ref: createRouteRef({ id: 'probe.home', scope: 'product', path: 'home' }), load: async () => ({ default: () => <h1>Product home</h1> }) }],
  nav: [{ target: createRouteRef({ id: 'probe.home', scope: 'product', path: 'home' }), labelKey: 'Home', icon: 'home' }],
});

function server(signedIn: boolean) {
  const s = new FakeServer()
    .respond('GET /api/v1/config', { data: { tier: 1, help_urls: {} } })
    .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
    .respond('GET /api/v1/languages', { data: [{ value: 'en', text: 'English' }] });
  if (signedIn) s.respond('GET /api/v1/session', { data: fixtures.me() });
  else s.respond('GET /api/v1/session', { data: null });
  s.install();
}

describe('SHELL-015 SHELL-016 the not-found page', () => {
  beforeEach(() => localStorage.clear());

  it('signed in, a path inside the app that matches no page keeps the nav and top bar and offers the way home (issue 14 §2)', async () => {
    server(true);
    await renderInShell([probe], '/initech/ca/audiences/overview');
    const page = await screen.findByTestId('not-found');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('404');
    expect(page.textContent).toContain('No page matches that URL');
    expect(within(page).getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/home');
    expect(screen.getByTestId('left-nav')).toBeTruthy();
    expect(screen.getByTestId('top-bar')).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('signed out, it is the bare page (no shell without a session)', async () => {
    server(false);
    await renderInShell([probe], '/nowhere/at/all');
    const page = await screen.findByTestId('not-found');
    expect(within(page).getByRole('link', { name: 'Go to Home' })).toBeTruthy();
    expect(screen.queryByTestId('left-nav')).toBeNull();
  });
});
