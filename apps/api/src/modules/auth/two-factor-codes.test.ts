import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { memberWithTwoFactor, pendingLogin, pinTotpClock, totpCode } from '../../../test/two-factor.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { mailOutbox, recoveryCodes, users } from '../../db/schema/index.ts';
import { hashRecoveryCode } from './recovery-codes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const verify = (client: Awaited<ReturnType<typeof pendingLogin>>, code: string) =>
  client.post('/api/user/auth/2fa/verify', { code });

describe('TOTP codes are accepted once, with one step of drift', () => {
  it('refuses the code that turned two-factor on, then a replayed sign-in code', async () => {
    const clock = pinTotpClock();
    const { member, secret } = await memberWithTwoFactor(t.app);
    const first = await pendingLogin(t.app, member);
    const spent = await verify(first, totpCode(secret));
    expect(spent.json().error_code).toBe('TWO_FA_CODE_USED');

    clock.step();
    const code = totpCode(secret);
    expect((await verify(first, code)).statusCode).toBe(200);
    const second = await pendingLogin(t.app, member);
    const replay = await verify(second, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error_code).toBe('TWO_FA_CODE_USED');
    // An older code, still inside the drift window, is refused too: steps only move forward.
    clock.step();
    expect((await verify(second, totpCode(secret, -1))).json().error_code).toBe('TWO_FA_CODE_USED');
    expect((await verify(second, totpCode(secret))).statusCode).toBe(200);
  });

  it('lets only one of two parallel sign-ins with the same code through', async () => {
    const clock = pinTotpClock();
    const { member, secret } = await memberWithTwoFactor(t.app);
    clock.step();
    const [a, b] = [await pendingLogin(t.app, member), await pendingLogin(t.app, member)];
    const code = totpCode(secret);
    const answers = await Promise.all([verify(a, code), verify(b, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)?.json().error_code).toBe('TWO_FA_CODE_USED');
  });

  it('accepts the codes one step before and after, and refuses two steps away', async () => {
    const clock = pinTotpClock();
    const { member, secret } = await memberWithTwoFactor(t.app);
    clock.step(10);
    const client = await pendingLogin(t.app, member);
    expect((await verify(client, totpCode(secret, -2))).json().error_code).toBe('TWO_FA_INVALID_CODE');
    expect((await verify(client, totpCode(secret, 2))).json().error_code).toBe('TWO_FA_INVALID_CODE');
    expect((await verify(client, totpCode(secret, -1))).statusCode).toBe(200);
    const again = await pendingLogin(t.app, member);
    expect((await verify(again, totpCode(secret, 1))).statusCode).toBe(200);
  });
});

describe('recovery codes', () => {
  it('gives ten readable codes at setup, stores only their hashes, and each signs in once', async () => {
    const { member, recoveryCodes: codes } = await memberWithTwoFactor(t.app);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, member.username));
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user!.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map(hashRecoveryCode).sort());
    expect(JSON.stringify(stored)).not.toContain(codes[0]);

    const code = codes[3] as string;
    const first = await pendingLogin(t.app, member);
    // Typed in capitals with a space instead of the dash: still the same code.
    expect((await verify(first, code.toUpperCase().replace('-', ' '))).statusCode).toBe(200);
    expect((await first.get('/api/account/two-factor')).json()).toEqual({
      success: true,
      enabled: true,
      recovery_codes_left: 9,
    });
    const second = await pendingLogin(t.app, member);
    const reused = await verify(second, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error_code).toBe('TWO_FA_INVALID_CODE');
    expect((await second.get('/api/user/session')).json().error_code).toBe('TW0_FA_BLOCKED');
  });

  it('regenerating needs the password and voids the old codes', async () => {
    const { client, member, recoveryCodes: old } = await memberWithTwoFactor(t.app);
    const wrong = await client.post('/api/account/two-factor/recovery-codes', { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_code).toBe('CURRENT_PASSWORD_INVALID');
    const fresh = await client.post('/api/account/two-factor/recovery-codes', { password: member.password });
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(codes.some((c) => old.includes(c))).toBe(false);

    const login = await pendingLogin(t.app, member);
    expect((await verify(login, old[0] as string)).json().error_code).toBe('TWO_FA_INVALID_CODE');
    expect((await verify(login, codes[0] as string)).statusCode).toBe(200);
  });

  it('regenerating is refused while two-factor is off', async () => {
    const { client, member, recoveryCodes: codes } = await memberWithTwoFactor(t.app);
    await client.post('/api/user/auth/2fa/disable', { code: codes[0] });
    const res = await client.post('/api/account/two-factor/recovery-codes', { password: member.password });
    expect(res.json().error_code).toBe('TWO_FA_NOT_ENABLED');
  });
});

describe('turning two-factor off', () => {
  it('needs a valid code; then clears the secret, the codes and the step, and mails the member', async () => {
    const clock = pinTotpClock();
    const { client, member, secret } = await memberWithTwoFactor(t.app);
    const bad = await client.post('/api/user/auth/2fa/disable', { code: 'aaaaa-aaaaa' });
    expect(bad.json().error_code).toBe('TWO_FA_INVALID_CODE');
    // The code that turned it on is spent.
    expect((await client.post('/api/user/auth/2fa/disable', { code: totpCode(secret) })).json().error_code).toBe(
      'TWO_FA_CODE_USED',
    );
    expect((await client.post('/api/user/auth/2fa/disable', {})).statusCode).toBe(400);
    clock.step();
    const off = await client.post('/api/user/auth/2fa/disable', { code: totpCode(secret) });
    expect(off.json()).toEqual({ success: true });

    const [user] = await t.database.db.select().from(users).where(eq(users.username, member.username));
    expect(user).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null });
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user!.id))).toEqual([]);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, member.email));
    expect(mails.map((m) => m.template)).toContain('two_factor_disabled');
    expect((await client.get('/api/account/two-factor')).json()).toMatchObject({ enabled: false });
    // Signing in no longer asks for a code.
    const again = await client.post('/api/user/auth/login', { login: member.username, password: member.password });
    expect(again.json().two_factor_required).toBe(false);
    expect((await client.post('/api/user/auth/2fa/disable', { code: '123456' })).json().error_code).toBe(
      'TWO_FA_NOT_ENABLED',
    );
  });

  it('accepts a recovery code instead of the authenticator', async () => {
    const { client, recoveryCodes: codes } = await memberWithTwoFactor(t.app);
    expect((await client.post('/api/user/auth/2fa/disable', { code: codes[9] })).statusCode).toBe(200);
  });

  it('an administrator resetting it voids the recovery codes too', async () => {
    const { member, recoveryCodes: codes } = await memberWithTwoFactor(t.app);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, member.username));
    const root = await memberWithPermissions(t.app, ['admin.root'], 8);
    expect((await root.post(`/api/admin/users/${user!.id}/reset-2fa`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user!.id))).toEqual([]);
    expect(codes).toHaveLength(10);
  });
});
