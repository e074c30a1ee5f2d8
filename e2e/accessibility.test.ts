import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, hasBrowser, launch, newMember, newPage, register, signInAsAdministrator } from './browser.ts';

/**
 * Issue #17: axe-core on every page of the app (signed out, member, admin with every link of its
 * navigation, the top bar's panels) in the default dark theme, and on a handful again in the light
 * one; a serious or critical violation fails the test, naming the page, the rule, its help and the
 * first elements it was found on. Each page is checked once it has settled (its heading is there,
 * nothing is loading, no transition is running), so what is checked is what a person reads.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
  count: number;
}

/** Waits until the page is readable: a heading, no loading indicator, no finite animation running. */
async function settle(page: Page, ready?: Locator): Promise<void> {
  await (ready ?? page.locator('h1').first()).waitFor();
  await page.waitForFunction(
    () =>
      document.querySelector('[role="status"] .animate-spin, .animate-pulse') === null &&
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
  );
}

/** axe's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<Finding[]> {
  // Evaluated rather than added as a <script> tag: the app's Content-Security-Policy (script-src
  // 'self') refuses inline scripts, and the test should not loosen it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: String(v.impact),
        help: v.help,
        count: v.nodes.length,
        nodes: v.nodes.slice(0, 3).map((n) => ({
          target: n.target.join(' '),
          summary: (n.any[0]?.message ?? n.all[0]?.message ?? n.none[0]?.message ?? '').slice(0, 200),
        })),
      }));
  });
}

/**
 * Runs axe on the settled page and records (expect.soft: the other pages are still checked) every
 * serious or critical violation with the page, rule, help and first targets.
 */
async function expectNoSeriousViolations(page: Page, label: string, ready?: Locator): Promise<void> {
  await settle(page, ready);
  const found = await seriousViolations(page);
  const report = found
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}, ${v.count}×) ${v.help}\n${v.nodes.map((n) => `    ${n.target} — ${n.summary}`).join('\n')}`,
    )
    .join('\n');
  expect.soft(report, `axe on ${label}`).toBe('');
}

/**
 * Opens `path` and checks it. A page the side navigation links to is reached through its link, as a
 * member moves (and without starting the app again, which keeps the file fast); any other by loading it.
 */
async function visit(page: Page, path: string, label = path): Promise<void> {
  const link = page.getByTestId('sidebar').locator(`a[href="${path}"]`);
  const current = new URL(page.url()).pathname;
  if (current !== path && current !== 'blank' && (await link.count()) === 1) {
    // The page before goes once the next one is there: wait for its heading to leave.
    const before = await page.locator('h1').first().elementHandle();
    await link.click();
    await page.waitForURL((url) => url.pathname + url.search === path);
    await before?.waitForElementState('hidden');
  } else {
    await page.goto(path);
  }
  await expectNoSeriousViolations(page, label);
}

/** The app is dark unless `theme` says light (components/ui/theme-toggle.tsx), read as it starts: reloaded. */
async function switchToLightTheme(page: Page): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/auth/login');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
}

/** Each tab of a tab list, selected in turn and checked with its panel showing. */
async function eachTab(page: Page, within: Locator, label: string): Promise<void> {
  const tabs = within.getByRole('tab');
  await tabs.first().waitFor();
  const count = await tabs.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await expectNoSeriousViolations(page, `${label}, ${await tab.innerText()} tab`, within.getByRole('tabpanel'));
  }
}

async function customizationDialog(page: Page, theme: string): Promise<void> {
  await page.getByTestId('customize').click();
  const dialog = page.getByRole('dialog', { name: 'UI customization' });
  await eachTab(page, dialog, `customization dialog (${theme})`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function debugPanel(page: Page, theme: string): Promise<void> {
  const panel = page.getByTestId('debug-panel');
  await page.keyboard.press('Control+i');
  await eachTab(page, panel, `debug panel (${theme})`);
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
}

/** The settings that switch the member areas on, so their pages are checked rather than their "off" panel. */
const memberAreas = {
  afk_enabled: true,
  code_redemption_enabled: true,
  referrals_enabled: true,
  j4r_enabled: true,
  credits_recharge_enabled: true,
  l4r_generic_enabled: true,
};

const signedOutPages = [
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/reset-password?token=x',
  '/privacy-policy',
  '/terms-of-service',
  '/no-such-page',
  '/errors/403',
];

const memberPages = [
  '/dashboard',
  '/server/create',
  '/store',
  '/store/add-credits',
  '/account',
  '/earn/redeem',
  '/earn/afk',
  '/earn/referrals',
  '/earn/links',
  '/earn/j4r',
  '/leaderboard',
  '/lookup',
  '/announcements',
  '/ticket',
  '/ticket/create',
  '/images',
  '/images/upload',
  '/images/config',
];

describe.runIf(hasBrowser())('accessibility (axe-core)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let visitor: Page;
  let member: Page;
  let memberUuid: string;
  let admin: Page;
  let adminUuid: string;
  const settings = (values: Record<string, unknown>) => callApi(admin, 'PATCH', '/api/admin/settings', { values });

  beforeAll(async () => {
    browser = await launch();
    const open = async () => {
      const { context, page } = await newPage(browser);
      contexts.push(context);
      return page;
    };
    [visitor, member, admin] = await Promise.all([open(), open(), open()]);
    await register(member, newMember());
    memberUuid = (await callApi(member, 'GET', '/api/user/session')).body.user_info.uuid;
    await signInAsAdministrator(admin);
    adminUuid = (await callApi(admin, 'GET', '/api/user/session')).body.user_info.uuid;
  });
  afterAll(async () => {
    if (admin) await settings(Object.fromEntries(Object.keys(memberAreas).map((k) => [k, null])));
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('signed-out pages', async () => {
    for (const path of signedOutPages) await visit(visitor, path);
  });

  it('member pages, an area switched off among them', async () => {
    await visit(member, '/earn/afk', '/earn/afk (switched off)');
    expect((await settings(memberAreas)).status).toBe(200);
    for (const path of [...memberPages, `/profile/${memberUuid}`]) await visit(member, path);
  });

  it("the top bar's panels: profile and notifications menus, search, customization (each tab), debug panel (each tab)", async () => {
    await member.goto('/dashboard');
    await settle(member);
    for (const [trigger, label] of [
      ['profile-menu', 'profile menu'],
      ['notifications', 'notifications menu'],
    ] as const) {
      await member.getByTestId(trigger).click();
      await expectNoSeriousViolations(member, label, member.getByRole('menu'));
      await member.keyboard.press('Escape');
      await member.getByRole('menu').waitFor({ state: 'detached' });
    }

    await member.keyboard.press('Control+k');
    await member.getByRole('combobox', { name: 'Search' }).fill('a');
    await expectNoSeriousViolations(member, 'search dialog', member.getByRole('option').first());
    await member.keyboard.press('Escape');
    await member.getByRole('dialog').waitFor({ state: 'detached' });

    await customizationDialog(member, 'dark');
    await debugPanel(member, 'dark');
  });

  it('admin pages: every link of the admin navigation, and the create and edit forms', async () => {
    await admin.goto('/mc-admin');
    await settle(admin);
    // Read from the page, so an area added to the navigation is checked without editing this test.
    const links = await admin
      .getByTestId('sidebar')
      .locator('a[href^="/mc-admin"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(links.length).toBeGreaterThan(10);
    for (const path of [...links, `/mc-admin/users/${adminUuid}/edit`, '/mc-admin/roles/create'])
      await visit(admin, path);
  });

  it('the light theme: a handful of pages and the panels', async () => {
    // Last: the three pages stay in the light theme until their contexts close.
    await Promise.all([visitor, member, admin].map(switchToLightTheme));
    await visit(visitor, '/auth/login', '/auth/login (light)');
    for (const path of ['/dashboard', '/account', `/profile/${memberUuid}`])
      await visit(member, path, `${path} (light)`);
    await customizationDialog(member, 'light');
    await debugPanel(member, 'light');
    await visit(admin, '/mc-admin', '/mc-admin (light)');
  });
});
