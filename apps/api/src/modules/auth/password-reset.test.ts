import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { authTokens, mailOutbox } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.settings.update({ app_url: 'https://panel.example.com' });
});
afterAll(() => t.close());

async function memberWithSession() {
  const client = new TestClient(t.app);
  const member = newMember();
  await client.post('/api/user/auth/register', member);
  return { client, member };
}

/** Asks for a reset link and waits for the work done after the reply (the token and the mail). */
async function forgot(email: string) {
  const res = await new TestClient(t.app).post('/api/user/auth/forgot-password', { email });
  await t.app.ctx.tasks.idle();
  return res;
}

async function latestLinkFor(email: string): Promise<string> {
  const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const text = mails.at(-1)?.text ?? '';
  const match = text.match(/https:\/\/panel\.example\.com\/auth\/reset-password\?token=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]);
}

describe('forgot and reset password', () => {
  it('answers the same whether or not the address exists, and mails only a real member', async () => {
    const { member } = await memberWithSession();
    const known = await forgot(member.email);
    const unknown = await forgot('ghost@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ghost@example.com'))).toHaveLength(0);
    expect(await latestLinkFor(member.email)).toMatch(/^[\w-]{40,}$/);
  });

  it('stores the token hashed, sets the password once, and signs out every session', async () => {
    const { client, member } = await memberWithSession();
    await forgot(member.email);
    const token = await latestLinkFor(member.email);
    expect(await t.database.db.select().from(authTokens).where(eq(authTokens.tokenHash, token))).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.tokenHash, sha256(token))),
    ).toHaveLength(1);

    const reset = await new TestClient(t.app).post('/api/user/auth/reset-password', {
      token,
      password: 'a brand new password',
    });
    expect(reset.json()).toEqual({ success: true });
    expect((await client.get('/api/user/session')).statusCode).toBe(401);
    const again = await new TestClient(t.app).post('/api/user/auth/reset-password', {
      token,
      password: 'yet another password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error_code).toBe('RESET_TOKEN_INVALID');

    const oldLogin = await new TestClient(t.app).post('/api/user/auth/login', {
      login: member.username,
      password: member.password,
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await new TestClient(t.app).post('/api/user/auth/login', {
      login: member.username,
      password: 'a brand new password',
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('refuses an expired token and an older link once a newer one was sent', async () => {
    const { member } = await memberWithSession();
    await forgot(member.email);
    const first = await latestLinkFor(member.email);
    await forgot(member.email);
    const second = await latestLinkFor(member.email);
    const old = await new TestClient(t.app).post('/api/user/auth/reset-password', {
      token: first,
      password: 'password number one',
    });
    expect(old.json().error_code).toBe('RESET_TOKEN_INVALID');
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, sha256(second)));
    const expired = await new TestClient(t.app).post('/api/user/auth/reset-password', {
      token: second,
      password: 'password number two',
    });
    expect(expired.json().error_code).toBe('RESET_TOKEN_INVALID');
  });

  it('answers before the lookup, the token and the mail, and logs a failure of that work instead of answering it', async () => {
    const { member } = await memberWithSession();
    const started: string[] = [];
    const spy = vi.spyOn(t.app.ctx.auth, 'forgotPassword').mockImplementation(async (email) => {
      started.push(email);
      throw new Error('mail store unavailable');
    });
    const logError = vi.spyOn(t.app.log, 'error');
    try {
      // In the request, the failure would have answered 500; after the reply it cannot change the answer.
      const known = await new TestClient(t.app).post('/api/user/auth/forgot-password', { email: member.email });
      expect(started).toEqual([]); // the answer is out; the work has not begun
      const unknown = await new TestClient(t.app).post('/api/user/auth/forgot-password', {
        email: 'nobody@example.com',
      });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ success: true });
      expect(unknown.json()).toEqual(known.json());
      await t.app.ctx.tasks.idle();
      expect(started).toEqual([member.email, 'nobody@example.com']);
      expect(logError).toHaveBeenCalledTimes(2);
      expect(logError).toHaveBeenCalledWith(
        { err: expect.objectContaining({ message: 'mail store unavailable' }), task: 'forgot-password' },
        'Deferred task forgot-password failed',
      );
    } finally {
      spy.mockRestore();
      logError.mockRestore();
    }
  });
});
