import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { formatResults, measureClient } from '../scripts/client-budget-lib.mjs';
import { baseUrl, EVENT_TIMEOUT_MS, hasBrowser, launch } from './browser.ts';

/**
 * The client budgets of issue #15 (scripts/client-budgets.json), measured the way
 * scripts/client-budget.mjs measures them: /auth/login signed out and /dashboard as a fresh member,
 * each from an empty cache. Sizes and counts, not timings: a build that puts more code or more
 * requests on these pages fails here.
 */
describe.runIf(hasBrowser())('client budgets', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('the login page and the member dashboard stay under their JS+CSS and request ceilings', async () => {
    const results = await measureClient(browser, baseUrl(), {
      // A client address of its own (the test server trusts X-Forwarded-For from loopback).
      contextOptions: { extraHTTPHeaders: { 'x-forwarded-for': '10.253.0.1' } },
      timeout: EVENT_TIMEOUT_MS,
    });
    const problems = results.flatMap((r: { problems: string[] }) => r.problems);
    expect(problems, formatResults(results, { details: true })).toEqual([]);
  });
});
