import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { TURNSTILE_DUMMY_TOKEN, TURNSTILE_TEST_SECRETS, TurnstileDouble } from '../../../test/turnstile-double.ts';

describe('Cloudflare Turnstile', () => {
  let t: TestApp;
  const cf = new TurnstileDouble();
  beforeAll(async () => {
    await cf.listen();
    t = await createTestApp({ turnstileBaseUrl: cf.url });
  });
  afterAll(async () => {
    await t.close();
    await cf.close();
  });
  beforeEach(async () => {
    await t.app.ctx.settings.update({
      turnstile_enabled: true,
      turnstile_site_key: cf.siteKey,
      turnstile_secret_key: cf.secret,
      turnstile_login_failures: 2,
    });
  });

  const client = (ip = '198.51.100.10') => Object.assign(new TestClient(t.app), { remoteAddress: ip });
  const usersNamed = async (username: string) =>
    (await t.database.db.query.users.findMany()).filter((u) => u.username === username).length;

  it('is off until enabled with both keys: sign-up needs no token then', async () => {
    await t.app.ctx.settings.update({ turnstile_secret_key: null });
    const res = await client().post('/api/user/auth/register', newMember());
    expect(res.statusCode).toBe(201);
  });

  it('refuses a sign-up without a token, with a bad one and with a spent one; passes a fresh one', async () => {
    const c = client('198.51.100.11');
    const member = newMember();
    let res = await c.post('/api/user/auth/register', member);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_code).toBe('TURNSTILE_REQUIRED');
    res = await c.post('/api/user/auth/register', { ...member, turnstile_token: 'forged-token' });
    expect(res.json().error_code).toBe('TURNSTILE_FAILED');
    expect(await usersNamed(member.username)).toBe(0);

    const token = cf.issue();
    res = await c.post('/api/user/auth/register', { ...member, turnstile_token: token });
    expect(res.statusCode).toBe(201);
    // Sent with the secret and the client's address, as Cloudflare recommends.
    expect(cf.requests.at(-1)).toMatchObject({ secret: cf.secret, response: token, remoteip: '198.51.100.11' });
    res = await client('198.51.100.12').post('/api/user/auth/register', { ...newMember(), turnstile_token: token });
    expect(res.json().error_code).toBe('TURNSTILE_FAILED');
  });

  it("follows Cloudflare's dummy secret keys", async () => {
    await t.app.ctx.settings.update({ turnstile_secret_key: TURNSTILE_TEST_SECRETS.alwaysPasses });
    let res = await client().post('/api/user/auth/register', {
      ...newMember(),
      turnstile_token: TURNSTILE_DUMMY_TOKEN,
    });
    expect(res.statusCode).toBe(201);
    await t.app.ctx.settings.update({ turnstile_secret_key: TURNSTILE_TEST_SECRETS.alwaysFails });
    res = await client().post('/api/user/auth/register', { ...newMember(), turnstile_token: TURNSTILE_DUMMY_TOKEN });
    expect(res.json().error_code).toBe('TURNSTILE_FAILED');
  });

  it('asks for a token at sign-in only after repeated failures, by address and by login name', async () => {
    const member = newMember();
    await client('198.51.100.20').post('/api/user/auth/register', { ...member, turnstile_token: cf.issue() });
    const c = client('198.51.100.21');
    const login = (body: Record<string, string>, from = c) => from.post('/api/user/auth/login', body);
    // Below the threshold a sign-in needs no token.
    expect((await login({ login: member.username, password: member.password })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await login({ login: member.username, password: 'wrong password' });
      expect(res.json().error_code).toBe('INVALID_CREDENTIALS');
    }
    // Now even the right password needs the check, from this address...
    let res = await login({ login: member.username, password: member.password });
    expect(res.json().error_code).toBe('TURNSTILE_REQUIRED');
    // ...and for this login name from another address, and for another name from this address.
    res = await login({ login: member.username, password: member.password }, client('198.51.100.22'));
    expect(res.json().error_code).toBe('TURNSTILE_REQUIRED');
    res = await login({ login: 'someone_else', password: 'x' });
    expect(res.json().error_code).toBe('TURNSTILE_REQUIRED');
    res = await login({ login: member.username, password: member.password, turnstile_token: 'bad' });
    expect(res.json().error_code).toBe('TURNSTILE_FAILED');
    res = await login({ login: member.username, password: member.password, turnstile_token: cf.issue() });
    expect(res.statusCode).toBe(200);
    // The success forgot the name's failures; a fresh address signs that name in without a token.
    res = await login({ login: member.username, password: member.password }, client('198.51.100.23'));
    expect(res.statusCode).toBe(200);
  });

  it('guards forgot-password', async () => {
    const c = client('198.51.100.30');
    let res = await c.post('/api/user/auth/forgot-password', { email: 'nobody@example.com' });
    expect(res.json().error_code).toBe('TURNSTILE_REQUIRED');
    res = await c.post('/api/user/auth/forgot-password', { email: 'nobody@example.com', turnstile_token: 'bad' });
    expect(res.json().error_code).toBe('TURNSTILE_FAILED');
    res = await c.post('/api/user/auth/forgot-password', { email: 'nobody@example.com', turnstile_token: cf.issue() });
    expect(res.statusCode).toBe(200);
  });

  it("lets the pages load Cloudflare's script and challenge frame (CSP)", async () => {
    const csp = String((await client().get('/api/system/settings')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
  });

  it('refuses, without creating anything, when siteverify does not answer', async () => {
    await cf.close();
    const member = newMember();
    const res = await client().post('/api/user/auth/register', { ...member, turnstile_token: 'any' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error_code).toBe('TURNSTILE_UNAVAILABLE');
    expect(await usersNamed(member.username)).toBe(0);
  });
});
