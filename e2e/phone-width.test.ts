import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, hasBrowser, launch, newMember, newPage, register, signInAsAdministrator } from './browser.ts';

/** A small phone: every page fits its width; tables scroll inside their own box. */
const PHONE = { width: 360, height: 740 };

/**
 * The elements that stick out past the right edge of the window and are not inside a box that
 * clips or scrolls them (deepest first, a few), each as tag, test id or classes, and its text.
 */
function widerThanTheWindow(): string[] {
  const width = window.innerWidth;
  const clipped = (el: Element): boolean => {
    const position = getComputedStyle(el).position;
    if (position === 'fixed') return false;
    const containing = el instanceof HTMLElement ? el.offsetParent : null;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      // An absolute box escapes a scroll box that is not (inside) its containing block.
      if (position === 'absolute' && !(a === containing || (containing && a.contains(containing)))) continue;
      return a.getBoundingClientRect().right <= width + 1;
    }
    return false;
  };
  const out = [...document.querySelectorAll('body *')].filter((el) => {
    const box = el.getBoundingClientRect();
    // Text that runs out of its box (no wrap) counts too, unless the box scrolls or clips it.
    const scrolls = getComputedStyle(el).overflowX !== 'visible';
    const right = scrolls ? box.right : Math.max(box.right, box.left + el.scrollWidth);
    return right > width + 1 && !clipped(el);
  });
  return out
    .filter((el) => !out.some((o) => o !== el && el.contains(o)))
    .slice(0, 3)
    .map((el) => {
      const name = el.getAttribute('data-testid') ?? String(el.getAttribute('class') ?? '').slice(0, 60);
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()} ${name}> "${text}" ends at ${Math.round(el.getBoundingClientRect().right)} px`;
    });
}

/** Text cut short with an ellipsis where nothing (a title) shows the rest: a label the member cannot read. */
function cutShort(): string[] {
  return [...document.querySelectorAll<HTMLElement>('main *')]
    .filter((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
    .filter((el) => !el.title && !el.closest('[title]'))
    .map((el) => (el.textContent ?? '').trim());
}

/** Opens each page once its data is in (no spinner, no skeleton) and names those wider than the window. */
async function overflowing(page: Page, lang: string, paths: string[]): Promise<string[]> {
  await page.evaluate((l) => localStorage.setItem('locale', l), lang);
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    // The page's heading, or its error when it failed to load.
    await page.locator('h1, [role="alert"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('.animate-spin, [data-testid="widget-skeleton"]'));
    expect(await page.evaluate(() => document.documentElement.lang), path).toBe(lang);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (wide > 0) {
      const offenders = await page.evaluate(widerThanTheWindow);
      found.push(`${lang} ${path}: ${wide} px too wide; ${offenders.join('; ')}`);
    }
  }
  return found;
}

describe.runIf(hasBrowser())('pages on a 360 px phone', () => {
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let admin: Page;
  let member: Page;
  let memberPages: string[];
  let adminPages: string[];

  beforeAll(async () => {
    browser = await launch();
    const a = await newPage(browser);
    const m = await newPage(browser);
    contexts = [a.context, m.context];
    admin = a.page;
    member = m.page;
    await admin.setViewportSize(PHONE);
    await member.setViewportSize(PHONE);
    await signInAsAdministrator(admin);
    const person = newMember();
    await register(member, person); // also a session (its browser line) and a mail in the outbox
    const memberId = (await callApi(admin, 'GET', `/api/admin/users?search=${person.username}`)).body.data[0].id;
    // A four-digit balance ("4,750") once squeezed the logo out of the top bar.
    await callApi(admin, 'POST', `/api/admin/users/${memberId}/coins`, { amount: 4750, reason: 'phone layout' });
    // A long permission code, in the key list and in the dashboard's audit feed.
    const key = await callApi(admin, 'POST', '/api/admin/api-keys', {
      name: 'Phone layout',
      permissions: ['admin.dashboard.components.ataglanceanalytics.view'],
    });
    expect(key.status).toBe(201);
    const roles = (await callApi(admin, 'GET', '/api/admin/roles')).body.data as { id: number }[];
    memberPages = ['/dashboard', '/account', '/store', '/server/create', '/ticket', '/images'];
    memberPages.push('/privacy-policy', '/terms-of-service');
    adminPages = ['/mc-admin', `/mc-admin/users/${memberId}/edit`, '/mc-admin/mail-outbox', '/mc-admin/server-queue'];
    adminPages.push(`/mc-admin/roles/${roles[0]!.id}/permissions`, '/mc-admin/api-keys', '/mc-admin/settings');
    adminPages.push('/mc-admin/audit');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  // German has the longest words (Datenschutzerklärung) and labels (Stufe: Trace und höher).
  it.each(['en', 'de'])('in %s, no member or admin page is wider than the screen', async (lang) => {
    const found = [...(await overflowing(member, lang, memberPages)), ...(await overflowing(admin, lang, adminPages))];
    expect(found, `pages wider than ${PHONE.width} px:\n${found.join('\n')}`).toEqual([]);
  });

  // French, Spanish, German and Romanian labels are the longest ("Bases de données", "Datenbanken").
  it.each(['fr', 'es', 'de', 'ro'])('in %s, the dashboard cuts no label short', async (lang) => {
    await overflowing(member, lang, ['/dashboard']);
    expect(await member.evaluate(cutShort)).toEqual([]);
  });

  it('opens the profile menu, languages included, inside the screen', async () => {
    await overflowing(member, 'en', ['/dashboard']);
    await member.getByTestId('profile-menu').click();
    const menu = member.getByTestId('profile-menu-items');
    await member.getByRole('menuitemradio', { name: 'Română' }).waitFor();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await member.getByRole('menuitemradio', { name: 'Română' }).click();
    await member.waitForFunction(() => document.documentElement.lang === 'ro');
    await member.evaluate(() => localStorage.setItem('locale', 'en'));
  });
});
