import { SESSION_COOKIE } from '@hostdeck/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function register(overrides: Record<string, string> = {}) {
  const client = new TestClient(t.app);
  const member = newMember(overrides);
  const res = await client.post('/api/user/auth/register', member);
  return { client, member, res };
}

describe('register', () => {
  it('creates a member with the default limits and signs them in with hardened cookies', async () => {
    const { client, member, res } = await register();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, user: { username: member.username } });
    const token = res.cookies.find((c) => c.name === 'user_token');
    expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const hint = res.cookies.find((c) => c.name === 'user_session');
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.value).toBe('1');
    const session = (await client.get('/api/user/session')).json();
    expect(session.user_info).toMatchObject({
      username: member.username,
      credits: 0,
      role: 1,
      memory_limit: 1024,
      cpu_limit: 100,
      disk_limit: 5120,
    });
    expect(session.user_info).not.toHaveProperty('password_hash');
    expect(JSON.stringify(session)).not.toMatch(/argon2/);
  });

  it('stores only the SHA-256 of the session token', async () => {
    const { client } = await register();
    const token = client.cookies.get('user_token')!;
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(rows).toHaveLength(1);
    const raw = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(raw).toHaveLength(0);
  });

  it('a sign-up in a browser signed in as someone else ends that session (rotation, as at sign-in)', async () => {
    const browser = new TestClient(t.app);
    await browser.post('/api/user/auth/register', newMember());
    const first = browser.cookies.get(SESSION_COOKIE)!;
    expect((await browser.post('/api/user/auth/register', newMember())).statusCode).toBe(201);
    expect(browser.cookies.get(SESSION_COOKIE)).not.toBe(first);
    const old = new TestClient(t.app);
    old.cookies.set(SESSION_COOKIE, first);
    expect((await old.get('/api/user/session')).statusCode).toBe(401);
  });

  it('validates every field with field errors', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/api/user/auth/register', {
      username: 'a b',
      email: 'nope',
      password: 'short',
      first_name: '',
      last_name: 'X',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error_code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'first_name', 'password', 'username']);
    expect(body.fields.email).toBe('Invalid email address');

    // Long enough, but nothing in it: refused on every route that sets a password.
    const blank = await client.post('/api/user/auth/register', newMember({ password: ' '.repeat(12) }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ password: 'A password cannot be only spaces' });
    expect((await client.post('/api/user/auth/register', newMember({ password: 'two words here' }))).statusCode).toBe(
      201,
    );
  });

  it('refuses a username or email taken in another case, and writes nothing', async () => {
    const { member } = await register();
    const before = await t.database.db.select().from(users);
    const sameName = await new TestClient(t.app).post(
      '/api/user/auth/register',
      newMember({ username: member.username.toUpperCase() }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error_code).toBe('USERNAME_TAKEN');
    const sameMail = await new TestClient(t.app).post(
      '/api/user/auth/register',
      newMember({ email: member.email.toUpperCase() }),
    );
    expect(sameMail.json().error_code).toBe('EMAIL_TAKEN');
    expect(await t.database.db.select().from(users)).toHaveLength(before.length);
  });

  it('is refused when sign-up is closed', async () => {
    await t.app.ctx.settings.update({ registration_enabled: false });
    const { res } = await register();
    expect(res.statusCode).toBe(403);
    expect(res.json().error_code).toBe('REGISTRATION_DISABLED');
    await t.app.ctx.settings.update({ registration_enabled: null });
  });

  it('records the referrer when ?ref is a member code', async () => {
    const { client } = await register();
    const code = (await client.get('/api/user/session')).json().user_info.referral_code;
    const { member } = await register({ ref: code });
    const [row] = await t.database.db.select().from(users).where(eq(users.username, member.username));
    expect(row?.referredBy).not.toBeNull();
  });
});

describe('login and logout', () => {
  it('accepts username or email in any case', async () => {
    const { member } = await register();
    for (const login of [member.username.toUpperCase(), member.email.toUpperCase()]) {
      const res = await new TestClient(t.app).post('/api/user/auth/login', { login, password: member.password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, two_factor_required: false });
    }
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const { member } = await register();
    const wrong = await new TestClient(t.app).post('/api/user/auth/login', {
      login: member.username,
      password: 'not the password',
    });
    const unknown = await new TestClient(t.app).post('/api/user/auth/login', {
      login: 'nobody_here',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error_code).toBe('INVALID_CREDENTIALS');
  });

  it('rotates the token on login and revokes it on logout', async () => {
    const { client, member } = await register();
    const first = client.cookies.get('user_token')!;
    await client.post('/api/user/auth/login', { login: member.username, password: member.password });
    const second = client.cookies.get('user_token')!;
    expect(second).not.toBe(first);
    const stale = new TestClient(t.app);
    stale.cookies.set('user_token', first);
    expect((await stale.get('/api/user/session')).statusCode).toBe(401);
    expect((await client.get('/api/user/session')).statusCode).toBe(200);

    const out = await client.post('/api/user/auth/logout');
    expect(out.json()).toEqual({ success: true });
    expect(client.cookies.has('user_token')).toBe(false);
    expect(client.cookies.has('user_session')).toBe(false);
    const replay = new TestClient(t.app);
    replay.cookies.set('user_token', second);
    expect((await replay.get('/api/user/session')).json().error_code).toBe('SESSION_INVALID');
  });

  it('refuses a banned member at login and signs out their open sessions', async () => {
    const { client, member } = await register();
    await t.database.db
      .update(users)
      .set({ banned: true, banReason: 'spam' })
      .where(eq(users.username, member.username));
    const row = (await t.database.db.select().from(users).where(eq(users.username, member.username)))[0]!;
    await t.app.ctx.sessions.invalidateUser(row.id);
    const login = await new TestClient(t.app).post('/api/user/auth/login', {
      login: member.username,
      password: member.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ error_code: 'ACCOUNT_BANNED' });
    const session = await client.get('/api/user/session');
    expect(session.statusCode).toBe(403);
    expect(session.json().error_code).toBe('ACCOUNT_BANNED');
    expect((await client.get('/api/user/session')).json().error_code).toBe('SESSION_INVALID');
  });
});

describe('CSRF and rate limits', () => {
  it('refuses a state-changing request without the CSRF header or from another site', async () => {
    const member = newMember();
    const noHeader = await new TestClient(t.app).post('/api/user/auth/register', member, { csrf: false });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error_code).toBe('CSRF_INVALID');
    const crossSite = await new TestClient(t.app).post('/api/user/auth/register', member, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.json().error_code).toBe('CSRF_INVALID');
    expect(await t.database.db.select().from(users).where(eq(users.username, member.username))).toHaveLength(0);
  });

  it('hands out a readable CSRF cookie on the first visit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/settings' });
    const csrf = res.cookies.find((c) => c.name === 'csrf_token');
    expect(csrf?.value.length).toBeGreaterThan(20);
    expect(csrf?.httpOnly).toBeFalsy();
  });
});

describe('auth rate limit', () => {
  it('answers 429 RATE_LIMITED after the configured number of attempts a minute', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 3 });
    try {
      const client = new TestClient(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await client.post('/api/user/auth/login', { login: 'x', password: 'y' })).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      const last = await client.post('/api/user/auth/login', { login: 'x', password: 'y' });
      expect(last.json()).toMatchObject({ success: false, error_code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });
});
