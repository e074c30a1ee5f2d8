import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, hasBrowser, launch, login, logout, newMember, newPage, register } from './browser.ts';

describe.runIf(hasBrowser())('the /account page in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('a member edits names and billing, changes the password, switches language, asks for a new email and deletes the account', async () => {
    const { context, page } = await newPage(browser);
    const member = newMember();
    await register(page, member);
    await page.goto('/account');
    const section = (id: string) => page.getByTestId(`account-section-${id}`);
    const saveIn = async (id: string, button = 'Save') => {
      const answered = page.waitForResponse((r) => r.url().includes('/api/account/') && r.request().method() !== 'GET');
      await section(id).getByRole('button', { name: button }).click();
      return answered;
    };

    // Names.
    await section('profile').getByLabel('First name', { exact: true }).fill('Robin');
    await section('profile').getByLabel('Last name', { exact: true }).fill('Quinn');
    expect((await saveIn('profile')).status()).toBe(200);
    await section('profile').getByText('Saved.').waitFor();
    await page.getByText('Robin Quinn').first().waitFor();

    // Billing details, which the session call then carries.
    const billing = section('billing');
    await billing.getByLabel('Name or company', { exact: true }).fill('Quinn Hosting SRL');
    await billing.getByLabel('Address', { exact: true }).fill('Str. Lunga 1');
    await billing.getByLabel('City', { exact: true }).fill('Chisinau');
    await billing.getByLabel('Postcode', { exact: true }).fill('MD-2001');
    await billing.getByLabel('Country', { exact: true }).fill('Moldova');
    await billing.getByLabel('VAT number', { exact: true }).fill('MD1003600');
    expect((await saveIn('billing')).status()).toBe(200);
    await billing.getByText('Saved.').waitFor();
    const session = await callApi(page, 'GET', '/api/user/session');
    expect(session.body.billing).toMatchObject({ company: 'Quinn Hosting SRL', zip: 'MD-2001', vat: 'MD1003600' });

    // Password: the old one is refused afterwards, the new one works.
    const newPassword = 'a brand new e2e password';
    const password = section('password');
    await password.getByLabel('Current password', { exact: true }).fill(member.password);
    await password.getByLabel('New password', { exact: true }).fill(newPassword);
    await password.getByLabel('Repeat the new password', { exact: true }).fill(newPassword);
    expect((await saveIn('password', 'Change password')).status()).toBe(200);
    await password.getByText('Your password was changed.', { exact: false }).waitFor();
    await logout(page);
    await page.goto('/auth/login');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/user/auth/login'));
    await login(page, member.username, member.password);
    expect((await (await refused).json()).error_code).toBe('INVALID_CREDENTIALS');
    await login(page, member.username, newPassword);
    await page.waitForURL('**/dashboard');

    // Language: the page switches at once, and the account keeps the choice.
    await page.goto('/account#language');
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/account/locale'));
    await page.getByTestId('account-language').selectOption('de');
    expect((await stored).status()).toBe(200);
    await page.getByRole('heading', { name: 'Sprache' }).waitFor();
    expect((await callApi(page, 'GET', '/api/user/session')).body.user_info.locale).toBe('de');
    await page.getByTestId('account-language').selectOption('en');
    await page.getByRole('heading', { name: 'Language', exact: true }).waitFor();

    // A new email address: only a link goes out; the address stays until it is followed.
    const next = `new_${member.email}`;
    await section('email').getByLabel('New email address', { exact: true }).fill(next);
    await section('email').getByLabel('Current password', { exact: true }).fill(newPassword);
    expect((await saveIn('email', 'Send confirmation link')).status()).toBe(200);
    await page.getByTestId('email-sent').filter({ hasText: next }).waitFor();
    expect((await callApi(page, 'GET', '/api/user/session')).body.user_info.email).toBe(member.email);

    // Delete: the username typed out, then the member is signed out and cannot sign in again.
    await section('delete').getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByTestId('delete-dialog');
    await dialog.getByLabel('Current password', { exact: true }).fill(newPassword);
    await dialog.getByLabel(`Type your username (${member.username}) to confirm`).fill(member.username);
    const deleted = page.waitForResponse((r) => r.url().endsWith('/api/account/delete'));
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    expect((await deleted).status()).toBe(200);
    await page.waitForURL('**/auth/login');
    const again = page.waitForResponse((r) => r.url().endsWith('/api/user/auth/login'));
    await login(page, member.username, newPassword);
    // Refused while it is being erased, and as unknown once it is.
    expect(['ACCOUNT_DELETED', 'INVALID_CREDENTIALS']).toContain((await (await again).json()).error_code);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await context.close();
  });
});
