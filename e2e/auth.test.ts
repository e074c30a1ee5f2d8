import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, login, logout, newMember, newPage, register } from './browser.ts';

describe.runIf(hasBrowser())('accounts in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('register → login → dashboard shows coins → logout', async () => {
    const { context, page } = await newPage(browser);
    const member = newMember();
    await register(page, member);
    await logout(page);

    await page.goto('/auth/login');
    await login(page, member.username, member.password);
    await page.waitForURL('**/dashboard');
    const coins = page.getByTestId('coins').first();
    await coins.waitFor();
    expect((await coins.innerText()).trim()).toMatch(/^0(\s|$)/);
    const session = await page.evaluate(() => fetch('/api/user/session').then((r) => r.json()));
    expect(session.user_info.username).toBe(member.username);

    await logout(page);
    await page.goto('/dashboard');
    await page.waitForURL('**/auth/login');
    await context.close();
  });

  it('a protected URL visited logged out returns there after login', async () => {
    const { context, page } = await newPage(browser);
    const member = newMember();
    await register(page, member);
    await logout(page);

    await page.goto('/account?tab=security#sessions');
    await page.waitForURL('**/auth/login**');
    await login(page, member.email, member.password);
    await page.waitForURL((url) => url.pathname === '/account');
    expect(new URL(page.url()).search).toBe('?tab=security');
    expect(new URL(page.url()).hash).toBe('#sessions');
    await context.close();
  });
});
