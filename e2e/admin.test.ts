import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasBrowser, launch, newMember, newPage, register } from './browser.ts';

describe.runIf(hasBrowser())('first administrator and the admin area', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('the setup link creates the administrator, whose settings change reaches every visitor', async () => {
    const setupUrl = inject('setupUrl');
    expect(setupUrl).toContain('/auth/setup?token=');
    const { context, page } = await newPage(browser);
    await page.goto(new URL(setupUrl).pathname + new URL(setupUrl).search);
    const admin = newMember();
    for (const [name, value] of Object.entries(admin)) await page.locator(`input[name="${name}"]`).fill(value);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/mc-admin');

    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL('**/mc-admin/settings');
    const name = page.getByLabel('Panel name');
    await name.fill('Creeper Hosting');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Settings saved.').waitFor();
    await expect.poll(() => page.locator('header').first().innerText()).toContain('Creeper Hosting');

    const visitor = await browser.newPage();
    await visitor.goto(new URL('/auth/login', page.url()).toString());
    await visitor.getByText('Creeper Hosting').first().waitFor();
    await visitor.close();
    await context.close();
  });

  it('a member does not see the admin link and is sent from /mc-admin to the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await register(page, newMember());
    expect(await page.getByRole('link', { name: 'Admin area' }).count()).toBe(0);
    await page.goto('/mc-admin/settings');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });
});
