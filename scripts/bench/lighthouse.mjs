// Lighthouse (the npm package) on Debian's Chromium for the client pages of issue #15: /auth/login
// signed out and /dashboard signed in, with the desktop and the mobile preset (Lighthouse's own
// simulated throttling), printed beside the goals. Scores vary from run to run: LIGHTHOUSE_RUNS=n
// takes the median of n runs. Prints; asserts nothing.
//   node scripts/bench/lighthouse.mjs [base URL]    (no URL: starts the built server on a temp data dir)
// From the bench: `await lighthouseReport(base, memberCookies)` returns the printed text.
import { createRequire } from 'node:module';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';
import { budgets } from '../client-budget-lib.mjs';
import { registerMember, startBuiltServer } from '../client-budget-server.mjs';

export const lighthouseGoals = {
  performance: { desktop: 95, mobile: 90 },
  accessibility: 95,
  'best-practices': 95,
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};

/** "a=b; c=d", ["a=b", "c=d"] → [["a","b"], ["c","d"]]; the client's session hint is added when missing. */
function cookiePairs(cookies) {
  const list = (Array.isArray(cookies) ? cookies : String(cookies ?? '').split(';'))
    .map((c) => String(c).split(';')[0].trim())
    .filter(Boolean)
    .map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]);
  // The HttpOnly user_token is the session; the readable user_session=1 tells the client there is one.
  if (list.some(([name]) => name === 'user_token') && !list.some(([name]) => name === 'user_session'))
    list.push(['user_session', '1']);
  return list;
}

/** One Lighthouse run of `url` in a fresh Chromium profile (cookies set first). */
async function runOnce(url, preset, cookies) {
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs, logLevel: 'silent' });
  try {
    if (cookies.length) {
      // Playwright sets the cookies in the profile over CDP, then lets go; Lighthouse keeps cookies.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await browser.contexts()[0].addCookies(cookies.map(([name, value]) => ({ name, value, url })));
      await browser.close();
    }
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

function summary(lhr, path, preset) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failed = [];
  for (const id of CATEGORIES.slice(1)) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failed.push(`${id}: ${audit.title}`);
    }
  }
  return {
    path,
    preset,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    metrics: Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? NaN])),
    failed,
    runtimeError: lhr.runtimeError?.message,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

/**
 * Lighthouse on each page of scripts/client-budgets.json (signed-in ones with `cookies`: the
 * member's cookies as "name=value" strings or one Cookie header), desktop and mobile.
 */
export async function runLighthouse(base, cookies, { runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1) } = {}) {
  const results = [];
  for (const page of budgets.pages) {
    for (const preset of ['desktop', 'mobile']) {
      const url = new URL(page.path, base).href;
      const all = [];
      for (let i = 0; i < runs; i++)
        all.push(summary(await runOnce(url, preset, page.signedIn ? cookiePairs(cookies) : []), page.path, preset));
      all.sort((a, b) => a.performance - b.performance);
      results.push(all[Math.floor(all.length / 2)]);
    }
  }
  return results;
}

const ms = (v) => (v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);
const mark = (value, goal) => `${value} ${value >= goal ? '✓' : '✗'}`;

export function formatLighthouse(results) {
  const version = createRequire(import.meta.url)('lighthouse/package.json').version;
  const g = lighthouseGoals;
  const lines = [
    `Lighthouse ${version} on ${chromiumPath} (simulated throttling; mobile = Lighthouse's Moto G Power preset)`,
    `goals: performance ≥ ${g.performance.desktop} desktop / ≥ ${g.performance.mobile} mobile, accessibility ≥ ${g.accessibility}, best practices ≥ ${g['best-practices']}`,
    '',
    `${'page'.padEnd(13)}${'preset'.padEnd(9)}${'perf'.padStart(6)}${'a11y'.padStart(7)}${'best-pr'.padStart(9)}   ${Object.keys(
      METRICS,
    )
      .map((m) => m.padStart(8))
      .join('')}`,
  ];
  for (const r of results) {
    const m = r.metrics;
    lines.push(
      `${r.path.padEnd(13)}${r.preset.padEnd(9)}${mark(r.performance, g.performance[r.preset]).padStart(6)}${mark(r.accessibility, g.accessibility).padStart(7)}${mark(r.bestPractices, g['best-practices']).padStart(9)}   ${[ms(m.FCP), ms(m.LCP), ms(m.TBT), m.CLS.toFixed(3), ms(m.SI)].map((v) => v.padStart(8)).join('')}`,
    );
    if (new URL(r.finalUrl ?? 'x:').pathname !== r.path && r.finalUrl) lines.push(`  ! ended on ${r.finalUrl}`);
    if (r.runtimeError) lines.push(`  ! ${r.runtimeError}`);
    for (const f of new Set(r.failed)) lines.push(`  - ${f}`);
  }
  return lines.join('\n');
}

/** For the bench: runs and formats in one call (options as runLighthouse's, e.g. `{ runs: 3 }`). */
export async function lighthouseReport(base, cookies, options) {
  return formatLighthouse(await runLighthouse(base, cookies, options));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv[2];
  const server = given ? null : await startBuiltServer();
  const base = given ?? server.base;
  try {
    const cookies = await registerMember(base);
    console.log(await lighthouseReport(base, cookies));
  } finally {
    await server?.stop();
  }
}
