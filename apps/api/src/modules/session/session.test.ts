import { SessionResponseSchema } from '@hostdeck/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { makeCatalogue, serverRequest } from '../../../test/servers.ts';
import { department, openTicket } from '../../../test/tickets.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { servers, sessions, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { moveCoins } from '../coins/ledger.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.settings.update({ demo_panel_enabled: true }); // a panel to build on: requests need one
});
afterAll(() => t.close());

async function loggedIn() {
  const client = new TestClient(t.app);
  const member = newMember();
  await client.post('/api/user/auth/register', member);
  return { client, member, token: client.cookies.get('user_token')! };
}

describe('GET /api/user/session', () => {
  it('answers exactly success, error_code, user_info, billing, stats, permissions with no-cache headers', async () => {
    const { client } = await loggedIn();
    const res = await client.get('/api/user/session');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['billing', 'error_code', 'permissions', 'stats', 'success', 'user_info']);
    expect(SessionResponseSchema.parse(body)).toMatchObject({
      success: true,
      error_code: null,
      stats: { servers: 0, tickets: 0 },
    });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('answers SESSION_INVALID in the same shape without a cookie or with an unknown token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/user/session' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      success: false,
      error_code: 'SESSION_INVALID',
      user_info: null,
      billing: null,
      stats: null,
      permissions: [],
    });
    const unknown = new TestClient(t.app);
    unknown.cookies.set('user_token', 'made-up-token');
    const res = await unknown.get('/api/user/session');
    expect(res.json().error_code).toBe('SESSION_INVALID');
    expect(unknown.cookies.has('user_token')).toBe(false);
  });

  it('ends a session after the idle time and after the absolute lifetime', async () => {
    const idle = await t.app.ctx.sessions.create((await anyUserId()) as string, {});
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(sessions.tokenHash, sha256(idle.token)));
    expect(await t.app.ctx.sessions.resolve(idle.token)).toBeNull();

    const old = await t.app.ctx.sessions.create((await anyUserId()) as string, {});
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(old.token)));
    expect(await t.app.ctx.sessions.resolve(old.token)).toBeNull();

    const fresh = await t.app.ctx.sessions.create((await anyUserId()) as string, {});
    expect(await t.app.ctx.sessions.resolve(fresh.token)).not.toBeNull();
  });

  it('shows a change to the account after invalidation (no stale cache)', async () => {
    const { client, member } = await loggedIn();
    expect((await client.get('/api/user/session')).json().user_info.credits).toBe(0);
    const [row] = await t.database.db
      .update(users)
      .set({ coins: 250 })
      .where(eq(users.username, member.username))
      .returning();
    await t.app.ctx.sessions.invalidateUser(row!.id);
    expect((await client.get('/api/user/session')).json().user_info.credits).toBe(250);
  });

  it('shows a coin movement at once whoever made it, without invalidateUser (the database tells the cache)', async () => {
    // A worker, a plugin or any module moving coins in its own transaction, as AFK payouts, referral
    // settlements, J4R clawbacks and image charges do: the session must not show the old balance.
    const { client } = await loggedIn();
    const userId = (await client.get('/api/user/session')).json().user_info.uuid as string;
    expect((await client.get('/api/user/session')).json().user_info.credits).toBe(0); // cached now
    await t.app.ctx.db.transaction((tx) =>
      moveCoins(tx, { userId, amount: 40, kind: 'admin_adjustment', reason: 'test' }),
    );
    expect((await client.get('/api/user/session')).json().user_info.credits).toBe(40);
    await t.app.ctx.db.transaction((tx) =>
      moveCoins(tx, { userId, amount: -15, kind: 'admin_adjustment', reason: 'test' }),
    );
    expect((await client.get('/api/user/session')).json().user_info.credits).toBe(25);
  });

  it('signs out everywhere with revokeAllForUser', async () => {
    const { client, member } = await loggedIn();
    const second = new TestClient(t.app);
    await second.post('/api/user/auth/login', { login: member.username, password: member.password });
    const [row] = await t.database.db.select().from(users).where(eq(users.username, member.username));
    await t.app.ctx.sessions.revokeAllForUser(row!.id);
    expect((await client.get('/api/user/session')).statusCode).toBe(401);
    expect((await second.get('/api/user/session')).statusCode).toBe(401);
  });
});

async function anyUserId(): Promise<string | undefined> {
  const { client } = await loggedIn();
  return (await client.get('/api/user/session')).json().user_info.uuid;
}

describe('the session stats', () => {
  it("count the member's servers with open requests and their tickets not closed, cached until they change", async () => {
    const root = await memberWithPermissions(t.app, ['admin.root'], 8);
    const { locationId, eggId } = await makeCatalogue(root);
    const dept = await department(root);
    const m = await signedUpMember(t.app);
    const other = await signedUpMember(t.app);
    await t.database.db.update(users).set({ serverLimit: 5 }).where(eq(users.id, m.id));
    await t.app.ctx.sessions.invalidateUser(m.id);
    const stats = async (client = m.client) => (await client.get('/api/user/session')).json().stats;
    expect(await stats()).toEqual({ servers: 0, tickets: 0 });

    // A request waiting to be built holds a server slot, so it counts.
    const queued = await m.client.post('/api/servers/requests', serverRequest(locationId, eggId, { memory: 128 }));
    expect(queued.statusCode, queued.body).toBe(201);
    expect(await stats()).toEqual({ servers: 1, tickets: 0 });

    // Kept with the session, and dropped by the database's own notification: a server written behind
    // the services' back (no invalidateUser) shows at once.
    const [built] = await t.database.db
      .insert(servers)
      .values({
        ownerId: m.id,
        name: 'Built',
        locationId,
        eggId,
        memory: 128,
        cpu: 10,
        disk: 256,
        ports: 1,
        databases: 0,
        backups: 0,
        status: 'active',
      })
      .returning();
    expect(await stats()).toEqual({ servers: 2, tickets: 0 });

    expect((await m.client.delete(`/api/servers/${built!.id}`)).statusCode).toBe(200);
    expect(await stats()).toEqual({ servers: 1, tickets: 0 });

    const first = await openTicket(m.client, dept.id);
    await openTicket(m.client, dept.id);
    expect(await stats()).toEqual({ servers: 1, tickets: 2 });
    expect((await m.client.post(`/api/tickets/${first.id}/close`)).statusCode).toBe(200);
    expect(await stats()).toEqual({ servers: 1, tickets: 1 });
    expect((await m.client.post(`/api/tickets/${first.id}/reopen`)).statusCode).toBe(200);
    expect(await stats()).toEqual({ servers: 1, tickets: 2 });
    // Staff closing it counts too.
    expect((await root.patch(`/api/admin/tickets/${first.id}`, { status: 'closed' })).statusCode).toBe(200);
    expect(await stats()).toEqual({ servers: 1, tickets: 1 });

    // Only the member's own.
    expect(await stats(other.client)).toEqual({ servers: 0, tickets: 0 });
  });
});
