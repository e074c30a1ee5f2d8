import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, callApi, hasBrowser, launch, logout, newPage, signInAsAdministrator } from './browser.ts';

/** What staff set on Admin → Settings for single sign-on (the providers are the doubles of global-setup). */
function ssoSettings() {
  const d = inject('ssoDoubles');
  return {
    app_url: baseUrl(),
    sso_github_enabled: true,
    sso_discord_enabled: true,
    github_client_id: d.github.clientId,
    github_client_secret: d.github.clientSecret,
    discord_client_id: d.discord.clientId,
    discord_client_secret: d.discord.clientSecret,
  };
}

async function setSettings(page: Page, values: Record<string, unknown>) {
  const res = await callApi(page, 'PATCH', '/api/admin/settings', { values });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Clicks "Continue with GitHub" on the login page: the double approves at once and sends the browser back. */
async function continueWithGitHub(page: Page) {
  await page.goto('/auth/login');
  await page.getByTestId('sso-github').click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return (await callApi(page, 'GET', '/api/user/session')).body.user_info as { uuid: string; username: string };
}

describe.runIf(hasBrowser())('single sign-on through the provider doubles', () => {
  let browser: Browser;
  let admin: Page;
  beforeAll(async () => {
    browser = await launch();
    admin = (await newPage(browser)).page;
    await signInAsAdministrator(admin);
    await setSettings(admin, ssoSettings());
  });
  afterAll(async () => {
    // The other browser tests see the panel as they expect it: no providers.
    if (admin) await setSettings(admin, Object.fromEntries(Object.keys(ssoSettings()).map((k) => [k, null])));
    await browser?.close();
  });

  it('signs up with GitHub, signs out, signs in again with GitHub, then links and unlinks Discord on /account', async () => {
    const { context, page } = await newPage(browser);
    const first = await continueWithGitHub(page);
    expect(first.username).toBe(inject('ssoDoubles').github.login);

    await logout(page);
    const again = await continueWithGitHub(page);
    expect(again.uuid).toBe(first.uuid);

    await page.goto('/account#sign-in-providers');
    const section = page.getByTestId('sign-in-providers');
    await section.getByTestId('provider-github').getByText(first.username).waitFor();
    await section.getByTestId('provider-discord-link').click();
    await page.waitForURL((url) => url.pathname === '/account');
    await section.getByTestId('provider-discord').getByText(inject('ssoDoubles').discord.username).waitFor();
    // The return parameters are taken out of the address once read.
    await expect.poll(() => new URL(page.url()).search).toBe('');

    await section.getByTestId('provider-discord-unlink').click();
    await section.getByTestId('provider-discord-unlink-yes').click();
    await section.getByTestId('provider-discord-link').waitFor();
    // GitHub is now the account's only way in (it never had a password): the server refuses.
    await section.getByTestId('provider-github-unlink').click();
    await section.getByTestId('provider-github-unlink-yes').click();
    await page.getByText('This is the last way to sign in to your account.', { exact: false }).waitFor();
    await context.close();
  });

  it('shows why a refused round trip came back on /auth/sso', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth/sso?error=SSO_EMAIL_UNVERIFIED');
    await page
      .getByTestId('sso-error')
      .getByText('link the provider from your account page', { exact: false })
      .waitFor();
    await page.getByTestId('sso-github').waitFor();
    await context.close();
  });
});
