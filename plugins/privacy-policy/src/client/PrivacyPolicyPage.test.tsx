import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { screen } from '@testing-library/react';
import privacyPolicy from './index';

describe('privacy policy page', () => {
  it('SHELL-017 is public: a signed-out visitor reads it at /privacy-policy, without signing in', async () => {
    new FakeServer()
      .respond('GET /api/v1/config', { data: { tier: 1, logout_url: '/api/v1/adfs/logout', help_urls: {}, show_privacy_policy_link: true } })
      .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
      .respond('GET /api/v1/languages', { data: [{ value: 'en', text: 'English' }] })
      .respond('GET /api/v1/me', { error: { message: 'expired' }, refresh_login: true }, 401)
      .install();
    await renderInShell([privacyPolicy], '/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByTestId('privacy-toc')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Current Users' })).toBeNull();
  });
});
