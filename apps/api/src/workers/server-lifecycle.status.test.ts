import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleWorker } from '../../test/lifecycle.ts';
import { memberWithServer, type PanelWorld, simulatedPanelApp } from '../../test/servers.ts';
import { servers } from '../db/schema/index.ts';
import { installLookDue } from './server-lifecycle.status.ts';
import type { ServerLifecycleWorker } from './server-lifecycle.worker.ts';

let w: PanelWorld;
let worker: ServerLifecycleWorker;
let log: ReturnType<typeof lifecycleWorker>['log'];
/** Panel requests per path ("GET /api/application/servers/7"), counted by the simulator. */
const requests = new Map<string, number>();
beforeAll(async () => {
  w = await simulatedPanelApp();
  ({ worker, log } = lifecycleWorker(w.t));
  w.sim.options.beforeAnswer = (method, path) =>
    requests.set(`${method} ${path}`, (requests.get(`${method} ${path}`) ?? 0) + 1);
});
afterAll(() => w.close());

const row = async (id: string) => (await w.t.database.db.select().from(servers).where(eq(servers.id, id)))[0];
const looks = (panelId: number) => requests.get(`GET /api/application/servers/${panelId}`) ?? 0;
const fullReads = () => requests.get('GET /api/application/servers') ?? 0;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('installing servers', () => {
  it('are asked about a few seconds after creation, backing off, so a finished install shows within seconds', async () => {
    const a = await memberWithServer(w);
    const panelId = a.panel()!.id;
    const created = (await row(a.server.id))!.createdAt;
    await worker.syncStatuses(); // the full read just ran: the ticks below must not repeat it
    const reads = fullReads();

    await worker.runOnce(at(created, 1000)); // a whole pass: too early for a first look
    await worker.tick(at(created, 2000));
    expect(looks(panelId)).toBe(0);
    await worker.tick(at(created, 3000));
    expect(looks(panelId)).toBe(1);

    w.sim.finishInstall(panelId);
    await worker.tick(at(created, 4500)); // next look at 6 s
    expect(looks(panelId)).toBe(1);
    expect((await row(a.server.id))?.status).toBe('installing');
    await worker.tick(at(created, 6000));
    expect(looks(panelId)).toBe(2);
    expect((await row(a.server.id))?.status).toBe('active');
    await worker.tick(at(created, 20_000)); // no longer installing: no longer asked about
    expect(looks(panelId)).toBe(2);
    expect(fullReads()).toBe(reads);
  });

  it('back off 3, 6, 12, 24 s after creation, then every 30 s', () => {
    const lookTimes: number[] = [];
    let last: number | undefined;
    for (let t = 0; t <= 120_000; t += 500)
      if (installLookDue(0, last, t)) {
        lookTimes.push(t / 1000);
        last = t;
      }
    expect(lookTimes).toEqual([3, 6, 12, 24, 48, 78, 108]);
  });
});

describe('a server the panel no longer has', () => {
  it('is marked missing once (logged with its id), no longer polled, shown to its owner and staff, and removable', async () => {
    const a = await memberWithServer(w);
    const panelId = a.panel()!.id;
    const created = (await row(a.server.id))!.createdAt;
    const onPanel = a.panel()!;
    w.sim.state.servers.splice(w.sim.state.servers.indexOf(onPanel), 1); // deleted on the panel itself
    log.warn.mockClear();

    await worker.tick(at(created, 3000));
    expect(await row(a.server.id)).toMatchObject({ status: 'missing' });
    const asked = looks(panelId);
    for (const ms of [6000, 12_000, 24_000, 60_000, 120_000]) await worker.tick(at(created, ms));
    expect(looks(panelId)).toBe(asked);
    await worker.syncStatuses(); // a full read finds it missing again: nothing new to log
    const warned = log.warn.mock.calls.filter(([, msg]) => String(msg).includes('marked missing'));
    expect(warned).toEqual([[{ server: a.server.id, panel_server_id: panelId }, expect.any(String)]]);

    await w.t.app.ctx.settings.update({ server_renew_enabled: true });
    const mine = (await a.client.get('/api/servers')).json().data[0];
    expect(mine).toMatchObject({ id: a.server.id, status: 'missing', panel_url: null });
    for (const res of [
      await a.client.patch(`/api/servers/${a.server.id}`, { name: 'Again' }),
      await a.client.post(`/api/servers/${a.server.id}/renew`),
    ])
      expect(res.json()).toMatchObject({ success: false, error_code: 'SERVER_MISSING_ON_PANEL' });
    await w.t.app.ctx.settings.update({ server_renew_enabled: null });
    const listed = (await w.root.get('/api/admin/servers?status=missing')).json();
    expect(listed.data.map((s: { id: string }) => s.id)).toEqual([a.server.id]);

    // Back on the panel (restored there): the full read brings it back with the panel's status.
    w.sim.state.servers.push({ ...onPanel, status: null });
    await worker.syncStatuses();
    expect(await row(a.server.id)).toMatchObject({ status: 'active' });

    w.sim.state.servers.splice(w.sim.state.servers.indexOf(a.panel()!), 1);
    await worker.syncStatuses(); // the full read applies the same rule to every status
    expect(await row(a.server.id)).toMatchObject({ status: 'missing' });
    expect((await w.root.delete(`/api/admin/servers/${a.server.id}`)).statusCode).toBe(200);
    expect(await row(a.server.id)).toBeUndefined();
  });
});
