import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  callApi,
  EVENT_TIMEOUT_MS,
  hasBrowser,
  launch,
  login,
  logout,
  newMember,
  register,
} from './browser.ts';

const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/**
 * A browser at http://localhost:<port> with Chromium's virtual authenticator (a platform passkey
 * store with user verification). WebAuthn refuses an IP address as the relying party id, so this
 * suite opens the panel by name; the server (no app_url set) takes the RP id from the address used.
 */
async function passkeyBrowser(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; authenticatorId: string }> {
  const context = await browser.newContext({
    baseURL: baseUrl().replace('://127.0.0.1:', '://localhost:'),
    viewport: { width: 1280, height: 800 },
    // Its own client address, as browser.ts gives every person one.
    extraHTTPHeaders: {
      'x-forwarded-for': `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    },
  });
  context.setDefaultTimeout(EVENT_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(EVENT_TIMEOUT_MS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { context, page, cdp, authenticatorId };
}

/** Adds a passkey on /account: its name and the password (a session alone may not add one). */
async function addPasskey(page: Page, name: string, password: string): Promise<void> {
  await page.goto('/account#passkeys');
  const section = page.getByTestId('passkeys-section');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await section.getByLabel('Name').fill(name);
  await section.getByLabel('Current password', { exact: true }).fill(password);
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/account/passkeys' && r.request().method() === 'POST',
  );
  await section.getByRole('button', { name: 'Continue' }).click();
  expect((await saved).status()).toBe(201);
  await section.getByText('Passkey added. You can now sign in with it.').waitFor();
  await section.getByTestId('passkey-name').filter({ hasText: name }).waitFor();
}

describe.runIf(hasBrowser())('passkeys in the browser (virtual authenticator)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('registers a passkey on /account, then signs in with it from the login page', async () => {
    const { context, page, cdp, authenticatorId } = await passkeyBrowser(browser);
    const member = newMember();
    await register(page, member);
    await addPasskey(page, 'Virtual laptop', member.password);
    await logout(page);

    await page.goto('/auth/login');
    const signedIn = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/user/auth/passkey' && r.request().method() === 'POST',
    );
    await page.getByTestId('passkey-sign-in').click();
    expect((await signedIn).status()).toBe(200);
    await page.waitForURL('**/dashboard');
    await page.getByTestId('coins').first().waitFor();
    const session = await callApi(page, 'GET', '/api/user/session');
    expect(session.body.user_info.username).toBe(member.username);
    // The authenticator counted the sign-in, and the server recorded the use.
    const list = await callApi(page, 'GET', '/api/account/passkeys');
    expect(list.body.passkeys).toHaveLength(1);
    expect(list.body.passkeys[0].last_used_at).not.toBeNull();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(credentials[0]!.signCount).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('lets a member with two-factor on finish a password sign-in with a passkey instead of the code', async () => {
    const { context, page } = await passkeyBrowser(browser);
    const member = newMember();
    await register(page, member);
    const setup = await callApi(page, 'POST', '/api/user/auth/2fa/setup', {});
    expect(setup.status).toBe(200);
    const confirmed = await callApi(page, 'POST', '/api/user/auth/2fa/setup/confirm', {
      code: code(setup.body.secret),
    });
    expect(confirmed.status).toBe(200);
    await addPasskey(page, 'Second factor', member.password);
    await logout(page);

    await page.goto('/auth/login');
    await login(page, member.username, member.password);
    await page.waitForURL('**/auth/2fa/verify');
    const verified = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/user/auth/2fa/passkey' && r.request().method() === 'POST',
    );
    await page.getByTestId('passkey-second-factor').click();
    expect((await verified).status()).toBe(200);
    await page.waitForURL('**/dashboard');
    await page.getByTestId('coins').first().waitFor();
    await context.close();
  });
});
