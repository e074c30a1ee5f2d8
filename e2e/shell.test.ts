import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, newPage } from './browser.ts';

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
});
