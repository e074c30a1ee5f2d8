import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../test/app.ts';
import { newMember, TestClient } from '../../test/client.ts';
import { panelSettings, panelSimulator } from '../../test/panel-flavour.ts';
import { until } from '../../test/queue-helpers.ts';
import { serverRequest } from '../../test/servers.ts';
import { memberWithPermissions } from '../../test/users.ts';
import { serverQueue, serverQueueLogs, servers } from '../db/schema/index.ts';
import { panelKeyFor } from '../integrations/hosting/panel-key.ts';

// Two processes on one database need a database server: the embedded one serves one process at a time.
describe.runIf(onPostgres)('server queue worker killed in the middle of a build', () => {
  let t: TestApp;
  let sim: PterodactylSimulator;
  let worker: ChildProcess | undefined;
  let killedAt = 0;

  /** A separate Hostdeck process running only the queue worker on the test's database, with production settings. */
  function startWorker(): Promise<{ child: ChildProcess; instance: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', join('test', 'queue-worker-process.ts')], {
      cwd: join(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: t.databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return new Promise((resolve, reject) => {
      child.stdout?.on('data', (d: Buffer) => {
        const ready = d.toString().match(/ready (\S+)/);
        if (ready) resolve({ child, instance: ready[1] as string });
      });
      child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)));
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    sim = panelSimulator({
      // The worst moment: the panel has made the server, the worker dies before it hears so.
      beforeAnswer: (method, path, status) => {
        if (!killedAt && method === 'POST' && path.endsWith('/servers') && status === 201) {
          worker?.kill('SIGKILL');
          killedAt = Date.now();
        }
      },
    });
    await sim.listen();
    await t.app.ctx.settings.update(panelSettings(sim));
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await t.close();
    await sim.close();
  });

  it('a restarted worker takes the build back within 90 s and adopts the one server the panel made', async () => {
    const root = await memberWithPermissions(t.app, ['admin.root'], 8);
    for (const path of ['locations', 'egg-categories', 'eggs']) await root.post(`/api/admin/${path}/import`);
    const location = (await root.get('/api/admin/locations?search=europe')).json().data[0];
    const egg = (await root.get('/api/admin/eggs?search=paper')).json().data[0];
    const member = new TestClient(t.app);
    await member.post('/api/user/auth/register', newMember());
    const queued = (await member.post('/api/servers/requests', serverRequest(location.id, egg.id))).json().data;
    const item = async () => (await t.database.db.select().from(serverQueue).where(eq(serverQueue.id, queued.id)))[0]!;

    const first = await startWorker();
    worker = first.child;
    await new Promise<void>((resolve) => first.child.on('exit', () => resolve()));
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(await item()).toMatchObject({ status: 'building', leasedBy: first.instance });
    expect(sim.state.servers.filter((s) => s.external_id === queued.id)).toHaveLength(1);
    expect(await t.database.db.select().from(servers).where(eq(servers.name, queued.name))).toHaveLength(0);

    // Restarted with the production lease (60 s) and polling: the lapsed lease hands the build over.
    const second = await startWorker();
    worker = second.child;
    await until(
      'the item completed by the restarted worker',
      async () => (await item()).status === 'completed',
      120_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(90_000);
    second.child.kill('SIGTERM');

    expect(await item()).toMatchObject({ status: 'completed', attempts: 2, leaseUntil: null });
    expect(sim.state.servers.filter((s) => s.external_id === queued.id)).toHaveLength(1);
    const built = await t.database.db
      .select()
      .from(servers)
      .where(eq(servers.id, (await item()).serverId!));
    expect(built).toMatchObject([{ externalId: queued.id, panelKey: panelKeyFor(sim.url) }]);
    const lines = await t.database.db.select().from(serverQueueLogs).where(eq(serverQueueLogs.queueId, queued.id));
    expect(lines.map((l) => l.message).join('\n')).toMatch(/Taken back[\s\S]*adopting it[\s\S]*Completed/);
  }, 240_000);
});
