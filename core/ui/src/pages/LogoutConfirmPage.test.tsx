import { SessionStoreToken, type SessionStore } from '@discovery/platform';
import { createRouteRef, definePlugin } from '@discovery/plugin-api';
import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen } from '@testing-library/react';

const home = definePlugin({
  id: 'probe-home',
  titleKey: 'x',
  routes: [{ ref: createRouteRef({ id: 'h', scope: 'product', path: 'home' }), load: async () => ({ default: () => <h1>Product home</h1> }) }],
});

function server(signedIn: boolean) {
  const s = new FakeServer()
    .respond('GET /api/v1/config', {
      data: { tier: 1, logout_url: '/api/v1/adfs/logout', help_urls: {}, show_privacy_policy_link: false, service_desk_url: 'https://desk' },
    })
    .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() });
  if (signedIn) s.respond('GET /api/v1/me', { data: fixtures.me() });
  else s.respond('GET /api/v1/me', { error: { message: 'expired' }, refresh_login: true }, 401);
  s.install();
  return s;
}

const RETURN = '/acme/us/fizz-cola/fizz-zero/home';

describe('LogoutConfirmPage (SRV-012 from another site)', () => {
  it("asks before signing out; Sign out is the app's own logout with the return address", async () => {
    server(true);
    const { boot } = await renderInShell([home], `/logout-confirm?returnUrl=${encodeURIComponent(RETURN)}`);
    const session = boot.container.get<SessionStore>(SessionStoreToken.symbol);
    const logout = jest.spyOn(session, 'logout').mockImplementation(() => undefined);
    expect(await screen.findByRole('heading', { name: 'Sign out of Discovery?' })).toBeTruthy();
    expect(screen.getByText('Another site asked to sign you out of Discovery. Sign out only if you meant to.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(logout).toHaveBeenCalledWith(RETURN);
  });

  it('Stay signed in goes back to the return address, still signed in', async () => {
    server(true);
    const { boot } = await renderInShell([home], `/logout-confirm?returnUrl=${encodeURIComponent(RETURN)}`);
    const logout = jest.spyOn(boot.container.get<SessionStore>(SessionStoreToken.symbol), 'logout');
    fireEvent.click(await screen.findByRole('button', { name: 'Stay signed in' }));
    expect(await screen.findByRole('heading', { name: 'Product home' })).toBeTruthy();
    expect(logout).not.toHaveBeenCalled();
  });

  it('drops a return address to another site', async () => {
    server(true);
    const { boot } = await renderInShell([home], `/logout-confirm?returnUrl=${encodeURIComponent('/\\evil.example')}`);
    const logout = jest.spyOn(boot.container.get<SessionStore>(SessionStoreToken.symbol), 'logout').mockImplementation(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(logout).toHaveBeenCalledWith(undefined);
  });

  it('a signed-out visitor has nothing to confirm: on to sign-in', async () => {
    server(false);
    await renderInShell([home], '/logout-confirm');
    expect(await screen.findByRole('tab', { name: 'Current Users' })).toBeTruthy();
  });
});
