import { apiGet } from '../../pageobjects/a11y/RouteCatalog';
import { ApiKeysAdmin } from '../../pageobjects/global-admin/ApiKeysAdmin';
import { AuditLogAdmin } from '../../pageobjects/global-admin/AuditLogAdmin';
import { SetPassword } from '../../pageobjects/global-admin/SetPassword';
import { UsersAdmin } from '../../pageobjects/global-admin/UsersAdmin';
import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { Shell } from '../../pageobjects/shell/Shell';
import type { ClientDto, UserAdminDto } from '@discovery/plugin-api';

const login = new LoginPage();
const users = new UsersAdmin();
const keys = new ApiKeysAdmin();
const audit = new AuditLogAdmin();
const stamp = Date.now();
const EMAIL = `invitee-${stamp}@example.com`;
const PASSWORD = `a long password ${stamp}`;
const BRAND = 'acme/us/peak-water';
const KEY = `e2e key ${stamp}`;

/** A call of the API from this process with an API key (no cookie, no CSRF token). */
async function withKey(secret: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${browser.options.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

// Issue 32: the administrator's screens end to end, each step found in the audit log.
describe('global admin: users, access, API keys and the audit log (issue 32)', () => {
  let userId = 0;
  let secret = '';
  let keyId = 0;

  it('§1 invites a user; the invitee sets the password through the one-time link, which then stops working', async () => {
    await login.loginAs('admin@example.com');
    await users.open();
    const link = await users.invite(EMAIL, 'Ivy', 'Invitee');
    expect(link).toMatch(/\/set-password\?token=[A-Za-z0-9_-]{20,}$/);
    const found = await apiGet<{ data: UserAdminDto[] }>(`/api/v1/users/search?q=${encodeURIComponent(EMAIL)}`);
    userId = found.data[0].id;
    expect(found.data[0].invited).toBe(true);

    await browser.deleteAllCookies();
    await browser.execute(() => localStorage.clear());
    const page = new SetPassword();
    await page.open(link);
    await page.setPassword(PASSWORD);
    await browser.url(new URL(link).pathname + new URL(link).search);
    expect(await page.invalidText()).toContain('This link has expired or was already used.');
  });

  it('SRV-020/021 SHELL-075 gives the user a role and one brand through the tree picker', async () => {
    await login.loginAs('admin@example.com');
    await users.open();
    await users.find(EMAIL);
    await users.edit(EMAIL);
    await users.checkRole('Viewer');
    await users.grant(BRAND);
    await users.save();
    const row = await users.row(EMAIL).getText();
    expect(row).toContain('Viewer');
    expect(row).toContain(BRAND);
  });

  it('signed in as the user, only that brand is there', async () => {
    await login.loginAs(EMAIL, PASSWORD);
    await new Shell().waitForShell();
    // Sign-in lands on /home, which then leads to the landing product's home (SHELL-051).
    const landing = /^\/acme\/us\/peak-water\/[a-z0-9-]+\/home$/;
    await browser.waitUntil(async () => landing.test(decodeURIComponent(new URL(await browser.getUrl()).pathname)), {
      timeoutMsg: 'sign-in did not land on a Peak Water product home',
    });
    const tree = await apiGet<{ data: ClientDto[] }>('/api/v1/hierarchy');
    expect(tree.data.map((c) => c.slug)).toEqual(['acme']);
    expect(tree.data[0].regions.flatMap((r) => r.brands.map((b) => b.fullSlug))).toEqual([BRAND]);
    expect((await $('[data-testid="hierarchy-brand"]').getText()).trim()).toContain('Peak Water');
  });

  it('SRV-025 creates an API key (secret shown once) and calls the API with it as Bearer, without CSRF', async () => {
    await login.loginAs('admin@example.com');
    await keys.open();
    secret = await keys.create(KEY);
    expect(secret.startsWith('dsk_')).toBe(true);
    const me = await withKey(secret, 'GET', '/api/v1/me');
    expect(me.status).toBe(200);
    expect((me.body as { data: { email: string } }).data.email).toBe('admin@example.com');
    // A write with the key: the user's access, set again through the API (audited with the key).
    const put = await withKey(secret, 'PUT', `/api/v1/permissions/${userId}`, { user_id: userId, slugs: [BRAND] });
    expect(put.status).toBe(200);
    const list = await apiGet<{ data: { id: number; name: string; last_used_at: string | null }[] }>('/api/v1/api_keys');
    const key = list.data.find((k) => k.name === KEY)!;
    keyId = key.id;
    expect(key.last_used_at).not.toBeNull();
    await keys.open();
    expect(await keys.lastUsed(KEY)).not.toBe('Not used yet');
  });

  it('SRV-025 revokes the key: the next call with it is refused', async () => {
    await keys.open();
    await keys.revoke(KEY);
    expect((await withKey(secret, 'GET', '/api/v1/me')).status).toBe(401);
  });

  it('§4 finds all of it in the audit log screen', async () => {
    await audit.open();
    const created = await audit.rows({ resource: 'users' });
    expect(created.some((r) => r.includes(`users ${userId}`) && r.includes('Created') && r.includes('admin@example.com'))).toBe(true);
    // The password set through the link: a change by nobody signed in.
    expect(created.some((r) => r.includes(`users ${userId}`) && r.includes('Updated') && r.includes('(not signed in)'))).toBe(true);
    const roles = await audit.rows({ resource: 'user_roles' });
    expect(roles.some((r) => r.includes(`user_roles ${userId}/`) && r.includes('Created'))).toBe(true);
    const access = await audit.rows({ resource: 'user_hierarchy_slugs', user: 'admin@example.com' });
    expect(access.some((r) => r.includes(`user_hierarchy_slugs ${userId}/${BRAND}`) && r.includes(`with API key ${keyId}`))).toBe(true);
    const apiKeys = await audit.rows({ resource: 'api_keys' });
    expect(apiKeys.some((r) => r.includes(`api_keys ${keyId}`) && r.includes('Created'))).toBe(true);
    expect(apiKeys.some((r) => r.includes(`api_keys ${keyId}`) && r.includes('Updated'))).toBe(true);
  });
});
