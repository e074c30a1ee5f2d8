import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, newPage, signInAsAdministrator } from './browser.ts';

describe.runIf(hasBrowser())('database backups', () => {
  let browser: Browser;
  let context: BrowserContext;
  let admin: Page;

  beforeAll(async () => {
    browser = await launch();
    ({ context, page: admin } = await newPage(browser));
    await signInAsAdministrator(admin);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('an Administrator creates a backup, sees it listed with its size and downloads it', async () => {
    await admin.goto('/mc-admin/backups');
    await admin.getByRole('heading', { name: 'Backups' }).waitFor();
    // The list has loaded (its table, or the words for none) before the rows are counted.
    await admin.getByRole('table', { name: 'Backups' }).or(admin.getByText('No backups yet.')).waitFor();
    const before = await admin.getByTestId('backup-row').count();
    await admin.getByRole('button', { name: 'Create backup' }).click();
    // The page polls the running backup until it is complete.
    await expect.poll(() => admin.getByTestId('backup-row').count()).toBe(before + 1);
    const row = admin.getByTestId('backup-row').first();
    await row.getByText('Completed').waitFor();
    expect(await row.getByTestId('backup-size').innerText()).toMatch(/\d+(\.\d)? (kB|MB)/);

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      row.getByRole('link', { name: /^Download hostdeck-/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^hostdeck-\d{8}T\d{6}Z-[\w-]{8}\.jsonl\.gz$/);
    const bytes = readFileSync((await download.path())!);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // gzip
    const lines = gunzipSync(bytes).toString('utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'hostdeck-backup' });
    const { manifest } = JSON.parse(lines.at(-1)!);
    expect(manifest.tables.users).toBeGreaterThanOrEqual(1);
    expect(manifest.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
