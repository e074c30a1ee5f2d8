import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { authTokens, mailOutbox, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { describeUserAgent } from './new-login.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://panel.example.com' });
  await t.app.ctx.settings.update({
    referrals_enabled: true,
    referral_reward_referrer: 100,
    referral_reward_referred: 50,
  });
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const mailsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const userOf = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;

/** The token from the newest verification mail to an address. */
async function verifyToken(email: string): Promise<string> {
  const mail = (await mailsTo(email)).filter((m) => m.template === 'verify_email').at(-1);
  const match = mail?.text.match(/https:\/\/panel\.example\.com\/auth\/verify-email\?token=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no verification link in: ${mail?.text}`);
  return decodeURIComponent(match[1]);
}

async function register(extra: Record<string, string> = {}, ip = '10.1.0.1', ua = FIREFOX) {
  const client = new TestClient(t.app);
  client.remoteAddress = ip;
  const member = newMember(extra);
  const res = await client.request({
    method: 'POST',
    url: '/api/user/auth/register',
    payload: member,
    headers: { 'user-agent': ua },
  });
  expect(res.statusCode).toBe(201);
  return { client, member, id: res.json().user.uuid as string };
}

describe('mails at sign-up and email verification', () => {
  it('sends a welcome mail and a verification link with the account', async () => {
    const { member } = await register();
    const mails = await mailsTo(member.email);
    expect(mails.map((m) => m.template).sort()).toEqual(['verify_email', 'welcome']);
    expect(mails.find((m) => m.template === 'welcome')?.subject).toBe(`Welcome to Hostdeck, ${member.username}!`);
    const token = await verifyToken(member.email);
    // Only the hash is stored; the link works for 48 hours.
    const [row] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(token)));
    expect(row).toMatchObject({ kind: 'verify_email', usedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(47.9 * 3_600_000);
  });

  it('verifies once with the link, settles a pending referral, and refuses a used, unknown or expired link', async () => {
    const referrer = await register({}, '10.1.0.2');
    const code = (await referrer.client.get('/api/user/session')).json().user_info.referral_code;
    const { client, member } = await register({ ref: code }, '10.1.0.3');
    expect((await client.get('/api/user/session')).json().user_info.verified).toBe(false);
    const token = await verifyToken(member.email);

    const anonymous = new TestClient(t.app);
    const ok = await anonymous.post('/api/auth/verify-email', { token });
    expect(ok.json()).toEqual({ success: true });
    expect((await client.get('/api/user/session')).json().user_info.verified).toBe(true);
    expect((await userOf(member.email)).coins).toBe(50);
    expect((await t.database.db.select().from(users).where(eq(users.id, referrer.id)))[0]!.coins).toBe(100);

    const reused = await anonymous.post('/api/auth/verify-email', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error_code).toBe('VERIFY_TOKEN_INVALID');
    expect((await anonymous.post('/api/auth/verify-email', { token: 'not-a-token' })).json().error_code).toBe(
      'VERIFY_TOKEN_INVALID',
    );
    expect((await client.post('/api/account/verify-email/resend')).json().error_code).toBe('EMAIL_ALREADY_VERIFIED');

    const other = await register({}, '10.1.0.4');
    const late = await verifyToken(other.member.email);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, sha256(late)));
    expect((await anonymous.post('/api/auth/verify-email', { token: late })).json().error_code).toBe(
      'VERIFY_TOKEN_INVALID',
    );
    expect((await userOf(other.member.email)).emailVerifiedAt).toBeNull();
  });

  it('resends a link on request, once a minute at most; the older link stops working', async () => {
    const { client, member, id } = await register({}, '10.1.0.5');
    const first = await verifyToken(member.email);
    // While no SMTP server is set, the sign-up link waits in the outbox: no second one, and no
    // "a new link is on its way".
    const noMail = await client.post('/api/account/verify-email/resend');
    expect(noMail.statusCode).toBe(409);
    expect(noMail.json().error_code).toBe('SMTP_NOT_CONFIGURED');
    expect((await mailsTo(member.email)).filter((m) => m.template === 'verify_email')).toHaveLength(1);
    await t.app.ctx.settings.update({ smtp_host: 'smtp.invalid' });
    const soon = await client.post('/api/account/verify-email/resend');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error_code).toBe('VERIFY_EMAIL_COOLDOWN');
    // As if the first link had been sent two minutes ago.
    await t.database.db
      .update(authTokens)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(and(eq(authTokens.userId, id), eq(authTokens.kind, 'verify_email')));
    expect((await client.post('/api/account/verify-email/resend')).json()).toEqual({ success: true });
    const second = await verifyToken(member.email);
    expect(second).not.toBe(first);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/api/auth/verify-email', { token: first })).json().error_code).toBe(
      'VERIFY_TOKEN_INVALID',
    );
    expect((await anonymous.post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
    expect((await new TestClient(t.app).post('/api/account/verify-email/resend')).statusCode).toBe(401);
    await t.app.ctx.settings.update({ smtp_host: null });
  });
});

describe('the new-login mail', () => {
  const login = (member: { username: string; password: string }, ip: string, ua: string) => {
    const c = new TestClient(t.app);
    c.remoteAddress = ip;
    return c.request({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { login: member.username, password: member.password },
      headers: { 'user-agent': ua },
    });
  };
  const newLogins = async (email: string) => (await mailsTo(email)).filter((m) => m.template === 'new_login');

  it('goes out for a browser and address the account has not used, not for a known one', async () => {
    const { member } = await register({}, '10.2.0.1', FIREFOX);
    expect((await login(member, '10.2.0.1', FIREFOX)).statusCode).toBe(200);
    expect(await newLogins(member.email)).toHaveLength(0);

    expect((await login(member, '198.51.100.9', CHROME_WIN)).statusCode).toBe(200);
    const [mail] = await newLogins(member.email);
    expect(mail?.subject).toBe('Hostdeck: new sign-in to your account');
    expect(mail?.text).toContain('198.51.100.9');
    expect(mail?.text).toContain('Chrome on Windows');
    expect(mail?.text).toContain('(https://panel.example.com/account)');
    // The same browser again: known now.
    await login(member, '198.51.100.9', CHROME_WIN);
    expect(await newLogins(member.email)).toHaveLength(1);
    // A wrong password mails nothing.
    await login({ ...member, password: 'wrong password here' }, '203.0.113.1', FIREFOX);
    expect(await newLogins(member.email)).toHaveLength(1);
  });

  it('is not sent when the setting is off', async () => {
    const { member } = await register({}, '10.2.0.2', FIREFOX);
    await t.app.ctx.settings.update({ new_login_mail_enabled: false });
    try {
      await login(member, '203.0.113.2', CHROME_WIN);
      expect(await newLogins(member.email)).toHaveLength(0);
    } finally {
      await t.app.ctx.settings.update({ new_login_mail_enabled: null });
    }
  });

  it('names the browser in plain words', () => {
    expect(describeUserAgent(FIREFOX)).toBe('Firefox on Linux');
    expect(describeUserAgent(CHROME_WIN)).toBe('Chrome on Windows');
    expect(describeUserAgent(undefined)).toBe('Unknown browser');
    expect(describeUserAgent('curl/8.0')).toBe('curl/8.0');
  });
});

describe('the password reset mail', () => {
  it('is written from the reset_password template', async () => {
    const { member } = await register({}, '10.3.0.1');
    await new TestClient(t.app).post('/api/user/auth/forgot-password', { email: member.email });
    await t.app.ctx.tasks.idle(); // the mail is written after the reply
    const [mail] = (await mailsTo(member.email)).filter((m) => m.template === 'reset_password');
    expect(mail?.subject).toBe('Hostdeck: reset your password');
    expect(mail?.html).toContain(`Hello ${member.username},`);
    expect(mail?.text).toMatch(/https:\/\/panel\.example\.com\/auth\/reset-password\?token=[\w-]{40,}/);
  });
});
