import { SESSION_COOKIE } from '@hostdeck/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TestClient } from '../../../test/client.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { auditLog, authTokens, mailOutbox, sessions, users } from '../../db/schema/index.ts';

let t: TestApp;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await memberWithPermissions(t.app, ['admin.root'], 8);
  adminId = (await admin.get('/api/user/session')).json().user_info.uuid;
});
afterAll(async () => {
  await t?.close();
});

/** A request the way an integration sends it: the key, no cookies, no CSRF token. */
function bearer(key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function newKey(permissions: string[], by = admin): Promise<{ id: string; secret: string }> {
  const res = await by.post('/api/admin/api-keys', { name: 'Discord bot', permissions });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().key.id, secret: res.json().secret };
}

describe('API keys', () => {
  it('are shown once, listed without the key, and act on allowed admin routes only', async () => {
    const key = await newKey(['admin.users.list']);
    expect(key.secret).toMatch(/^hdk_[\w-]{40,}$/);
    const list = await admin.get('/api/admin/api-keys');
    expect(list.body).not.toContain(key.secret);
    expect(list.json().data[0]).toMatchObject({ id: key.id, prefix: key.secret.slice(0, 12), revoked_at: null });

    const users = await bearer(key.secret, 'GET', '/api/admin/users');
    expect(users.statusCode, users.body).toBe(200);
    const settings = await bearer(key.secret, 'GET', '/api/admin/settings');
    expect(settings.statusCode).toBe(403);
    expect(settings.json().error_code).toBe('FORBIDDEN');
    // Keys are not sessions: member routes refuse them.
    const own = await bearer(key.secret, 'GET', '/api/account/sign-in-methods');
    expect(own.statusCode).toBe(401);
    expect(own.json().error_code).toBe('API_KEY_INVALID');
    expect((await bearer('hdk_wrong', 'GET', '/api/admin/users')).statusCode).toBe(401);

    expect((await admin.delete(`/api/admin/api-keys/${key.id}`)).statusCode).toBe(200);
    const revoked = await bearer(key.secret, 'GET', '/api/admin/users');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error_code).toBe('API_KEY_INVALID');
  });

  it("make a request the key's alone: a browser session cookie sent beside it is not read", async () => {
    const browser = await memberWithPermissions(t.app, ['admin.users.list'], 3);
    const token = browser.cookies.get(SESSION_COOKIE)!;
    // No CSRF token: with the cookie read, this would sign the browser out (or act as it).
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/logout',
      headers: { authorization: 'Bearer hdk_whatever', cookie: `${SESSION_COOKIE}=${token}` },
      payload: {},
    });
    expect(out.statusCode).toBeLessThan(500);
    expect((await browser.get('/api/user/session')).statusCode).toBe(200);
    const asCookie = await t.app.inject({
      method: 'GET',
      url: '/api/user/session',
      headers: { authorization: 'Bearer hdk_whatever', cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(asCookie.statusCode).toBe(401);
  });

  it('are not made by another key, which could outlive the revocation of its maker', async () => {
    const key = await newKey(['admin.apikeys.create', 'admin.apikeys.list', 'admin.users.list']);
    const child = await bearer(key.secret, 'POST', '/api/admin/api-keys', {
      name: 'Child',
      permissions: ['admin.users.list'],
    });
    expect(child.statusCode).toBe(403);
    expect(child.json().error_code).toBe('FORBIDDEN');
    expect((await bearer(key.secret, 'GET', '/api/admin/api-keys')).statusCode).toBe(200);
  });

  it('never hold more than their maker', async () => {
    const staff = await memberWithPermissions(t.app, ['admin.apikeys.create', 'admin.users.list'], 3);
    const refused = await staff.post('/api/admin/api-keys', { name: 'x', permissions: ['admin.settings.edit'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_code).toBe('PERMISSION_ESCALATION');
    expect((await admin.post('/api/admin/api-keys', { name: 'x', permissions: ['nope'] })).statusCode).toBe(400);
  });
});

describe('an account being deleted', () => {
  it('takes its API keys with it at once, gets no sign-in link and no reset mail', async () => {
    const staff = await memberWithPermissions(t.app, ['admin.apikeys.create', 'admin.users.list'], 3);
    const me = (await staff.get('/api/user/session')).json().user_info;
    const key = await newKey(['admin.users.list'], staff);
    expect((await bearer(key.secret, 'GET', '/api/admin/users')).statusCode).toBe(200);
    // Deletion asked for (the member or staff): the erase may wait on the panel, the key may not.
    await t.database.db.update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, me.uuid));
    const after = await bearer(key.secret, 'GET', '/api/admin/users');
    expect([after.statusCode, after.json().error_code]).toEqual([401, 'API_KEY_INVALID']);

    const link = await admin.post(`/api/admin/users/${me.uuid}/sign-in-link`, { minutes: 5 });
    expect([link.statusCode, link.json().error_code]).toEqual([403, 'ACCOUNT_DELETED']);

    const mails = () =>
      t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, me.email), eq(mailOutbox.template, 'reset_password')));
    await new TestClient(t.app).post('/api/user/auth/forgot-password', { email: me.email });
    expect(await mails()).toHaveLength(0);
  });
});

describe('one-time sign-in links', () => {
  it('are minted with a key, used once, audit-logged, and sign the member in', async () => {
    const key = await newKey(['admin.users.signin_links']);
    const { id } = await signedUpMember(t.app);
    const minted = await bearer(key.secret, 'POST', `/api/admin/users/${id}/sign-in-link`, { minutes: 5 });
    expect(minted.statusCode, minted.body).toBe(201);
    const { url, expires_at } = minted.json();
    const expiresIn = new Date(expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);
    const token = new URL(url).searchParams.get('token') ?? '';
    expect(new URL(url).pathname).toBe('/auth/link');

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.sign_in_link'), eq(auditLog.targetId, id)));
    expect(entry).toMatchObject({ actorId: adminId, after: expect.objectContaining({ integration_id: key.id }) });

    const browser = new TestClient(t.app);
    const used = await browser.post('/api/user/auth/link', { token });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toEqual({ success: true, two_factor_required: false });
    expect((await browser.get('/api/user/session')).json().user_info.uuid).toBe(id);
    const methods = await t.database.db
      .select({ method: sessions.method })
      .from(sessions)
      .where(eq(sessions.userId, id));
    expect(methods.map((m) => m.method)).toContain('link');

    const again = await new TestClient(t.app).post('/api/user/auth/link', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error_code).toBe('SIGN_IN_LINK_INVALID');
  });

  it('refuses an expired link', async () => {
    const { id } = await signedUpMember(t.app);
    const { url } = (await admin.post(`/api/admin/users/${id}/sign-in-link`, {})).json();
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(authTokens.kind, 'sign_in_link'), eq(authTokens.userId, id)));
    const res = await new TestClient(t.app).post('/api/user/auth/link', {
      token: new URL(url).searchParams.get('token'),
    });
    expect(res.json().error_code).toBe('SIGN_IN_LINK_INVALID');
  });

  it('cannot open an account holding permissions the minter lacks', async () => {
    const key = await newKey(['admin.users.signin_links']);
    const res = await bearer(key.secret, 'POST', `/api/admin/users/${adminId}/sign-in-link`, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().error_code).toBe('PERMISSION_ESCALATION');
  });
});
