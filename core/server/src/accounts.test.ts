import { createTestServer, serverPluginsWithDependencies, type TestServer, type TestSession } from '@discovery/test-utils/server';
import { coreEndpoints, type ApiKeyDto, type InvitationDto, type UserAdminDto } from '@discovery/plugin-api';

/** Issue 32 §1 and §3: users (invite, deactivate, roles, search) and API keys (SRV-025). */
describe('accounts: invitations, deactivation, roles per user and API keys', () => {
  let t: TestServer;
  let admin: TestSession;
  beforeAll(async () => {
    t = await createTestServer({ plugins: await serverPluginsWithDependencies('brands-admin') });
    admin = await t.login('admin@example.com');
  });
  afterAll(() => t?.close());

  const call = async (headers: Record<string, string>, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { error?: { message: string; fields?: Record<string, string> } },
    };
  };
  const as = (s: TestSession) => s.headers();
  const bearer = (secret: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${secret}`, ...extra });
  const roleId = async (name: string) => Number((await t.core.query<{ id: number }>('select id from roles where name = $1', [name]))[0].id);

  let invited: UserAdminDto;
  let link: InvitationDto;

  it('invites a user by email with roles and slugs; the one-time link sets the password and then stops working (issue 32 §1, SRV-020/021)', async () => {
    const viewer = await roleId('Viewer');
    const res = await call(as(admin), 'POST', '/api/v1/users', {
      user: { email: 'New.Person@Example.com', first_name: 'New', last_name: 'Person', role_ids: [viewer], slugs: ['acme/us/fizz-cola'] },
    });
    expect(res.status).toBe(201);
    invited = res.body.data as UserAdminDto;
    link = res.body.invitation as InvitationDto;
    expect(invited).toMatchObject({ email: 'new.person@example.com', role_ids: [viewer], slugs: ['acme/us/fizz-cola'], invited: true, deactivated_at: null });
    expect(link.url).toMatch(/^\/set-password\?token=[A-Za-z0-9_-]{40,}$/);
    // The same email again is refused.
    const again = await call(as(admin), 'POST', '/api/v1/users', { user: { email: 'new.person@example.com', first_name: 'N', last_name: 'P' } });
    expect([again.status, again.body.error?.fields?.['user.email']]).toEqual([422, 'A user with this email already exists.']);
    // Not signed in before the password is set.
    await expect(t.login('new.person@example.com')).rejects.toThrow(/401/);

    const token = link.url.split('token=')[1];
    const info = await call({}, 'GET', `/api/v1/invitations/${token}`);
    expect([info.status, (info.body.data as { email: string }).email]).toEqual([200, 'new.person@example.com']);
    const short = await call({}, 'POST', `/api/v1/invitations/${token}`, { password: 'short' });
    expect([short.status, short.body.error?.fields?.password]).toEqual([422, 'Use at least 12 characters.']);
    expect((await call({}, 'POST', `/api/v1/invitations/${token}`, { password: 'a long new password' })).status).toBe(204);
    // One time only.
    const used = await call({}, 'POST', `/api/v1/invitations/${token}`, { password: 'another long password' });
    expect([used.status, used.body.error?.message]).toEqual([404, 'This link has expired or was already used. Ask your administrator for a new one.']);
    const me = await t.login('new.person@example.com', 'a long new password');
    const tree = await call(as(me), 'GET', '/api/v1/hierarchy');
    // SRV-020/021: only the granted brand.
    const clients = tree.body.data as { slug: string; regions: { brands: { slug: string }[] }[] }[];
    expect(clients.map((c) => c.slug)).toEqual(['acme']);
    expect(clients[0].regions.flatMap((r) => r.brands.map((b) => b.slug))).toEqual(['fizz-cola']);
  });

  it('an invitation link expires (issue 32 §1)', async () => {
    const res = await call(as(admin), 'POST', `/api/v1/users/${invited.id}/invitations`);
    const token = (res.body.data as InvitationDto).url.split('token=')[1];
    await t.core.query("update user_invitations set expires_at = now() - interval '1 minute' where user_id = $1 and used_at is null", [invited.id]);
    expect((await call({}, 'GET', `/api/v1/invitations/${token}`)).status).toBe(404);
    expect((await call({}, 'POST', `/api/v1/invitations/${token}`, { password: 'yet another password' })).status).toBe(404);
  });

  it('searches and pages through 10,000 users (issue 32 §1)', async () => {
    await t.core.query(
      "insert into users (email, password_hash, first_name, last_name) select 'bulk' || g || '@example.com', '!', 'Bulk', 'User ' || lpad(g::text, 5, '0') from generate_series(1, 10000) g",
    );
    // One page travels, never the 10,000 (its speed is measured by no test: a busy machine would fail it).
    const page = await call(as(admin), 'GET', '/api/v1/users/search?q=bulk&limit=50&offset=100');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(10000);
    const rows = page.body.data as UserAdminDto[];
    expect(rows).toHaveLength(50);
    expect(rows[0].last_name).toBe('User 00101');
    const one = await call(as(admin), 'GET', '/api/v1/users/search?q=New%20Person');
    expect((one.body.data as UserAdminDto[]).map((u) => u.email)).toEqual(['new.person@example.com']);
    expect((await call(as(admin), 'GET', '/api/v1/users/search?limit=1000')).status).toBe(422);
  });

  it('sets a user\u2019s roles; the role guard refuses taking global administration from its last holder (issue 32 §2)', async () => {
    const planner = await roleId('Planner');
    const set = await call(as(admin), 'PUT', `/api/v1/users/${invited.id}/roles`, { role_ids: [planner] });
    expect([set.status, (set.body.data as UserAdminDto).roles]).toEqual([200, [{ name: 'Planner' }]]);
    const [{ id: adminId }] = await t.core.query<{ id: number }>("select id from users where email = 'admin@example.com'");
    const strip = await call(as(admin), 'PUT', `/api/v1/users/${adminId}/roles`, { role_ids: [planner] });
    expect([strip.status, strip.body.error?.message]).toEqual([
      409,
      "Changing this user's roles like this would leave no user with global administration, and nobody could manage roles again. Give another user's role global administration first.",
    ]);
    expect((await call(as(admin), 'PUT', `/api/v1/users/${invited.id}/roles`, { role_ids: [2147483647] })).status).toBe(422);
  });

  it('API keys: the secret is shown once and stored hashed; Bearer calls have the user\u2019s access and no CSRF; revoke and expiry end them (SRV-025)', async () => {
    const created = await call(as(admin), 'POST', '/api/v1/api_keys', { api_key: { name: 'Reporting', user_id: invited.id } });
    expect(created.status).toBe(201);
    const key = created.body.data as ApiKeyDto & { secret: string };
    expect(key.secret).toMatch(/^dsk_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 12));
    const stored = await t.core.query<Record<string, string>>('select * from api_keys where id = $1', [key.id]);
    expect(JSON.stringify(stored)).not.toContain(key.secret);
    const list = (await call(as(admin), 'GET', '/api/v1/api_keys')).body.data as ApiKeyDto[];
    expect(list.find((k) => k.id === key.id)).not.toHaveProperty('secret');
    expect(list.find((k) => k.id === key.id)!.last_used_at).toBeNull();

    // The same access as the user's session: their grants, their permissions; no CSRF header.
    const tree = await call(bearer(key.secret), 'GET', '/api/v1/hierarchy');
    expect((tree.body.data as { slug: string }[]).map((c) => c.slug)).toEqual(['acme']);
    expect((await call(bearer(key.secret), 'GET', '/api/v1/users/search')).status).toBe(403);
    expect((await call(bearer(key.secret, { 'X-Context': 'globex' }), 'GET', '/api/v1/brands-admin/brands')).status).toBe(403);
    expect((await call(bearer(key.secret, { 'X-Context': 'acme' }), 'GET', '/api/v1/brands-admin/brands')).status).toBe(200);
    // What belongs to a browser session is refused.
    const session = 'This call needs a signed-in browser session, not an API key.';
    for (const [method, path] of [
      ['GET', coreEndpoints.ssoToken.path],
      ['GET', `${coreEndpoints.frameToken.path}?unit=Reports`],
      ['DELETE', coreEndpoints.stopImpersonating.path],
      ['POST', coreEndpoints.logout.path],
    ] as const)
      expect([path, (await call(bearer(key.secret), method, path)).body.error?.message]).toEqual([path, session]);
    const used = (await call(as(admin), 'GET', '/api/v1/api_keys')).body.data as ApiKeyDto[];
    expect(used.find((k) => k.id === key.id)!.last_used_at).not.toBeNull();

    expect((await call(as(admin), 'DELETE', `/api/v1/api_keys/${key.id}`)).status).toBe(204);
    const after = await call(bearer(key.secret), 'GET', '/api/v1/hierarchy');
    expect([after.status, after.body.error?.message]).toEqual([401, 'Invalid, expired or revoked API key']);
    expect((await call(bearer('dsk_not-a-key'), 'GET', '/api/v1/me')).status).toBe(401);

    const soon = await call(as(admin), 'POST', '/api/v1/api_keys', { api_key: { name: 'Short', expires_at: new Date(Date.now() + 60_000).toISOString() } });
    const s = soon.body.data as ApiKeyDto & { secret: string };
    expect((await call(bearer(s.secret), 'GET', '/api/v1/me')).status).toBe(200);
    await t.core.query("update api_keys set expires_at = now() - interval '1 second' where id = $1", [s.id]);
    expect((await call(bearer(s.secret), 'GET', '/api/v1/me')).status).toBe(401);
    const past = await call(as(admin), 'POST', '/api/v1/api_keys', { api_key: { name: 'Past', expires_at: '2020-01-01T00:00:00Z' } });
    expect([past.status, past.body.error?.fields?.['api_key.expires_at']]).toEqual([422, 'must be in the future']);
    // A key for someone else needs impersonation.create: a planner-like admin without it is refused.
    const noImp = await t.createUser({ email: 'keys-no-impersonation@example.com', grants: ['*'], allow: true });
    await t.core.query(
      "update role_permissions set can_create = false where resource = 'impersonation' and role_id = (select id from roles where name = 'Test role of keys-no-impersonation@example.com')",
    );
    t.core.invalidateUsers();
    expect((await call(as(noImp), 'POST', '/api/v1/api_keys', { api_key: { name: 'X', user_id: invited.id } })).status).toBe(403);
    expect((await call(as(noImp), 'POST', '/api/v1/api_keys', { api_key: { name: 'Mine' } })).status).toBe(201);
  });

  it('deactivating ends the user\u2019s sessions and API keys at once; reactivating lets them sign in again (issue 32 §1)', async () => {
    const me = await t.login('new.person@example.com', 'a long new password');
    const key = (await call(as(admin), 'POST', '/api/v1/api_keys', { api_key: { name: 'Live', user_id: invited.id } })).body.data as { secret: string };
    expect((await call(as(me), 'GET', '/api/v1/me')).status).toBe(200);
    expect((await call(bearer(key.secret), 'GET', '/api/v1/me')).status).toBe(200);

    expect((await call(as(admin), 'POST', `/api/v1/users/${invited.id}/deactivate`)).status).toBe(204);
    expect((await call(as(me), 'GET', '/api/v1/me')).status).toBe(401);
    expect((await call(bearer(key.secret), 'GET', '/api/v1/me')).status).toBe(401);
    await expect(t.login('new.person@example.com', 'a long new password')).rejects.toThrow(/401/);
    const [{ id: adminId }] = await t.core.query<{ id: number }>("select id from users where email = 'admin@example.com'");
    expect((await call(as(admin), 'POST', `/api/v1/users/${adminId}/deactivate`)).status).toBe(409);

    expect((await call(as(admin), 'POST', `/api/v1/users/${invited.id}/reactivate`)).status).toBe(204);
    const back = await t.login('new.person@example.com', 'a long new password');
    expect((await call(as(back), 'GET', '/api/v1/me')).status).toBe(200);
    expect((await call(bearer(key.secret), 'GET', '/api/v1/me')).status).toBe(200);
  });

  it('every step is in the audit log, with the API key that made a change (issue 32 §4)', async () => {
    const rows = await t.core.query<{ resource: string; action: string; actor_email: string | null }>(
      "select resource, action, actor_email from audit_log where resource in ('users', 'user_invitations', 'api_keys', 'user_roles') order by id",
    );
    const seen = new Set(rows.map((r) => `${r.resource}.${r.action}`));
    for (const c of [
      'users.create',
      'users.update',
      'user_invitations.create',
      'user_invitations.update',
      'api_keys.create',
      'api_keys.update',
      'user_roles.create',
    ]) {
      expect([c, seen.has(c)]).toEqual([c, true]);
    }
    // A write made with a key names the key.
    const again = await t.login('admin@example.com');
    const own = (await call(as(again), 'POST', '/api/v1/api_keys', { api_key: { name: 'Admin automation' } })).body.data as ApiKeyDto & { secret: string };
    const role = await call(bearer(own.secret), 'POST', '/api/v1/roles', { role: { name: 'Made by a key', permissions: {} } });
    expect(role.status).toBe(201);
    const [made] = await t.core.query<{ api_key_id: number; actor_email: string }>(
      "select api_key_id, actor_email from audit_log where resource = 'roles' and after->>'name' = 'Made by a key'",
    );
    expect([Number(made.api_key_id), made.actor_email]).toEqual([own.id, 'admin@example.com']);
  });
});
