import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, hasBrowser, launch, newMember, newPage, register, signInAsAdministrator } from './browser.ts';

const CODE = 'ca-pub-1234567890123456';
const AD_SCRIPT = 'script[src^="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js"]';

/**
 * Issue #17, advertising and web-vitals: the AdSense script only on member pages and only with a
 * client code (nothing ever reaches Google: every request to its hosts is answered here), the
 * "[web-vitals]" console lines, and beacons that show on the admin analytics widget once an admin
 * switches collection on.
 */
describe.runIf(hasBrowser())('advertising and web-vitals', () => {
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: Page;
  const settings = (values: Record<string, unknown>) => callApi(admin, 'PATCH', '/api/admin/settings', { values });

  /** A page whose requests to Google's ad hosts are answered locally with an empty script. */
  async function offlinePage() {
    const opened = await newPage(browser);
    await opened.context.route(
      /^https:\/\/[^/]*(googlesyndication\.com|doubleclick\.net|google\.com|adtrafficquality\.google)\//,
      (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
    );
    return opened;
  }
  const consoleLine = (page: Page, start: string) =>
    page.waitForEvent('console', (m: ConsoleMessage) => m.text().startsWith(start));

  beforeAll(async () => {
    browser = await launch();
    ({ context: adminContext, page: admin } = await newPage(browser));
    await signInAsAdministrator(admin);
  });
  afterAll(async () => {
    if (admin) await settings({ ads_client_code: null, web_vitals_collect: null });
    await adminContext?.close();
    await browser?.close();
  });

  it('refuses a client code that is no publisher id', async () => {
    const res = await settings({ ads_client_code: 'ca-pub-12x"><script>' });
    expect(res.status).toBe(400);
  });

  it('without a client code, a member page gets no ad script', async () => {
    expect((await settings({ ads_client_code: null })).status).toBe(200);
    const { context, page } = await offlinePage();
    const skipped = consoleLine(page, '[ads] No advertising client code');
    await register(page, newMember());
    await skipped;
    expect(await page.locator(AD_SCRIPT).count()).toBe(0);
    await context.close();
  });

  it('with a client code, the script comes in on /dashboard, never on /mc-admin nor /auth/login', async () => {
    expect((await settings({ ads_client_code: CODE })).status).toBe(200);
    const member = await offlinePage();
    await register(member.page, newMember());
    const script = member.page.locator(AD_SCRIPT);
    await script.waitFor({ state: 'attached' });
    expect(await script.getAttribute('src')).toBe(
      `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${CODE}`,
    );
    expect(await script.getAttribute('crossorigin')).toBe('anonymous');
    expect(await script.evaluate((s: HTMLScriptElement) => s.async)).toBe(true);
    expect(await member.page.locator(AD_SCRIPT).count()).toBe(1);
    await member.context.close();

    // The admin area, loaded afresh: the page is complete and idle, and no code was even asked for.
    const staff = await offlinePage();
    await signInAsAdministrator(staff.page);
    const asked: string[] = [];
    staff.page.on('request', (r) => void (new URL(r.url()).pathname === '/api/system/ga-ads' && asked.push(r.url())));
    await staff.page.goto('/mc-admin');
    await staff.page.getByTestId('widget-analytics').waitFor();
    await staff.page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(await staff.page.locator(AD_SCRIPT).count()).toBe(0);
    expect(asked).toEqual([]);
    await staff.context.close();

    const visitor = await offlinePage();
    await visitor.page.goto('/auth/login');
    await visitor.page.locator('input[name="login"]').waitFor();
    await visitor.page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(await visitor.page.locator(AD_SCRIPT).count()).toBe(0);
    await visitor.context.close();
    expect((await settings({ ads_client_code: null })).status).toBe(200);
  });

  it('logs "[web-vitals]" lines in the console on a page load', async () => {
    const { context, page } = await newPage(browser);
    const fcp = consoleLine(page, '[web-vitals] FCP');
    const ttfb = consoleLine(page, '[web-vitals] TTFB');
    await page.goto('/auth/login');
    expect((await fcp).text()).toMatch(/^\[web-vitals\] FCP \d+(\.\d+)? (good|needs-improvement|poor)$/);
    expect((await ttfb).text()).toMatch(/^\[web-vitals\] TTFB /);
    await context.close();
  });

  it('with collection on, a beacon reaches the server and the admin widget shows the metric', async () => {
    expect((await settings({ web_vitals_collect: true })).status).toBe(200);
    const { context, page } = await newPage(browser);
    const beacon = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/system/web-vitals' && r.request().postData()?.includes('"TTFB"') === true,
    );
    await page.goto('/auth/login');
    const res = await beacon;
    expect(res.status()).toBe(204);
    expect(res.request().headers()['content-type']).toMatch(/^text\/plain/);
    expect(JSON.parse(res.request().postData() ?? '{}')).toMatchObject({ name: 'TTFB', path: '/auth/login' });
    await context.close();

    await admin.goto('/mc-admin');
    const cell = admin.getByTestId('web-vitals').getByTestId('p75-TTFB').first();
    await cell.waitFor();
    expect(await cell.innerText()).toMatch(/\d+ ms/);
  });
});
