import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberWithServer, type PanelWorld, simulatedPanelApp } from '../../test/servers.ts';
import { mailOutbox, servers, users, workerHeartbeats } from '../db/schema/index.ts';
import { ServerLifecycleWorker } from './server-lifecycle.worker.ts';

let w: PanelWorld;
const DAY = 86_400_000;
beforeAll(async () => {
  w = await simulatedPanelApp();
});
afterAll(() => w.close());
beforeEach(async () => {
  await w.t.app.ctx.settings.update({
    server_renew_enabled: true,
    server_renew_days: 30,
    server_renew_reminder_days: 3,
    server_delete_grace_days: 7,
  });
});

const lifecycle = () => w.t.app.ctx.serverLifecycle;
const row = async (id: string) => (await w.t.database.db.select().from(servers).where(eq(servers.id, id)))[0];
/** The lifecycle's mails to a member (sign-up and build mails left out): "template: subject". */
async function mailsTo(userId: string) {
  const [u] = await w.t.database.db.select().from(users).where(eq(users.id, userId));
  const lifecycleTemplates = ['renewal_reminder', 'server_suspended', 'server_deleted'];
  return (await w.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u!.email)))
    .filter((m) => lifecycleTemplates.includes(m.template ?? ''))
    .map((m) => `${m.template}: ${m.subject}`);
}

describe('server lifecycle worker', () => {
  it('reads statuses from the panel, so pages never have to', async () => {
    const a = await memberWithServer(w);
    w.sim.finishInstall(a.panel()!.id);
    expect(await lifecycle().syncStatuses()).toBeGreaterThanOrEqual(1);
    expect((await row(a.server.id))?.status).toBe('active');
    w.sim.finishInstall(a.panel()!.id); // no change: nothing written
    a.panel()!.status = 'suspended'; // suspended by the operator on the panel itself
    await lifecycle().syncStatuses();
    expect((await a.client.get('/api/servers')).json().data[0].status).toBe('suspended');
  });

  it('between full syncs, asks the panel about installing servers only', async () => {
    const a = await memberWithServer(w);
    await lifecycle().syncStatuses(); // a full sync just ran: the next passes ask about installing ones
    w.sim.finishInstall(a.panel()!.id);
    await lifecycle().runOnce(new Date(Date.now() + 3000));
    expect((await row(a.server.id))?.status).toBe('active');
  });

  it('gives an expiry when renewal is on, reminds once, suspends at expiry, deletes after the grace period', async () => {
    const a = await memberWithServer(w);
    const expires = (await row(a.server.id))!.expiresAt!;
    expect(expires.getTime()).toBeGreaterThan(Date.now() + 29.9 * DAY);
    w.sim.finishInstall(a.panel()!.id);

    await lifecycle().runOnce(new Date(expires.getTime() - 5 * DAY));
    expect(await mailsTo(a.id)).toEqual([]);
    await lifecycle().runOnce(new Date(expires.getTime() - 2 * DAY));
    await lifecycle().runOnce(new Date(expires.getTime() - 1 * DAY));
    expect(await mailsTo(a.id)).toEqual([`renewal_reminder: Hostdeck: your server "Survival" expires soon`]);

    const expiredAt = new Date(expires.getTime() + 60_000);
    await lifecycle().runOnce(expiredAt);
    expect(a.panel()?.status).toBe('suspended');
    expect(await row(a.server.id)).toMatchObject({ status: 'suspended', expirySuspendedAt: expiredAt });
    expect(await mailsTo(a.id)).toContain(`server_suspended: Hostdeck: your server "Survival" is suspended`);

    await lifecycle().runOnce(new Date(expiredAt.getTime() + 6 * DAY));
    expect(await row(a.server.id)).toBeDefined();
    // Panel down at the deadline: the record stays (marked deleting) until the panel confirms.
    w.sim.failWrites(1000); // every write of this pass (other tests' servers expire now too)
    const deadline = new Date(expiredAt.getTime() + 7 * DAY + 1000);
    await lifecycle().runOnce(deadline);
    w.sim.failWrites(0);
    expect(a.panel()).toBeDefined();
    expect((await row(a.server.id))?.status).toBe('deleting');
    await lifecycle().runOnce(new Date(Date.now() + 11 * 60_000));
    expect(a.panel()).toBeUndefined();
    expect(await row(a.server.id)).toBeUndefined();
    expect(await mailsTo(a.id)).toContain(`server_deleted: Hostdeck: your server "Survival" was deleted`);
  });

  it('counts the grace period from the suspension, not the expiry, when the worker comes late', async () => {
    const a = await memberWithServer(w);
    const expires = (await row(a.server.id))!.expiresAt!;
    const late = new Date(expires.getTime() + 20 * DAY);
    await lifecycle().runOnce(late);
    expect((await row(a.server.id))?.status).toBe('suspended');
    await lifecycle().runOnce(new Date(late.getTime() + DAY));
    expect(await row(a.server.id)).toBeDefined();
  });

  it('lifts an expiry suspension the panel could not lift at renewal time', async () => {
    await w.t.app.ctx.settings.update({ server_renew_cost: 0 });
    const a = await memberWithServer(w);
    const expires = (await row(a.server.id))!.expiresAt!;
    await lifecycle().runOnce(new Date(expires.getTime() + 1000));
    w.sim.failWrites(1);
    const renewed = await a.client.post(`/api/servers/${a.server.id}/renew`);
    w.sim.failWrites(0);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data.status).toBe('suspended');
    await lifecycle().runOnce();
    expect(a.panel()?.status).not.toBe('suspended');
    expect(await row(a.server.id)).toMatchObject({ status: 'active', expirySuspendedAt: null });
    await w.t.app.ctx.settings.update({ server_renew_cost: null });
  });

  it('renewal switched off: lifts an expiry suspension and drops the passed expiry, keeps paid time ahead; on again, a fresh period', async () => {
    const settings = w.t.app.ctx.settings;
    await settings.update({ server_renew_cost: 0 });
    const a = await memberWithServer(w);
    const b = await memberWithServer(w);
    expect((await b.client.post(`/api/servers/${b.server.id}/renew`)).statusCode).toBe(200);
    const paid = (await row(b.server.id))!.expiresAt!;
    const expiredAt = new Date((await row(a.server.id))!.expiresAt!.getTime() + 1000);
    await lifecycle().runOnce(expiredAt);
    expect(await row(a.server.id)).toMatchObject({ status: 'suspended', expirySuspendedAt: expiredAt });

    await settings.update({ server_renew_enabled: false });
    await lifecycle().runOnce(new Date(expiredAt.getTime() + 1000));
    expect(await row(a.server.id)).toMatchObject({ status: 'active', expirySuspendedAt: null, expiresAt: null });
    expect(a.panel()?.status).not.toBe('suspended');
    expect((await row(b.server.id))?.expiresAt).toEqual(paid);

    await settings.update({ server_renew_enabled: true });
    const back = new Date(expiredAt.getTime() + 2000);
    await lifecycle().runOnce(back);
    expect(await row(a.server.id)).toMatchObject({ status: 'active', expiresAt: new Date(back.getTime() + 30 * DAY) });
    await settings.update({ server_renew_cost: null });
  });

  it('a renewal paid before a server has its first expiry adds its period after the free one', async () => {
    const settings = w.t.app.ctx.settings;
    await settings.update({ server_renew_enabled: false, server_renew_cost: 0 });
    const a = await memberWithServer(w);
    expect((await row(a.server.id))?.expiresAt).toBeNull();
    await settings.update({ server_renew_enabled: true });
    const before = Date.now();
    const quote = (await a.client.get(`/api/servers/${a.server.id}`)).json().renewal;
    expect(Date.parse(quote.new_expires_at)).toBeGreaterThanOrEqual(before + 60 * DAY);
    expect((await a.client.post(`/api/servers/${a.server.id}/renew`)).statusCode).toBe(200);
    expect((await row(a.server.id))!.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 60 * DAY);
    await lifecycle().runOnce(); // the free period is not given on top
    expect((await row(a.server.id))!.expiresAt!.getTime()).toBeLessThan(before + 61 * DAY);
    await settings.update({ server_renew_cost: null });
  });

  it('leaves servers alone while renewal is off', async () => {
    await w.t.app.ctx.settings.update({ server_renew_enabled: false });
    const a = await memberWithServer(w);
    expect((await row(a.server.id))?.expiresAt).toBeNull();
    await lifecycle().runOnce(new Date(Date.now() + 400 * DAY));
    expect(await row(a.server.id)).toMatchObject({ expiresAt: null, status: 'installing' });
    expect(a.panel()?.status).toBe('installing');
  });
});

describe('several instances', () => {
  it('read the whole panel once per period between them, not once each', async () => {
    const a = await memberWithServer(w);
    const ctx = w.t.app.ctx;
    await w.t.database.db.delete(workerHeartbeats).where(eq(workerHeartbeats.name, 'server-status-sync'));
    const provider = await ctx.panel.get();
    const reads = vi.spyOn(provider, 'listServers');
    const instances = [1, 2, 3].map(
      () => new ServerLifecycleWorker(w.t.database.db, ctx.panel, ctx.settings, ctx.servers, w.t.app.log, () => ''),
    );
    await Promise.all(instances.map((i) => i.runOnce()));
    expect(reads).toHaveBeenCalledTimes(1);
    // The next passes of every instance, within the period: no full read; installing servers are still looked at.
    w.sim.finishInstall(a.panel()!.id);
    await Promise.all(instances.map((i) => i.runOnce(new Date(Date.now() + 10_000))));
    expect(reads).toHaveBeenCalledTimes(1);
    expect((await row(a.server.id))?.status).toBe('active');
    // Once the period has passed (the claim moved back), one of them reads again.
    await w.t.database.db
      .update(workerHeartbeats)
      .set({ beatAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(workerHeartbeats.name, 'server-status-sync'));
    for (const i of instances) (i as unknown as { lastSync: number }).lastSync = 0;
    await Promise.all(instances.map((i) => i.runOnce()));
    expect(reads).toHaveBeenCalledTimes(2);
    reads.mockRestore();
  });
});
