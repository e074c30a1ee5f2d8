import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, newMember, newPage, register } from './browser.ts';

/** A transitioning element's computed duration (an injected one: `transition: opacity 1s`). */
const transitionDuration = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.transition = 'opacity 1s';
    document.body.append(probe);
    const d = getComputedStyle(probe).transitionDuration;
    probe.remove();
    return d;
  });

const performance = (values: Record<string, unknown>) => JSON.stringify({ performance: { ...values } });

/**
 * Issue #17, "Performance settings that really act" and "Transition picker and license": reduced
 * motion from the system and from the setting, next-route chunks preloaded only with preloadCritical,
 * the transition gear only with a valid theme-customization license.
 */
describe.runIf(hasBrowser())('performance settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('honours the system reduced motion, and the reduceMotion setting alone', async () => {
    const { context, page } = await newPage(browser);
    await register(page, newMember());
    expect(await transitionDuration(page)).toBe('1s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.waitForFunction(() => document.documentElement.classList.contains('reduce-motion'));
    expect(await transitionDuration(page)).toBe('0s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('reduce-motion'));
    expect(await transitionDuration(page)).toBe('1s');
    await page.evaluate((v) => localStorage.setItem('ui-settings', v), performance({ reduceMotion: true }));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.classList.contains('reduce-motion'));
    expect(await transitionDuration(page)).toBe('0s');
    await context.close();
  });

  it('preloads the likely next pages once the member acts, only with preloadCritical on', async () => {
    const storePage = /\/store-page-[^/]*\.js$/;
    for (const preloadCritical of [true, false]) {
      const { context, page } = await newPage(browser);
      // Collected from the page's start: the effects chunk may arrive while the test is between two
      // awaits, where a waiter set up afterwards would miss it.
      const storeRequests: string[] = [];
      const effectsLoaded: string[] = [];
      page.on('request', (r) => {
        if (storePage.test(r.url())) storeRequests.push(r.url());
      });
      page.on('response', (r) => {
        if (/\/performance-effects-[^/]*\.js$/.test(r.url())) effectsLoaded.push(r.url());
      });
      await register(page, newMember());
      if (!preloadCritical) {
        await page.evaluate((v) => localStorage.setItem('ui-settings', v), performance({ preloadCritical }));
        await page.reload();
      }
      await page.getByTestId('coins').first().waitFor();
      expect(storeRequests).toHaveLength(0);
      await page.mouse.move(20, 20);
      await page.mouse.move(40, 40);
      await expect.poll(() => effectsLoaded.length, { timeout: 60_000 }).toBeGreaterThan(0);
      if (preloadCritical) await expect.poll(() => storeRequests.length, { timeout: 60_000 }).toBe(1);
      else {
        // Not preloaded: opening the store is what fetches its code (a preloaded module would not be asked for again).
        expect(storeRequests).toHaveLength(0);
        storeRequests.push('opened /store');
        await page.evaluate(() => {
          history.pushState({}, '', '/store');
          dispatchEvent(new PopStateEvent('popstate'));
        });
        await expect.poll(() => storeRequests.length, { timeout: 60_000 }).toBe(2);
        expect(storeRequests[0]).toBe('opened /store');
      }
      expect(storeRequests).toHaveLength(preloadCritical ? 1 : 2);
      await context.close();
    }
  });

  it('shows the transition gear only when the license answers valid', async () => {
    for (const valid of [true, false]) {
      const { context, page } = await newPage(browser);
      await context.route('**/api/system/license/theme-customization', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ valid }) }),
      );
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/system/license/theme-customization'));
      await register(page, newMember());
      await answered;
      if (valid) await page.getByTestId('transition-gear').waitFor();
      else {
        await page.getByTestId('coins').first().waitFor();
        expect(await page.getByTestId('transition-gear').count()).toBe(0);
      }
      await context.close();
    }
  });
});
