import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HealthCheck } from '@hostdeck/contracts';
import { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { mailOutbox, workerHeartbeats } from '../../db/schema/index.ts';
import { migrationsFolder } from '../../lib/paths.ts';
import { checkDisk, checkMigrations, checkRedis, checkWorkers } from './health.checks.ts';
import { HealthService } from './health.service.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await memberWithPermissions(t.app, ['admin.health.view']);
});
afterAll(() => t.close());

type Keys =
  | 'database'
  | 'panel'
  | 'smtp'
  | 'workers'
  | 'queue'
  | 'outbox'
  | 'disk'
  | 'migrations'
  | 'version'
  | 'vpn'
  | 'plugins';
async function checks(): Promise<Record<Keys, HealthCheck> & { overall: string }> {
  const res = await admin.get('/api/admin/health');
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const byKey = Object.fromEntries(body.checks.map((c: HealthCheck) => [c.key, c])) as Record<Keys, HealthCheck>;
  return Object.assign(byKey, { overall: body.state as string });
}

/** A TCP port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('health', () => {
  it('needs admin.health.view', async () => {
    const other = await memberWithPermissions(t.app, ['admin.dashboard.view']);
    expect((await other.get('/api/admin/health')).statusCode).toBe(403);
  });

  it('reports every check; nothing configured yet means amber for the panel and SMTP', async () => {
    const c = await checks();
    expect(Object.keys(c).sort()).toEqual(
      [
        'database',
        'disk',
        'migrations',
        'outbox',
        'overall',
        'panel',
        'plugins',
        'queue',
        'smtp',
        'version',
        'vpn',
        'workers',
      ].sort(),
    );
    expect(c.database).toMatchObject({ state: 'green', reason: 'database.ok' });
    expect(c.panel).toMatchObject({ state: 'amber', reason: 'panel.not_configured', action: 'panel.configure' });
    expect(c.smtp).toMatchObject({ state: 'amber', reason: 'smtp.not_configured' });
    expect(c.migrations).toMatchObject({ state: 'green', reason: 'migrations.ok' });
    expect(c.version).toMatchObject({ state: 'green', params: { version: '0.1.0' } });
    expect(c.disk.state).toBe('green');
    expect(c.vpn).toMatchObject({ state: 'green', reason: 'vpn.off' });
    expect(c.plugins).toMatchObject({ state: 'green', reason: 'plugins.ok' });
    expect(c.overall).not.toBe('green');
  });

  it('panel: demo panel green "simulated", a working panel green, red when it stops answering or refuses the key', async () => {
    await t.app.ctx.settings.update({ demo_panel_enabled: true });
    expect((await checks()).panel).toMatchObject({ state: 'green', reason: 'panel.simulated' });

    const sim = new PterodactylSimulator({ apiKey: 'ptla_health' });
    await sim.listen();
    await t.app.ctx.settings.update({ pterodactyl_base_url: sim.url, pterodactyl_api_key: 'ptla_health' });
    expect((await checks()).panel).toMatchObject({ state: 'green', reason: 'panel.ok' });

    await t.app.ctx.settings.update({ pterodactyl_api_key: 'ptla_wrong' });
    expect((await checks()).panel).toMatchObject({ state: 'red', reason: 'panel.auth_failed', action: 'panel.key' });

    await t.app.ctx.settings.update({ pterodactyl_api_key: 'ptla_health' });
    await sim.close();
    const down = await checks();
    expect(down.panel).toMatchObject({ state: 'red', reason: 'panel.unreachable', action: 'panel.reach' });
    expect(down.overall).toBe('red');
  });

  it('SMTP: green against a real SMTP server, red on a closed port', async () => {
    const smtp = await startSmtpServer();
    try {
      await t.app.ctx.settings.update({ smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_encryption: 'none' });
      expect((await checks()).smtp).toMatchObject({ state: 'green', reason: 'smtp.ok' });
    } finally {
      await smtp.close();
    }
    await t.app.ctx.settings.update({ smtp_port: await closedPort() });
    const c = await checks();
    expect(c.smtp).toMatchObject({ state: 'red', reason: 'smtp.unreachable', action: 'smtp.check' });
    expect(c.smtp.detail).toBeTruthy();
  });

  it('a check that does not answer in time is red without holding up the others', async () => {
    const slow = new HealthService(t.app.ctx, {
      timeoutMs: 200,
      statfs: () => new Promise(() => {}), // never answers
    });
    const report = await slow.report();
    expect(report.checks.find((c) => c.key === 'disk')).toMatchObject({ state: 'red', reason: 'timeout' });
    expect(report.checks.find((c) => c.key === 'database')).toMatchObject({ state: 'green' });
  });

  it('mail outbox: failed mails make it amber', async () => {
    expect((await checks()).outbox.state).toBe('green');
    await t.app.ctx.db.insert(mailOutbox).values({ to: 'a@example.com', subject: 's', text: 't', status: 'failed' });
    expect((await checks()).outbox).toMatchObject({ state: 'amber', reason: 'outbox.failed', params: { count: 1 } });
  });
});

describe('health checks', () => {
  it('redis: red when nothing answers on its address', async () => {
    expect(await checkRedis(`redis://127.0.0.1:${await closedPort()}`, 1000)).toMatchObject({
      state: 'red',
      reason: 'redis.down',
      action: 'redis.check',
    });
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('redis: green when PING answers', async () => {
    expect(await checkRedis(process.env.TEST_REDIS_URL!, 2000)).toMatchObject({ state: 'green', reason: 'redis.ok' });
  });

  it('disk: green with room, amber under 10 % free, red under 2 %', async () => {
    const stat = (free: number) => async () => ({ blocks: 1000, bavail: free, bsize: 4096 });
    expect((await checkDisk('/data', stat(500))).state).toBe('green');
    expect(await checkDisk('/data', stat(80))).toMatchObject({
      state: 'amber',
      reason: 'disk.low',
      params: { percent: 8 },
    });
    expect(await checkDisk('/data', stat(10))).toMatchObject({ state: 'red', reason: 'disk.critical' });
  });

  it('migrations: red when the build ships a migration the database has not applied', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hostdeck-migrations-'));
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
    const last = journal.entries.at(-1);
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_not_applied' });
    writeFileSync(journalFile, JSON.stringify(journal));
    expect(await checkMigrations(t.app.ctx.db, folder)).toMatchObject({
      state: 'red',
      reason: 'migrations.pending',
      params: { count: 1, first: '9999_not_applied' },
    });
    expect((await checkMigrations(t.app.ctx.db)).state).toBe('green');
  });

  it('workers: amber before the first beat, green while beating, red when a beat is three intervals old', async () => {
    const db = t.app.ctx.db;
    await db.delete(workerHeartbeats);
    expect((await checkWorkers(db)).state).toBe('amber');
    const now = Date.now();
    await db.insert(workerHeartbeats).values([
      { name: 'server-queue', instance: 'a', beatAt: new Date(now - 2_000) },
      { name: 'server-lifecycle', instance: 'a', beatAt: new Date(now - 20_000) },
    ]);
    expect((await checkWorkers(db, now)).state).toBe('green');
    expect(await checkWorkers(db, now + 120_000)).toMatchObject({
      state: 'red',
      reason: 'workers.stale',
      params: { names: 'server-queue, server-lifecycle' },
    });
  });
});
