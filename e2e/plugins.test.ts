import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, hasBrowser, launch, newMember, newPage, register, signInAsAdministrator } from './browser.ts';

/**
 * Plugins (issue #18), end to end with the bundled daily-reward plugin: staff enable and configure it
 * from /mc-admin/plugins without a restart, a member claims on the dashboard card it adds, and
 * disabling it takes the card away again.
 */
describe.runIf(hasBrowser())('plugins', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;

  beforeAll(async () => {
    browser = await launch();
    const opened = await newPage(browser);
    contexts.push(opened.context);
    admin = opened.page;
    await signInAsAdministrator(admin);
  });
  afterAll(async () => {
    // Other browser tests share the server: the plugin is left as every plugin starts, disabled.
    if (admin) await callApi(admin, 'POST', '/api/admin/plugins/daily-reward/disable', {}).catch(() => undefined);
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  const dailyCard = (page: Page) =>
    page.getByTestId('plugin-card').filter({ has: page.getByRole('heading', { name: /Daily reward/ }) });

  it('staff enable and configure the daily reward; a member claims it on the dashboard and sees coins and streak', async () => {
    await admin.goto('/mc-admin/plugins');
    await admin.getByRole('heading', { name: 'Plugins', level: 1 }).waitFor();
    const card = dailyCard(admin);
    await card.waitFor();
    expect(await card.getByTestId('plugin-status').innerText()).toBe('Disabled');
    expect(await card.innerText()).toContain('Bundled');
    const toggle = card.getByRole('switch', { name: 'Daily reward enabled' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => card.getByTestId('plugin-status').innerText()).toBe('Enabled');

    // Its settings: the base reward goes from 10 to 25 coins.
    await card.getByRole('link', { name: 'Configure Daily reward' }).click();
    await admin.waitForURL('**/mc-admin/plugins/daily-reward/config');
    const base = admin.getByLabel('Base reward (coins)');
    expect(await base.inputValue()).toBe('10');
    await base.fill('25');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Settings saved.').waitFor();
    await admin.reload();
    await expect.poll(() => admin.getByLabel('Base reward (coins)').inputValue()).toBe('25');

    // A member who signs up now gets the card on the dashboard (installed before the app mounts).
    const opened = await newPage(browser);
    contexts.push(opened.context);
    const member = opened.page;
    const errors: string[] = [];
    member.on('console', (m) => {
      if (m.type() === 'error' && /Plugin/.test(m.text())) errors.push(m.text());
    });
    await register(member, newMember());
    const reward = member.getByTestId('daily-reward-card');
    await reward.waitFor();
    // Inside its scope: the plugin's CSS applies under [data-plugin="daily-reward"].
    expect(await member.locator('[data-plugin="daily-reward"] [data-testid="daily-reward-card"]').count()).toBe(1);
    const claim = reward.getByTestId('daily-reward-claim');
    await expect.poll(() => claim.isEnabled()).toBe(true);
    const before = Number((await reward.getByTestId('daily-reward-balance').innerText()).replace(/\D/g, ''));
    await claim.click();
    await expect.poll(() => reward.getByTestId('daily-reward-message').innerText()).toBe('Reward claimed: +25 coins.');
    expect(await reward.getByTestId('daily-reward-streak').innerText()).toBe('1');
    const after = Number((await reward.getByTestId('daily-reward-balance').innerText()).replace(/\D/g, ''));
    expect(after).toBe(before + 25);
    expect(await claim.isDisabled()).toBe(true);
    // The panel's own balance agrees (the ledger moved, not a number in the plugin's store), and the
    // page's coins follow without a reload.
    const session = await callApi(member, 'GET', '/api/user/session');
    expect(Number(session.body.user_info.credits)).toBe(after);
    const coins = member.getByRole('main').getByTestId('coins');
    await expect.poll(async () => Number((await coins.innerText()).replace(/\D/g, ''))).toBe(after);
    expect(errors).toEqual([]);

    // Disabled again (after a confirmation): the card is gone on the next load, without a restart.
    await admin.goto('/mc-admin/plugins');
    const again = dailyCard(admin).getByRole('switch', { name: 'Daily reward enabled' });
    await expect.poll(() => again.getAttribute('aria-checked')).toBe('true');
    await again.click();
    const dialog = admin.getByTestId('plugin-disable-dialog');
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => again.getAttribute('aria-checked')).toBe('false');
    await member.reload();
    await member.getByRole('main').getByTestId('coins').waitFor();
    expect(await member.getByTestId('daily-reward-card').count()).toBe(0);
  });
});
