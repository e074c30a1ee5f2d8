import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { coinLedger, users } from '../../db/schema/index.ts';

let t: TestApp;
let root: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
});
afterAll(() => t.close());

async function member() {
  const client = new TestClient(t.app);
  const m = newMember();
  await client.post('/api/user/auth/register', m);
  const uuid = (await client.get('/api/user/session')).json().user_info.uuid as string;
  return { client, m, uuid };
}
const load = async (uuid: string) => (await root.get(`/api/admin/users/${uuid}`)).json().data;
const roleId = async (name: string) =>
  (await root.get(`/api/admin/roles?search=${name}`)).json().data.find((r: { name: string }) => r.name === name)
    .id as number;

describe('users list', () => {
  it('searches by username, email or uuid and filters by role and banned', async () => {
    const a = await member();
    const byName = (await root.get(`/api/admin/users?search=${a.m.username.toUpperCase()}`)).json();
    expect(byName.data.map((u: { id: string }) => u.id)).toEqual([a.uuid]);
    expect((await root.get(`/api/admin/users?search=${a.m.email}`)).json().data[0].id).toBe(a.uuid);
    expect((await root.get(`/api/admin/users?search=${a.uuid}`)).json().data[0].id).toBe(a.uuid);
    const members = (await root.get(`/api/admin/users?role_id=${await roleId('member')}&per_page=100`)).json();
    expect(members.data.every((u: { role_name: string }) => u.role_name === 'member')).toBe(true);
    await root.post(`/api/admin/users/${a.uuid}/ban`, { reason: 'spam in chat' });
    const banned = (await root.get('/api/admin/users?banned=true')).json().data.map((u: { id: string }) => u.id);
    expect(banned).toContain(a.uuid);
    expect((await root.get('/api/admin/users?banned=maybe')).statusCode).toBe(400);
    expect((await root.get('/api/admin/users/not-a-uuid')).statusCode).toBe(404);
    expect((await root.get('/api/admin/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('editing a user', () => {
  it('changes profile, limits and verified with the loaded version; a stale copy is refused', async () => {
    const a = await member();
    const before = await load(a.uuid);
    const res = await root.patch(`/api/admin/users/${a.uuid}`, {
      first_name: 'Grace',
      memory_limit: 4096,
      verified: true,
      updated_at: before.updated_at,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ first_name: 'Grace', memory_limit: 4096, verified: true });
    expect((await a.client.get('/api/user/session')).json().user_info.memory_limit).toBe(4096);
    const stale = await root.patch(`/api/admin/users/${a.uuid}`, { first_name: 'Old', updated_at: before.updated_at });
    expect(stale.json().error_code).toBe('STALE_RECORD');
    expect((await load(a.uuid)).first_name).toBe('Grace');
  });

  it('adjusts coins with a reason in the ledger, never below zero', async () => {
    const a = await member();
    const up = await root.post(`/api/admin/users/${a.uuid}/coins`, { amount: 500, reason: 'event prize' });
    expect(up.json().data.coins).toBe(500);
    const down = await root.post(`/api/admin/users/${a.uuid}/coins`, { amount: -200, reason: 'correction' });
    expect(down.json().data.coins).toBe(300);
    const tooMuch = await root.post(`/api/admin/users/${a.uuid}/coins`, { amount: -301, reason: 'oops' });
    expect(tooMuch.json().error_code).toBe('INSUFFICIENT_COINS');
    const ledger = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, a.uuid));
    expect(ledger.map((l) => [l.amount, l.balanceAfter, l.kind, l.reason])).toEqual([
      [500, 500, 'admin_adjustment', 'event prize'],
      [-200, 300, 'admin_adjustment', 'correction'],
    ]);
    expect((await a.client.get('/api/user/session')).json().user_info.credits).toBe(300);
  });

  it('refuses a balance above the largest the ledger keeps with its own code, moving nothing', async () => {
    const a = await member();
    const big = 1_000_000_000;
    expect((await root.post(`/api/admin/users/${a.uuid}/coins`, { amount: big, reason: 'one' })).statusCode).toBe(200);
    expect((await root.post(`/api/admin/users/${a.uuid}/coins`, { amount: big, reason: 'two' })).statusCode).toBe(200);
    const third = await root.post(`/api/admin/users/${a.uuid}/coins`, { amount: big, reason: 'three' });
    expect([third.statusCode, third.json().error_code]).toEqual([409, 'BALANCE_LIMIT']);
    expect((await load(a.uuid)).coins).toBe(2 * big);
    expect(await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, a.uuid))).toHaveLength(2);
  });

  it('bans (signed out and refused), unbans, resets 2FA, signs out everywhere, lists sessions, deletes softly', async () => {
    const a = await member();
    expect((await root.get(`/api/admin/users/${a.uuid}/sessions`)).json().data).toHaveLength(1);
    await root.post(`/api/admin/users/${a.uuid}/ban`, { reason: 'cheating' });
    expect((await a.client.get('/api/user/session')).statusCode).toBe(401);
    const login = await new TestClient(t.app).post('/api/user/auth/login', {
      login: a.m.username,
      password: a.m.password,
    });
    expect(login.json().error_code).toBe('ACCOUNT_BANNED');
    await root.post(`/api/admin/users/${a.uuid}/unban`);
    const again = new TestClient(t.app);
    expect((await again.post('/api/user/auth/login', { login: a.m.username, password: a.m.password })).statusCode).toBe(
      200,
    );
    expect((await root.post(`/api/admin/users/${a.uuid}/reset-2fa`)).json().data.two_fa_enabled).toBe(false);
    await root.post(`/api/admin/users/${a.uuid}/sign-out`);
    expect((await again.get('/api/user/session')).statusCode).toBe(401);
    const del = await root.request({ method: 'DELETE', url: `/api/admin/users/${a.uuid}` });
    expect(del.json()).toEqual({ success: true });
    await t.app.ctx.accountDeletion.runOnce(); // the pass the delete started (or the next one)
    expect((await root.get(`/api/admin/users/${a.uuid}`)).statusCode).toBe(404);
    expect(
      (await new TestClient(t.app).post('/api/user/auth/login', { login: a.m.username, password: a.m.password }))
        .statusCode,
    ).toBe(401);
  });
});

/** A staff member and a fellow one of the same role: `act`'s "holds every permission" check lets either manage the other. */
async function moderatorAndPeer(permissions: string[]) {
  const moderator = await memberWithPermissions(t.app, permissions);
  const self = (await moderator.get('/api/user/session')).json().user_info.uuid as string;
  const [mine] = await t.app.ctx.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, self));
  const peer = await member();
  await t.app.ctx.db.update(users).set({ roleId: mine!.roleId }).where(eq(users.id, peer.uuid));
  await t.app.ctx.sessions.invalidateUser(peer.uuid);
  return { moderator, peer, roleId: mine!.roleId };
}

describe('escalation and the last administrator', () => {
  it("a staff member cannot take over a peer's account: e-mail and two-factor are admin.root's to change", async () => {
    const { moderator, peer } = await moderatorAndPeer(['admin.users.list', 'admin.users.edit']);

    const steal = await moderator.patch(`/api/admin/users/${peer.uuid}`, {
      email: 'mine@attacker.example',
      updated_at: (await load(peer.uuid)).updated_at,
    });
    expect(steal.statusCode).toBe(403);
    expect(steal.json()).toMatchObject({
      error_code: 'FORBIDDEN',
      fields: { email: expect.stringContaining('admin.root') },
    });
    expect((await load(peer.uuid)).email).toBe(peer.m.email);
    expect((await moderator.post(`/api/admin/users/${peer.uuid}/reset-2fa`)).json().error_code).toBe('FORBIDDEN');
    // The peer's name is still theirs to fix, a member's e-mail is support's, and admin.root may do both.
    const rename = await moderator.patch(`/api/admin/users/${peer.uuid}`, {
      first_name: 'Renamed',
      email: peer.m.email.toUpperCase(),
      updated_at: (await load(peer.uuid)).updated_at,
    });
    expect(rename.statusCode).toBe(200);
    const a = await member();
    const fixed = await moderator.patch(`/api/admin/users/${a.uuid}`, {
      email: `fixed-${a.m.email}`,
      updated_at: (await load(a.uuid)).updated_at,
    });
    expect(fixed.statusCode).toBe(200);
    const byRoot = await root.patch(`/api/admin/users/${peer.uuid}`, {
      email: `new-${peer.m.email}`,
      updated_at: (await load(peer.uuid)).updated_at,
    });
    expect(byRoot.statusCode).toBe(200);
  });

  it("reads an account's sessions and history only with the permission that reads the account", async () => {
    const editOnly = await memberWithPermissions(t.app, ['admin.users.edit']);
    const a = await member();
    expect((await editOnly.get(`/api/admin/users/${a.uuid}`)).statusCode).toBe(403);
    expect((await editOnly.get(`/api/admin/users/${a.uuid}/sessions`)).statusCode).toBe(403);
    expect((await editOnly.get(`/api/admin/users/${a.uuid}/audit`)).statusCode).toBe(403);
    const reader = await memberWithPermissions(t.app, ['admin.users.list']);
    expect((await reader.get(`/api/admin/users/${a.uuid}/sessions`)).statusCode).toBe(200);
  });

  it('nor by taking the peer out of the staff first, by role or by role level, nor with a sign-in link', async () => {
    const perms = [
      'admin.users.list',
      'admin.users.edit',
      'admin.roles.list',
      'admin.roles.edit',
      'admin.users.signin_links',
    ];
    const { moderator, peer, roleId: mine } = await moderatorAndPeer(perms);

    const demote = await moderator.patch(`/api/admin/users/${peer.uuid}`, {
      role_id: await roleId('member'),
      updated_at: (await load(peer.uuid)).updated_at,
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().error_code).toBe('FORBIDDEN');
    const role = (await root.get(`/api/admin/roles/${mine}`)).json().data;
    const lower = await moderator.patch(`/api/admin/roles/${mine}`, { level: 1, updated_at: role.updated_at });
    expect(lower.statusCode).toBe(403);
    expect(lower.json().fields.level).toContain('admin.root');
    const link = await moderator.post(`/api/admin/users/${peer.uuid}/sign-in-link`, { minutes: 5 });
    expect(link.statusCode).toBe(403);
    expect(link.json().message).toContain('sign in as another staff member');
    expect((await load(peer.uuid)).role_level).toBe(2);

    // The members' role stays where every sign-up lands, whoever asks.
    const members = (await root.get(`/api/admin/roles/${await roleId('member')}`)).json().data;
    const up = await root.patch(`/api/admin/roles/${members.id}`, { level: 2, updated_at: members.updated_at });
    expect(up.statusCode).toBe(400);
    expect(up.json().fields.level).toBe("The members' role stays at level 1");
  });

  it('nobody gives a role they do not hold, changes their own role, or manages a stronger account', async () => {
    const staff = await memberWithPermissions(t.app, ['admin.users.list', 'admin.users.edit', 'admin.roles.list']);
    const a = await member();
    const give = await staff.patch(`/api/admin/users/${a.uuid}`, {
      role_id: await roleId('administrator'),
      updated_at: (await load(a.uuid)).updated_at,
    });
    expect(give.json().error_code).toBe('PERMISSION_ESCALATION');
    expect((await load(a.uuid)).role_name).toBe('member');

    const self = (await staff.get('/api/user/session')).json().user_info.uuid;
    const own = await staff.patch(`/api/admin/users/${self}`, {
      role_id: await roleId('member'),
      updated_at: (await load(self)).updated_at,
    });
    expect(own.json().error_code).toBe('OWN_ROLE');

    const rootId = (await root.get('/api/user/session')).json().user_info.uuid;
    expect((await staff.post(`/api/admin/users/${rootId}/ban`, { reason: 'coup attempt' })).json().error_code).toBe(
      'PERMISSION_ESCALATION',
    );
    expect((await load(rootId)).banned).toBe(false);
  });

  it('refuses to take admin.root, or the admin area, from the role of the last active Administrators', async () => {
    const fresh = await createTestApp();
    try {
      const only = await memberWithPermissions(fresh.app, ['admin.root'], 8);
      const roleOf = async (c: TestClient) => (await c.get('/api/user/session')).json().user_info.role_name as string;
      const mine = (await only.get(`/api/admin/roles?search=${await roleOf(only)}`)).json().data[0];
      const drop = await only.request({
        method: 'PUT',
        url: `/api/admin/roles/${mine.id}/permissions`,
        payload: { permissions: ['admin.users.list'], updated_at: mine.updated_at },
      });
      expect(drop.statusCode).toBe(409);
      expect(drop.json().error_code).toBe('LAST_ADMINISTRATOR');
      expect((await only.get('/api/user/session')).json().permissions).toEqual(['admin.root']);
      // Nor its level below 2 (admin.root there opens no admin route); a level-1 role holding
      // admin.root does not count as another Administrator.
      await memberWithPermissions(fresh.app, ['admin.root'], 1);
      const demote = await only.patch(`/api/admin/roles/${mine.id}`, { level: 1, updated_at: mine.updated_at });
      expect([demote.statusCode, demote.json().error_code]).toEqual([409, 'LAST_ADMINISTRATOR']);
      expect((await only.get('/api/user/session')).json().user_info.role).toBe(8);

      // With a second Administrator elsewhere, the same change goes through.
      await memberWithPermissions(fresh.app, ['admin.root'], 8);
      const ok = await only.request({
        method: 'PUT',
        url: `/api/admin/roles/${mine.id}/permissions`,
        payload: { permissions: ['admin.users.list'], updated_at: mine.updated_at },
      });
      expect(ok.statusCode).toBe(200);
      expect((await only.get('/api/user/session')).json().permissions).toEqual(['admin.users.list']);
    } finally {
      await fresh.close();
    }
  });
});

describe('the last administrator', () => {
  it('two administrators banning each other at once: one ban goes through, the other is refused', async () => {
    const fresh = await createTestApp();
    try {
      const a = await memberWithPermissions(fresh.app, ['admin.root'], 8);
      const b = await memberWithPermissions(fresh.app, ['admin.root'], 8);
      const uuid = async (c: TestClient) => (await c.get('/api/user/session')).json().user_info.uuid as string;
      const [ua, ub] = [await uuid(a), await uuid(b)];
      const results = await Promise.all([
        a.post(`/api/admin/users/${ub}/ban`, { reason: 'race one' }),
        b.post(`/api/admin/users/${ua}/ban`, { reason: 'race two' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)?.json().error_code).toBe('LAST_ADMINISTRATOR');
      const banned = await fresh.database.db.select({ banned: users.banned }).from(users);
      expect(banned.filter((u) => u.banned)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('an administrator whose account is being deleted no longer counts as one', async () => {
    const fresh = await createTestApp();
    try {
      const only = await memberWithPermissions(fresh.app, ['admin.root'], 8);
      const leaving = await memberWithPermissions(fresh.app, ['admin.root'], 8);
      const leavingId = (await leaving.get('/api/user/session')).json().user_info.uuid as string;
      await fresh.database.db.update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, leavingId));
      const role = (await only.get('/api/user/session')).json().user_info.role_name as string;
      const mine = (await only.get(`/api/admin/roles?search=${role}`)).json().data[0];
      const drop = await only.request({
        method: 'PUT',
        url: `/api/admin/roles/${mine.id}/permissions`,
        payload: { permissions: ['admin.users.list'], updated_at: mine.updated_at },
      });
      expect([drop.statusCode, drop.json().error_code]).toEqual([409, 'LAST_ADMINISTRATOR']);
    } finally {
      await fresh.close();
    }
  });
});

describe('audit log', () => {
  it('records who changed what, masks secrets, and cannot be edited or deleted through the API', async () => {
    const a = await member();
    const before = await load(a.uuid);
    await root.patch(`/api/admin/users/${a.uuid}`, { role_id: await roleId('helper'), updated_at: before.updated_at });
    await root.post(`/api/admin/users/${a.uuid}/coins`, { amount: 10, reason: 'welcome' });
    const feed = (await root.get(`/api/admin/users/${a.uuid}/audit`)).json();
    expect(feed.data.map((e: { action: string }) => e.action)).toEqual(['user.coins_adjust', 'user.role_change']);
    const roleChange = feed.data[1];
    expect(roleChange).toMatchObject({
      target_type: 'user',
      target_id: a.uuid,
      before: { role_name: 'member' },
      after: { role_name: 'helper' },
    });
    expect(roleChange.actor_username).toMatch(/^member_/);
    const activity = (await root.get('/api/admin/audit?target_type=user')).json();
    expect(activity.total).toBeGreaterThanOrEqual(2);

    await root.patch('/api/admin/settings', { values: { smtp_password: 'top-secret-pass' } });
    const settingsEntry = (await root.get('/api/admin/audit?target_type=settings')).json().data[0];
    expect(JSON.stringify(settingsEntry)).not.toContain('top-secret-pass');
    expect(settingsEntry.after.smtp_password).toBe('••••');

    // The activity widget's permission shows who did what; what a record held only to those who read it.
    const widget = ['admin.dashboard.view', 'admin.dashboard.components.activity.view'];
    const watcher = await memberWithPermissions(t.app, widget);
    const seen = (await watcher.get('/api/admin/audit?per_page=100')).json().data as Record<string, unknown>[];
    expect(seen.map((e) => e.action)).toEqual(expect.arrayContaining(['user.role_change', 'settings.update']));
    expect(seen.every((e) => e.before === null && e.after === null)).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(a.m.email);
    const userReader = await memberWithPermissions(t.app, [...widget, 'admin.users.list']);
    const read = (await userReader.get(`/api/admin/audit?target_id=${a.uuid}`)).json().data;
    expect(read.find((e: { action: string }) => e.action === 'user.role_change').after).toMatchObject({
      role_name: 'helper',
    });
    const settingsForUsers = (await userReader.get('/api/admin/audit?target_type=settings')).json().data[0];
    expect(settingsForUsers).toMatchObject({ action: 'settings.update', before: null, after: null });

    const id = feed.data[0].id;
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      expect((await root.request({ method, url: `/api/admin/audit/${id}`, payload: {} })).statusCode).toBe(404);
    }
  });
});

describe('users search', () => {
  it('finds a member by any fragment of the address they signed up or last signed in from', async () => {
    const a = await member();
    const b = await member();
    await t.database.db
      .update(users)
      .set({ firstIp: '203.0.113.77', lastIp: '198.51.100.23' })
      .where(eq(users.id, a.uuid));
    await t.database.db.update(users).set({ firstIp: '192.0.2.1', lastIp: '2001:db8::5a' }).where(eq(users.id, b.uuid));
    const ids = async (search: string) =>
      (await root.get(`/api/admin/users?search=${encodeURIComponent(search)}`))
        .json()
        .data.map((u: { id: string }) => u.id);
    expect(await ids('0.113.7')).toEqual([a.uuid]);
    expect(await ids('51.100.2')).toEqual([a.uuid]);
    expect(await ids('2001:DB8::5')).toEqual([b.uuid]);
    expect(await ids('203.0.113.78')).toEqual([]);
  });
});
