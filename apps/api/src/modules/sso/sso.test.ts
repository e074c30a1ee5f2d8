import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { DiscordDouble } from '../../../test/discord-double.ts';
import { GitHubDouble } from '../../../test/github-double.ts';
import { auditLog, oauthStates, sessions, userIdentities, users } from '../../db/schema/index.ts';
import { NO_PASSWORD_HASH } from '../auth/sign-in-methods.ts';

let t: TestApp;
const github = new GitHubDouble();
const discord = new DiscordDouble();
let seq = 0;
const next = () => {
  seq += 1;
  return `${process.pid % 1000}${seq}${Math.random().toString(36).slice(2, 6)}`;
};

beforeAll(async () => {
  await Promise.all([github.listen(), discord.listen()]);
  t = await createTestApp({ githubOAuthUrl: github.url, githubApiUrl: github.url }, { discordBase: discord.url });
  await t.app.ctx.settings.update({
    sso_github_enabled: true,
    sso_discord_enabled: true,
    github_client_id: github.clientId,
    github_client_secret: github.clientSecret,
    discord_client_id: discord.clientId,
    discord_client_secret: discord.clientSecret,
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([github.close(), discord.close()]);
});

type Double = GitHubDouble | DiscordDouble;
const doubles = { github, discord } as const;

/** Start → the provider's consent page (answered by the double) → the callback; where the browser ends up. */
async function trip(client: TestClient, provider: 'github' | 'discord', mode: 'login' | 'link' = 'login') {
  const start = await client.get(`/api/auth/sso/${provider}/start?mode=${mode}`);
  expect(start.statusCode).toBe(302);
  const location = start.headers.location as string;
  const double: Double = doubles[provider];
  if (!location.startsWith(double.url)) return new URL(location, 'http://panel');
  const back = new URL(double.authorize(location));
  const res = await client.get(`${back.pathname}${back.search}`);
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string, 'http://panel');
}
const where = (u: URL) => `${u.pathname}${u.search}`;
// Provider ids come from the counter alone: ids made from the random suffix's digits could repeat
// (one run linked a new GitHub user to an earlier member's identity).
const githubUser = (email: string | null, verified = true) => {
  const n = next();
  return github.addUser(1_000_000 + seq, `octo-${n}`, email, verified, 'Octo Cat');
};
const discordUser = (email: string | null, verified: boolean) => {
  const n = next();
  return discord.addUser(
    String(400_000_000_000_000_000n + BigInt(seq)),
    `disc_${n}`,
    [],
    email ? { email, verified } : undefined,
  );
};
const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const identitiesOf = (userId: string) =>
  t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));

describe('single sign-on: sign up and sign in', () => {
  it('signs up with GitHub (verified email, no password), then signs in again to the same account', async () => {
    const email = `octo-${next()}@example.com`;
    const gh = githubUser(email);
    github.signedIn = String(gh.id);
    const browser = new TestClient(t.app);
    expect(where(await trip(browser, 'github'))).toBe('/dashboard');
    const session = (await browser.get('/api/user/session')).json();
    expect(session.success).toBe(true);
    const user = await userByEmail(email);
    expect(user).toMatchObject({ username: gh.login, firstName: 'Octo', passwordHash: NO_PASSWORD_HASH });
    expect(user?.emailVerifiedAt).not.toBeNull();
    expect(await identitiesOf(user!.id)).toMatchObject([{ provider: 'github', providerUserId: String(gh.id) }]);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(row?.method).toBe('sso:github');
    // PKCE: the verifier went to GitHub's token endpoint.
    expect(github.tokenRequests.at(-1)?.get('code_verifier')).toMatch(/^[\w-]{43}$/);

    await browser.post('/api/user/auth/logout', {});
    expect((await browser.get('/api/user/session')).statusCode).toBe(401);
    expect(where(await trip(browser, 'github'))).toBe('/dashboard');
    expect((await browser.get('/api/user/session')).json().user_info.uuid).toBe(user!.id);
    expect((await t.database.db.select().from(users).where(eq(users.email, email))).length).toBe(1);
    // No password: a password login cannot get in.
    const login = await new TestClient(t.app).post('/api/user/auth/login', { login: email, password: '!' });
    expect(login.statusCode).toBe(401);
  });

  it('signs up with Discord; an unverified Discord email stays unverified here', async () => {
    const email = `disc-${next()}@example.com`;
    const du = discordUser(email, false);
    discord.signedIn = du.id;
    const browser = new TestClient(t.app);
    expect(where(await trip(browser, 'discord'))).toBe('/dashboard');
    const user = await userByEmail(email);
    expect(user?.emailVerifiedAt).toBeNull();
    expect(await identitiesOf(user!.id)).toMatchObject([{ provider: 'discord', providerUserId: du.id }]);
  });

  it('links an existing account when the provider verified the same email (any case), and audits it', async () => {
    const member = newMember();
    await new TestClient(t.app).post('/api/user/auth/register', member);
    const owner = await userByEmail(member.email);
    const du = discordUser(member.email.toUpperCase(), true);
    discord.signedIn = du.id;
    const browser = new TestClient(t.app);
    expect(where(await trip(browser, 'discord'))).toBe('/dashboard');
    expect((await browser.get('/api/user/session')).json().user_info.uuid).toBe(owner!.id);
    expect(await identitiesOf(owner!.id)).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, owner!.id), eq(auditLog.action, 'account.identity.link')));
    expect(audit[0]?.after).toMatchObject({ provider: 'discord', via: 'verified_email' });
  });

  it('never links an existing account by an unverified provider email', async () => {
    const member = newMember();
    await new TestClient(t.app).post('/api/user/auth/register', member);
    const owner = await userByEmail(member.email);
    const gh = githubUser(member.email, false);
    github.signedIn = String(gh.id);
    const browser = new TestClient(t.app);
    expect(where(await trip(browser, 'github'))).toBe('/auth/sso?error=SSO_EMAIL_UNVERIFIED');
    expect(await identitiesOf(owner!.id)).toHaveLength(0);
    expect((await browser.get('/api/user/session')).statusCode).toBe(401);
  });

  it('refuses an SSO sign-up while registration is closed', async () => {
    const email = `closed-${next()}@example.com`;
    github.signedIn = String(githubUser(email).id);
    await t.app.ctx.settings.update({ registration_enabled: false });
    try {
      expect(where(await trip(new TestClient(t.app), 'github'))).toBe('/auth/sso?error=REGISTRATION_DISABLED');
      expect(await userByEmail(email)).toBeUndefined();
    } finally {
      await t.app.ctx.settings.update({ registration_enabled: true });
    }
  });

  it('gives an account with two-factor only a pending session', async () => {
    const email = `tfa-${next()}@example.com`;
    const gh = githubUser(email);
    github.signedIn = String(gh.id);
    await trip(new TestClient(t.app), 'github');
    const user = await userByEmail(email);
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user!.id));
    await t.app.ctx.sessions.invalidateUser(user!.id);
    const browser = new TestClient(t.app);
    expect(where(await trip(browser, 'github'))).toBe('/auth/2fa/verify');
    expect((await browser.get('/api/user/session')).json().error_code).toBe('TW0_FA_BLOCKED');
  });

  it('refuses a banned account, a denied consent and a switched-off provider', async () => {
    const email = `ban-${next()}@example.com`;
    github.signedIn = String(githubUser(email).id);
    await trip(new TestClient(t.app), 'github');
    await t.database.db.update(users).set({ banned: true }).where(eq(users.email, email));
    expect(where(await trip(new TestClient(t.app), 'github'))).toBe('/auth/sso?error=ACCOUNT_BANNED');

    github.deny = true;
    try {
      expect(where(await trip(new TestClient(t.app), 'github'))).toBe('/auth/sso?error=SSO_ACCESS_DENIED');
    } finally {
      github.deny = false;
    }
    await t.app.ctx.settings.update({ sso_discord_enabled: false });
    try {
      expect(where(await trip(new TestClient(t.app), 'discord'))).toBe('/auth/sso?error=SSO_DISABLED');
      const methods = await signedInBrowser();
      expect((await methods.get('/api/account/sign-in-methods')).json().available).toEqual(['github']);
    } finally {
      await t.app.ctx.settings.update({ sso_discord_enabled: true });
    }
  });
});

async function signedInBrowser(): Promise<TestClient> {
  const browser = new TestClient(t.app);
  await browser.post('/api/user/auth/register', newMember());
  return browser;
}

describe('single sign-on: state and PKCE', () => {
  async function started(browser: TestClient) {
    github.signedIn = String(githubUser(`st-${next()}@example.com`).id);
    const start = await browser.get('/api/auth/sso/github/start');
    const back = new URL(github.authorize(start.headers.location as string));
    return { callback: `${back.pathname}${back.search}`, state: back.searchParams.get('state') ?? '' };
  }
  const landing = async (browser: TestClient, callback: string) =>
    where(new URL((await browser.get(callback)).headers.location as string, 'http://panel'));
  const invalid = '/auth/sso?error=OAUTH_STATE_INVALID';

  it('refuses a callback in another browser than the one that started (state cookie mismatch)', async () => {
    const { callback } = await started(new TestClient(t.app));
    expect(await landing(new TestClient(t.app), callback)).toBe(invalid);
  });

  it('refuses a reused state', async () => {
    const browser = new TestClient(t.app);
    const { callback, state } = await started(browser);
    expect(await landing(browser, callback)).toBe('/dashboard');
    browser.cookies.set('hd_sso_state', state);
    expect(await landing(browser, callback)).toBe(invalid);
  });

  it('refuses an expired state', async () => {
    const browser = new TestClient(t.app);
    const { callback } = await started(browser);
    await t.database.db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await landing(browser, callback)).toBe(invalid);
  });

  it('refuses when the PKCE verifier does not match the challenge (the provider refuses the code)', async () => {
    const browser = new TestClient(t.app);
    const { callback } = await started(browser);
    await t.database.db.update(oauthStates).set({ codeVerifier: 'x'.repeat(43) });
    expect(await landing(browser, callback)).toBe(invalid);
    expect(github.tokenRequests.at(-1)?.get('code_verifier')).toBe('x'.repeat(43));
    expect((await browser.get('/api/user/session')).statusCode).toBe(401);
  });
});

describe('linked sign-in providers', () => {
  it('links from the account page, refuses an identity linked to someone else, and unlinks', async () => {
    const member = await signedInBrowser();
    const gh = githubUser(`link-${next()}@example.com`);
    github.signedIn = String(gh.id);
    expect(where(await trip(member, 'github', 'link'))).toBe('/account?sso=linked');
    const methods = (await member.get('/api/account/sign-in-methods')).json();
    expect(methods).toMatchObject({ password: true, passkeys: 0, available: ['discord', 'github'] });
    expect(methods.identities).toMatchObject([{ provider: 'github', username: gh.login }]);

    const other = await signedInBrowser();
    expect(where(await trip(other, 'github', 'link'))).toBe('/account?sso_error=SSO_ALREADY_LINKED');
    // Linking needs a session; a link state cannot be finished by a signed-out browser.
    const anonymous = await new TestClient(t.app).get('/api/auth/sso/github/start?mode=link');
    expect(anonymous.headers.location).toBe('/auth/login');

    expect((await member.delete('/api/account/identities/github')).statusCode).toBe(200);
    expect((await member.get('/api/account/sign-in-methods')).json().identities).toEqual([]);
    expect((await member.delete('/api/account/identities/github')).json().error_code).toBe('SSO_NOT_LINKED');
  });

  it('refuses to unlink the last way to sign in, until another one exists', async () => {
    const gh = githubUser(`last-${next()}@example.com`);
    github.signedIn = String(gh.id);
    const browser = new TestClient(t.app);
    await trip(browser, 'github');
    expect((await browser.get('/api/account/sign-in-methods')).json()).toMatchObject({ password: false });
    const refused = await browser.delete('/api/account/identities/github');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_code).toBe('LAST_SIGN_IN_METHOD');

    discord.signedIn = discordUser(null, false).id;
    expect(where(await trip(browser, 'discord', 'link'))).toBe('/account?sso=linked');
    expect((await browser.delete('/api/account/identities/github')).statusCode).toBe(200);
    expect((await browser.delete('/api/account/identities/discord')).json().error_code).toBe('LAST_SIGN_IN_METHOD');
  });
});
