import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import { HEALTH_SERVICES } from '../common';
import health from './index';

/** A signed-out visitor's start-up calls, and each health call held until the test answers it. */
function server() {
  const pending = new Map<string, (a: { status?: number; body?: unknown }) => void>();
  const s = new FakeServer()
    .respond('GET /api/v1/config', { data: { tier: 1, logout_url: '/api/v1/adfs/logout', help_urls: {}, show_privacy_policy_link: true } })
    .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
    .respond('GET /api/v1/languages', { data: [{ value: 'en', text: 'English' }] })
    .handle('GET /api/v1/me', () => ({ status: 401, body: { error: { message: 'expired' }, refresh_login: true } }));
  for (const x of HEALTH_SERVICES) s.handle(`GET ${x.path}`, () => new Promise((resolve) => pending.set(x.key, resolve)));
  s.install();
  return { s, answer: (key: string, a: { status?: number; body?: unknown }) => pending.get(key)!(a) };
}

const row = (key: string) => screen.getByTestId(`health-${key}`);
const spinning = (key: string) => row(key).querySelector('.bp6-spinner') !== null;

describe('health page', () => {
  it('SHELL-017 SHELL-094 is public; the eight checks run at once, each row spins until its own call answers, OK in green and Error in red', async () => {
    const { s, answer } = server();
    await renderInShell([health], '/health');
    await screen.findByTestId('health-table');
    // Public: a signed-out visitor sees the page, not the sign-in screen.
    expect(screen.queryByRole('tab', { name: 'Current Users' })).toBeNull();
    // In parallel: every call is out before any has answered.
    await waitFor(() => expect(HEALTH_SERVICES.every((x) => s.calls.some((c) => c.url === x.path))).toBe(true));
    expect(HEALTH_SERVICES.every((x) => spinning(x.key))).toBe(true);

    answer('plans', { body: { data: 'OK' } });
    await waitFor(() => expect(within(row('plans')).getByText('OK').closest('.bp6-tag')!.className).toContain('bp6-intent-success'));
    // The others still wait for their own calls.
    expect(HEALTH_SERVICES.filter((x) => x.key !== 'plans').every((x) => spinning(x.key))).toBe(true);

    answer('auth', { body: { data: 'DEGRADED' } });
    answer('segments', { status: 500, body: 'not json at all' });
    for (const key of ['auth', 'segments'])
      await waitFor(() => expect(within(row(key)).getByText('Error').closest('.bp6-tag')!.className).toContain('bp6-intent-danger'));
    expect(spinning('clients')).toBe(true);
  });
});
