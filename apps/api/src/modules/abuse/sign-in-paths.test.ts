import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { GitHubDouble } from '../../../test/github-double.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { SoftAuthenticator } from '../../../test/webauthn-authenticator.ts';
import { accountFlags, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';

/**
 * Every sign-in path does the same bookkeeping as a password sign-in (modules/auth/sign-in.ts):
 * anti-alt at sign-in, the account's last address and device, and the account-state refusals.
 */
let t: TestApp;
let root: TestClient;
const github = new GitHubDouble();
let net = 0;

beforeAll(async () => {
  await github.listen();
  t = await createTestApp({ githubOAuthUrl: github.url, githubApiUrl: github.url });
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
  await t.app.ctx.settings.update({
    sso_github_enabled: true,
    github_client_id: github.clientId,
    github_client_secret: github.clientSecret,
  });
});
afterAll(async () => {
  await t?.close();
  await github.close();
});
beforeEach(async () => {
  net += 1;
  await t.app.ctx.settings.update({
    zero_trust_enabled: true,
    alt_action: 'flag',
    alt_max_accounts_per_ip: 0,
    alt_max_accounts_per_device: 2,
    alt_window_days: 0,
  });
});

function browser(ip: string, device?: string): TestClient {
  const c = new TestClient(t.app);
  c.remoteAddress = ip;
  if (device) c.cookies.set('hd_device', device);
  return c;
}
const deviceOf = (n: number) => `paths${n}x${process.pid}abcdefghijklmnopqrstuvw`.slice(0, 40);
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const flagsOf = (id: string) => t.database.db.select().from(accountFlags).where(eq(accountFlags.userId, id));

/** Two accounts made on one browser: the limit (2) is reached there. */
async function crowdedBrowser(): Promise<{ device: string; ids: string[] }> {
  const device = deviceOf(net);
  const ids: string[] = [];
  for (const k of [1, 2]) {
    const c = browser(`10.${net}.${k}.1`, device);
    expect((await c.post('/api/user/auth/register', newMember())).statusCode).toBe(201);
    ids.push((await c.get('/api/user/session')).json().user_info.uuid);
  }
  return { device, ids };
}

/** Signs in from the crowded browser; checks the flag and the last ip/device it wrote. */
async function expectFlaggedAfter(id: string, crowd: { device: string; ids: string[] }, ip: string) {
  const [flag, ...more] = await flagsOf(id);
  expect(more).toEqual([]);
  expect(flag).toMatchObject({ reason: 'shared_device', status: 'open', ip });
  expect([...flag!.relatedUserIds].sort()).toEqual([...crowd.ids].sort());
  const row = await userRow(id);
  expect(row.lastIp).toBe(ip);
  expect(row.lastDevice).toBe(sha256(crowd.device));
  for (const other of crowd.ids) expect(await flagsOf(other)).toEqual([]);
}

describe('anti-alt on every sign-in path', () => {
  it('a passkey sign-in on a crowded browser flags the account, like a password one', async () => {
    const home = browser(`10.${net}.3.1`);
    const person = newMember();
    await home.post('/api/user/auth/register', person);
    const id = (await home.get('/api/user/session')).json().user_info.uuid as string;
    const authenticator = new SoftAuthenticator();
    const regOptions = (await home.post('/api/account/passkeys/options', { password: person.password })).json().options;
    await home.post('/api/account/passkeys', { name: 'Key', response: authenticator.register(regOptions) });
    const crowd = await crowdedBrowser();
    expect(await flagsOf(id)).toEqual([]);

    const ip = `10.${net}.4.1`;
    const there = browser(ip, crowd.device);
    const { challenge_id, options } = (await there.post('/api/user/auth/passkey/options')).json();
    const res = await there.post('/api/user/auth/passkey', { challenge_id, response: authenticator.assert(options) });
    expect(res.statusCode).toBe(200);
    await expectFlaggedAfter(id, crowd, ip);
  });

  it('a single sign-on sign-in on a crowded browser flags the account', async () => {
    const gh = github.addUser(770_000 + net * 13 + (process.pid % 1000), `paths-${process.pid}-${net}`, null);
    github.signedIn = String(gh.id);
    const home = browser(`10.${net}.3.1`);
    const member = newMember();
    await home.post('/api/user/auth/register', member);
    const id = (await home.get('/api/user/session')).json().user_info.uuid as string;
    const trip = async (c: TestClient, mode: 'link' | 'login') => {
      const start = await c.get(`/api/auth/sso/github/start?mode=${mode}`);
      const back = new URL(github.authorize(start.headers.location as string));
      return (await c.get(`${back.pathname}${back.search}`)).headers.location;
    };
    expect(await trip(home, 'link')).toBe('/account?sso=linked#sign-in-providers');
    const crowd = await crowdedBrowser();

    const ip = `10.${net}.4.1`;
    expect(await trip(browser(ip, crowd.device), 'login')).toBe('/dashboard');
    await expectFlaggedAfter(id, crowd, ip);
  });

  it('a one-time sign-in link used on a crowded browser flags the account', async () => {
    const home = browser(`10.${net}.3.1`);
    await home.post('/api/user/auth/register', newMember());
    const id = (await home.get('/api/user/session')).json().user_info.uuid as string;
    const crowd = await crowdedBrowser();
    const { url } = (await root.post(`/api/admin/users/${id}/sign-in-link`, { minutes: 5 })).json();
    const token = new URL(url).searchParams.get('token');

    const ip = `10.${net}.4.1`;
    const res = await browser(ip, crowd.device).post('/api/user/auth/link', { token });
    expect(res.json()).toEqual({ success: true, two_factor_required: false });
    await expectFlaggedAfter(id, crowd, ip);
  });

  it('refuses a passkey sign-in to an account being deleted, as the password sign-in does', async () => {
    const home = browser(`10.${net}.3.1`);
    const member = newMember();
    await home.post('/api/user/auth/register', member);
    const id = (await home.get('/api/user/session')).json().user_info.uuid as string;
    const authenticator = new SoftAuthenticator();
    const regOptions = (await home.post('/api/account/passkeys/options', { password: member.password })).json().options;
    await home.post('/api/account/passkeys', { name: 'Key', response: authenticator.register(regOptions) });
    await t.database.db.update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, id));

    const password = await browser(`10.${net}.5.1`).post('/api/user/auth/login', {
      login: member.username,
      password: member.password,
    });
    expect(password.json().error_code).toBe('ACCOUNT_DELETED');
    const there = browser(`10.${net}.5.1`);
    const { challenge_id, options } = (await there.post('/api/user/auth/passkey/options')).json();
    const res = await there.post('/api/user/auth/passkey', { challenge_id, response: authenticator.assert(options) });
    expect(res.json().error_code).toBe('ACCOUNT_DELETED');
    expect(there.cookies.has('user_token')).toBe(false);
  });
});
