import { FakeServer, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { coreEndpoints, type RoleDto } from '@discovery/plugin-api';
import plugin from '../index';
import { RoleDraft } from '../stores/RolesStore';

const RESOURCES = ['audiences', 'brands', 'products', 'global_admin'];
const ALL = { create: true, read: true, update: true, destroy: true };
const ROLES: RoleDto[] = [
  { id: 1, name: 'Global Admin', permissions: { audiences: ALL, brands: ALL, products: ALL, global_admin: ALL } },
  { id: 2, name: 'Viewer', permissions: { audiences: { read: true } } },
];

function rolesServer() {
  return new FakeServer()
    .signedIn()
    .on(coreEndpoints.roles, { data: ROLES })
    .on(coreEndpoints.resources, { data: RESOURCES.map((name) => ({ name, actions: ['create', 'read', 'update', 'destroy'] as const })) } as never);
}

describe('global admin: the roles screen (issue 32 §2, SRV-017, SRV-022/023, SHELL-075)', () => {
  it('SRV-017: a role without a brands or products row shows their default (create, update, destroy) and leaves it unstored', () => {
    const draft = new RoleDraft(RESOURCES, ROLES[1]);
    expect(draft.isDefault('brands')).toBe(true);
    expect(draft.can('brands', 'create') && draft.can('brands', 'update') && draft.can('brands', 'destroy')).toBe(true);
    expect(draft.can('brands', 'read')).toBe(false);
    expect(draft.body()?.role.permissions).toEqual({
      audiences: { create: false, read: true, update: false, destroy: false },
      global_admin: { create: false, read: false, update: false, destroy: false },
    });
    draft.toggle('brands', 'read');
    expect(draft.isDefault('brands')).toBe(false);
    expect(draft.body()?.role.permissions.brands).toEqual({ create: true, read: true, update: true, destroy: true });
    draft.useDefault('brands');
    expect(draft.body()?.role.permissions).not.toHaveProperty('brands');
  });

  it('SRV-022: a new role starts with nothing but the defaults; its name is checked by the server schema before the call', () => {
    const draft = new RoleDraft(RESOURCES);
    expect(draft.body()).toBeNull();
    expect(draft.errors['role.name']).toBe('Role name is required.');
    draft.setName('Brand Reader');
    draft.toggle('audiences', 'read');
    expect(draft.body()).toEqual({
      role: {
        name: 'Brand Reader',
        permissions: {
          audiences: { create: false, read: true, update: false, destroy: false },
          global_admin: { create: false, read: false, update: false, destroy: false },
        },
      },
    });
  });

  it('SRV-022/023: lists the roles, edits the grid of the chosen role and saves it with PUT roles/{id}', async () => {
    const server = rolesServer().on(coreEndpoints.updateRole, ({ body }) => ({ body: { data: { id: 2, ...(body as { role: Omit<RoleDto, 'id'> }).role } } }));
    server.install();
    await renderInShell([plugin], '/global/admin/roles');
    await screen.findByTestId('role-form', undefined, { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('role-Viewer'));
    await waitFor(() => expect((screen.getByTestId('role-name') as HTMLInputElement).value).toBe('Viewer'));
    const cell = await screen.findByTestId('grid-audiences-create');
    expect((cell as HTMLInputElement).checked).toBe(false);
    fireEvent.click(cell);
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(server.callsTo(coreEndpoints.updateRole)).toHaveLength(1));
    const body = server.callsTo(coreEndpoints.updateRole)[0].body as { role: RoleDto };
    expect(body.role.permissions.audiences).toEqual({ create: true, read: true, update: false, destroy: false });
    expect(body.role.permissions).not.toHaveProperty('brands');
  });

  it('the last role that can administer is not deleted: the server guard says why', async () => {
    const message = "The role 'Global Admin' is the last one giving global administration.";
    const server = rolesServer().on(coreEndpoints.deleteRole, () => ({ status: 409, body: { error: { message, status: 409, code: 'conflict' } } }));
    server.install();
    await renderInShell([plugin], '/global/admin/roles');
    await screen.findByTestId('role-form', undefined, { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('role-delete'));
    await screen.findByTestId('role-delete-confirm');
    fireEvent.click(document.querySelector('.bp6-alert-footer .bp6-intent-danger')!);
    expect((await screen.findByTestId('role-notice')).textContent).toBe(message);
    expect(screen.getByTestId('role-Global Admin')).not.toBeNull();
  });
});
