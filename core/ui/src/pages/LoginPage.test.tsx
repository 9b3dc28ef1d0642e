import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { coreEndpoints, createRouteRef, definePlugin } from '@discovery/plugin-api';

const home = definePlugin({
  id: 'probe-home',
  titleKey: 'x',
  routes: [
    { ref: createRouteRef({ id: 'h', scope: 'product', path: 'home' }), load: async () => ({ default: () => <h1>Product home</h1> }) },
    { ref: createRouteRef({ id: 'r', scope: 'global', path: 'home' }), load: async () => ({ default: () => <h1>Root home</h1> }) },
  ],
});

function server(loginMe: ReturnType<typeof fixtures.me> | null) {
  const s = new FakeServer()
    .respond('GET /api/v1/config', { data: { tier: 1, help_urls: {}, show_privacy_policy_link: false, service_desk_url: 'https://desk' } })
    .respond('GET /api/v1/me', { error: { message: 'expired' }, refresh_login: true }, 401)
    .respond('GET /api/v1/hierarchy', { data: loginMe?.clients.length ? fixtures.hierarchy() : [] })
    .respond('GET /sso-token', 'tok', 200, { 'sso-token': 'tok' });
  s.handle('POST /api/v1/auth/login', (body) => {
    const b = body as { email: string; password: string };
    return b.password === 'right' && loginMe
      ? { body: { data: loginMe }, headers: { 'auth-token': 'a'.repeat(64), 'x-csrf-token': 'csrf-1' } }
      : { status: 401, body: { error: { message: 'Invalid email or password' } } };
  });
  s.install();
  return s;
}

async function signIn(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  beforeEach(() => localStorage.clear());

  it('SHELL-033 SHELL-036 shows the card, both tabs and the footer; the privacy link is hidden by default', async () => {
    server(null);
    await renderInShell([home], '/login');
    expect(await screen.findByRole('tab', { name: 'Current Users' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Request Access' })).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} Discovery. All rights reserved.`)).toBeTruthy();
    expect(screen.getByText('Version test')).toBeTruthy();
    expect(screen.queryByText('Privacy Policy')).toBeNull();
  });

  it('SHELL-032 prefills llUsername and shows the password-reset message', async () => {
    server(null);
    await renderInShell([home], '/login?llUsername=pat%40example.com&passwordReset=true');
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('pat@example.com');
    expect(screen.getByText('Your password has been reset. Please log in.')).toBeTruthy();
  });

  it('shows the server message for wrong credentials', async () => {
    server(fixtures.me());
    await renderInShell([home], '/login');
    await signIn('admin@example.com', 'wrong');
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
  });

  it('SHELL-038 SHELL-039 goes to the return URL after sign-in and keeps the tokens', async () => {
    server(fixtures.me());
    await renderInShell([home], `/login?returnUrl=${encodeURIComponent('/acme/us/fizz-cola/fizz-zero/home')}`);
    await signIn('admin@example.com', 'right');
    expect(await screen.findByRole('heading', { name: 'Product home' })).toBeTruthy();
    expect(localStorage.getItem('auth-token')).toBe('a'.repeat(64));
    expect(localStorage.getItem('csrf-token')).toBe('csrf-1');
    await waitFor(() => expect(localStorage.getItem('sso-token')).toBe('tok'));
  });

  it.each(['/\\evil.example', '/%09/evil.example', '//evil.example', 'https://evil.example/'])(
    'SHELL-038 signs in to home, not to another site, when the return URL is %j',
    async (hostile) => {
      server(fixtures.me());
      await renderInShell([home], `/login?returnUrl=${encodeURIComponent(hostile)}`);
      await signIn('admin@example.com', 'right');
      expect(await screen.findByRole('heading', { name: /home/ })).toBeTruthy();
    },
  );

  it('SHELL-038 switches a user without clients to the Request Access tab', async () => {
    server(fixtures.me({ clients: [] }));
    await renderInShell([home], '/login');
    await signIn('norole@example.com', 'right');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Request Access' }).getAttribute('aria-selected')).toBe('true'));
    const button = screen.getByRole('button', { name: 'Request Access' });
    // SHELL-035: the configured service desk, in a new tab.
    expect([button.getAttribute('href'), button.getAttribute('target')]).toEqual(['https://desk', '_blank']);
  });

  it('SHELL-033 SHELL-035 without a configured service desk the tab and its button stay; the button goes nowhere and says whom to ask (issue 27 §6)', async () => {
    const s = server(null);
    s.respond('GET /api/v1/config', { data: { tier: 1, help_urls: {}, show_privacy_policy_link: false, service_desk_url: null } });
    await renderInShell([home], '/login');
    fireEvent.click(await screen.findByRole('tab', { name: 'Request Access' }));
    expect(await screen.findByText(/Access to Discovery is requested through our service desk/)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Request Access' });
    expect([button.getAttribute('href'), button.getAttribute('aria-disabled')]).toEqual([null, 'true']);
    expect(screen.getByTestId('request-access-unconfigured').textContent).toBe(
      'The service desk address is not set up for this site yet: please ask your service team how to request access.',
    );
  });

  it('signed out, the start-up probe is the session endpoint, answered 200: no refused /me call (issue 14 §12)', async () => {
    const s = server(null);
    await renderInShell([home], '/login');
    await screen.findByLabelText('Email');
    expect(s.callsTo(coreEndpoints.session)).toHaveLength(1);
    expect(s.callsTo(coreEndpoints.me)).toHaveLength(0);
  });
});

describe('LoginPage footer', () => {
  it('SHELL-037 the Privacy Policy link, when configured, opens /privacy-policy in a new browser tab', async () => {
    new FakeServer()
      .respond('GET /api/v1/config', { data: { tier: 1, help_urls: {}, show_privacy_policy_link: true, service_desk_url: null } })
      .respond('GET /api/v1/me', { error: { message: 'expired' }, refresh_login: true }, 401)
      .respond('GET /api/v1/hierarchy', { data: [] })
      .install();
    await renderInShell([home], '/login');
    const link = await screen.findByRole('link', { name: 'Privacy Policy' });
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual(['/privacy-policy', '_blank']);
    expect(link.closest('footer')).toBeTruthy();
  });
});
