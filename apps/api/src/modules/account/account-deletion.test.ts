import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, TestClient } from '../../../test/client.ts';
import { memberWithServer, type PanelWorld, simulatedPanelApp } from '../../../test/servers.ts';
import { department, openTicket, png } from '../../../test/tickets.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  coinLedger,
  mailOutbox,
  serverQueue,
  servers,
  sessions,
  tickets,
  users,
} from '../../db/schema/index.ts';
import { moveCoins } from '../coins/ledger.ts';

let w: PanelWorld;
beforeAll(async () => {
  w = await simulatedPanelApp();
});
afterAll(() => w.close());

const db = () => w.t.database.db;
const HOUR = 3_600_000;
const limits = { server_limit: 3, memory_limit: 2048, cpu_limit: 200, disk_limit: 4096, allocation_limit: 4 };
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const ledgerSum = async (id: string) =>
  Number(
    (
      await db()
        .select({ n: sql<number>`coalesce(sum(${coinLedger.amount}), 0)` })
        .from(coinLedger)
        .where(eq(coinLedger.userId, id))
    )[0]?.n,
  );

describe('deleting my account', () => {
  it('refuses a wrong confirmation or password, or a code while two-factor is off, and changes nothing', async () => {
    const client = new TestClient(w.t.app);
    const member = newMember();
    await client.post('/api/user/auth/register', member);
    const del = (body: Record<string, unknown>) => client.post('/api/account/delete', body);
    const typo = await del({ password: member.password, confirm: `${member.username}x` });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error_code).toBe('DELETE_CONFIRM_MISMATCH');
    const wrong = await del({ password: 'not my password', confirm: member.username });
    expect(wrong.json().error_code).toBe('CURRENT_PASSWORD_INVALID');
    expect((await del({ code: '123456', confirm: member.username })).json().error_code).toBe('TWO_FA_NOT_ENABLED');
    expect((await del({ confirm: member.username })).json().error_code).toBe('VALIDATION_ERROR');
    expect((await client.get('/api/user/session')).statusCode).toBe(200);
    const id = (await client.get('/api/user/session')).json().user_info.uuid;
    expect((await userRow(id)).deletionRequestedAt).toBeNull();
  });

  it('refuses the last Administrator', async () => {
    // The world's root account is the only Administrator.
    const session = (await w.root.get('/api/user/session')).json().user_info;
    const res = await w.root.post('/api/account/delete', {
      password: 'correct horse battery',
      confirm: session.username,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('LAST_ADMINISTRATOR');
  });

  it('removes the servers on the panel through the worker (retrying while the panel is down), then erases the account with the ledger consistent', async () => {
    const m = await memberWithServer(w, limits);
    const second = await m.client.post('/api/servers/requests', w.request({ name: 'Second' }));
    expect(second.statusCode).toBe(201);
    await w.t.app.ctx.serverQueue.runOnce();
    const pending = await m.client.post('/api/servers/requests', w.request({ name: 'Never built' }));
    expect(pending.statusCode).toBe(201);
    const owned = await db().select().from(servers).where(eq(servers.ownerId, m.id));
    expect(owned).toHaveLength(2);
    // One of them is already gone on the panel: that counts as deleted.
    const gone = w.sim.state.servers.findIndex((s) => s.external_id === second.json().data.id);
    w.sim.state.servers.splice(gone, 1);
    await db().transaction(async (tx) => {
      await moveCoins(tx as unknown as Db, { userId: m.id, amount: 300, kind: 'admin_adjustment' });
      await moveCoins(tx as unknown as Db, { userId: m.id, amount: -50, kind: 'store' });
    });
    await m.client.request({
      method: 'PUT',
      url: '/api/account/billing',
      payload: { company: 'Acme', address: 'Main 1', city: 'Iasi', state: '', zip: '700', country: 'RO', vat: 'RO1' },
    });
    // A ticket and an avatar: both go with the account.
    const ticket = await openTicket(m.client, (await department(w.root)).id);
    const avatar = await m.client.request({
      method: 'PUT',
      url: '/api/account/avatar',
      payload: await png(),
      headers: { 'content-type': 'image/png' },
    });
    const avatarKey = (avatar.json().url as string).replace('/api/media/', '');
    expect(await w.t.app.ctx.media.get(avatarKey)).not.toBeNull();
    const { username, email } = await userRow(m.id);
    const password = 'correct horse battery';

    w.sim.failWrites(1000); // the panel is down
    const res = await m.client.post('/api/account/delete', { password, confirm: username.toUpperCase() });
    expect(res.json()).toEqual({ success: true });
    await w.t.app.ctx.tasks.idle(); // the pass the request started

    // Signed out everywhere, refused at sign-in, the pending request cancelled, the mail on its way.
    expect((await m.client.get('/api/user/session')).statusCode).toBe(401);
    const live = await db().select().from(sessions).where(eq(sessions.userId, m.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const login = await new TestClient(w.t.app).post('/api/user/auth/login', { login: username, password });
    expect(login.statusCode).toBe(403);
    expect(login.json().error_code).toBe('ACCOUNT_DELETED');
    expect(await db().select().from(serverQueue).where(eq(serverQueue.id, pending.json().data.id))).toEqual([]);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails.map((x) => x.template)).toContain('account_deleted');

    // The panel refused the delete: nothing is erased while a server remains on it.
    const still = await db().select().from(servers).where(eq(servers.ownerId, m.id));
    expect(still.map((s) => s.name)).toEqual(['Survival']);
    expect(still[0]!.status).not.toBe('deleting');
    expect(m.panel()).toBeDefined();
    expect((await userRow(m.id)).deletedAt).toBeNull();

    // Back off: the next pass right away leaves the member alone, even with the panel back.
    w.sim.failWrites(0);
    const worker = w.t.app.ctx.accountDeletion;
    expect(await worker.runOnce(Date.now())).toBe(0);
    expect(m.panel()).toBeDefined();
    expect(await worker.runOnce(Date.now() + 2 * HOUR)).toBe(1);

    expect(m.panel()).toBeUndefined();
    expect(await db().select().from(servers).where(eq(servers.ownerId, m.id))).toEqual([]);
    const erased = await userRow(m.id);
    expect(erased).toMatchObject({
      username: expect.stringMatching(/^deleted-/),
      email: expect.stringMatching(/@deleted\.invalid$/),
      firstName: 'Deleted',
      passwordHash: '!erased',
      billingCompany: null,
      billingVat: null,
      lastIp: null,
      publicProfile: false,
      coins: 0,
    });
    expect(erased.deletedAt).not.toBeNull();
    // The ledger is kept and still adds up to the balance; the write-off is its last line.
    expect(await ledgerSum(m.id)).toBe(erased.coins);
    expect(erased.avatar).toBeNull();
    expect(await w.t.app.ctx.media.get(avatarKey)).toBeNull();
    expect(await db().select().from(tickets).where(eq(tickets.id, ticket.id))).toEqual([]);
    const last = await db().select().from(coinLedger).where(eq(coinLedger.userId, m.id)).orderBy(coinLedger.seq);
    expect(last.at(-1)).toMatchObject({ kind: 'account_deleted', amount: -250, balanceAfter: 0 });
    // The old name and address are free again; the erased account cannot sign in.
    expect((await new TestClient(w.t.app).post('/api/user/auth/login', { login: username, password })).statusCode).toBe(
      401,
    );
    expect(await worker.runOnce(Date.now() + 4 * HOUR)).toBe(0);
  });

  it('takes the same path when an administrator deletes the account: panel servers removed, queued builds cancelled, then erased', async () => {
    const m = await memberWithServer(w, limits);
    const pending = await m.client.post('/api/servers/requests', w.request({ name: 'Never built' }));
    expect(pending.statusCode).toBe(201);
    expect(m.panel()).toBeDefined();
    const email = (await userRow(m.id)).email;
    await w.root.post(`/api/admin/users/${m.id}/coins`, { amount: 5, reason: 'before leaving' });
    const del = await w.root.delete(`/api/admin/users/${m.id}`);
    expect(del.json()).toEqual({ success: true });
    expect((await m.client.get('/api/user/session')).statusCode).toBe(401);
    expect(await db().select().from(serverQueue).where(eq(serverQueue.id, pending.json().data.id))).toEqual([]);
    await w.t.app.ctx.accountDeletion.runOnce(); // the pass the delete started (or the next one)
    expect(m.panel()).toBeUndefined();
    expect(await db().select().from(servers).where(eq(servers.ownerId, m.id))).toEqual([]);
    expect((await userRow(m.id)).deletedAt).not.toBeNull();
    expect((await w.root.get(`/api/admin/users/${m.id}`)).statusCode).toBe(404);
    // Staff changes stay in the audit log, naming the account by its id only (docs/data-retention.md).
    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, m.id));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['user.coins_adjust', 'user.delete']));
    expect(JSON.stringify(entries)).not.toContain(email);
    expect(entries.find((e) => e.action === 'user.coins_adjust')?.after).toMatchObject({ coins: expect.any(Number) });
  });
});
