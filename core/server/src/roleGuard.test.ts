import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';

/** Issue 25 §5: `DELETE /api/v1/roles/1` (Global Admin) answered 204 and every administrator was locked out for good. */
describe('the role guard: no change to roles locks the system', () => {
  let t: TestServer;
  let admin: TestSession;
  beforeAll(async () => {
    t = await createTestServer();
    admin = await t.login('admin@example.com');
  });
  afterAll(() => t?.close());

  const call = async (who: TestSession, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: who.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as { error?: { message: string }; data?: unknown }) };
  };
  const roleId = async (name: string) => Number((await t.core.query<{ id: number }>('select id from roles where name = $1', [name]))[0].id);

  it('the last role that gives global administration is not deleted: 409 with the message, and the admin still manages roles', async () => {
    const id = await roleId('Global Admin');
    const del = await call(admin, 'DELETE', `/api/v1/roles/${id}`);
    expect([del.status, del.body?.error?.message]).toEqual([
      409,
      'Deleting this role would leave no role that gives global administration, and nobody could manage roles again. Give another role global administration first.',
    ]);
    expect((await call(admin, 'GET', '/api/v1/roles')).status).toBe(200);
    expect(await t.core.query('select id from roles where id = $1', [id])).toHaveLength(1);
    expect((await call(admin, 'DELETE', '/api/v1/roles/2147483647')).status).toBe(404);
  });

  it('a role that gives what nobody else holds is neither deleted nor stripped; once another holds it, it is', async () => {
    // Someone else gets everything through a role of plain rows: Global Admin may go now.
    const other = await t.createUser({ email: 'second-admin@example.com', grants: ['*'], allow: true });
    const globalAdmin = await roleId('Global Admin');
    expect((await call(other, 'DELETE', `/api/v1/roles/${globalAdmin}`)).status).toBe(204);
    const own = await roleId('Test role of second-admin@example.com');
    const role = (await call(other, 'GET', '/api/v1/roles')).body!.data as { id: number; name: string; permissions: Record<string, Record<string, boolean>> }[];
    const mine = role.find((r) => r.id === own)!;
    // Stripping global administration from the last role that gives it: 409.
    const noAdmin = await call(other, 'PUT', `/api/v1/roles/${own}`, { role: { name: mine.name, permissions: { ...mine.permissions, global_admin: {} } } });
    expect([noAdmin.status, noAdmin.body?.error?.message]).toEqual([
      409,
      'Saving this role like this would leave no role that gives global administration, and nobody could manage roles again. Give another role global administration first.',
    ]);
    // report_task_admin is held by this user alone (the planner's role does not give it): stripping it is refused, naming it.
    const lone = await call(other, 'PUT', `/api/v1/roles/${own}`, {
      role: { name: mine.name, permissions: { ...mine.permissions, report_task_admin: { read: true } } },
    });
    expect([lone.status, lone.body?.error?.message]).toEqual([
      409,
      'Saving this role like this would leave nobody with the permissions report_task_admin.create, report_task_admin.destroy, report_task_admin.update. Grant them through another role first.',
    ]);
    // plans.destroy is the planner's too: stripping it here is fine, in the same transaction as the rest of the save.
    const fine = await call(other, 'PUT', `/api/v1/roles/${own}`, { role: { name: mine.name, permissions: { ...mine.permissions, plans: { read: true } } } });
    expect(fine.status).toBe(200);
    expect((fine.body!.data as { permissions: Record<string, Record<string, boolean>> }).permissions.plans).toEqual({
      create: false,
      read: true,
      update: false,
      destroy: false,
    });
    // Nothing of a refused save was written.
    const after = (await call(other, 'GET', '/api/v1/roles')).body!.data as typeof role;
    expect(after.find((r) => r.id === own)!.permissions.global_admin).toEqual({ create: true, read: true, update: true, destroy: true });
  });
});
