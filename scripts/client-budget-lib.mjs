// What a cold page load of the web client costs: every request it makes, and the gzip size of its
// JavaScript and CSS, checked against scripts/client-budgets.json. Shared by the budget script
// (scripts/client-budget.mjs), the browser test that fails CI on a regression (e2e/client-budget.test.ts)
// and the Lighthouse run. Sizes, not timings: the same build always gives the same figures.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

/** @type {{ pages: { path: string; signedIn: boolean; goalJsCssKB: number; maxJsCssKB: number; maxRequests?: number }[] }} */
export const budgets = JSON.parse(readFileSync(new URL('./client-budgets.json', import.meta.url), 'utf8'));

/** What each page must show before it counts as loaded (then the network must go quiet too). */
const readyWhen = { '/auth/login': 'input[name="login"]', '/dashboard': '[data-testid="coins"]' };

/**
 * Loads `path` in a fresh browser context (an empty cache) and lists every request with the gzip
 * size of its body. `cookies` (a signed-in member's) are set first; `contextOptions` go to newContext.
 */
export async function measurePage(browser, base, path, { cookies = [], contextOptions = {}, timeout = 60_000 } = {}) {
  const context = await browser.newContext({ ...contextOptions, baseURL: base });
  context.setDefaultTimeout(timeout);
  context.setDefaultNavigationTimeout(timeout);
  try {
    if (cookies.length) await context.addCookies(cookies);
    const page = await context.newPage();
    const requests = [];
    const pending = [];
    page.on('request', (req) => requests.push({ url: req.url(), type: req.resourceType(), status: 0, gzip: 0 }));
    page.on('response', (res) => {
      const entry = requests.findLast((r) => r.url === res.url() && r.status === 0);
      if (!entry) return;
      entry.status = res.status();
      pending.push(
        res.body().then(
          (body) => {
            entry.gzip = gzipSync(body, { level: 9 }).length;
          },
          () => undefined,
        ),
      );
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    const selector = readyWhen[path];
    if (selector) await page.locator(selector).first().waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const finalPath = new URL(page.url()).pathname;
    const jsCss = requests.filter((r) => r.type === 'script' || r.type === 'stylesheet');
    return {
      path,
      finalPath,
      requests,
      jsCssBytes: jsCss.reduce((sum, r) => sum + r.gzip, 0),
      jsCssFiles: jsCss.length,
    };
  } finally {
    await context.close();
  }
}

/** A fresh member, registered through the API; returns the cookies of their session. */
export async function newMemberCookies(browser, base, { contextOptions = {} } = {}) {
  const context = await browser.newContext({ ...contextOptions, baseURL: base });
  try {
    await context.request.get('/api/system/settings');
    const csrf = (await context.cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const res = await context.request.post('/api/user/auth/register', {
      headers: { 'x-csrf-token': csrf },
      data: {
        username: `budget_${id}`,
        email: `budget_${id}@example.com`,
        password: 'budget password long',
        first_name: 'Budget',
        last_name: 'Member',
      },
    });
    if (!res.ok()) throw new Error(`registering a member failed: ${res.status()} ${await res.text()}`);
    return await context.cookies();
  } finally {
    await context.close();
  }
}

/** Every budgeted page, measured cold; a signed-in page as a fresh member. */
export async function measureClient(browser, base, { contextOptions = {}, timeout = 60_000 } = {}) {
  let cookies;
  const results = [];
  for (const budget of budgets.pages) {
    if (budget.signedIn) cookies ??= await newMemberCookies(browser, base, { contextOptions });
    const result = await measurePage(browser, base, budget.path, {
      cookies: budget.signedIn ? cookies : [],
      contextOptions,
      timeout,
    });
    results.push({ ...result, budget, problems: problems(result, budget) });
  }
  return results;
}

/** What is over budget (empty when the page is within it). */
function problems(result, budget) {
  const out = [];
  if (result.finalPath !== budget.path) out.push(`${budget.path} ended on ${result.finalPath}`);
  if (result.jsCssBytes > budget.maxJsCssKB * 1000)
    out.push(`${budget.path}: ${kb(result.jsCssBytes)} KB of JS+CSS gzip, ceiling ${budget.maxJsCssKB} KB`);
  if (budget.maxRequests !== undefined && result.requests.length > budget.maxRequests)
    out.push(`${budget.path}: ${result.requests.length} requests, ceiling ${budget.maxRequests}`);
  return out;
}

const kb = (bytes) => (bytes / 1000).toFixed(1);

/** The summary table (ceiling and the issue's goal side by side), and with `details` every request. */
export function formatResults(results, { details = false } = {}) {
  const row = (cells) =>
    cells.map(([text, width]) => (width < 0 ? text.padEnd(-width) : text.padStart(width))).join('');
  const lines = [
    row([
      ['page', -14],
      ['JS+CSS gzip', 13],
      ['ceiling', 10],
      ['goal', 9],
      ['requests', 10],
      ['ceiling', 9],
      ['  result', -10],
    ]),
  ];
  for (const r of results) {
    const b = r.budget;
    const goal = r.jsCssBytes <= b.goalJsCssKB * 1000 ? 'goal met' : 'goal not met';
    lines.push(
      row([
        [r.path, -14],
        [`${kb(r.jsCssBytes)} KB`, 13],
        [`≤ ${b.maxJsCssKB}`, 10],
        [`≤ ${b.goalJsCssKB}`, 9],
        [String(r.requests.length), 10],
        [b.maxRequests === undefined ? '–' : `≤ ${b.maxRequests}`, 9],
        [`  ${r.problems.length ? 'OVER' : 'ok'}, ${goal}`, -10],
      ]),
    );
  }
  if (details) {
    for (const r of results) {
      lines.push('', `${r.path} (${r.jsCssFiles} JS/CSS files):`);
      for (const q of r.requests) {
        const u = new URL(q.url);
        lines.push(
          `  ${q.type.padEnd(11)} ${String(q.status).padStart(3)} ${`${kb(q.gzip)} KB`.padStart(9)}  ${u.pathname}${u.search}`,
        );
      }
    }
  }
  return lines.join('\n');
}

/**
 * For the bench and the budget script: launches Debian's Chromium, measures every budgeted page at
 * `base` and returns the results, the printed table and what is over its ceiling.
 */
export async function clientBudgetReport(base, { details = false } = {}) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const results = await measureClient(browser, base);
    return {
      results,
      text: formatResults(results, { details }),
      problems: results.flatMap((r) => r.problems),
    };
  } finally {
    await browser.close();
  }
}
