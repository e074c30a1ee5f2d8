import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, newMember, newPage, register, signInAsAdministrator } from './browser.ts';

/** The top bar's search (issue #17): Ctrl+K, grouped results, Enter opens; staff also find users. */
describe.runIf(hasBrowser())('top bar search', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('Ctrl+K opens it; a page found by its name opens with Enter, and Escape gives focus back', async () => {
    const { context, page } = await newPage(browser);
    await register(page, newMember());
    const button = page.getByTestId('search-open');
    await button.focus();
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search' });
    await input.waitFor();
    expect(await input.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });
    expect(await button.evaluate((e) => e === document.activeElement)).toBe(true);

    await page.keyboard.press('Control+k');
    await input.fill('announce');
    const option = page.getByRole('group', { name: 'Pages' }).getByRole('option', { name: 'Announcements' });
    await option.waitFor();
    expect(await input.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/announcements');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('a staff member finds a user by name and opens their admin page', async () => {
    const { context: memberContext, page: memberPage } = await newPage(browser);
    const member = newMember();
    await register(memberPage, member);
    await memberContext.close();

    const { context, page } = await newPage(browser);
    await signInAsAdministrator(page);
    await page.goto('/dashboard');
    await page.getByTestId('search-open').click();
    await page.getByRole('combobox', { name: 'Search' }).fill(member.username);
    const user = page.getByRole('group', { name: 'Users' }).getByRole('option', { name: new RegExp(member.username) });
    await user.waitFor();
    expect(await user.innerText()).toContain(member.email);
    await user.click();
    await page.waitForURL((url) => /^\/mc-admin\/users\/[^/]+\/edit$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: member.username }).waitFor();
    await context.close();
  });

  it('with the search bar switched off the button is gone and Ctrl+K still opens the search', async () => {
    const { context, page } = await newPage(browser);
    await register(page, newMember());
    await page.getByTestId('search-open').waitFor();
    await page.evaluate(() =>
      localStorage.setItem('ui-settings', JSON.stringify({ topNavigation: { showSearchBar: false } })),
    );
    await page.reload();
    // The top bar is there (its profile button renders with the search button).
    await page.getByTestId('profile-menu').waitFor();
    expect(await page.getByTestId('search-open').count()).toBe(0);
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search' }).waitFor();
    await context.close();
  });
});
