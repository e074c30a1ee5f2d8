import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, newPage, signInAsAdministrator } from './browser.ts';

describe.runIf(hasBrowser())('client shell in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('a settings 500 shows the SERVER_ERROR page', async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/api/system/settings', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/auth/login');
    const errorPage = page.getByTestId('error-page');
    await errorPage.waitFor();
    expect(await page.getByTestId('error-code').innerText()).toContain('SERVER_ERROR');
    expect(await errorPage.innerText()).toContain('An unexpected server error occurred. Please try again later.');
    await page.getByRole('button', { name: /retry/i }).first().waitFor();
    await context.close();
  });

  it('switching the language to FR loads the French chunk and its strings', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth/login');
    const switcher = page.getByTestId('language-switcher').first();
    await switcher.waitFor();
    const before = await page.locator('button[type="submit"]').innerText();
    const chunk = page.waitForResponse((r) => /\/assets\/locale-fr-[\w-]+\.js$/.test(new URL(r.url()).pathname));
    await switcher.selectOption('fr');
    const response = await chunk;
    expect(response.ok()).toBe(true);
    await expect.poll(() => page.locator('button[type="submit"]').innerText()).not.toBe(before);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('locale'))).toBe('fr');
    await context.close();
  });

  it('every client route loads on refresh (history fallback), and /api stays JSON', async () => {
    const { context, page } = await newPage(browser);
    const res = await page.goto('/privacy-policy');
    expect(res?.status()).toBe(200);
    expect(await res?.headerValue('content-type')).toContain('text/html');
    await page.goto('/');
    // / goes to /dashboard, which sends a visitor without a session on to the login page.
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('redirect_after_login'))).toBe('/dashboard');
    const api = await page.request.get('/api/does-not-exist');
    expect(api.status()).toBe(404);
    expect((await api.json()).error_code).toBe('NOT_FOUND');
    await context.close();
  });

  it('the route table beyond the skeleton is found on navigation: not on the login page, at once on deep links and links', async () => {
    const { context, page } = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/auth/login');
    await page.locator('button[type="submit"]').waitFor();
    expect(scripts.filter((p) => /\/assets\/(member|admin-route-table)-/.test(p))).toEqual([]);

    await signInAsAdministrator(page);
    expect(scripts.some((p) => /\/assets\/admin-route-table-/.test(p))).toBe(true);
    // A deep link into the admin area, and a path under it that no route has.
    await page.goto('/mc-admin/users');
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.goto('/mc-admin/no-such-page');
    await page.getByText('Page not found').waitFor();
    // A member page reached by a link from the dashboard (client-side, no reload), then an unknown path.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Store' }).first().click();
    await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/store');
    await page.goto('/no-such-page');
    await page.getByText('Page not found').waitFor();
    await context.close();
  });
});
