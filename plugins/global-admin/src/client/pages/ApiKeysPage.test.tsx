import { formatDateTime } from '@discovery/platform';
import { FakeServer, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { adminEndpoints, type ApiKeyDto } from '@discovery/plugin-api';
import plugin from '../index';
import { expiryOf, keyState } from '../stores/ApiKeysStore';

const key = (id: number, extra: Partial<ApiKeyDto> = {}): ApiKeyDto => ({
  id,
  name: `key ${id}`,
  prefix: 'dsk_abcd',
  user_id: 1,
  user_email: 'admin@example.com',
  created_at: '2026-12-01T10:00:00.000Z',
  expires_at: null,
  revoked_at: null,
  last_used_at: null,
  ...extra,
});

describe('global admin: the API keys screen (issue 32 §3, SRV-025)', () => {
  it('SRV-025: a key is active, expired or revoked; an expiry day means the end of that day', () => {
    const now = Date.parse('2026-12-06T12:00:00.000Z');
    expect(keyState(key(1), now)).toBe('active');
    expect(keyState(key(1, { expires_at: '2026-12-06T11:00:00.000Z' }), now)).toBe('expired');
    expect(keyState(key(1, { revoked_at: '2026-12-05T11:00:00.000Z' }), now)).toBe('revoked');
    const end = new Date(expiryOf('2027-01-31')!);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([2027, 1, 1, 0]);
    expect(expiryOf('')).toBeNull();
  });

  it('SRV-025: lists keys with their last use, creates one showing the secret once, and revokes after confirmation', async () => {
    let sent: unknown = null;
    const server = new FakeServer()
      .signedIn()
      .on(adminEndpoints.apiKeys, { data: [key(1, { name: 'scraper', last_used_at: '2026-12-05T09:00:00.000Z' })] })
      .on(adminEndpoints.createApiKey, ({ body }) => {
        sent = body;
        return { status: 201, body: { data: { ...key(2, { name: 'reporting' }), secret: 'dsk_secretsecretsecret' } } };
      })
      .on(adminEndpoints.revokeApiKey, () => ({ status: 204 }));
    server.install();
    await renderInShell([plugin], '/global/admin/api-keys');
    await waitFor(() => expect(screen.getAllByTestId('api-key-row')).toHaveLength(1), { timeout: 15_000 });
    expect(screen.getByTestId('api-key-last-used').textContent).toBe(formatDateTime('2026-12-05T09:00:00.000Z'));
    // The server's schema answers first: a key needs a name.
    fireEvent.click(screen.getByTestId('api-key-create'));
    await screen.findByText('Name is required.');
    expect(server.callsTo(adminEndpoints.createApiKey)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('api-key-name'), { target: { value: 'reporting' } });
    fireEvent.click(screen.getByTestId('api-key-create'));
    expect(((await screen.findByTestId('api-key-secret-value')) as HTMLInputElement).value).toBe('dsk_secretsecretsecret');
    expect(sent).toEqual({ api_key: { name: 'reporting' } });
    expect(screen.getAllByTestId('api-key-row')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('api-key-secret-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret')).toBeNull());
    // Not in the list either: the secret is gone for good.
    expect(document.body.textContent).not.toContain('dsk_secretsecretsecret');

    fireEvent.click(screen.getByTestId('api-key-revoke-scraper'));
    await screen.findByTestId('api-key-revoke-confirm');
    fireEvent.click(document.querySelector('.bp6-alert-footer .bp6-intent-danger')!);
    await waitFor(() => expect(screen.getAllByTestId('api-key-row').find((r) => r.dataset.name === 'scraper')?.dataset.state).toBe('revoked'));
    expect(server.callsTo(adminEndpoints.revokeApiKey)[0].url).toContain('/api/v1/api_keys/1');
  });
});
