import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, newMember, newPage, register } from './browser.ts';

/** The saved UI settings of the page's origin. */
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('ui-settings') ?? '{}'));
const sidebarWidth = (page: Page) => page.getByTestId('sidebar').evaluate((e) => e.getBoundingClientRect().width);
/** The alpha of the top bar's computed background colour. */
const topBarAlpha = (page: Page) =>
  page.getByTestId('top-bar').evaluate((e) => {
    const m = getComputedStyle(e).backgroundColor.match(/rgba?\(([^)]+)\)/);
    const parts = (m?.[1] ?? '').split(/[ ,/]+/).filter(Boolean);
    return parts.length === 4 ? Number(parts[3]) : 1;
  });

describe.runIf(hasBrowser())('the UI customization panel', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await newPage(browser));
    await register(page, newMember());
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('opens from the profile menu; one control per tab changes the stored value and what is seen; reset', async () => {
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Customization' }).click();
    const dialog = page.getByRole('dialog', { name: 'UI customization' });
    await dialog.waitFor();

    // Transitions: the chosen style is stored where the page transitions read it.
    await dialog.getByTestId('transition-slide-up').click();
    expect(await page.evaluate(() => localStorage.getItem('preferredTransition'))).toBe('slide-up');
    expect(await dialog.getByTestId('transition-slide-up').getAttribute('aria-pressed')).toBe('true');

    // UI components: the top bar's opacity is its background's alpha; compact mode narrows the sidebar.
    await dialog.getByRole('tab', { name: 'UI components' }).click();
    expect(await topBarAlpha(page)).toBeCloseTo(0.95);
    await dialog
      .getByRole('group', { name: 'Top bar' })
      .getByRole('slider', { name: 'Background opacity' })
      .fill('0.3');
    await page.waitForFunction(() =>
      getComputedStyle(document.querySelector('[data-testid="top-bar"]')!).backgroundColor.includes('0.3'),
    );
    expect(await topBarAlpha(page)).toBeCloseTo(0.3);
    expect((await stored(page)).topNavigation.backgroundOpacity).toBe(0.3);

    expect(await sidebarWidth(page)).toBe(256);
    await dialog
      .getByRole('group', { name: 'Sidebar' })
      .getByRole('switch', { name: 'Compact mode (icons only)' })
      .check();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect().width < 100,
    );
    expect((await stored(page)).sidebar.compactMode).toBe(true);

    // Performance: the frame rate limit, shown beside its slider.
    await dialog.getByRole('tab', { name: 'Performance' }).click();
    const fps = dialog.getByRole('slider', { name: 'Frame rate limit' });
    await fps.fill('120');
    expect((await stored(page)).performance.frameRateLimit).toBe(120);
    expect(await fps.getAttribute('aria-valuetext')).toBe('120 FPS');

    // Reset, after a confirmation: the defaults are back, and so are the widths and colours.
    await dialog.getByTestId('customization-reset').click();
    await page.getByTestId('customization-reset-dialog-confirm').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect().width === 256,
    );
    const reset = await stored(page);
    expect(reset.sidebar.compactMode).toBe(false);
    expect(reset.topNavigation.backgroundOpacity).toBe(0.95);
    expect(reset.performance.frameRateLimit).toBe(75);
    expect(await topBarAlpha(page)).toBeCloseTo(0.95);

    // Escape closes the panel and the focus goes back to the top bar.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('follows a change made in another tab', async () => {
    const other = await context.newPage();
    await other.goto('/dashboard');
    await other.getByTestId('sidebar').waitFor();
    expect(await sidebarWidth(other)).toBe(256);

    await page.getByTestId('customize').click();
    const dialog = page.getByRole('dialog', { name: 'UI customization' });
    await dialog.getByRole('tab', { name: 'UI components' }).click();
    await dialog
      .getByRole('group', { name: 'Sidebar' })
      .getByRole('switch', { name: 'Compact mode (icons only)' })
      .check();
    await other.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect().width < 100,
    );
    expect((await stored(other)).sidebar.compactMode).toBe(true);
    await other.close();
  });
});
