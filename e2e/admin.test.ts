import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, hasBrowser, launch, newMember, newPage, register, signInAsAdministrator } from './browser.ts';

describe.runIf(hasBrowser())('the admin area', () => {
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: Page;

  beforeAll(async () => {
    browser = await launch();
    // The first Administrator, from the one-time link the server printed (or signed in, when another test made it).
    ({ context: adminContext, page: admin } = await newPage(browser));
    await signInAsAdministrator(admin);
  });
  afterAll(async () => {
    await adminContext?.close();
    await browser?.close();
  });

  async function memberUuid(username: string): Promise<string> {
    const res = await callApi(admin, 'GET', `/api/admin/users?search=${username}`);
    return res.body.data[0].id;
  }

  it('an Administrator changes a setting and every new visitor sees it', async () => {
    await admin
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: 'Settings', exact: true })
      .click();
    await admin.waitForURL('**/mc-admin/settings');
    await admin.getByLabel('Panel name').fill('Creeper Hosting');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText('Settings saved.').waitFor();
    await expect.poll(() => admin.locator('header').first().innerText()).toContain('Creeper Hosting');
    const visitor = await newPage(browser);
    await visitor.page.goto('/auth/login');
    await visitor.page.getByText('Creeper Hosting').first().waitFor();
    await visitor.context.close();
  });

  it('a member does not see the admin link and is sent from /mc-admin to the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await register(page, newMember());
    await page.getByTestId('coins').first().waitFor(); // the shell, with its navigation, is there
    expect(await page.getByRole('link', { name: 'Admin area' }).count()).toBe(0);
    await page.goto('/mc-admin/settings');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });

  it('an Administrator edits a member’s role and sees it in the audit feed', async () => {
    const { context, page } = await newPage(browser);
    const member = newMember();
    await register(page, member);
    await context.close();

    await admin.goto(`/mc-admin/users?search=${member.username}`);
    await admin.getByTestId('edit-user').first().click();
    await admin.waitForURL('**/edit');
    await admin.getByLabel('Role', { exact: true }).selectOption({ label: 'Helper (2)' });
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByText('Saved.').waitFor();
    await expect.poll(() => admin.getByTestId('user-audit').innerText()).toContain('changed the role');
    expect(await admin.getByTestId('user-audit').innerText()).toContain('Helper');
  });

  it('staff with only admin.users.list see the list without edit buttons, and an edit URL ends at /errors/403', async () => {
    const role = await callApi(admin, 'POST', '/api/admin/roles', {
      name: 'user_viewers',
      display_name: 'User viewers',
      color: '#38bdf8',
      level: 2,
      permissions: ['admin.users.list'],
    });
    expect(role.status).toBe(201);
    const { context, page } = await newPage(browser);
    const viewer = newMember();
    await register(page, viewer);
    const uuid = await memberUuid(viewer.username);
    const current = await callApi(admin, 'GET', `/api/admin/users/${uuid}`);
    const patched = await callApi(admin, 'PATCH', `/api/admin/users/${uuid}`, {
      role_id: role.body.data.id,
      updated_at: current.body.data.updated_at,
    });
    expect(patched.status).toBe(200);

    await page.goto('/mc-admin/users');
    await page.getByText(viewer.username).first().waitFor();
    expect(await page.getByTestId('edit-user').count()).toBe(0);
    await page.goto(`/mc-admin/users/${uuid}/edit`);
    const dialog = page.getByTestId('session-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Access Denied');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/errors/403');
    await context.close();
  });

  it('an Administrator switches on the demo panel and imports locations, categories and eggs from it', async () => {
    expect(
      (await callApi(admin, 'PATCH', '/api/admin/settings', { values: { demo_panel_enabled: true } })).status,
    ).toBe(200);
    for (const [path, shows] of [
      ['locations', 'Europe (Frankfurt)'],
      ['egg-categories', 'Minecraft'],
      ['eggs', 'Vanilla Minecraft'],
    ] as const) {
      await admin.goto(`/mc-admin/${path}`);
      await admin.getByTestId('import-from-panel').click();
      await admin.getByText(/created/).waitFor();
      await admin.getByText(shows).first().waitFor();
    }
    await admin.goto('/mc-admin/eggs?search=paper');
    await expect.poll(() => admin.locator('tbody tr').count()).toBe(1);
  });

  it('a member creates a server in the wizard, sees it built, renews it and deletes it; the admin follows the queue', async () => {
    await callApi(admin, 'PATCH', '/api/admin/settings', {
      values: { server_renew_enabled: true, server_renew_cost: 40, server_renew_days: 30 },
    });
    const location = (await callApi(admin, 'GET', '/api/admin/locations?search=europe')).body.data[0];
    const egg = (await callApi(admin, 'GET', '/api/admin/eggs?search=paper')).body.data[0];
    const member = newMember();
    const { context, page } = await newPage(browser);
    await register(page, member);
    await callApi(admin, 'POST', `/api/admin/users/${await memberUuid(member.username)}/coins`, {
      amount: 100,
      reason: 'e2e renewal',
    });

    // Location → category → egg → resources and name.
    await page.goto('/server/create');
    await page.getByTestId('demo-panel-note').waitFor(); // servers on the demo panel are labelled simulated
    await page.getByTestId(`location-${location.id}`).click();
    await page.getByTestId('step-next').click();
    await page.getByTestId(`category-${egg.category_id}`).click();
    await page.getByTestId('step-next').click();
    await page.getByTestId(`egg-${egg.id}`).click();
    await page.getByTestId('step-next').click();
    await page.getByTestId('input-memory').fill('768');
    await page.getByTestId('server-name').fill('E2E Survival');
    await page.getByTestId('server-submit').click();
    await page.waitForURL('**/dashboard');
    // Shown at once: as an open request, or already as the server when the demo panel built it first.
    await page
      .getByTestId('server-request')
      .or(page.getByTestId('server-card').filter({ hasText: 'E2E Survival' }))
      .first()
      .waitFor();

    // The worker builds it on the demo panel; the admin follows it in the queue.
    await admin.goto('/mc-admin/server-queue');
    await admin.getByText('E2E Survival').waitFor();
    await admin.getByRole('link', { name: 'View', exact: true }).first().click();
    await expect.poll(() => admin.getByTestId('queue-logs').innerText()).toContain('Completed');
    expect(await admin.getByTestId('queue-logs').innerText()).toContain('Created server');

    const card = page.getByTestId('server-card').filter({ hasText: 'E2E Survival' });
    await card.waitFor();
    expect(await card.getByTestId('server-resources').innerText()).toContain('768');

    // Renew: the price and the new expiry before confirming, then the new balance.
    await card.getByTestId('server-renew').click();
    await page.waitForURL('**/renew');
    await expect.poll(() => page.getByTestId('renew-cost').innerText()).toContain('40');
    await page.getByTestId('renew-new-expiry').waitFor();
    await page.getByTestId('renew-confirm').click();
    await page.getByTestId('renew-done').waitFor();
    expect(await page.getByTestId('renew-done').innerText()).toContain('60');

    // Delete: only once the name is typed exactly.
    await page.goto('/dashboard');
    await page.getByTestId('server-card').filter({ hasText: 'E2E Survival' }).getByTestId('server-delete').click();
    await page.waitForURL('**/delete');
    expect(await page.getByTestId('delete-confirm').isDisabled()).toBe(true);
    await page.getByTestId('delete-confirm-input').fill('E2E Survival');
    await page.getByTestId('delete-confirm').click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByTestId('server-card').count()).toBe(0);
    await expect
      .poll(async () => (await callApi(admin, 'GET', `/api/admin/servers?search=${member.username}`)).body.total)
      .toBe(0);
    await context.close();
  });

  it('the economy: staff make a code; a member redeems it, buys RAM, gifts coins, sees the leaderboard and earns on the AFK page', async () => {
    await callApi(admin, 'PATCH', '/api/admin/settings', {
      values: {
        code_redemption_enabled: true,
        store_enabled: true,
        allow_coins_sharing: true,
        coins_sharing_fee_percent: 10,
        leaderboard_enabled: true,
        afk_enabled: true,
        afk_interval_seconds: 10,
        afk_coins_per_interval: 5,
      },
    });
    await admin.goto('/mc-admin/redeem-codes/create');
    await admin.getByTestId('redeem-code-code').fill('e2e-welcome');
    await admin.getByTestId('redeem-code-coins').fill('500');
    await admin.getByTestId('redeem-code-submit').click();
    await admin.goto('/mc-admin/redeem-codes');
    await admin.getByText('E2E-WELCOME').waitFor();

    const friend = await newPage(browser);
    await register(friend.page, newMember());
    const friendUuid = (await callApi(friend.page, 'GET', '/api/user/session')).body.user_info.uuid;
    const member = newMember();
    const { context, page } = await newPage(browser);
    await register(page, member);

    await page.goto('/earn/redeem');
    await page.getByTestId('redeem-code').fill('E2E-welcome');
    await page.getByTestId('redeem-submit').click();
    await page.getByTestId('redeem-done').waitFor();
    expect(await page.getByTestId('redeem-balance').innerText()).toContain('500');

    await page.goto('/store');
    await page.getByTestId('store-item-ram').waitFor();
    await page.getByTestId('store-buy-ram').click();
    await page.getByTestId('store-result-ram').waitFor();
    const limits = (await callApi(page, 'GET', '/api/user/session')).body.user_info;
    expect(limits).toMatchObject({ memory_limit: 2048, credits: 250 });

    await page.goto(`/profile/${friendUuid}`);
    await page.getByTestId('gift-link').click();
    await page.getByTestId('gift-amount').fill('100');
    await expect.poll(() => page.getByTestId('gift-fee').innerText()).toContain('10');
    await page.getByTestId('gift-confirm').click();
    await page.getByTestId('gift-done').waitFor();
    expect((await callApi(friend.page, 'GET', '/api/coins/history')).body.balance).toBe(100);

    await page.goto('/leaderboard');
    await page.getByTestId('leaderboard-row').filter({ hasText: member.username }).waitFor();

    await page.goto('/earn/afk');
    await page.getByTestId('afk-countdown').waitFor();
    await expect.poll(async () => page.getByTestId('afk-earned-here').innerText()).toBe('5');
    expect((await callApi(page, 'GET', '/api/coins/history?kind=afk')).body.total).toBe(1);
    await friend.context.close();
    await context.close();
  });
});
