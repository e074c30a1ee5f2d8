import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  callApi,
  EVENT_TIMEOUT_MS,
  hasBrowser,
  launch,
  newMember,
  newPage,
  signInAsAdministrator,
} from './browser.ts';

/** Turnstile and anti-VPN as a visitor meets them (the real widget cannot load here: no internet). */
describe.runIf(hasBrowser())('Turnstile and anti-VPN in the browser', () => {
  let browser: Browser;
  let admin: Page;
  const dir = mkdtempSync(join(tmpdir(), 'hostdeck-e2e-vpn-'));
  const settings = (values: Record<string, unknown>) => callApi(admin, 'PATCH', '/api/admin/settings', { values });
  const fill = async (page: Page, member: ReturnType<typeof newMember>) => {
    await page.goto('/auth/register');
    for (const [name, value] of Object.entries(member)) await page.locator(`input[name="${name}"]`).fill(value);
    await page.locator('button[type="submit"]').click();
  };
  beforeAll(async () => {
    browser = await launch();
    admin = (await newPage(browser)).page;
    await signInAsAdministrator(admin);
  });
  afterAll(async () => {
    if (admin)
      await settings({
        turnstile_enabled: false,
        turnstile_site_key: null,
        turnstile_secret_key: null,
        zero_trust_enabled: false,
        vpn_block_lists: null,
        vpn_action: null,
      });
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sign-up says clearly when the Turnstile check cannot load, and the server refuses without it', async () => {
    const set = await settings({
      turnstile_enabled: true,
      turnstile_site_key: '1x00000000000000000000AA',
      turnstile_secret_key: '1x0000000000000000000000000000000AA',
    });
    expect(set.status).toBe(200);
    const { page } = await newPage(browser);
    await fill(page, newMember());
    await page.getByText('could not load', { exact: false }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Please complete the human check first.' }).waitFor();
    expect(page.url()).toContain('/auth/register');
    await settings({ turnstile_enabled: false });
  });

  it('a visitor from a listed VPN address cannot sign up and is told why', async () => {
    const list = join(dir, 'vpn.txt');
    writeFileSync(list, '# e2e\n203.0.113.0/24\n');
    await settings({ zero_trust_enabled: true, vpn_action: 'sign_up', vpn_block_lists: list });
    // The worker reloads the lists when the setting changes; the health page says when they are in.
    await expect
      .poll(
        async () => {
          const health = await callApi(admin, 'GET', '/api/admin/health');
          return health.body?.checks?.find((c: { key: string }) => c.key === 'vpn')?.reason;
        },
        { timeout: EVENT_TIMEOUT_MS, interval: 250 },
      )
      .toBe('vpn.ok');
    const context = await browser.newContext({
      baseURL: baseUrl(),
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.66' },
    });
    context.setDefaultTimeout(EVENT_TIMEOUT_MS);
    const page = await context.newPage();
    await fill(page, newMember());
    await page.getByRole('alert').filter({ hasText: 'Your connection comes from a VPN or proxy' }).waitFor();
    expect(page.url()).toContain('/auth/register');
    await context.close();
  });
});
