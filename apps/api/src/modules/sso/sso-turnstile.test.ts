import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TestClient } from '../../../test/client.ts';
import { GitHubDouble } from '../../../test/github-double.ts';
import { TurnstileDouble } from '../../../test/turnstile-double.ts';
import { oauthStates, users } from '../../db/schema/index.ts';

/** Single sign-on starts pass Cloudflare Turnstile (SSO sign-ups cannot carry a token through the provider). */
describe('Turnstile on single sign-on', () => {
  let t: TestApp;
  const github = new GitHubDouble();
  const cf = new TurnstileDouble();
  let seq = 0;

  beforeAll(async () => {
    await Promise.all([github.listen(), cf.listen()]);
    t = await createTestApp({ githubOAuthUrl: github.url, githubApiUrl: github.url, turnstileBaseUrl: cf.url });
    await t.app.ctx.settings.update({
      sso_github_enabled: true,
      github_client_id: github.clientId,
      github_client_secret: github.clientSecret,
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([github.close(), cf.close()]);
  });
  beforeEach(async () => {
    await t.app.ctx.settings.update({
      turnstile_enabled: true,
      turnstile_site_key: cf.siteKey,
      turnstile_secret_key: cf.secret,
    });
  });

  const browser = (ip = '198.51.100.40') => Object.assign(new TestClient(t.app), { remoteAddress: ip });
  const statesNow = async () => (await t.database.db.select().from(oauthStates)).length;
  /** A new GitHub member with a verified address, signed in at the double. */
  const newGithubUser = () => {
    seq += 1;
    const email = `tsso-${process.pid}-${seq}@example.com`;
    const gh = github.addUser(880_000 + seq * 7 + (process.pid % 1000), `tsso-${process.pid}-${seq}`, email, true);
    github.signedIn = String(gh.id);
    return email;
  };
  /** Follows a start redirect through the double's consent page and back to the callback. */
  const finish = async (client: TestClient, location: string) => {
    const back = new URL(github.authorize(location));
    const res = await client.get(`${back.pathname}${back.search}`);
    expect(res.statusCode).toBe(302);
    return res.headers.location as string;
  };

  it('refuses to start a sign-in without a token, or with a bad one, and makes no state', async () => {
    const before = await statesNow();
    const c = browser();
    let res = await c.get('/api/auth/sso/github/start?mode=login');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/sso?error=TURNSTILE_REQUIRED');
    expect(c.cookies.has('hd_sso_state')).toBe(false);
    res = await c.get('/api/auth/sso/github/start?mode=login&turnstile_token=forged-token');
    expect(res.headers.location).toBe('/auth/sso?error=TURNSTILE_FAILED');
    expect(await statesNow()).toBe(before);
  });

  it('with a passing token, goes to the provider and the sign-up completes (no second check)', async () => {
    const email = newGithubUser();
    const c = browser('198.51.100.41');
    const token = cf.issue();
    const start = await c.get(`/api/auth/sso/github/start?mode=login&turnstile_token=${encodeURIComponent(token)}`);
    expect(start.statusCode).toBe(302);
    const location = start.headers.location as string;
    expect(location.startsWith(`${github.url}/login/oauth/authorize`)).toBe(true);
    // Verified with the secret and the visitor's address, as the forms are.
    expect(cf.requests.at(-1)).toMatchObject({ secret: cf.secret, response: token, remoteip: '198.51.100.41' });
    const verifications = cf.requests.length;
    expect(await finish(c, location)).toBe('/dashboard');
    expect(cf.requests.length).toBe(verifications);
    const [created] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(created).toBeDefined();
    // A token is good once: the next start with it is refused.
    const again = await browser().get(`/api/auth/sso/github/start?mode=login&turnstile_token=${token}`);
    expect(again.headers.location).toBe('/auth/sso?error=TURNSTILE_FAILED');
  });

  it('needs no token while Turnstile is off or keyless', async () => {
    await t.app.ctx.settings.update({ turnstile_secret_key: null });
    const email = newGithubUser();
    const c = browser('198.51.100.42');
    const start = await c.get('/api/auth/sso/github/start?mode=login');
    expect(start.headers.location?.startsWith(github.url)).toBe(true);
    expect(await finish(c, start.headers.location as string)).toBe('/dashboard');
    expect((await t.database.db.select().from(users).where(eq(users.email, email))).length).toBe(1);
    await t.app.ctx.settings.update({ turnstile_enabled: false, turnstile_secret_key: cf.secret });
    expect((await browser().get('/api/auth/sso/github/start')).headers.location?.startsWith(github.url)).toBe(true);
  });

  it('linking from the account page (signed in) needs no token', async () => {
    await t.app.ctx.settings.update({ turnstile_secret_key: null });
    const c = browser('198.51.100.43');
    newGithubUser();
    const start = await c.get('/api/auth/sso/github/start');
    expect(await finish(c, start.headers.location as string)).toBe('/dashboard');
    await t.app.ctx.settings.update({ turnstile_secret_key: cf.secret });
    const verifications = cf.requests.length;
    const link = await c.get('/api/auth/sso/github/start?mode=link');
    expect(link.headers.location?.startsWith(github.url)).toBe(true);
    expect(cf.requests.length).toBe(verifications);
  });
});
