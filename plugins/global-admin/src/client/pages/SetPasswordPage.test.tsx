import { FakeServer, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { adminEndpoints, coreEndpoints } from '@discovery/plugin-api';
import plugin from '../index';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

function signedOut() {
  return new FakeServer()
    .on(coreEndpoints.config, {
      data: { tier: 1, logout_url: '/api/v1/adfs/logout', help_urls: {}, show_privacy_policy_link: true, tier3_weights_suffix: '_weights', small_base: 50 },
    } as never)
    .on(coreEndpoints.languages, { data: [{ value: 'en', text: 'English' }] })
    .on(coreEndpoints.session, { data: null })
    .on(coreEndpoints.me, () => ({ status: 401, body: { error: { message: 'Not signed in' }, refresh_login: true } }));
}

describe('global admin: the invitation page sets the password (issue 32 §1)', () => {
  it('signed out, the link shows who it is for; the schema and the repeat are checked before the call; then the password is set once', async () => {
    let sent: unknown = null;
    const server = signedOut()
      .on(adminEndpoints.invitation, { data: { email: 'nell@example.com', first_name: 'Nell', last_name: 'New', expires_at: '2026-12-09T08:00:00.000Z' } })
      .on(adminEndpoints.acceptInvitation, ({ body }) => {
        sent = body;
        return { status: 204 };
      });
    server.install();
    await renderInShell([plugin], `/set-password?token=${TOKEN}`);
    await screen.findByTestId('set-password-form', undefined, { timeout: 15_000 });
    expect(screen.getByTestId('set-password-form').textContent).toContain('Choose the password for nell@example.com');
    fireEvent.change(screen.getByTestId('set-password-password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByTestId('set-password-submit'));
    expect((await screen.findByTestId('set-password-error')).textContent).toBe('Use at least 12 characters.');
    fireEvent.change(screen.getByTestId('set-password-password'), { target: { value: 'a long enough password' } });
    fireEvent.change(screen.getByTestId('set-password-confirm'), { target: { value: 'a long enough passwore' } });
    fireEvent.click(screen.getByTestId('set-password-submit'));
    await waitFor(() => expect(screen.getByTestId('set-password-error').textContent).toBe('The two passwords differ.'));
    expect(server.callsTo(adminEndpoints.acceptInvitation)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('set-password-confirm'), { target: { value: 'a long enough password' } });
    fireEvent.click(screen.getByTestId('set-password-submit'));
    await screen.findByTestId('set-password-done');
    expect(sent).toEqual({ password: 'a long enough password' });
  });

  it("an expired or used link says so in the server's words", async () => {
    const message = 'This link has expired or was already used. Ask your administrator for a new one.';
    signedOut()
      .on(adminEndpoints.invitation, () => ({ status: 404, body: { error: { message, status: 404, code: 'not_found' } } }))
      .install();
    await renderInShell([plugin], `/set-password?token=${TOKEN}`);
    expect((await screen.findByTestId('set-password-invalid', undefined, { timeout: 15_000 })).textContent).toContain(message);
  });
});
