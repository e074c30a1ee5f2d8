import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, login, logout, newMember, newPage, register } from './browser.ts';

/** The Ctrl+I debug panel (specification §2, issue #17): six tabs over what the page captured, secrets masked. */
describe.runIf(hasBrowser())('debug panel', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('opens with Ctrl+I on its six tabs, shows requests with masked secrets, errors, console, terminal, storage, settings', async () => {
    const { context, page } = await newPage(browser);
    const member = newMember();
    await register(page, member);
    await logout(page);
    await page.goto('/auth/login');
    await login(page, member.username, member.password);
    await page.waitForURL('**/dashboard');

    const thrown = page.waitForEvent('pageerror');
    await page.evaluate(() => {
      console.warn('debug-e2e warn line');
      localStorage.setItem('debug-e2e-key', 'debug-e2e-value');
      setTimeout(() => {
        throw new Error('boom-test');
      });
    });
    await thrown;

    const panel = page.getByTestId('debug-panel');
    await page.keyboard.press('Control+i');
    await panel.waitFor();
    expect(await panel.getAttribute('role')).toBe('dialog');
    const tabs = panel.getByRole('tab');
    expect(await tabs.count()).toBe(6);

    // Network: the sign-in and the session call; the password never appears, the mask does.
    const entries = panel.getByTestId('debug-network-entry');
    await entries.filter({ hasText: '/api/user/auth/login' }).first().waitFor();
    await entries.filter({ hasText: '/api/user/session' }).first().waitFor();
    await entries.filter({ hasText: '/api/user/auth/login' }).first().locator('summary').click();
    const csrf = (await context.cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
    const networkText = (await panel.textContent()) ?? '';
    expect(networkText).not.toContain(member.password);
    expect(networkText).toContain('"password": "***"');
    expect(networkText).not.toContain(csrf);

    await tabs.filter({ hasText: 'Errors' }).click();
    await panel.getByTestId('debug-error-entry').filter({ hasText: 'boom-test' }).first().waitFor();

    await tabs.filter({ hasText: 'Console' }).click();
    await panel.getByTestId('debug-console-entry').filter({ hasText: 'debug-e2e warn line' }).first().waitFor();
    expect(
      await panel.getByTestId('debug-console-entry').filter({ hasText: 'debug-e2e warn line' }).first().innerText(),
    ).toContain('warn');

    await tabs.filter({ hasText: 'App' }).click();
    const input = panel.getByTestId('debug-terminal-input');
    const output = panel.getByTestId('debug-terminal-output');
    await input.fill('help');
    await input.press('Enter');
    await expect.poll(() => output.innerText()).toContain('cache clear');
    const settings = (await (await page.request.get('/api/system/settings')).json()) as {
      settings: Record<string, unknown>;
      core: Record<string, unknown>;
    };
    const values = { ...settings.settings, ...settings.core };
    await input.fill('version');
    await input.press('Enter');
    await expect.poll(() => output.innerText()).toContain(`version ${String(values.app_version)}`);
    await input.fill('no-such-command');
    await input.press('Enter');
    await expect.poll(() => output.innerText()).toContain('Unknown command: no-such-command');

    await tabs.filter({ hasText: 'Storage' }).click();
    await panel.getByText('HttpOnly cookies (user_token) are not readable from the page.').waitFor();
    const row = panel.getByTestId('debug-storage-item').filter({ hasText: 'debug-e2e-key' });
    await row.waitFor();
    await row.getByRole('button').click();
    await row.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('debug-e2e-key'))).toBeNull();
    expect((await panel.textContent()) ?? '').not.toContain(csrf);

    await tabs.filter({ hasText: 'Settings' }).click();
    expect(await panel.getByTestId('debug-setting-app_name').innerText()).toContain(String(values.app_name));

    await page.keyboard.press('Control+i');
    await panel.waitFor({ state: 'detached' });
    await page.keyboard.press('Control+i');
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await context.close();
  });
});
