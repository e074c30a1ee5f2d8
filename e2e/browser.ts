import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
// @ts-expect-error plain ESM script without types
import { chromiumArgs } from '../scripts/chromium.mjs';
import { EVENT_TIMEOUT_MS } from './timeouts.ts';

export { EVENT_TIMEOUT_MS } from './timeouts.ts';

export const baseUrl = () => inject('baseUrl');
/** The browser suite needs Chromium; scripts/test.mjs reports (or, in CI, fails) when it is missing. */
export const hasBrowser = () => inject('chromiumPath') !== '';

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    args: chromiumArgs,
  });
}

/** A distinct client address per browser context (the test server trusts X-Forwarded-For from loopback). */
const addressBase = `10.${Math.floor(Math.random() * 250) + 1}`;
let contexts = 0;
function clientAddress(): string {
  contexts += 1;
  return `${addressBase}.${Math.floor(contexts / 250)}.${(contexts % 250) + 1}`;
}

/**
 * One person at one browser: their own cookies and their own client address, as members behind
 * different connections would be (so the suite does not spend one address's per-minute request
 * budget on every member and the administrator at once). Every wait of the page (actions, locators,
 * waitFor*, navigations) gives up after EVENT_TIMEOUT_MS.
 */
export async function newPage(browser: Browser, base = baseUrl()): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  context.setDefaultTimeout(EVENT_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(EVENT_TIMEOUT_MS);
  const page = await context.newPage();
  return { context, page };
}

let counter = 0;
export function newMember() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `e2e_${id}`,
    email: `e2e_${id}@example.com`,
    password: 'e2e password long',
    first_name: 'Erin',
    last_name: 'Tester',
  };
}

export async function register(page: Page, member: ReturnType<typeof newMember>): Promise<void> {
  await page.goto('/auth/register');
  for (const [name, value] of Object.entries(member)) await page.locator(`input[name="${name}"]`).fill(value);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
}

/**
 * The panel's first Administrator. Whichever browser test runs first creates it through the one-time
 * setup link the server printed; the others sign in with the same credentials.
 */
export const ADMINISTRATOR = {
  username: 'e2e_root',
  email: 'e2e_root@example.com',
  password: 'e2e root password long',
  first_name: 'Ada',
  last_name: 'Admin',
};

/** Signs in as the first Administrator (of the suite's server, or of another one started with its setup link). */
export async function signInAsAdministrator(page: Page, setupLink = inject('setupUrl')): Promise<void> {
  const status = await page.request.get('/api/user/auth/setup');
  if ((await status.json()).setup_required) {
    const setupUrl = new URL(setupLink);
    await page.goto(setupUrl.pathname + setupUrl.search);
    for (const [name, value] of Object.entries(ADMINISTRATOR)) await page.locator(`input[name="${name}"]`).fill(value);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/mc-admin');
    return;
  }
  await page.goto('/auth/login');
  await login(page, ADMINISTRATOR.username, ADMINISTRATOR.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  await page.goto('/mc-admin');
  await page.waitForURL((url) => url.pathname === '/mc-admin');
}

/**
 * Signs out through the page: waits for the server's answer to the logout call and for the page to
 * say it is done (it offers the login link then); by that time the session cookie is gone.
 */
export async function logout(page: Page): Promise<void> {
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/user/auth/logout' && r.request().method() === 'POST',
  );
  await page.goto('/auth/logout');
  expect((await answered).status()).toBe(200);
  await page.locator('a[href="/auth/login"]').waitFor();
  expect((await page.context().cookies()).some((c) => c.name === 'user_token')).toBe(false);
}

export async function login(page: Page, login: string, password: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

/** Calls the API from inside the page, as the SPA does (same cookies, the CSRF header). */
// biome-ignore lint/suspicious/noExplicitAny: a test helper handing back whatever JSON the API sent
type Json = any;

export async function callApi(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const csrf = document.cookie.match(/(?:^|; )csrf_token=([^;]+)/)?.[1] ?? '';
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, url, body },
  );
}
