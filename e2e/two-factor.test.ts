import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, login, logout, newMember, newPage, register } from './browser.ts';

/** The authenticator's code `steps` periods from now (the server allows one step of drift). */
const code = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Logs in with the password and gives `secondFactor` at /auth/2fa/verify; answers the verify response. */
async function signInWith(page: Page, member: ReturnType<typeof newMember>, secondFactor: string) {
  await page.goto('/auth/login');
  await login(page, member.username, member.password);
  await page.waitForURL('**/auth/2fa/verify');
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/user/auth/2fa/verify' && r.request().method() === 'POST',
  );
  await page.locator('input[name="code"]').fill(secondFactor);
  await page.locator('button[type="submit"]').click();
  return answered;
}

describe.runIf(hasBrowser())('two-factor authentication in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('setup shows recovery codes once; then sign in with TOTP, with a recovery code, and that code only once', async () => {
    const { context, page } = await newPage(browser);
    const member = newMember();
    await register(page, member);
    await page.goto('/auth/2fa/setup');
    const secret = (await page.locator('code').first().innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.locator('input[name="code"]').fill(code(secret));
    await page.locator('button[type="submit"]').click();
    await page.getByText('Two-factor authentication is on.').waitFor();
    const items = page.getByTestId('recovery-codes').locator('li');
    await items.nth(9).waitFor();
    const codes = (await items.allInnerTexts()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await page.getByTestId('recovery-codes-done').click();
    await page.waitForURL('**/account#security');
    await page.getByTestId('recovery-codes-left').filter({ hasText: '10 recovery codes left' }).waitFor();

    // TOTP: the confirming code's step is spent, so the next step's code (within the drift) signs in.
    await logout(page);
    await page.goto('/auth/login');
    await login(page, member.username, member.password);
    await page.waitForURL('**/auth/2fa/verify');
    await page.goto('/dashboard');
    await page.waitForURL('**/auth/2fa/verify');
    await page.locator('input[name="code"]').fill(code(secret, 1));
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('coins').first().waitFor();

    // A recovery code instead of the authenticator.
    await logout(page);
    const recovery = codes[4] as string;
    expect((await signInWith(page, member, recovery)).status()).toBe(200);
    await page.waitForURL('**/dashboard');
    await page.goto('/account#security');
    await page.getByTestId('recovery-codes-left').filter({ hasText: '9 recovery codes left' }).waitFor();

    // The same recovery code a second time: refused, and the sign-in still waits for a code.
    await logout(page);
    const refused = await signInWith(page, member, recovery);
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error_code).toBe('TWO_FA_INVALID_CODE');
    await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/2fa/verify');
    await context.close();
  });

  it('"sign out everywhere else" ends the other browser, which is sent to login on its next page', async () => {
    const first = await newPage(browser);
    const member = newMember();
    await register(first.page, member);
    const second = await newPage(browser);
    await second.page.goto('/auth/login');
    await login(second.page, member.username, member.password);
    await second.page.waitForURL('**/dashboard');

    await first.page.goto('/account#sessions');
    const rows = first.page.getByTestId('session-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    await first.page.getByTestId('session-current').waitFor();
    await first.page.getByTestId('sessions-revoke-others').click();
    const revoked = first.page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/account/sessions/revoke-others' && r.request().method() === 'POST',
    );
    await first.page.getByTestId('sessions-revoke-others-yes').click();
    expect(await (await revoked).json()).toEqual({ success: true, revoked: 1 });
    await first.page.getByText('1 other session was signed out.').waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    await second.page.goto('/dashboard');
    await second.page.waitForURL('**/auth/login');
    // This browser is still signed in.
    await first.page.goto('/dashboard');
    await first.page.getByTestId('coins').first().waitFor();
    await first.context.close();
    await second.context.close();
  });
});
