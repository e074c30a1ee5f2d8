import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect, vi } from 'vitest';
import { newMember, TestClient } from './client.ts';

const PERIOD_MS = 30_000;

/** The TOTP code of a secret for the step `steps` away from now (what an authenticator shows then). */
export const totpCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * PERIOD_MS,
  });

/**
 * Pins the clock (Date only; timers run as usual) to the middle of a 30 s step, so a test's codes
 * never straddle a step boundary; `step(n)` moves it n steps on. Call `vi.useRealTimers()` after.
 */
export function pinTotpClock(): { step(n?: number): void } {
  const now = Date.now();
  let at = now - (now % PERIOD_MS) + PERIOD_MS / 2;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  return {
    step(n = 1) {
      at += n * PERIOD_MS;
      vi.setSystemTime(at);
    },
  };
}

/** A signed-up member who turned two-factor on: the secret and the ten recovery codes. */
export async function memberWithTwoFactor(app: FastifyInstance) {
  const client = new TestClient(app);
  const member = newMember();
  await client.post('/api/user/auth/register', member);
  const setup = (await client.post('/api/user/auth/2fa/setup')).json();
  const confirm = await client.post('/api/user/auth/2fa/setup/confirm', { code: totpCode(setup.secret) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { client, member, secret: setup.secret as string, recoveryCodes: confirm.json().recovery_codes as string[] };
}

/** A new browser that gave the password of a 2FA account and now owes the code. */
export async function pendingLogin(app: FastifyInstance, member: { username: string; password: string }) {
  const client = new TestClient(app);
  const login = await client.post('/api/user/auth/login', { login: member.username, password: member.password });
  expect(login.json().two_factor_required).toBe(true);
  return client;
}
