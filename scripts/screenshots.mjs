// Regenerates the README screenshots: starts the built server on a scratch database, signs in as a
// fresh administrator and captures the member dashboard, the admin settings and the login page.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildIfStale, root } from './build-if-stale.mjs';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

if (!buildIfStale()) process.exit(1);
const dataDir = mkdtempSync(join(tmpdir(), 'hostdeck-shots-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '3917' };
const admin = spawnSync(
  process.execPath,
  [
    'dist/cli.js',
    'admin:create',
    '--username',
    'steve',
    '--email',
    'steve@example.com',
    '--password',
    'screenshot pass',
    '--first-name',
    'Steve',
  ],
  { cwd: join(root, 'apps/api'), env, encoding: 'utf8' },
);
if (admin.status !== 0) throw new Error(admin.stderr);
const server = spawn(process.execPath, ['apps/api/dist/server.js'], { cwd: root, env, stdio: 'inherit' });
const base = 'http://127.0.0.1:3917';
for (
  let i = 0;
  i < 100 &&
  !(await fetch(`${base}/api/system/settings`).then(
    (r) => r.ok,
    () => false,
  ));
  i++
)
  await new Promise((r) => setTimeout(r, 100));
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumArgs,
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
  await page.goto(`${base}/auth/login`);
  await page.waitForSelector('input[name="login"]');
  await page.screenshot({ path: join(root, 'docs/screenshots/login.png') });
  await page.fill('input[name="login"]', 'steve');
  await page.fill('input[name="password"]', 'screenshot pass');
  await page.click('button[type="submit"]');
  await page.waitForURL('**/dashboard');
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(root, 'docs/screenshots/dashboard.png') });
  await page.goto(`${base}/mc-admin/settings`);
  await page.waitForSelector('fieldset');
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(root, 'docs/screenshots/admin-settings.png') });
  await page.goto(`${base}/mc-admin/users`);
  await page.waitForSelector('table');
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/admin-users.png') });
  await page.locator('[data-testid="edit-user"]').first().click();
  await page.waitForSelector('form');
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(root, 'docs/screenshots/admin-user-edit.png'), fullPage: true });
  await page.goto(`${base}/mc-admin/roles/8/permissions`);
  await page.waitForSelector('fieldset');
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/admin-role-permissions.png') });
  const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await phone.goto(`${base}/auth/login`);
  await phone.waitForSelector('input[name="login"]');
  await phone.screenshot({ path: join(root, 'docs/screenshots/login-phone.png') });
  console.log('wrote docs/screenshots/*.png');
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
