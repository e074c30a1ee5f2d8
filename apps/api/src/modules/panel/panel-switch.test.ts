import { randomUUID } from 'node:crypto';
import { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleWorker } from '../../../test/lifecycle.ts';
import { memberWithServer, type PanelWorld, simulatedPanelApp } from '../../../test/servers.ts';
import { auditLog, serverQueue, servers, users } from '../../db/schema/index.ts';
import { panelKeyFor } from '../../integrations/hosting/panel-key.ts';
import type { ServerLifecycleWorker } from '../../workers/server-lifecycle.worker.ts';

type SimServer = PterodactylSimulator['state']['servers'][number];
const DAY = 86_400_000;
let w: PanelWorld;
let b: PterodactylSimulator;
/** A lifecycle worker of this file's own (its own clock and log); the app's runs nothing by itself in tests. */
let worker: ServerLifecycleWorker;
let log: ReturnType<typeof lifecycleWorker>['log'];
beforeAll(async () => {
  w = await simulatedPanelApp();
  b = new PterodactylSimulator({ apiKey: 'ptla_key' });
  await b.listen();
  ({ worker, log } = lifecycleWorker(w.t));
  await w.t.app.ctx.settings.update({ server_renew_enabled: true, server_renew_days: 30, server_delete_grace_days: 7 });
});
afterAll(async () => {
  await w.close();
  await b.close();
});

/** Points Hostdeck at a panel through the admin settings, as the operator does. */
async function usePanel(sim: PterodactylSimulator) {
  const res = await w.root.patch('/api/admin/settings', { values: { pterodactyl_base_url: sim.url } });
  expect(res.statusCode).toBe(200);
}
const row = async (id: string) => (await w.t.database.db.select().from(servers).where(eq(servers.id, id)))[0];
/** Someone else's server on `sim` under the same panel id (ids overlap between panels and rebuilt panels). */
function impostor(sim: PterodactylSimulator, of: SimServer, status: string | null = null): SimServer {
  const twin = { ...structuredClone(of), external_id: randomUUID(), uuid: randomUUID(), name: 'Not yours', status };
  const at = sim.state.servers.findIndex((s) => s.id === of.id);
  if (at >= 0) sim.state.servers[at] = twin;
  else sim.state.servers.push(twin);
  sim.state.nextId.servers = Math.max(sim.state.nextId.servers ?? 0, of.id);
  return twin;
}

describe('after the panel is changed', () => {
  it("a record acts only on the panel it was built on: nothing reaches the new panel's server with its id", async () => {
    const [a1, a2, a3] = [await memberWithServer(w), await memberWithServer(w), await memberWithServer(w)];
    const [twin1, twin2, twin3] = [
      impostor(b, a1.panel()!, 'suspended'),
      impostor(b, a2.panel()!),
      impostor(b, a3.panel()!),
    ];
    await usePanel(b);

    expect((await a1.client.get('/api/servers')).json().data[0]).toMatchObject({
      status: 'other_panel',
      panel_url: null,
    });
    for (const res of [
      await a1.client.delete(`/api/servers/${a1.server.id}`),
      await a1.client.patch(`/api/servers/${a1.server.id}`, { name: 'Renamed' }),
      await a1.client.post(`/api/servers/${a1.server.id}/renew`),
    ])
      expect(res.json()).toMatchObject({ success: false, error_code: 'SERVER_ON_OTHER_PANEL' });

    // The status sync does not take panel B's statuses onto panel A's records.
    expect(await worker.syncStatuses()).toBe(0);
    expect(await row(a1.server.id)).toMatchObject({ status: 'installing', name: 'Survival' });
    // Expiry: no suspension of panel B's server 2, no deletion of panel B's server 3.
    const expires = (await row(a2.server.id))!.expiresAt!;
    await w.t.database.db
      .update(servers)
      .set({ status: 'suspended', expirySuspendedAt: new Date(expires.getTime() - 8 * DAY) })
      .where(eq(servers.id, a3.server.id));
    await worker.runOnce(new Date(expires.getTime() + 60_000));
    await worker.runOnce(new Date(expires.getTime() + 120_000));
    expect(await row(a2.server.id)).toMatchObject({ status: 'installing', expirySuspendedAt: null });
    expect(await row(a3.server.id)).toBeDefined();
    expect(b.state.servers).toEqual(expect.arrayContaining([twin1, twin2, twin3]));
    expect([twin1.status, twin2.status, twin3.status, twin1.name]).toEqual(['suspended', null, null, 'Not yours']);
    const counted = log.warn.mock.calls.filter(([, msg]) => String(msg).includes('another panel'));
    expect(counted).toEqual([[{ servers: 3, panel: panelKeyFor(b.url) }, expect.any(String)]]); // once, as a number

    // Staff find them and remove a record (no panel call: panel B's server 1 stays).
    const listed = (await w.root.get('/api/admin/servers?status=other_panel')).json();
    expect(listed.data.map((s: { id: string }) => s.id).sort()).toEqual(
      [a1.server.id, a2.server.id, a3.server.id].sort(),
    );
    expect((await w.root.get('/api/admin/servers?status=installing')).json().total).toBe(0);
    expect((await w.root.delete(`/api/admin/servers/${a1.server.id}`)).statusCode).toBe(200);
    expect(await row(a1.server.id)).toBeUndefined();
    expect(b.state.servers).toContain(twin1);
    const [audit] = await w.t.database.db.select().from(auditLog).where(eq(auditLog.targetId, a1.server.id));
    expect(audit).toMatchObject({ action: 'server.delete', after: { record_only: true } });

    // Back on panel A, its records act again.
    await usePanel(w.sim);
    w.sim.finishInstall(a2.panel()!.id);
    await worker.syncStatuses();
    expect(await row(a2.server.id)).toMatchObject({ status: 'active' });
    expect((await a2.client.delete(`/api/servers/${a2.server.id}`)).statusCode).toBe(200);
    expect(a2.panel()).toBeUndefined();
    expect(b.state.servers).toContain(twin2);
  });

  it('on a rebuilt panel (same address, same ids, other servers) nothing is acted on: the records go missing', async () => {
    await usePanel(w.sim);
    const [r1, r2, r3, r4, r5] = [
      await memberWithServer(w),
      await memberWithServer(w),
      await memberWithServer(w, { memory_limit: 4096 }),
      await memberWithServer(w),
      await memberWithServer(w),
    ];
    for (const r of [r1, r5]) w.sim.finishInstall(r.panel()!.id);
    await worker.syncStatuses(); // r1 and r5 are active; the next passes only look at installing servers
    const expires = (await row(r1.server.id))!.expiresAt!;
    await w.t.database.db
      .update(servers)
      .set({ status: 'suspended', expirySuspendedAt: new Date(expires.getTime() - 8 * DAY) })
      .where(eq(servers.id, r4.server.id));
    await w.t.database.db
      .update(servers)
      .set({ expiresAt: new Date(expires.getTime() + 30 * DAY) }) // r5 is left to the status sync
      .where(eq(servers.id, r5.server.id));
    const [i1, i2, i3, i4] = [r1, r2, r3, r4].map((r) => impostor(w.sim, r.panel()!)) as [
      SimServer,
      SimServer,
      SimServer,
      SimServer,
    ];
    const i5 = impostor(w.sim, r5.panel()!, 'suspended');

    const update = await r3.client.patch(`/api/servers/${r3.server.id}`, { name: 'Mine', memory: 1024 });
    expect(update.json()).toMatchObject({ success: false, error_code: 'SERVER_MISSING_ON_PANEL' });
    expect(await row(r3.server.id)).toMatchObject({ status: 'missing', name: 'Survival', memory: 512 });
    expect((await r2.client.delete(`/api/servers/${r2.server.id}`)).statusCode).toBe(200); // gone: the record goes
    expect(await row(r2.server.id)).toBeUndefined();

    await worker.runOnce(new Date(expires.getTime() + 60_000)); // r1 expired, r4's grace is over
    expect(await row(r1.server.id)).toMatchObject({ status: 'missing', expirySuspendedAt: null });
    expect(await row(r4.server.id)).toBeUndefined();
    await worker.syncStatuses();
    expect(await row(r5.server.id)).toMatchObject({ status: 'missing' }); // not the impostor's "suspended"

    expect(w.sim.state.servers).toEqual(expect.arrayContaining([i1, i2, i3, i4, i5]));
    expect([i1, i2, i3, i4].map((i) => [i.status, i.name, i.limits.memory])).toEqual(
      Array(4).fill([null, 'Not yours', 512]),
    );
  });

  it("a member linked on the old panel gets an account on the new one, whatever the new panel's ids", async () => {
    await usePanel(w.sim);
    const m = await memberWithServer(w, {
      server_limit: 2,
      memory_limit: 2048,
      cpu_limit: 200,
      disk_limit: 4096,
      allocation_limit: 4,
    });
    const [linked] = await w.t.database.db.select().from(users).where(eq(users.id, m.id));
    expect(linked).toMatchObject({ panelKey: panelKeyFor(w.sim.url), panelUserId: expect.any(Number) });
    const oldId = linked!.panelUserId as number;
    await usePanel(b);
    b.state.nextId.users = oldId - 1; // panel B's next account gets the id m has on panel A
    const n = await memberWithServer(w); // n's account on B: the same number as m's on A
    const nOnB = b.state.users.find((u) => u.external_id === n.id);
    expect(nOnB?.id).toBe(oldId);

    const again = await m.client.post('/api/servers/requests', w.request({ name: 'On B' }));
    expect(again.statusCode).toBe(201);
    await w.t.app.ctx.serverQueue.runOnce();
    const [item] = await w.t.database.db.select().from(serverQueue).where(eq(serverQueue.id, again.json().data.id));
    expect(item).toMatchObject({ status: 'completed', lastError: null });
    const mOnB = b.state.users.find((u) => u.external_id === m.id);
    expect(mOnB?.id).not.toBe(oldId);
    expect(b.state.servers.find((s) => s.external_id === item!.id)?.user).toBe(mOnB!.id);
    const [relinked] = await w.t.database.db.select().from(users).where(eq(users.id, m.id));
    expect(relinked).toMatchObject({ panelKey: panelKeyFor(b.url), panelUserId: mOnB!.id });
    expect(await row(item!.serverId!)).toMatchObject({ panelKey: panelKeyFor(b.url), externalId: item!.id });
  });
});
