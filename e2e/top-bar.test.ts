import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, hasBrowser, launch, newMember, newPage, register, signInAsAdministrator } from './browser.ts';

describe.runIf(hasBrowser())('the top bar', () => {
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: Page;

  beforeAll(async () => {
    browser = await launch();
    ({ context: adminContext, page: admin } = await newPage(browser));
    await signInAsAdministrator(admin);
  });
  afterAll(async () => {
    await adminContext?.close();
    await browser?.close();
  });

  it('the profile menu opens with the keyboard and signs out', async () => {
    const { context, page } = await newPage(browser);
    const member = newMember();
    await register(page, member);
    const button = page.getByRole('button', { name: `Account menu of ${member.username}` });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    // The open menu hides the rest of the page from assistive technology: the button by its test id.
    expect(await page.getByTestId('profile-menu').getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('menuitem', { name: 'My account' }).evaluate((e) => e === document.activeElement)).toBe(
      true,
    );
    // End jumps to the last item: signing out.
    await page.keyboard.press('End');
    const logoutItem = page.getByRole('menuitem', { name: 'Log out' });
    expect(await logoutItem.evaluate((e) => e === document.activeElement)).toBe(true);
    const answered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/user/auth/logout' && r.request().method() === 'POST',
    );
    await page.keyboard.press('Enter');
    expect((await answered).status()).toBe(200);
    await page.locator('a[href="/auth/login"]').waitFor();
    expect((await context.cookies()).some((c) => c.name === 'user_token')).toBe(false);
    await context.close();
  });

  it('the bell shows an announcement staff published, and marking read clears the badge', async () => {
    const title = `Top bar news ${Date.now().toString(36)}`;
    const created = await callApi(admin, 'POST', '/api/admin/announcements', { title, body: 'Hello **members**.' });
    expect(created.status).toBe(201);

    const { context, page } = await newPage(browser);
    await register(page, newMember());
    const badge = page.getByTestId('notifications-badge');
    await badge.waitFor();
    const before = Number(await badge.innerText());
    await page.getByTestId('notifications').click();
    await page.getByRole('menuitem', { name: new RegExp(title) }).click();
    await page.waitForURL((url) => url.pathname === '/announcements');
    if (before > 1) {
      await expect.poll(async () => Number(await badge.innerText())).toBe(before - 1);
      await page.getByTestId('notifications').click();
      await page.getByRole('menuitem', { name: 'Mark all as read' }).click();
    }
    await badge.waitFor({ state: 'detached' });
    const count = await callApi(page, 'GET', '/api/announcements/unread-count');
    expect(count.body.unread).toBe(0);
    await context.close();
  });
});
