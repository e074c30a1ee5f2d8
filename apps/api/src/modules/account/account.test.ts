import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { authTokens, mailOutbox, sessions, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { NO_PASSWORD_HASH } from '../auth/sign-in-methods.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://panel.example.com' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

async function register() {
  const client = new TestClient(t.app);
  const member = newMember();
  const res = await client.post('/api/user/auth/register', member);
  expect(res.statusCode).toBe(201);
  return { client, member, id: res.json().user.uuid as string };
}

/** The token in the newest email-change mail to an address. */
async function changeToken(email: string): Promise<string> {
  const mail = (await mailsTo(email)).filter((m) => m.template === 'email_change').at(-1);
  const match = mail?.text.match(/\/account\/email\/confirm\?token=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no confirmation link in: ${mail?.text}`);
  return decodeURIComponent(match[1]);
}

describe('profile', () => {
  it('changes the names and hides the profile from other members, not from its owner or staff', async () => {
    const me = await register();
    const other = await register();
    const res = await me.client.patch('/api/account/profile', {
      first_name: '  Grace ',
      last_name: 'Hopper',
      public_profile: false,
    });
    expect(res.json()).toEqual({
      success: true,
      data: { first_name: 'Grace', last_name: 'Hopper', public_profile: false },
    });
    const info = (await me.client.get('/api/user/session')).json().user_info;
    expect(info).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', public_profile: false });

    expect((await other.client.get(`/api/profiles/${me.id}`)).statusCode).toBe(404);
    expect((await me.client.get(`/api/profiles/${me.id}`)).statusCode).toBe(200);
    const staff = await memberWithPermissions(t.app, ['admin.users.list']);
    expect((await staff.get(`/api/profiles/${me.id}`)).statusCode).toBe(200);
    const found = (await other.client.get(`/api/users/lookup?q=${me.member.username}`)).json().data;
    expect(found).toEqual([]);

    await me.client.patch('/api/account/profile', { first_name: 'Grace', last_name: 'Hopper', public_profile: true });
    expect((await other.client.get(`/api/profiles/${me.id}`)).statusCode).toBe(200);
    expect((await other.client.get(`/api/users/lookup?q=${me.member.username}`)).json().data).toHaveLength(1);
  });

  it('refuses empty or too long names, unknown fields and callers without a session', async () => {
    const me = await register();
    for (const body of [
      { first_name: ' ', last_name: 'x', public_profile: true },
      { first_name: 'a'.repeat(65), last_name: 'x', public_profile: true },
      { first_name: 'a', last_name: 'x', public_profile: true, role_id: 1 },
      { first_name: 'a', last_name: 'x' },
    ]) {
      const res = await me.client.patch('/api/account/profile', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_code).toBe('VALIDATION_ERROR');
    }
    expect((await userRow(me.id)).firstName).toBe('Ada');
    const anonymous = new TestClient(t.app);
    expect(
      (await anonymous.patch('/api/account/profile', { first_name: 'a', last_name: 'b', public_profile: true }))
        .statusCode,
    ).toBe(401);
  });
});

describe('billing and language', () => {
  const billing = {
    company: 'Acme SRL',
    address: 'Str. Lunga 1',
    city: 'Chisinau',
    state: '',
    zip: 'MD-2001',
    country: 'Moldova',
    vat: 'MD 1003600',
  };

  it('stores the billing details the session call shows; an empty field is null', async () => {
    const me = await register();
    const res = await me.client.request({ method: 'PUT', url: '/api/account/billing', payload: billing });
    expect(res.json()).toEqual({ success: true, billing: { ...billing, state: null } });
    expect((await me.client.get('/api/user/session')).json().billing).toEqual({ ...billing, state: null });
  });

  it('refuses a postcode or VAT number with other characters, and too long a field', async () => {
    const me = await register();
    for (const over of [{ zip: '<script>' }, { vat: 'DE;123' }, { company: 'x'.repeat(129) }, { country: undefined }]) {
      const res = await me.client.request({
        method: 'PUT',
        url: '/api/account/billing',
        payload: { ...billing, ...over },
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await userRow(me.id)).billingCompany).toBeNull();
  });

  it('stores the language mails use and refuses one the panel does not have', async () => {
    const me = await register();
    const put = (locale: string) =>
      me.client.request({ method: 'PUT', url: '/api/account/locale', payload: { locale } });
    expect((await put('md')).json()).toEqual({ success: true });
    expect((await userRow(me.id)).locale).toBe('md');
    expect((await me.client.get('/api/user/session')).json().user_info.locale).toBe('md');
    expect((await put('xx')).statusCode).toBe(400);
  });
});

describe('password change', () => {
  it('needs the current password, ends every other session, keeps this one and mails the member', async () => {
    const me = await register();
    const elsewhere = new TestClient(t.app);
    await elsewhere.post('/api/user/auth/login', { login: me.member.username, password: me.member.password });
    expect((await elsewhere.get('/api/user/session')).statusCode).toBe(200);

    const wrong = await me.client.post('/api/account/password', {
      current_password: 'nope nope',
      password: 'a new long password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_code).toBe('CURRENT_PASSWORD_INVALID');
    expect((await elsewhere.get('/api/user/session')).statusCode).toBe(200);

    const short = await me.client.post('/api/account/password', {
      current_password: me.member.password,
      password: 'short',
    });
    expect(short.statusCode).toBe(400);

    const ok = await me.client.post('/api/account/password', {
      current_password: me.member.password,
      password: 'a new long password',
    });
    expect(ok.json()).toEqual({ success: true });
    expect((await me.client.get('/api/user/session')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/user/session')).statusCode).toBe(401);
    const live = await db().select().from(sessions).where(eq(sessions.userId, me.id));
    expect(live.filter((s) => !s.revokedAt)).toHaveLength(1);
    expect((await userRow(me.id)).passwordHash).toMatch(/^\$argon2id\$/);

    const login = (password: string) =>
      new TestClient(t.app).post('/api/user/auth/login', { login: me.member.username, password });
    expect((await login(me.member.password)).json().error_code).toBe('INVALID_CREDENTIALS');
    expect((await login('a new long password')).statusCode).toBe(200);
    expect((await mailsTo(me.member.email)).map((m) => m.template)).toContain('password_changed');
  });
});

describe('a link to set a password', () => {
  it('mails the reset link to the signed-in member, which sets a password an account without one can use', async () => {
    const me = await register();
    // As an account made through Discord or GitHub: no password to confirm anything with.
    await db().update(users).set({ passwordHash: NO_PASSWORD_HASH }).where(eq(users.id, me.id));
    expect((await new TestClient(t.app).post('/api/account/password/link', {})).statusCode).toBe(401);
    expect((await me.client.post('/api/account/password/link', {})).json()).toEqual({ success: true });
    const mail = (await mailsTo(me.member.email)).filter((m) => m.template === 'reset_password').at(-1);
    const token = decodeURIComponent(mail?.text.match(/reset-password\?token=([\w%-]+)/)?.[1] ?? '');
    const reset = await new TestClient(t.app).post('/api/user/auth/reset-password', {
      token,
      password: 'a chosen password',
    });
    expect(reset.statusCode).toBe(200);
    const login = await new TestClient(t.app).post('/api/user/auth/login', {
      login: me.member.username,
      password: 'a chosen password',
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('email change', () => {
  it('mails a link to the new address; the address changes only when it is followed, and the old one is told', async () => {
    const me = await register();
    const next = `new_${me.member.email}`;
    const res = await me.client.post('/api/account/email', { email: next, password: me.member.password });
    expect(res.json()).toEqual({ success: true, email: next });
    expect((await userRow(me.id)).email).toBe(me.member.email);
    const token = await changeToken(next);
    const [row] = await db()
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(token)));
    expect(row).toMatchObject({ kind: 'change_email', userId: me.id, data: { email: next }, usedAt: null });

    // Opened in another browser: the link alone is enough.
    const confirmed = await new TestClient(t.app).post('/api/account/email/confirm', { token });
    expect(confirmed.json()).toEqual({ success: true, email: next });
    const after = await userRow(me.id);
    expect(after.email).toBe(next);
    expect(after.emailVerifiedAt).not.toBeNull();
    expect((await mailsTo(me.member.email)).map((m) => m.template)).toContain('email_changed');
    expect((await me.client.get('/api/user/session')).json().user_info.email).toBe(next);

    const again = await new TestClient(t.app).post('/api/account/email/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error_code).toBe('EMAIL_CHANGE_TOKEN_INVALID');
  });

  it("dies with a password reset or change: an intruder's pending change cannot outlive the owner taking the account back", async () => {
    /** The token in the newest reset mail to an address. */
    const resetToken = async (email: string) =>
      decodeURIComponent(
        (await mailsTo(email))
          .filter((m) => m.template === 'reset_password')
          .at(-1)
          ?.text.match(/reset-password\?token=([\w%-]+)/)?.[1] ?? '',
      );
    const confirm = (token: string) => new TestClient(t.app).post('/api/account/email/confirm', { token });

    const reset = await register();
    await reset.client.post('/api/account/email', {
      email: `intruder_${reset.member.email}`,
      password: reset.member.password,
    });
    const stolen = await changeToken(`intruder_${reset.member.email}`);
    await new TestClient(t.app).post('/api/user/auth/forgot-password', { email: reset.member.email });
    await t.app.ctx.tasks.idle(); // the link is made after the answer
    const link = await resetToken(reset.member.email);
    const done = await new TestClient(t.app).post('/api/user/auth/reset-password', {
      token: link,
      password: 'a new Passw0rd!',
    });
    expect(done.statusCode).toBe(200);
    expect((await confirm(stolen)).json().error_code).toBe('EMAIL_CHANGE_TOKEN_INVALID');
    expect((await userRow(reset.id)).email).toBe(reset.member.email);

    const changed = await register();
    await changed.client.post('/api/account/email', {
      email: `intruder_${changed.member.email}`,
      password: changed.member.password,
    });
    const pending = await changeToken(`intruder_${changed.member.email}`);
    const own = await changed.client.post('/api/account/password', {
      current_password: changed.member.password,
      password: 'another Passw0rd!',
    });
    expect(own.statusCode).toBe(200);
    expect((await confirm(pending)).json().error_code).toBe('EMAIL_CHANGE_TOKEN_INVALID');
  });

  it('changed by staff: links mailed to the old address stop working, and the old address is told', async () => {
    const me = await register();
    await new TestClient(t.app).post('/api/user/auth/forgot-password', { email: me.member.email });
    await t.app.ctx.tasks.idle();
    const [link] = await db()
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, me.id), eq(authTokens.kind, 'password_reset')));
    expect(link?.usedAt).toBeNull();
    const staff = await memberWithPermissions(t.app, ['admin.users.list', 'admin.users.edit']);
    const updatedAt = (await staff.get(`/api/admin/users/${me.id}`)).json().data.updated_at;
    const res = await staff.patch(`/api/admin/users/${me.id}`, {
      email: `fixed_${me.member.email}`,
      updated_at: updatedAt,
    });
    expect(res.statusCode).toBe(200);
    const [spent] = await db().select().from(authTokens).where(eq(authTokens.id, link!.id));
    expect(spent?.usedAt).not.toBeNull();
    const told = (await mailsTo(me.member.email)).filter((m) => m.template === 'email_changed');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`fixed_${me.member.email}`);
  });

  it('refuses a wrong password, the same address, a taken one, and an expired link', async () => {
    const me = await register();
    const other = await register();
    const ask = (email: string, password = me.member.password) =>
      me.client.post('/api/account/email', { email, password });
    expect((await ask(`x_${me.member.email}`, 'wrong password')).json().error_code).toBe('CURRENT_PASSWORD_INVALID');
    expect((await ask(me.member.email.toUpperCase())).json().error_code).toBe('EMAIL_UNCHANGED');
    const taken = await ask(other.member.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error_code).toBe('EMAIL_TAKEN');
    expect((await ask('not an address')).statusCode).toBe(400);

    const late = `late_${me.member.email}`;
    await ask(late);
    const token = await changeToken(late);
    await db()
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, sha256(token)));
    expect((await new TestClient(t.app).post('/api/account/email/confirm', { token })).json().error_code).toBe(
      'EMAIL_CHANGE_TOKEN_INVALID',
    );
    expect((await userRow(me.id)).email).toBe(me.member.email);
  });

  it('checks again at confirmation that nobody took the address meanwhile; only the newest link works', async () => {
    const me = await register();
    const wanted = `race_${me.member.email}`;
    await me.client.post('/api/account/email', { email: `first_${me.member.email}`, password: me.member.password });
    const first = await changeToken(`first_${me.member.email}`);
    await me.client.post('/api/account/email', { email: wanted, password: me.member.password });
    const token = await changeToken(wanted);
    expect((await new TestClient(t.app).post('/api/account/email/confirm', { token: first })).json().error_code).toBe(
      'EMAIL_CHANGE_TOKEN_INVALID',
    );
    // Someone signs up with the address before the link is followed.
    await new TestClient(t.app).post('/api/user/auth/register', newMember({ email: wanted.toUpperCase() }));
    const res = await new TestClient(t.app).post('/api/account/email/confirm', { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('EMAIL_TAKEN');
    expect((await userRow(me.id)).email).toBe(me.member.email);
    const [unused] = await db()
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, sha256(token)), eq(authTokens.kind, 'change_email')));
    expect(unused?.usedAt).toBeNull();
  });
});
