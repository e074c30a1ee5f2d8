import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, login, logout, newMember, newPage, register } from './browser.ts';

const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

describe.runIf(hasBrowser())('two-factor authentication in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('set up with the QR key, then a login waits at /auth/2fa/verify until the code is given', async () => {
    const { context, page } = await newPage(browser);
    const member = newMember();
    await register(page, member);
    await page.goto('/auth/2fa/setup');
    const secret = (await page.locator('code').first().innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.locator('input[name="code"]').fill(code(secret));
    await page.locator('button[type="submit"]').click();
    await page.getByText('Two-factor authentication is on.').waitFor();

    await logout(page);
    await page.goto('/auth/login');
    await login(page, member.username, member.password);
    await page.waitForURL('**/auth/2fa/verify');
    await page.goto('/dashboard');
    await page.waitForURL('**/auth/2fa/verify');
    await page.locator('input[name="code"]').fill(code(secret));
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('coins').first().waitFor();
    await context.close();
  });
});
