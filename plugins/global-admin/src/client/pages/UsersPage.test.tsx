import { FakeServer, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminEndpoints, coreEndpoints, type UserAdminDto } from '@discovery/plugin-api';
import plugin from '../index';
import { grantState, toggleGrant } from '../stores/grants';

const user = (id: number, extra: Partial<UserAdminDto> = {}): UserAdminDto => ({
  id,
  email: `user${id}@example.com`,
  first_name: 'User',
  last_name: String(id),
  roles: [],
  role_ids: [],
  slugs: [],
  deactivated_at: null,
  invited: false,
  ...extra,
});
const ROLES = [
  { id: 1, name: 'Global Admin', permissions: {} },
  { id: 2, name: 'Planner', permissions: {} },
];

/** 10,000 users, answered a page at a time as the server does (offset, limit, q). */
function usersServer() {
  const all = Array.from({ length: 10_000 }, (_, i) => user(i + 1));
  return new FakeServer()
    .signedIn()
    .on(coreEndpoints.roles, { data: ROLES })
    .on(adminEndpoints.usersPage, ({ query }) => {
      const q = query.get('q') ?? '';
      const hits = q ? all.filter((u) => u.email.includes(q)) : all;
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 50);
      return { body: { data: hits.slice(offset, offset + limit), total: hits.length } };
    });
}

describe('global admin: the users screen (issue 32 §1, SHELL-075, SRV-020/021)', () => {
  it('SRV-020/021: the tree picker grants a node with everything under it, and a grant under a granted node adds nothing', () => {
    expect(toggleGrant([], 'acme/us/fizz-cola')).toEqual(['acme/us/fizz-cola']);
    expect(grantState(['acme/us/fizz-cola'], 'acme/us/fizz-cola/fizz-zero')).toBe('inherited');
    expect(grantState(['acme/us/fizz-cola'], 'acme')).toBe('partial');
    expect(grantState(['acme/us/fizz-cola'], 'acme/us/fizz')).toBe('none');
    expect(toggleGrant(['acme/us/fizz-cola', 'globex'], 'acme')).toEqual(['acme', 'globex']);
    expect(toggleGrant(['acme'], 'acme/us')).toEqual(['acme']);
    expect(toggleGrant(['acme', 'globex'], '*')).toEqual(['*']);
    expect(toggleGrant(['*'], '*')).toEqual([]);
  });

  it('searches and pages through 10,000 users, 50 at a time', async () => {
    const server = usersServer();
    server.install();
    await renderInShell([plugin], '/global/admin/users');
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(50), { timeout: 15_000 });
    expect(screen.getByTestId('users-range').textContent).toBe('1–50 of 10,000 users');
    expect((screen.getByTestId('users-previous') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('users-next'));
    await waitFor(() => expect(screen.getByTestId('users-range').textContent).toBe('51–100 of 10,000 users'));
    fireEvent.change(screen.getByTestId('users-q'), { target: { value: 'user9999@' } });
    fireEvent.click(screen.getByTestId('users-search'));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(screen.getByTestId('users-range').textContent).toBe('1–1 of 1 users');
    expect(server.callsTo(adminEndpoints.usersPage).at(-1)?.url).toContain('q=user9999%40');
  });

  it('invites a user with roles and a brand picked in the tree, and shows the one-time link once', async () => {
    const server = usersServer();
    let sent: unknown = null;
    server.on(adminEndpoints.inviteUser, ({ body }) => {
      sent = body;
      return {
        status: 201,
        body: {
          data: user(20_000, { email: 'new@example.com', invited: true }),
          invitation: { url: '/set-password?token=abcdefghijklmnopqrstuvwxyz', expires_at: '2026-12-09T08:00:00.000Z' },
        },
      };
    });
    server.install();
    await renderInShell([plugin], '/global/admin/users');
    await waitFor(() => expect(screen.getByTestId('users-invite')).not.toBeNull(), { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('users-invite'));
    await screen.findByTestId('user-form');
    // The schema the server uses answers first: no call with an empty email.
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(screen.getByText('Enter a valid email address')).not.toBeNull());
    expect(server.callsTo(adminEndpoints.inviteUser)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('user-email'), { target: { value: 'New@Example.com' } });
    fireEvent.change(screen.getByTestId('user-firstName'), { target: { value: 'Nell' } });
    fireEvent.change(screen.getByTestId('user-lastName'), { target: { value: 'New' } });
    fireEvent.click(screen.getByTestId('invite-role-Planner'));
    await waitFor(() => expect(screen.getByTestId('invite-expand-acme')).not.toBeNull());
    fireEvent.click(screen.getByTestId('invite-expand-acme'));
    fireEvent.click(await screen.findByTestId('invite-expand-acme/us'));
    fireEvent.click(await screen.findByTestId('invite-grant-acme/us/fizz-cola'));
    expect(screen.getByTestId('invite-grant-summary').textContent).toBe('Access: acme/us/fizz-cola');
    fireEvent.click(screen.getByTestId('user-save'));
    const link = await screen.findByTestId('invite-link-value');
    expect((link as HTMLInputElement).value).toBe('http://localhost/set-password?token=abcdefghijklmnopqrstuvwxyz');
    expect(sent).toEqual({ user: { email: 'new@example.com', first_name: 'Nell', last_name: 'New', role_ids: [2], slugs: ['acme/us/fizz-cola'] } });
    fireEvent.click(screen.getByTestId('invite-link-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('invite-link')).toBeNull());
  });

  it('saves only what changed (roles, hierarchy slugs) and shows the role guard refusing', async () => {
    const server = usersServer();
    server.on(adminEndpoints.setUserRoles, { error: { message: 'No user would keep global administration.' } } as never, 409);
    server.on(coreEndpoints.setUserSlugs, ({ body }) => ({ body: { data: (body as { slugs: string[] }).slugs } }));
    server.install();
    await renderInShell([plugin], '/global/admin/users');
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(50), { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('user-edit-user1@example.com'));
    await screen.findByTestId('user-form');
    fireEvent.click(screen.getByTestId('edit-grant-globex'));
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(screen.queryByTestId('user-form')).toBeNull());
    expect(server.callsTo(coreEndpoints.setUserSlugs)[0].body).toEqual({ user_id: 1, slugs: ['globex'] });
    expect(server.callsTo(adminEndpoints.setUserRoles)).toHaveLength(0);
    const row = screen.getAllByTestId('user-row').find((r) => r.dataset.email === 'user1@example.com')!;
    expect(within(row).getByText('globex')).not.toBeNull();

    fireEvent.click(screen.getByTestId('user-edit-user2@example.com'));
    await screen.findByTestId('user-form');
    fireEvent.click(screen.getByTestId('edit-role-Global Admin'));
    fireEvent.click(screen.getByTestId('user-save'));
    expect((await screen.findByTestId('user-form-notice')).textContent).toBe('No user would keep global administration.');
  });

  it('deactivates after confirmation and reactivates', async () => {
    const server = usersServer();
    server.on(adminEndpoints.deactivateUser, () => ({ status: 204 })).on(adminEndpoints.reactivateUser, () => ({ status: 204 }));
    server.install();
    await renderInShell([plugin], '/global/admin/users');
    await waitFor(() => expect(screen.getByTestId('user-deactivate-user3@example.com')).not.toBeNull(), { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('user-deactivate-user3@example.com'));
    await screen.findByTestId('user-deactivate-confirm');
    expect(server.callsTo(adminEndpoints.deactivateUser)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await screen.findByTestId('user-reactivate-user3@example.com');
    expect(server.callsTo(adminEndpoints.deactivateUser)[0].url).toContain('/api/v1/users/3/deactivate');
    fireEvent.click(screen.getByTestId('user-reactivate-user3@example.com'));
    await screen.findByTestId('user-deactivate-user3@example.com');
  });
});
