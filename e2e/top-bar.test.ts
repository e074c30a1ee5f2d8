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
    // The menu is not modal: the rest of the page, the button too, stays in the accessibility tree.
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    // The menu's code arrives after the key press: its first item takes the focus once it is there.
    const myAccount = page.getByRole('menuitem', { name: 'My account' });
    await expect.poll(() => myAccount.evaluate((e) => e === document.activeElement)).toBe(true);
    // End jumps to the last item: signing out.
    await page.keyboard.press('End');
    const logoutItem = page.getByRole('menuitem', { name: 'Log out' });
    await expect.poll(() => logoutItem.evaluate((e) => e === document.activeElement)).toBe(true);
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

  it("a staff reply to a member's ticket rings the bell at once; opening it goes to the ticket and clears it", async () => {
    const { context, page } = await newPage(browser);
    await register(page, newMember());
    // Announcements other tests published are not this test's concern.
    expect((await callApi(page, 'POST', '/api/announcements/read-all', {})).status).toBe(200);
    // The server says "ready" once it listens for this member: only then may staff reply.
    const listening = new Promise<void>((resolve) =>
      page.on('websocket', (ws) => {
        if (new URL(ws.url()).pathname !== '/api/notifications/ws') return;
        ws.on('framereceived', (f) => {
          if (String(f.payload).includes('"ready"')) resolve();
        });
      }),
    );
    await page.reload();
    await listening;
    await page.getByTestId('notifications').waitFor();
    expect(await page.getByTestId('notifications-badge').count()).toBe(0);

    const dept = await callApi(admin, 'POST', '/api/admin/departments', { name: `Bell ${Date.now().toString(36)}` });
    expect(dept.status).toBe(201);
    const subject = `Bell check ${Date.now().toString(36)}`;
    const ticket = await callApi(page, 'POST', '/api/tickets', {
      department_id: dept.body.data.id,
      subject,
      priority: 'low',
      message: 'Does the bell ring?',
    });
    expect(ticket.status).toBe(201);
    const id = ticket.body.data.id as number;
    const note = await callApi(admin, 'POST', `/api/admin/tickets/${id}/messages`, { message: 'Note', internal: true });
    expect(note.status).toBe(200);
    const reply = await callApi(admin, 'POST', `/api/admin/tickets/${id}/messages`, { message: 'It does.' });
    expect(reply.status).toBe(200);

    // No reload: the socket tells the page, which asks again.
    await page.getByTestId('notifications-badge').filter({ hasText: /^1$/ }).waitFor();
    await page.getByTestId('notifications').click();
    await page.getByRole('menuitem', { name: new RegExp(subject) }).click();
    await page.waitForURL((url) => url.pathname === `/ticket/${id}`);
    await page.getByText('It does.').waitFor();
    await page.getByTestId('notifications-badge').waitFor({ state: 'detached' });
    expect((await callApi(page, 'GET', '/api/tickets/unread')).body).toEqual({ success: true, data: [], unread: 0 });
    await context.close();
  });
});
