import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { SoftAuthenticator, unknownChallengeId } from '../../../test/webauthn-authenticator.ts';
import { passkeys, sessions, users, webauthnChallenges } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A member with one passkey on a software authenticator (and, optionally, two-factor on). */
async function memberWithPasskey(opts: { twoFactor?: boolean } = {}) {
  const client = new TestClient(t.app);
  const member = newMember();
  await client.post('/api/user/auth/register', member);
  const id = (await client.get('/api/user/session')).json().user_info.uuid as string;
  const authenticator = new SoftAuthenticator();
  const options = (await client.post('/api/account/passkeys/options', { password: member.password })).json().options;
  const created = await client.post('/api/account/passkeys', {
    name: 'Laptop',
    response: authenticator.register(options),
  });
  expect(created.statusCode).toBe(201);
  if (opts.twoFactor) {
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, id));
    await t.app.ctx.sessions.invalidateUser(id);
  }
  await client.post('/api/user/auth/logout');
  return { member, id, authenticator, credentialId: authenticator.credentials[0]!.id.toString('base64url') };
}

async function signInOptions(client: TestClient) {
  const res = await client.post('/api/user/auth/passkey/options');
  expect(res.statusCode).toBe(200);
  return res.json() as { challenge_id: string; options: { challenge: string; rpId: string } };
}

describe('signing in with a passkey', () => {
  it('asks for any passkey of this site with user verification and gives a full session', async () => {
    const m = await memberWithPasskey({ twoFactor: true });
    const browser = new TestClient(t.app);
    const { challenge_id, options } = await signInOptions(browser);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect((options as { allowCredentials?: unknown[] }).allowCredentials ?? []).toEqual([]);

    const res = await browser.post('/api/user/auth/passkey', {
      challenge_id,
      response: m.authenticator.assert(options),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(browser.cookies.get('user_session')).toBe('1');
    // A verified passkey stands for both factors: no TW0_FA_BLOCKED even with two-factor on.
    const session = await browser.get('/api/user/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().user_info.username).toBe(m.member.username);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, m.id));
    expect(rows.filter((r) => r.method === 'passkey' && !r.revokedAt && !r.twoFactorPending)).toHaveLength(1);
    const [key] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, m.id));
    expect(key!.counter).toBe(1);
    expect(key!.lastUsedAt).not.toBeNull();
  });

  it('uses a challenge once, and not after it expired', async () => {
    const m = await memberWithPasskey();
    const browser = new TestClient(t.app);
    const first = await signInOptions(browser);
    const ok = await browser.post('/api/user/auth/passkey', {
      challenge_id: first.challenge_id,
      response: m.authenticator.assert(first.options),
    });
    expect(ok.statusCode).toBe(200);
    const replay = await new TestClient(t.app).post('/api/user/auth/passkey', {
      challenge_id: first.challenge_id,
      response: m.authenticator.assert(first.options),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error_code).toBe('PASSKEY_CHALLENGE_INVALID');

    const late = new TestClient(t.app);
    const second = await signInOptions(late);
    await t.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.id, second.challenge_id));
    const expired = await late.post('/api/user/auth/passkey', {
      challenge_id: second.challenge_id,
      response: m.authenticator.assert(second.options),
    });
    expect(expired.json().error_code).toBe('PASSKEY_CHALLENGE_INVALID');
    expect(late.cookies.has('user_token')).toBe(false);

    const unknown = await late.post('/api/user/auth/passkey', {
      challenge_id: unknownChallengeId(),
      response: m.authenticator.assert(second.options),
    });
    expect(unknown.json().error_code).toBe('PASSKEY_CHALLENGE_INVALID');
  });

  it('refuses an answer from another origin, without user verification, or with a counter that went back', async () => {
    const m = await memberWithPasskey();
    const attempt = async (overrides: Parameters<SoftAuthenticator['assert']>[1]) => {
      const browser = new TestClient(t.app);
      const { challenge_id, options } = await signInOptions(browser);
      const res = await browser.post('/api/user/auth/passkey', {
        challenge_id,
        response: m.authenticator.assert(options, overrides),
      });
      return { res, signedIn: browser.cookies.has('user_token') };
    };
    const phished = await attempt({ origin: 'https://evil.example' });
    expect(phished.res.json().error_code).toBe('PASSKEY_INVALID');
    expect(phished.signedIn).toBe(false);
    const unverified = await attempt({ userVerified: false });
    expect(unverified.res.json().error_code).toBe('PASSKEY_INVALID');

    expect((await attempt({ counter: 5 })).res.statusCode).toBe(200);
    // A clone of the authenticator still counting from an older state.
    const cloned = await attempt({ counter: 5 });
    expect(cloned.res.statusCode).toBe(400);
    expect(cloned.res.json().error_code).toBe('PASSKEY_INVALID');
    expect((await attempt({ counter: 3 })).res.json().error_code).toBe('PASSKEY_INVALID');
    expect((await attempt({ counter: 6 })).res.statusCode).toBe(200);
    const [key] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, m.id));
    expect(key!.counter).toBe(6);
  });

  it('refuses an unknown passkey, a banned account and a deleted one', async () => {
    const stranger = new SoftAuthenticator();
    stranger.register({ rp: { id: 'localhost' }, user: { id: 'eA' }, challenge: 'AA' });
    const browser = new TestClient(t.app);
    const a = await signInOptions(browser);
    const unknown = await browser.post('/api/user/auth/passkey', {
      challenge_id: a.challenge_id,
      response: stranger.assert(a.options),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error_code).toBe('PASSKEY_UNKNOWN');

    const m = await memberWithPasskey();
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, m.id));
    const b = await signInOptions(browser);
    const banned = await browser.post('/api/user/auth/passkey', {
      challenge_id: b.challenge_id,
      response: m.authenticator.assert(b.options),
    });
    expect(banned.statusCode).toBe(403);
    expect(banned.json().error_code).toBe('ACCOUNT_BANNED');
    expect(browser.cookies.has('user_token')).toBe(false);

    await t.database.db.update(users).set({ banned: false, deletedAt: new Date() }).where(eq(users.id, m.id));
    const c = await signInOptions(browser);
    const deleted = await browser.post('/api/user/auth/passkey', {
      challenge_id: c.challenge_id,
      response: m.authenticator.assert(c.options),
    });
    expect(deleted.json().error_code).toBe('PASSKEY_UNKNOWN');
    expect(browser.cookies.has('user_token')).toBe(false);
  });
});

describe('a passkey as the second factor', () => {
  async function pendingLogin(m: Awaited<ReturnType<typeof memberWithPasskey>>) {
    const browser = new TestClient(t.app);
    const login = await browser.post('/api/user/auth/login', { login: m.member.username, password: m.member.password });
    expect(login.json().two_factor_required).toBe(true);
    return browser;
  }

  it("completes a pending sign-in with the member's own passkey only, rotating the session", async () => {
    const m = await memberWithPasskey({ twoFactor: true });
    const other = await memberWithPasskey();
    const browser = await pendingLogin(m);
    const pendingToken = browser.cookies.get('user_token');
    const res = await browser.post('/api/user/auth/2fa/passkey/options');
    expect(res.statusCode).toBe(200);
    const { challenge_id, options } = res.json();
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([m.credentialId]);

    // Another member's passkey, signing this member's challenge: refused, and the challenge is spent.
    other.authenticator.credentials[0]!.rpId = options.rpId;
    const foreign = await browser.post('/api/user/auth/2fa/passkey', {
      challenge_id,
      response: other.authenticator.assert({ ...options, allowCredentials: [] }),
    });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().error_code).toBe('PASSKEY_UNKNOWN');
    expect((await browser.get('/api/user/session')).json().error_code).toBe('TW0_FA_BLOCKED');

    const next = (await browser.post('/api/user/auth/2fa/passkey/options')).json();
    const ok = await browser.post('/api/user/auth/2fa/passkey', {
      challenge_id: next.challenge_id,
      response: m.authenticator.assert(next.options),
    });
    expect(ok.json()).toEqual({ success: true });
    expect(browser.cookies.get('user_token')).not.toBe(pendingToken);
    expect((await browser.get('/api/user/session')).statusCode).toBe(200);
    // The pending session is gone: its token no longer works.
    const stale = new TestClient(t.app);
    stale.cookies.set('user_token', pendingToken!);
    expect((await stale.get('/api/user/session')).statusCode).toBe(401);
  });

  it('is only for a pending sign-in, and only with a passkey set up', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/api/user/auth/2fa/passkey/options')).statusCode).toBe(401);
    const m = await memberWithPasskey();
    const signedIn = new TestClient(t.app);
    await signedIn.post('/api/user/auth/login', { login: m.member.username, password: m.member.password });
    expect((await signedIn.post('/api/user/auth/2fa/passkey/options')).json().error_code).toBe('TWO_FA_NOT_PENDING');

    const noKey = new TestClient(t.app);
    const member = newMember();
    await noKey.post('/api/user/auth/register', member);
    const id = (await noKey.get('/api/user/session')).json().user_info.uuid as string;
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, id));
    await t.app.ctx.sessions.invalidateUser(id);
    const browser = new TestClient(t.app);
    await browser.post('/api/user/auth/login', { login: member.username, password: member.password });
    const res = await browser.post('/api/user/auth/2fa/passkey/options');
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('PASSKEY_NOT_SET_UP');
  });
});
