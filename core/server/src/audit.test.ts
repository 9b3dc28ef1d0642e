import { createTestServer, serverPluginsWithDependencies, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { AuditRowDto } from '@discovery/plugin-api';

/** Issue 32 §4: every change is recorded by core, in the change's own transaction. */
describe('the audit log', () => {
  let t: TestServer;
  let admin: TestSession;
  beforeAll(async () => {
    t = await createTestServer({ plugins: await serverPluginsWithDependencies('brands-admin', 'toolbox', 'audiences'), config: { auditRetentionDays: 30 } });
    admin = await t.login('admin@example.com');
  });
  afterAll(() => t?.close());

  let n = 0;
  const call = async (who: TestSession, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const requestId = `audit-test-${++n}`;
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: who.headers({ 'X-Request-ID': requestId, ...extra, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      requestId,
      text,
      body: text && res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : null,
    };
  };
  const rowsOf = async (requestId: string) => (await call(admin, 'GET', `/api/v1/audit?request_id=${requestId}&limit=200`)).body!.data as AuditRowDto[];

  it('a write through a core route is recorded with who, when, what, before and after, request id and address (issue 32 §4, SRV-022)', async () => {
    const before = Date.now();
    const created = await call(admin, 'POST', '/api/v1/roles', { role: { name: 'Audited role', permissions: { plans: { read: true } } } });
    const after = Date.now();
    expect(created.status).toBe(201);
    const rows = await rowsOf(created.requestId);
    const role = rows.find((r) => r.resource === 'roles')!;
    expect(role).toMatchObject({
      action: 'create',
      actor_email: 'admin@example.com',
      as_user_id: null,
      method: 'POST',
      route: '/api/v1/roles',
      address: '127.0.0.1',
    });
    expect(role.after).toMatchObject({ name: 'Audited role' });
    expect(role.before).toBeNull();
    // When: within the call (the database and the test share the clock; the stored time is kept to the millisecond or finer).
    expect(Date.parse(role.at)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(role.at)).toBeLessThanOrEqual(after + 1);
    // The role's permission rows are the same change, named by their primary key.
    expect(rows.filter((r) => r.resource === 'role_permissions').map((r) => r.record_id)).toContain(`${role.record_id}/plans`);

    const renamed = await call(admin, 'PUT', `/api/v1/roles/${role.record_id}`, { role: { name: 'Audited role 2', permissions: { plans: { read: true } } } });
    expect(renamed.status).toBe(200);
    const update = (await rowsOf(renamed.requestId)).find((r) => r.resource === 'roles')!;
    expect([update.action, update.before?.name, update.after?.name]).toEqual(['update', 'Audited role', 'Audited role 2']);
  });

  it('is written in the same transaction: a refused change leaves neither the change nor an audit row (issue 32 §4)', async () => {
    const [{ id }] = await t.core.query<{ id: number }>("select id from roles where name = 'Global Admin'");
    const del = await call(admin, 'DELETE', `/api/v1/roles/${id}`);
    expect(del.status).toBe(409);
    expect(await rowsOf(del.requestId)).toEqual([]);
  });

  it("records writes of several plugins, with the client of the row or of X-Context, and 'viewing as' beside the real actor (issue 32 §4, SRV-015)", async () => {
    const [{ id: us }] = await t.core.query<{ id: number }>(
      "select r.id from regions r join clients c on c.id = r.client_id where c.slug = 'acme' and r.slug = 'us'",
    );
    const brand = await call(
      admin,
      'POST',
      '/api/v1/brands-admin/brands',
      { brand: { name: 'Audit Cola', products_attributes: [{ name: 'Audit Zero', region_ids: [Number(us)] }] } },
      { 'X-Context': 'acme' },
    );
    expect([brand.status, brand.text.slice(0, 0)]).toEqual([201, '']);
    const brandRow = (await rowsOf(brand.requestId)).find((r) => r.resource === 'brands')!;
    expect(brandRow).toMatchObject({ action: 'create', client_slug: 'acme', actor_email: 'admin@example.com' });

    const category = await call(admin, 'POST', '/api/v1/toolbox/categories', { category: { name: 'Audit category', priority: 1 } }, { 'X-Context': 'acme' });
    expect(category.status).toBeLessThan(300);
    expect((await rowsOf(category.requestId)).map((r) => r.resource)).toContain('toolbox_categories');

    // The admin views as another user and saves as them: the actor stays the admin.
    await t.createUser({ email: 'audit-target@example.com', grants: ['acme'], allow: true });
    const [{ id: target }] = await t.core.query<{ id: number }>("select id from users where email = 'audit-target@example.com'");
    const start = await call(admin, 'POST', '/api/v1/impersonations', { user_id: Number(target) });
    expect(start.status).toBe(200);
    const asThem = await call(
      admin,
      'POST',
      '/api/v1/toolbox/categories',
      { category: { name: 'Made while viewing as', priority: 2 } },
      { 'X-Context': 'acme' },
    );
    expect(asThem.status).toBe(201);
    expect((await call(admin, 'DELETE', '/api/v1/impersonations/current')).status).toBe(204);
    const session = (await rowsOf(start.requestId)).find((r) => r.resource === 'sessions')!;
    expect(session.after).toMatchObject({ impersonated_user_id: Number(target) });
    const made = (await rowsOf(asThem.requestId)).find((r) => r.resource === 'toolbox_categories')!;
    expect([made.actor_email, made.as_user_email, made.client_slug, made.after?.name]).toEqual([
      'admin@example.com',
      'audit-target@example.com',
      'acme',
      'Made while viewing as',
    ]);
    const [{ id: planner }] = await t.core.query<{ id: number }>("select id from users where email = 'planner@example.com'");
    const slugs = await call(admin, 'PUT', `/api/v1/permissions/${planner}`, { slugs: ['acme'] });
    expect(slugs.status).toBe(200);
    const grant = (await rowsOf(slugs.requestId)).find((r) => r.action === 'create' && r.resource === 'user_hierarchy_slugs')!;
    expect([grant.actor_email, grant.as_user_email]).toEqual(['admin@example.com', null]);
  });

  it('never copies a password hash or a session credential (issue 32 §4)', async () => {
    const res = await fetch(`${t.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Request-ID': 'audit-login-1' },
      body: JSON.stringify({ email: 'viewer@example.com', password: 'x'.repeat(3) }),
    });
    expect(res.status).toBe(401);
    await t.login('viewer@example.com');
    const rows = await t.core.query<{ after: Record<string, unknown>; record_id: string }>(
      "select after, record_id from audit_log where resource = 'sessions'",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(Object.keys(r.after ?? {})).not.toEqual(expect.arrayContaining(['id']));
      expect(r.after ?? {}).not.toHaveProperty('csrf_token');
      expect(r.after ?? {}).not.toHaveProperty('sso_key');
    }
    const all = await t.core.query<{ n: number }>(
      "select count(*)::int as n from audit_log where before::text like '%password_hash%' or after::text like '%password_hash%'",
    );
    expect(all[0].n).toBe(0);
  });

  it('filters by user, resource, client and time, pages, and exports CSV (issue 32 §4)', async () => {
    const byResource = (await call(admin, 'GET', '/api/v1/audit?resource=roles&user=admin@&limit=1')).body as {
      data: AuditRowDto[];
      next_before: number | null;
    };
    expect(byResource.data).toHaveLength(1);
    expect(byResource.data[0].resource).toBe('roles');
    expect(byResource.next_before).toBe(byResource.data[0].id);
    const next = (await call(admin, 'GET', `/api/v1/audit?resource=roles&limit=200&before=${byResource.next_before}`)).body!.data as AuditRowDto[];
    expect(next.every((r) => r.id < byResource.data[0].id && r.resource === 'roles')).toBe(true);
    expect(next.length).toBeGreaterThan(0);
    const acme = (await call(admin, 'GET', '/api/v1/audit?client=acme&limit=200')).body!.data as AuditRowDto[];
    expect(acme.length).toBeGreaterThan(0);
    expect(acme.every((r) => r.client_slug === 'acme')).toBe(true);
    const future = (await call(admin, 'GET', `/api/v1/audit?from=${new Date(Date.now() + 3600_000).toISOString()}`)).body!.data as AuditRowDto[];
    expect(future).toEqual([]);
    expect((await call(admin, 'GET', '/api/v1/audit?from=yesterday')).status).toBe(422);
    expect((await call(admin, 'GET', '/api/v1/audit?limit=500')).status).toBe(422);

    const csv = await call(admin, 'GET', '/api/v1/audit/export?resource=roles');
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor_id,actor_email,as_user_id,as_user_email,api_key_id,request_id,address,method,route,client_slug,resource,record_id,action,before,after',
    );
    expect(lines.slice(1).every((l) => l.includes(',roles,'))).toBe(true);
    expect(lines.some((l) => l.includes('Audited role 2'))).toBe(true);
  });

  it('is for global administrators only (issue 32 §4, A-48)', async () => {
    const planner = await t.login('planner@example.com');
    expect((await call(planner, 'GET', '/api/v1/audit')).status).toBe(403);
    expect((await call(planner, 'GET', '/api/v1/audit/export')).status).toBe(403);
  });

  it('keeps rows for the configured retention: older ones are purged by the daily job (issue 32 §4)', async () => {
    await t.core.query(
      "insert into audit_log (at, resource, action) values (now() - interval '31 days', 'probe_old', 'create'), (now() - interval '29 days', 'probe_new', 'create')",
    );
    await t.server.jobs.drain({ kinds: ['core.audit-purge'] });
    const left = await t.core.query<{ resource: string }>("select resource from audit_log where resource like 'probe_%'");
    expect(left.map((r) => r.resource)).toEqual(['probe_new']);
  });
});
