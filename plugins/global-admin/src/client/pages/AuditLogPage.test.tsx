import { FakeServer, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { adminEndpoints, type AuditRowDto } from '@discovery/plugin-api';
import plugin from '../index';
import { auditQuery, EMPTY_FILTERS } from '../stores/AuditLogStore';

const row = (id: number, extra: Partial<AuditRowDto> = {}): AuditRowDto => ({
  id,
  at: '2026-12-06T05:00:00.000Z',
  actor_id: 1,
  actor_email: 'admin@example.com',
  as_user_id: null,
  as_user_email: null,
  api_key_id: null,
  request_id: `req-${id}`,
  address: '127.0.0.1',
  method: 'POST',
  route: '/api/v1/roles',
  client_slug: null,
  resource: 'roles',
  record_id: String(id),
  action: 'create',
  before: null,
  after: { name: `Role ${id}` },
  ...extra,
});

describe('global admin: the audit log screen (issue 32 §4)', () => {
  it('the filters make the query: empty fields left out, the "to" day included whole', () => {
    expect(auditQuery(EMPTY_FILTERS)).toEqual({});
    const q = auditQuery({ user: ' admin ', resource: 'roles', client: '', from: '2026-12-01', to: '2026-12-05' });
    expect(q.user).toBe('admin');
    expect(q.resource).toBe('roles');
    expect(q).not.toHaveProperty('client');
    expect(new Date(q.from).getDate()).toBe(1);
    expect(new Date(q.to).getDate()).toBe(6);
    expect(auditQuery({ ...EMPTY_FILTERS, from: '12/01/2026' })).toEqual({});
  });

  it('lists changes with who (and viewing as), filters by user and pages on', async () => {
    const seen: string[] = [];
    const server = new FakeServer().signedIn().on(adminEndpoints.audit, ({ query }) => {
      seen.push(query.toString());
      if (query.get('before') === '2') return { body: { data: [row(1)], next_before: null } };
      if (query.get('user') === 'planner') return { body: { data: [row(9, { as_user_email: 'planner@example.com' })], next_before: null } };
      return { body: { data: [row(3), row(2)], next_before: 2 } };
    });
    server.install();
    await renderInShell([plugin], '/global/admin/audit');
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2), { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('audit-more'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(3));
    fireEvent.change(screen.getByTestId('audit-filter-user'), { target: { value: 'planner' } });
    fireEvent.click(screen.getByTestId('audit-search'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(screen.getByTestId('audit-row').textContent).toContain('admin@example.com viewing as planner@example.com');
    expect(seen.some((u) => u.includes('user=planner'))).toBe(true);
  });
});
