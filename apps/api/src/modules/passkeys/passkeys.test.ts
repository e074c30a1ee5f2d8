import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { SoftAuthenticator } from '../../../test/webauthn-authenticator.ts';
import { mailOutbox, passkeys, users, webauthnChallenges } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member() {
  const client = new TestClient(t.app);
  const person = newMember();
  const { password } = person;
  await client.post('/api/user/auth/register', person);
  const id = (await client.get('/api/user/session')).json().user_info.uuid as string;
  return { client, id, password, authenticator: new SoftAuthenticator() };
}
/** Adding a passkey starts with the password (a session alone may not add one). */
const optionsFor = (m: { client: TestClient; password: string }) =>
  m.client.post('/api/account/passkeys/options', { password: m.password });

async function addPasskey(m: Awaited<ReturnType<typeof member>>, name = 'Laptop') {
  const options = await optionsFor(m);
  expect(options.statusCode).toBe(200);
  return m.client.post('/api/account/passkeys', { name, response: m.authenticator.register(options.json().options) });
}

describe('passkeys on /account', () => {
  it('offers discoverable-credential options for this panel and stores a verified passkey', async () => {
    const m = await member();
    const res = await optionsFor(m);
    const { options } = res.json();
    expect(options.rp).toEqual({ name: 'Hostdeck', id: 'localhost' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    expect(options.attestation).toBe('none');
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(m.id);
    const [challenge] = await t.database.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, options.challenge));
    expect(challenge).toMatchObject({ userId: m.id, purpose: 'register' });
    expect(challenge!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const created = await m.client.post('/api/account/passkeys', {
      name: 'Laptop',
      response: m.authenticator.register(options),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().passkey).toMatchObject({ name: 'Laptop', device_type: 'singleDevice', backed_up: false });
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, m.id));
    const cred = m.authenticator.credentials[0]!;
    expect(row).toMatchObject({ credentialId: cred.id.toString('base64url'), counter: 0, transports: ['internal'] });
    // The stored key is the authenticator's public key (COSE), nothing secret.
    expect(row!.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    // The challenge was used up.
    expect(
      await t.database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, options.challenge)),
    ).toHaveLength(0);
  });

  it('lists, renames and removes my passkeys; excludes them from new registrations', async () => {
    const m = await member();
    const first = (await addPasskey(m, 'Phone')).json().passkey;
    await addPasskey(m, 'Key');
    const list = (await m.client.get('/api/account/passkeys')).json().passkeys;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Phone', 'Key']);
    expect(list[0]).toEqual({
      id: first.id,
      name: 'Phone',
      created_at: expect.any(String),
      last_used_at: null,
      device_type: 'singleDevice',
      backed_up: false,
    });
    const options = (await optionsFor(m)).json().options;
    expect(options.excludeCredentials.map((c: { id: string }) => c.id).sort()).toEqual(
      m.authenticator.credentials.map((c) => c.id.toString('base64url')).sort(),
    );

    const renamed = await m.client.patch(`/api/account/passkeys/${first.id}`, { name: '  Work phone ' });
    expect(renamed.json().passkey.name).toBe('Work phone');
    expect((await m.client.patch(`/api/account/passkeys/${first.id}`, { name: ' ' })).statusCode).toBe(400);
    expect((await m.client.delete(`/api/account/passkeys/${first.id}`)).json()).toEqual({ success: true });
    expect((await m.client.get('/api/account/passkeys')).json().passkeys.map((p: { name: string }) => p.name)).toEqual([
      'Key',
    ]);
  });

  it("answers 404 for another member's passkey", async () => {
    const owner = await member();
    const key = (await addPasskey(owner)).json().passkey;
    const other = await member();
    expect((await other.client.patch(`/api/account/passkeys/${key.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await other.client.delete(`/api/account/passkeys/${key.id}`)).statusCode).toBe(404);
    expect((await owner.client.get('/api/account/passkeys')).json().passkeys[0].name).toBe('Laptop');
  });

  it('refuses an answer made for another origin or RP id, and a challenge used twice', async () => {
    const m = await member();
    const options = (await optionsFor(m)).json().options;
    const evil = m.authenticator.register(options, { origin: 'https://evil.example' });
    const refused = await m.client.post('/api/account/passkeys', { name: 'Evil', response: evil });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_code).toBe('PASSKEY_INVALID');
    // That attempt used the challenge up: a correct answer to it is now too late.
    const again = await m.client.post('/api/account/passkeys', {
      name: 'Late',
      response: m.authenticator.register(options),
    });
    expect(again.json().error_code).toBe('PASSKEY_CHALLENGE_INVALID');

    const next = (await optionsFor(m)).json().options;
    const otherRp = await m.client.post('/api/account/passkeys', {
      name: 'Other RP',
      response: m.authenticator.register(next, { rpId: 'evil.example' }),
    });
    expect(otherRp.json().error_code).toBe('PASSKEY_INVALID');
    expect((await m.client.get('/api/account/passkeys')).json().passkeys).toEqual([]);
  });

  it("refuses another member's challenge and a credential registered twice", async () => {
    const a = await member();
    const b = await member();
    const options = (await optionsFor(a)).json().options;
    const stolen = await b.client.post('/api/account/passkeys', {
      name: 'B',
      response: b.authenticator.register(options),
    });
    expect(stolen.json().error_code).toBe('PASSKEY_CHALLENGE_INVALID');

    const created = await addPasskey(a);
    expect(created.statusCode).toBe(201);
    // The same authenticator answering with the same credential id again (the browser would refuse
    // it through excludeCredentials; the server refuses it anyway).
    const next = (await optionsFor(b)).json().options;
    const shared = a.authenticator.credentials[0]!;
    b.authenticator.credentials.push(shared);
    const copy = b.authenticator.register(next, { credentialId: shared.id.toString('base64url') });
    const dup = await b.client.post('/api/account/passkeys', { name: 'Copy', response: copy });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error_code).toBe('PASSKEY_ALREADY_REGISTERED');
    expect((await b.client.get('/api/account/passkeys')).json().passkeys).toEqual([]);
  });

  it('never removes the last way to sign in', async () => {
    const m = await member();
    const first = (await addPasskey(m, 'One')).json().passkey;
    const second = (await addPasskey(m, 'Two')).json().passkey;
    // An account without a usable password (e.g. made through single sign-on).
    await t.database.db.update(users).set({ passwordHash: '!' }).where(eq(users.id, m.id));
    expect((await m.client.delete(`/api/account/passkeys/${first.id}`)).statusCode).toBe(200);
    const last = await m.client.delete(`/api/account/passkeys/${second.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error_code).toBe('LAST_SIGN_IN_METHOD');
    expect((await m.client.get('/api/account/passkeys')).json().passkeys).toHaveLength(1);
  });

  it('binds passkeys to the panel address when app_url is set, whatever Host the request names', async () => {
    const m = await member();
    await t.app.ctx.settings.update({ app_url: 'https://panel.example.com/', app_name: 'Example Panel' });
    try {
      const options = (await optionsFor(m)).json().options;
      expect(options.rp).toEqual({ name: 'Example Panel', id: 'panel.example.com' });
      const fromLocalhost = await m.client.post('/api/account/passkeys', {
        name: 'Local',
        response: m.authenticator.register(options),
      });
      expect(fromLocalhost.json().error_code).toBe('PASSKEY_INVALID');
      const next = (await optionsFor(m)).json().options;
      const real = await m.client.post('/api/account/passkeys', {
        name: 'Real',
        response: m.authenticator.register(next, { origin: 'https://panel.example.com' }),
      });
      expect(real.statusCode).toBe(201);
    } finally {
      await t.app.ctx.settings.update({ app_url: null, app_name: null });
    }
  });

  it('is added only by the owner at the keyboard (password or two-factor code), and the member is mailed', async () => {
    const m = await member();
    // A session alone (a stolen cookie) gets no options, so no challenge to register against.
    const bare = await m.client.post('/api/account/passkeys/options', {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields.password).toBe('Enter your password or a two-factor code');
    const wrong = await m.client.post('/api/account/passkeys/options', { password: 'not my password' });
    expect(wrong.json().error_code).toBe('CURRENT_PASSWORD_INVALID');
    const noCode = await m.client.post('/api/account/passkeys/options', { code: '123456' });
    expect(noCode.json().error_code).toBe('TWO_FA_NOT_ENABLED');
    // With two-factor on, a wrong code is told at the code field (the form marks it there).
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, m.id));
    await t.app.ctx.sessions.invalidateUser(m.id);
    const wrongCode = await m.client.post('/api/account/passkeys/options', { code: 'not-a-recovery-code' });
    expect(wrongCode.json()).toMatchObject({ error_code: 'TWO_FA_INVALID_CODE', fields: { code: expect.any(String) } });
    await t.database.db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, m.id));
    await t.app.ctx.sessions.invalidateUser(m.id);
    const challenges = await t.database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, m.id));
    expect(challenges).toHaveLength(0);

    expect((await addPasskey(m, 'Work laptop')).statusCode).toBe(201);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, m.id));
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, me!.email));
    const added = mails.filter((x) => x.template === 'passkey_added');
    expect(added).toHaveLength(1);
    expect(added[0]!.text).toContain('Work laptop');
  });

  it('needs a session, a CSRF token and a valid body', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/account/passkeys')).statusCode).toBe(401);
    expect((await anonymous.post('/api/account/passkeys/options')).statusCode).toBe(401);
    const m = await member();
    expect((await m.client.post('/api/account/passkeys/options', undefined, { csrf: false })).statusCode).toBe(403);
    const bad = await m.client.post('/api/account/passkeys', { name: 'x', response: { id: 'not base64!' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_code).toBe('VALIDATION_ERROR');
    const garbage = await m.client.post('/api/account/passkeys', {
      name: 'x',
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
      },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error_code).toBe('PASSKEY_INVALID');
  });
});
