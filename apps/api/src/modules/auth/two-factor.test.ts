import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { users } from '../../db/schema/index.ts';
import { CODE_LOCK_MINUTES, MAX_CODE_FAILURES } from './two-factor.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeFor = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset });

async function memberWith2fa() {
  const client = new TestClient(t.app);
  const member = newMember();
  await client.post('/api/user/auth/register', member);
  const setup = (await client.post('/api/user/auth/2fa/setup')).json();
  expect(setup.qr_code).toMatch(/^data:image\/png;base64,/);
  expect(setup.otpauth_url).toContain('otpauth://totp/');
  const confirm = await client.post('/api/user/auth/2fa/setup/confirm', { code: codeFor(setup.secret) });
  expect(confirm.json()).toEqual({ success: true, recovery_codes: expect.any(Array) });
  return { member, secret: setup.secret as string };
}

describe('two-factor authentication', () => {
  it('stores the secret encrypted and never returns it from the session', async () => {
    const { member, secret } = await memberWith2fa();
    const [row] = await t.database.db.select().from(users).where(eq(users.username, member.username));
    expect(row?.twoFactorSecret).toBeTruthy();
    expect(row?.twoFactorSecret).not.toContain(secret);
    const client = new TestClient(t.app);
    await client.post('/api/user/auth/login', { login: member.username, password: member.password });
    expect((await client.get('/api/user/session')).body).not.toContain(secret);
  });

  it('refuses every code for a while after ten wrong ones for the account, from however many addresses', async () => {
    const { member, secret } = await memberWith2fa();
    const client = new TestClient(t.app);
    await client.post('/api/user/auth/login', { login: member.username, password: member.password });
    const near = [-30_000, 0, 30_000, 60_000].map((o) => codeFor(secret, o));
    const wrong = ['000000', '111111', '222222', '333333', '444444'].find((c) => !near.includes(c))!;
    const verify = (code: string) => client.post('/api/user/auth/2fa/verify', { code });
    for (let i = 1; i <= MAX_CODE_FAILURES; i++) {
      client.remoteAddress = `10.77.0.${i}`; // the limit per address never applies
      expect((await verify(wrong)).json().error_code).toBe('TWO_FA_INVALID_CODE');
    }
    client.remoteAddress = '10.77.1.1';
    const locked = await verify(codeFor(secret, 30_000));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error_code).toBe('TWO_FA_LOCKED');
    // Once the window has passed since the last wrong code, the right one works and the count starts over.
    await t.database.db
      .update(users)
      .set({ twoFactorFailedAt: new Date(Date.now() - (CODE_LOCK_MINUTES + 1) * 60_000) })
      .where(eq(users.username, member.username));
    expect((await verify(codeFor(secret, 30_000))).json()).toEqual({ success: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.username, member.username));
    expect(row!.twoFactorFailures).toBe(0);
  });

  it('checks no more than the limit of codes when they arrive all at once', async () => {
    const { member, secret } = await memberWith2fa();
    const near = [-30_000, 0, 30_000, 60_000].map((o) => codeFor(secret, o));
    const wrong = ['000000', '111111', '222222', '333333', '444444'].find((c) => !near.includes(c))!;
    const pending = await Promise.all(
      Array.from({ length: 2 * MAX_CODE_FAILURES }, async (_, i) => {
        const client = new TestClient(t.app);
        client.remoteAddress = `10.78.0.${i + 1}`;
        await client.post('/api/user/auth/login', { login: member.username, password: member.password });
        return client;
      }),
    );
    const answers = await Promise.all(
      pending.map(async (c) => (await c.post('/api/user/auth/2fa/verify', { code: wrong })).json().error_code),
    );
    expect(answers.filter((a) => a === 'TWO_FA_INVALID_CODE')).toHaveLength(MAX_CODE_FAILURES);
    expect(answers.filter((a) => a === 'TWO_FA_LOCKED')).toHaveLength(MAX_CODE_FAILURES);
  });

  it('holds a login at TW0_FA_BLOCKED until the code is given, then rotates the token', async () => {
    const { member, secret } = await memberWith2fa();
    const client = new TestClient(t.app);
    const login = await client.post('/api/user/auth/login', { login: member.username, password: member.password });
    expect(login.json()).toEqual({ success: true, two_factor_required: true });
    const pendingToken = client.cookies.get('user_token');

    const blocked = await client.get('/api/user/session');
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json()).toEqual({
      success: false,
      error_code: 'TW0_FA_BLOCKED',
      user_info: null,
      billing: null,
      stats: null,
      permissions: [],
    });
    const other = await client.post('/api/user/auth/2fa/setup');
    expect(other.json().error_code).toBe('TW0_FA_BLOCKED');

    const wrong = await client.post('/api/user/auth/2fa/verify', {
      code: '000000' === codeFor(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_code).toBe('TWO_FA_INVALID_CODE');

    // The confirming code's step is spent; the next step's code is within the allowed drift.
    const ok = await client.post('/api/user/auth/2fa/verify', { code: codeFor(secret, 30_000) });
    expect(ok.json()).toEqual({ success: true });
    expect(client.cookies.get('user_token')).not.toBe(pendingToken);
    const session = await client.get('/api/user/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().user_info.two_fa_enabled).toBe(true);
  });

  it('refuses verify without a pending sign-in', async () => {
    const client = new TestClient(t.app);
    expect((await client.post('/api/user/auth/2fa/verify', { code: '123456' })).statusCode).toBe(401);
    await client.post('/api/user/auth/register', newMember());
    expect((await client.post('/api/user/auth/2fa/verify', { code: '123456' })).json().error_code).toBe(
      'TWO_FA_NOT_PENDING',
    );
  });

  it('cancels an unfinished setup through /api/auth/2fa/setup/kill and redirects to /account', async () => {
    const client = new TestClient(t.app);
    const member = newMember();
    await client.post('/api/user/auth/register', member);
    await client.post('/api/user/auth/2fa/setup');
    const kill = await client.get('/api/auth/2fa/setup/kill');
    expect(kill.statusCode).toBe(302);
    expect(kill.headers.location).toBe('/account');
    const [row] = await t.database.db.select().from(users).where(eq(users.username, member.username));
    expect(row?.twoFactorSecret).toBeNull();
    expect(row?.twoFactorEnabled).toBe(false);
    const confirm = await client.post('/api/user/auth/2fa/setup/confirm', { code: '123456' });
    expect(confirm.json().error_code).toBe('TWO_FA_SETUP_NOT_STARTED');
  });
});
