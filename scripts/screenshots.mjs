// Regenerates the README screenshots: starts the built server on a scratch database, signs in as a
// fresh administrator, switches on the demo panel, has two servers built on it, and captures the
// member dashboard, the customization and debug panels, the plugins page and the daily reward card,
// the image gallery, the create and renew pages, the store, the AFK page, the
// account's coin history, the admin area and the login page.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildIfStale, root } from './build-if-stale.mjs';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { pictures } from './screenshot-pictures.mjs';

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
/** An API call from inside the page, as the SPA makes it (its cookies, the CSRF header). */
async function api(page, method, path, body) {
  return page.evaluate(
    async ([method, path, body]) => {
      const csrf = document.cookie.match(/csrf_token=([^;]+)/)?.[1] ?? '';
      const res = await fetch(path, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'x-csrf-token': csrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
    [method, path, body],
  );
}

/** The demo panel on, its catalogue imported, renewal on, and two servers built for the admin. */
async function makeServers(page) {
  await api(page, 'PATCH', '/api/admin/settings', {
    values: { demo_panel_enabled: true, server_renew_enabled: true, server_renew_cost: 150, server_renew_days: 30 },
  });
  for (const path of ['locations', 'egg-categories', 'eggs']) await api(page, 'POST', `/api/admin/${path}/import`);
  const me = (await api(page, 'GET', '/api/user/session')).user_info.uuid;
  const user = (await api(page, 'GET', `/api/admin/users/${me}`)).data;
  await api(page, 'PATCH', `/api/admin/users/${me}`, {
    server_limit: 4,
    memory_limit: 8192,
    cpu_limit: 400,
    disk_limit: 40_960,
    allocation_limit: 4,
    database_limit: 4,
    backup_limit: 4,
    updated_at: user.updated_at,
  });
  await api(page, 'POST', `/api/admin/users/${me}/coins`, { amount: 420, reason: 'Screenshots' });
  const options = await api(page, 'GET', '/api/servers/options');
  const egg = (name) => options.eggs.find((e) => e.name.toLowerCase().includes(name)) ?? options.eggs[0];
  for (const [name, eggName, memory, location] of [
    ['Survival SMP', 'paper', 4096, 0],
    ['Rust weekend', 'rust', 2048, 1],
  ])
    await api(page, 'POST', '/api/servers/requests', {
      name,
      location_id: options.locations[location % options.locations.length].id,
      egg_id: egg(eggName).id,
      memory,
      cpu: 150,
      disk: 10_240,
      ports: 1,
      databases: 1,
      backups: 1,
    });
  for (let i = 0; i < 100; i++) {
    const open = (await api(page, 'GET', '/api/servers/requests')).data.filter((r) => r.status !== 'completed');
    if (open.length === 0) break;
    await page.waitForTimeout(300);
  }
}

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
  await makeServers(page);
  await page.evaluate(() => localStorage.clear()); // the settings changed: drop the client's 30-minute cache
  await page.goto(`${base}/dashboard`);
  await page.locator('[data-testid="server-card"]').nth(1).waitFor();
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(root, 'docs/screenshots/dashboard.png') });
  // The client shell's own panels: UI customization (opened from the profile menu) and Ctrl+I debugging.
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Customization' }).click();
  const customization = page.getByRole('dialog', { name: 'UI customization' });
  await customization.getByRole('tab', { name: 'UI components' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/customization.png') });
  await page.keyboard.press('Escape');
  await customization.waitFor({ state: 'detached' });
  await page.keyboard.press('Control+i');
  await page.getByTestId('debug-panel').waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/debug-panel.png') });
  await page.keyboard.press('Control+i');
  // Plugins: the shipped daily reward switched on and configured, its card claimed on the dashboard.
  await api(page, 'POST', '/api/admin/plugins/daily-reward/enable');
  await api(page, 'PUT', '/api/admin/plugins/daily-reward/config', { values: { base_reward: 25, streak_bonus: 5 } });
  await page.goto(`${base}/mc-admin/plugins`);
  await page.getByText('Daily reward').first().waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/admin-plugins.png') });
  await page.goto(`${base}/dashboard`);
  await page.getByTestId('daily-reward-claim').click();
  await page.getByTestId('daily-reward-message').waitFor();
  await page.waitForTimeout(400);
  await page.getByTestId('daily-reward-card').screenshot({ path: join(root, 'docs/screenshots/daily-reward.png') });
  // Image hosting: pictures chosen on the upload page, then the gallery with every thumbnail loaded.
  await api(page, 'PATCH', '/api/admin/settings', { values: { images_enabled: true, image_hosting_origin: base } });
  const files = await pictures();
  await page.goto(`${base}/images/upload`);
  await page.locator('[data-testid="upload-limits"]').waitFor();
  await page.locator('[data-testid="upload-input"]').setInputFiles(files);
  await page
    .locator('[data-testid="upload-item"][data-status="done"]')
    .nth(files.length - 1)
    .waitFor();
  await page.setViewportSize({ width: 1280, height: 1150 }); // both rows in view, so the lazy thumbnails load
  await page.goto(`${base}/images`);
  await page
    .locator('[data-testid="gallery-image"]')
    .nth(files.length - 1)
    .waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="gallery-image"] img')].every(
      (img) => img.complete && img.naturalWidth,
    ),
  );
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/images-gallery.png') });
  await page.setViewportSize({ width: 1280, height: 760 });
  const options = await api(page, 'GET', '/api/servers/options');
  await page.goto(`${base}/server/create`);
  await page.locator(`[data-testid="location-${options.locations[0].id}"]`).click();
  await page.click('[data-testid="step-next"]');
  await page.locator(`[data-testid="category-${options.categories[0].id}"]`).click();
  await page.click('[data-testid="step-next"]');
  await page
    .locator(`[data-testid="egg-${options.eggs.find((e) => e.category_id === options.categories[0].id).id}"]`)
    .click();
  await page.click('[data-testid="step-next"]');
  await page.fill('[data-testid="server-name"]', 'Creative world');
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/server-create.png'), fullPage: true });
  const [first] = (await api(page, 'GET', '/api/servers')).data;
  await page.goto(`${base}/server/${first.id}/renew`);
  await page.waitForSelector('[data-testid="renew-confirm"]');
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/server-renew.png') });
  await api(page, 'PATCH', '/api/admin/settings', {
    values: { afk_enabled: true, afk_interval_seconds: 10, afk_coins_per_interval: 5, store_enabled: true },
  });
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/store`);
  await page.waitForSelector('[data-testid="store-item-ram"]');
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/store.png'), fullPage: true });
  await page.goto(`${base}/earn/afk`);
  await page.waitForSelector('[data-testid="afk-countdown"]');
  await page.waitForTimeout(11_500); // one payout
  await page.screenshot({ path: join(root, 'docs/screenshots/afk.png') });
  await page.goto(`${base}/account`);
  await page.waitForSelector('[data-testid="coin-history"]');
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/account.png') });
  for (const [id, file] of [
    ['sessions', 'account-sessions.png'],
    ['security', 'account-security.png'],
    ['coins', 'account-coins.png'],
  ]) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.locator(`#${id}`).screenshot({ path: join(root, `docs/screenshots/${file}`) });
  }
  await page.goto(`${base}/mc-admin/servers`);
  await page.waitForSelector('table');
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/admin-servers.png') });
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
  // Support: a department, a ticket with a staff reply and an internal note; an announcement.
  const department = (
    await api(page, 'POST', '/api/admin/departments', {
      name: 'Billing',
      description: 'Payments, coins and receipts',
      opening_hours: 'Mon–Fri 09:00–17:00 UTC',
      enabled: true,
    })
  ).data;
  const ticket = (
    await api(page, 'POST', '/api/tickets', {
      department_id: department.id,
      subject: 'My top-up did not arrive',
      priority: 'high',
      message: 'I paid 5 EUR with PayPal an hour ago, but my balance did not change.',
    })
  ).data;
  await api(page, 'POST', `/api/admin/tickets/${ticket.id}/messages`, {
    message: 'Receipt found in PayPal; capture was delayed by their side.',
    internal: true,
  });
  await api(page, 'POST', `/api/admin/tickets/${ticket.id}/messages`, {
    message: 'Thanks for waiting! PayPal confirmed the payment and your 500 coins are now on your balance.',
  });
  await page.goto(`${base}/mc-admin/tickets/${ticket.id}`);
  await page.waitForSelector('[data-testid="ticket-controls"]');
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/admin-ticket.png'), fullPage: true });
  await api(page, 'POST', '/api/admin/announcements', {
    title: 'New location: Singapore',
    body: 'Servers can now be created in **Singapore**. Pick it in the first step of the wizard.\n\n- lower ping for Asia\n- same prices',
    tags: ['locations', 'news'],
    pinned: true,
  });
  await page.goto(`${base}/announcements`);
  await page.waitForSelector('[data-testid="announcement"]');
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/announcements.png') });
  await page.goto(`${base}/mc-admin`);
  await page.waitForSelector('.recharts-surface');
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(root, 'docs/screenshots/admin-dashboard.png'), fullPage: true });
  await page.goto(`${base}/mc-admin/health`);
  await page.waitForSelector('[data-testid="health-overall"]');
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(root, 'docs/screenshots/admin-health.png'), fullPage: true });
  const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await phone.goto(`${base}/auth/login`);
  await phone.waitForSelector('input[name="login"]');
  await phone.screenshot({ path: join(root, 'docs/screenshots/login-phone.png') });
  await phone.fill('input[name="login"]', 'steve');
  await phone.fill('input[name="password"]', 'screenshot pass');
  await phone.click('button[type="submit"]');
  await phone.waitForURL('**/dashboard');
  await phone.locator('[data-testid="server-card"]').first().waitFor();
  await phone.waitForTimeout(600);
  await phone.screenshot({ path: join(root, 'docs/screenshots/dashboard-phone.png'), fullPage: true });
  console.log('wrote docs/screenshots/*.png');
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
