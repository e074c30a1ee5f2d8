import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, hasBrowser, launch, logout, newMember, newPage, register, signInAsAdministrator } from './browser.ts';

/** Anti-alt and anti-adblock in the browser: a flagged sign-up is reviewed by staff; a blocked bait is noticed. */
describe.runIf(hasBrowser())('anti-alt review and anti-adblock in the browser', () => {
  let browser: Browser;
  let admin: Page;
  const settings = (values: Record<string, unknown>) => callApi(admin, 'PATCH', '/api/admin/settings', { values });
  beforeAll(async () => {
    browser = await launch();
    admin = (await newPage(browser)).page;
    await signInAsAdministrator(admin);
    // Files run one at a time: the switches are on only while this file runs.
    const set = await settings({
      zero_trust_enabled: true,
      alt_action: 'flag',
      alt_max_accounts_per_device: 1,
      afk_enabled: true,
      adblock_detection_enabled: true,
    });
    expect(set.status).toBe(200);
  });
  afterAll(async () => {
    if (admin)
      await settings({
        zero_trust_enabled: false,
        alt_max_accounts_per_device: 2,
        afk_enabled: false,
        adblock_detection_enabled: false,
      });
    await browser?.close();
  });

  it('a second account from one browser waits for review; staff approve it and it earns', async () => {
    const { page } = await newPage(browser);
    const first = newMember();
    const second = newMember();
    await register(page, first);
    await logout(page);
    await register(page, second);

    // Held: the AFK page says why instead of earning.
    await page.goto('/earn/afk');
    await page.getByTestId('afk-refused').getByText('waiting for a staff review', { exact: false }).waitFor();

    // Staff see it from the users page, with the account it shares the browser with.
    await admin.goto('/mc-admin/users');
    await admin.getByTestId('flags-link').click();
    await admin.waitForURL('**/mc-admin/users/flags');
    const row = admin.locator('tr', { has: admin.getByRole('link', { name: second.username, exact: true }) });
    await row.getByText('Shared browser').waitFor();
    await row.getByTestId('flag-related').getByRole('link', { name: first.username, exact: true }).waitFor();
    const approved = admin.waitForResponse((r) => r.url().endsWith('/approve'));
    await row.getByTestId('flag-approve').click();
    expect((await approved).status()).toBe(200);
    await row.waitFor({ state: 'detached' });

    // Approved: the AFK session starts.
    await page.goto('/earn/afk');
    await page.getByTestId('afk-countdown').waitFor();
  });

  it('a blocked bait request shows the ad-blocker message; Try again passes once it loads', async () => {
    const { page } = await newPage(browser);
    await register(page, newMember());
    // What a blocker does: the request never leaves the browser.
    await page.route('**/api/pagead/**', (route) => route.abort('blockedbyclient'));
    await page.goto('/earn/afk');
    const notice = page.getByTestId('adblock-detected');
    await notice.getByText('Ad blocker detected').waitFor();
    await page.unroute('**/api/pagead/**');
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/earn/adblock-check'));
    await notice.getByTestId('adblock-retry').click();
    expect((await checked).status()).toBe(200);
    await page.getByTestId('afk-countdown').waitFor();
    await expect(notice.count()).resolves.toBe(0);
  });
});
