import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { accountFlags, auditLog, referrals, roles, sessions, users } from '../../db/schema/index.ts';
import { settleReferral } from '../referrals/referrals.service.ts';

let t: TestApp;
let root: TestClient;
let lister: TestClient;
let net = 0;
beforeAll(async () => {
  t = await createTestApp();
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
  lister = await memberWithPermissions(t.app, ['admin.users.list'], 5);
  await t.app.ctx.settings.update({ code_redemption_enabled: true });
  await root.post('/api/admin/redeem-codes', { code: 'HELLO', coins: 10, max_uses: 1000 });
});
afterAll(() => t.close());
beforeEach(async () => {
  net += 1;
  await t.app.ctx.settings.update({
    zero_trust_enabled: true,
    alt_action: 'flag',
    alt_max_accounts_per_ip: 3,
    alt_max_accounts_per_device: 2,
    alt_window_days: 0,
  });
});

/** A browser on its own network (10.<n>.0.<k>), optionally sharing a device cookie with others. */
function browser(ip: string, device?: string): TestClient {
  const c = new TestClient(t.app);
  c.remoteAddress = ip;
  if (device) c.cookies.set('hd_device', device);
  return c;
}
async function signUp(c: TestClient) {
  const body = newMember();
  const res = await c.post('/api/user/auth/register', body);
  const [row] = await t.database.db.select().from(users).where(eq(users.username, body.username));
  return { res, id: row?.id, username: body.username, client: c };
}
const flagsOf = (userId: string) => t.database.db.select().from(accountFlags).where(eq(accountFlags.userId, userId));

describe('anti-alt at sign-up', () => {
  it('block mode refuses the 4th account from one address, names nobody, and leaves the others alone', async () => {
    await t.app.ctx.settings.update({ alt_action: 'block' });
    const ip = `10.${net}.0.1`;
    const first = [await signUp(browser(ip)), await signUp(browser(ip)), await signUp(browser(ip))];
    for (const s of first) expect(s.res.statusCode).toBe(201);
    const fourth = await signUp(browser(ip));
    expect(fourth.res.statusCode).toBe(403);
    expect(fourth.res.json().error_code).toBe('ALT_ACCOUNT_LIMIT');
    expect(fourth.id).toBeUndefined();
    for (const s of first) expect(fourth.res.body).not.toContain(s.username);
    const others = await t.database.db.select().from(users).where(eq(users.firstIp, ip));
    expect(others.map((u) => u.banned)).toEqual([false, false, false]);
    // Another network is not affected.
    expect((await signUp(browser(`10.${net}.0.2`))).res.statusCode).toBe(201);
  });

  it('flag mode creates the account with a flag naming the accounts it shares the address with', async () => {
    const ip = `10.${net}.0.1`;
    const first = [await signUp(browser(ip)), await signUp(browser(ip)), await signUp(browser(ip))];
    for (const s of first) expect(await flagsOf(s.id!)).toEqual([]);
    const fourth = await signUp(browser(ip));
    expect(fourth.res.statusCode).toBe(201);
    const [flag, ...rest] = await flagsOf(fourth.id!);
    expect(rest).toEqual([]);
    expect(flag).toMatchObject({ reason: 'shared_ip', status: 'open', ip });
    expect([...flag!.relatedUserIds].sort()).toEqual(first.map((s) => s.id).sort());
    const others = await t.database.db.select().from(users).where(eq(users.firstIp, ip));
    expect(others.filter((u) => u.banned)).toEqual([]);
  });

  it('counts accounts per browser (device cookie) across networks', async () => {
    const device = `device${net}abcdefghijklmnopqrstuv`;
    const a = await signUp(browser(`10.${net}.1.1`, device));
    const b = await signUp(browser(`10.${net}.2.1`, device));
    expect(await flagsOf(b.id!)).toEqual([]);
    const c = await signUp(browser(`10.${net}.3.1`, device));
    const [flag] = await flagsOf(c.id!);
    expect(flag).toMatchObject({ reason: 'shared_device' });
    expect([...flag!.relatedUserIds].sort()).toEqual([a.id, b.id].sort());
    await t.app.ctx.settings.update({ alt_action: 'block' });
    expect((await signUp(browser(`10.${net}.4.1`, device))).res.json().error_code).toBe('ALT_ACCOUNT_LIMIT');
  });

  it('does nothing while zero_trust_enabled is off, or for accounts outside the window', async () => {
    await t.app.ctx.settings.update({ zero_trust_enabled: false, alt_action: 'block' });
    const ip = `10.${net}.0.1`;
    for (let i = 0; i < 4; i++) {
      const s = await signUp(browser(ip));
      expect(s.res.statusCode).toBe(201);
      expect(await flagsOf(s.id!)).toEqual([]);
    }
    await t.app.ctx.settings.update({ zero_trust_enabled: true, alt_window_days: 30 });
    await t.database.db
      .update(users)
      .set({ lastSeenAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(users.firstIp, ip));
    expect((await signUp(browser(ip))).res.statusCode).toBe(201);
  });
});

/** A member flagged at sign-up (4th on one address), signed in. */
async function flagged() {
  const ip = `10.${net}.9.1`;
  const first = [await signUp(browser(ip)), await signUp(browser(ip)), await signUp(browser(ip))];
  const member = await signUp(browser(ip));
  const [flag] = await flagsOf(member.id!);
  return { ...member, flag: flag!, first };
}

describe('the review page', () => {
  it('lists flags with the related accounts, filters by status and reason, and needs admin.users.list', async () => {
    const m = await flagged();
    const page = (
      await lister.get(`/api/admin/account-flags?status=open&reason=shared_ip&search=${m.username}`)
    ).json();
    expect(page).toMatchObject({ success: true, total: 1 });
    expect(page.data[0]).toMatchObject({
      id: m.flag.id,
      reason: 'shared_ip',
      status: 'open',
      user: { id: m.id, username: m.username, banned: false },
    });
    expect(page.data[0].related.map((r: { username: string }) => r.username).sort()).toEqual(
      m.first.map((f) => f.username).sort(),
    );
    expect(page.data[0].related[0]).toHaveProperty('email');
    expect(page.data[0].related[0]).toHaveProperty('created_at');
    expect((await lister.get(`/api/admin/account-flags?reason=vpn&search=${m.username}`)).json().total).toBe(0);
    expect((await lister.get('/api/admin/account-flags?status=nope')).statusCode).toBe(400);
    expect((await m.client.get('/api/admin/account-flags')).statusCode).toBe(403);
    // Listing is not deciding.
    expect((await lister.post(`/api/admin/account-flags/${m.flag.id}/approve`)).statusCode).toBe(403);
  });

  it('holds earning while open; approval lifts it and is audited', async () => {
    const m = await flagged();
    const refused = await m.client.post('/api/earn/redeem', { code: 'HELLO' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_code).toBe('EARNING_ON_HOLD');
    expect((await m.client.post('/api/earn/j4r/check')).json().error_code).toBe('EARNING_ON_HOLD');
    expect((await m.client.post('/api/earn/links/linkvertise/start')).json().error_code).toBe('EARNING_ON_HOLD');
    // The accounts it shares the address with earn as before.
    expect((await m.first[0]!.client.post('/api/earn/redeem', { code: 'HELLO' })).json()).toMatchObject({
      success: true,
    });

    expect((await root.post(`/api/admin/account-flags/${m.flag.id}/approve`)).json()).toEqual({ success: true });
    expect((await root.post(`/api/admin/account-flags/${m.flag.id}/approve`)).statusCode).toBe(409);
    expect((await m.client.post('/api/earn/redeem', { code: 'HELLO' })).json()).toMatchObject({ success: true });
    const [flag] = await flagsOf(m.id!);
    expect(flag).toMatchObject({ status: 'approved' });
    expect(flag!.reviewedAt).not.toBeNull();
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account_flag.approve'), eq(auditLog.targetId, m.id!)));
    expect(audit).toHaveLength(1);
  });

  it('is never reviewed by the staff member it names: their own hold stays until someone else lifts it', async () => {
    const m = await flagged();
    const [role] = await t.database.db
      .insert(roles)
      .values({ name: `reviewer_${m.username}`, displayName: 'Reviewer', level: 3, permissions: ['admin.users.edit'] })
      .returning();
    await t.database.db.update(users).set({ roleId: role!.id }).where(eq(users.id, m.id!));
    await t.app.ctx.sessions.invalidateUser(m.id!);
    for (const action of ['approve', 'ban']) {
      const own = await m.client.post(`/api/admin/account-flags/${m.flag.id}/${action}`, { reason: 'my own flag' });
      expect([own.statusCode, own.json().error_code]).toEqual([403, 'OWN_ROLE']);
    }
    expect((await flagsOf(m.id!))[0]).toMatchObject({ status: 'open' });
    expect((await m.client.post('/api/earn/redeem', { code: 'HELLO' })).json().error_code).toBe('EARNING_ON_HOLD');
  });

  it('does not hold a member whose role holds user.permission.alt, nor while zero trust is off', async () => {
    const m = await flagged();
    await t.app.ctx.settings.update({ zero_trust_enabled: false });
    expect((await m.client.post('/api/earn/redeem', { code: 'HELLO' })).json()).toMatchObject({ success: true });
    await t.app.ctx.settings.update({ zero_trust_enabled: true });
    const n = await flagged();
    const [role] = await t.database.db
      .insert(roles)
      .values({ name: `alt_${net}`, displayName: 'Alt', level: 2, permissions: ['user.permission.alt'] })
      .returning();
    await t.database.db.update(users).set({ roleId: role!.id }).where(eq(users.id, n.id!));
    await t.app.ctx.sessions.invalidateUser(n.id!);
    expect((await n.client.post('/api/earn/redeem', { code: 'HELLO' })).json()).toMatchObject({ success: true });
  });

  it('ban bans only the flagged account, ends its sessions and closes its flags', async () => {
    const m = await flagged();
    expect((await root.post(`/api/admin/account-flags/${m.flag.id}/ban`, { reason: 'x' })).statusCode).toBe(400);
    const banned = await root.post(`/api/admin/account-flags/${m.flag.id}/ban`, { reason: 'Alt account' });
    expect(banned.json()).toEqual({ success: true });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, m.id!));
    expect(user).toMatchObject({ banned: true, banReason: 'Alt account' });
    expect((await flagsOf(m.id!))[0]).toMatchObject({ status: 'banned' });
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, m.id!));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await m.client.get('/api/user/session')).statusCode).not.toBe(200);
    for (const other of m.first) {
      const [row] = await t.database.db.select().from(users).where(eq(users.id, other.id!));
      expect(row!.banned).toBe(false);
    }
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'account_flag.ban'));
    expect(audit.some((a) => a.targetId === m.id)).toBe(true);
    expect((await root.post('/api/admin/account-flags/999999/ban', { reason: 'Alt account' })).statusCode).toBe(404);
  });
});

describe('anti-alt at sign-in', () => {
  it('flags an account that comes to a crowded browser, once, and never the accounts made there', async () => {
    const device = `signin${net}abcdefghijklmnopqrstuvw`;
    const a = await signUp(browser(`10.${net}.1.1`, device));
    const b = await signUp(browser(`10.${net}.2.1`, device));
    const c = await signUp(browser(`10.${net}.3.1`));
    const password = newMember().password;
    const login = (username: string) =>
      browser(`10.${net}.4.1`, device).post('/api/user/auth/login', { login: username, password });
    expect((await login(c.username)).statusCode).toBe(200);
    const [flag, ...more] = await flagsOf(c.id!);
    expect(more).toEqual([]);
    expect(flag).toMatchObject({ reason: 'shared_device', status: 'open' });
    expect([...flag!.relatedUserIds].sort()).toEqual([a.id, b.id].sort());
    expect((await login(c.username)).statusCode).toBe(200);
    expect(await flagsOf(c.id!)).toHaveLength(1);
    expect((await login(a.username)).statusCode).toBe(200);
    expect(await flagsOf(a.id!)).toEqual([]);
    // Holders of user.permission.alt are not flagged.
    const d = await signUp(browser(`10.${net}.5.1`));
    const [role] = await t.database.db
      .insert(roles)
      .values({ name: `alt_signin_${net}`, displayName: 'Alt', level: 2, permissions: ['user.permission.alt'] })
      .returning();
    await t.database.db.update(users).set({ roleId: role!.id }).where(eq(users.id, d.id!));
    expect((await login(d.username)).statusCode).toBe(200);
    expect(await flagsOf(d.id!)).toEqual([]);
  });
});

describe('coins of a flagged account', () => {
  it('cannot be passed on while the flag is open; approval lets them go', async () => {
    await t.app.ctx.settings.update({ allow_coins_sharing: true, coins_sharing_fee_percent: 0 });
    const crowded = `10.${net}.12.1`;
    for (let i = 0; i < 3; i++) await signUp(browser(crowded));
    const alt = await signUp(browser(crowded));
    const [flag] = await flagsOf(alt.id!);
    const main = await signUp(browser(`10.${net}.13.1`));
    await root.post(`/api/admin/users/${alt.id}/coins`, { amount: 100, reason: 'test' });
    const gift = () => alt.client.post(`/api/profiles/${main.id}/gift`, { amount: 50 });
    const held = await gift();
    expect([held.statusCode, held.json().error_code]).toEqual([403, 'EARNING_ON_HOLD']);
    await root.post(`/api/admin/account-flags/${flag!.id}/approve`);
    expect((await gift()).statusCode).toBe(200);

    // Nor to an account being deleted: its coins are about to be erased.
    await t.database.db.update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, main.id!));
    const leaving = await gift();
    expect([leaving.statusCode, leaving.json().error_code]).toEqual([409, 'RECIPIENT_UNAVAILABLE']);
    await t.app.ctx.settings.update({ allow_coins_sharing: null, coins_sharing_fee_percent: null });
  });
});

describe('the early-supporter bonus of a flagged account', () => {
  it('waits while the flag is open and is paid once when staff approve', async () => {
    await t.app.ctx.settings.update({
      early_supporters_enabled: true,
      early_supporters_count: 100_000,
      early_supporters_bonus: 500,
    });
    const crowded = `10.${net}.14.1`;
    for (let i = 0; i < 3; i++) await signUp(browser(crowded));
    const alt = await signUp(browser(crowded));
    const [flag] = await flagsOf(alt.id!);
    const account = async () => (await t.database.db.select().from(users).where(eq(users.id, alt.id!)))[0]!;
    expect(await account()).toMatchObject({ earlySupporter: true, coins: 0 });
    const clear = await signUp(browser(`10.${net}.15.1`));
    expect((await t.database.db.select().from(users).where(eq(users.id, clear.id!)))[0]!.coins).toBe(500);

    await root.post(`/api/admin/account-flags/${flag!.id}/approve`);
    expect((await account()).coins).toBe(500);
    await t.app.ctx.settings.update({
      early_supporters_enabled: null,
      early_supporters_count: null,
      early_supporters_bonus: null,
    });
  });
});

describe('referral rewards of a flagged account', () => {
  it('wait while the flag is open and pay when staff approve', async () => {
    await t.app.ctx.settings.update({ referrals_enabled: true, referral_reward_referrer: 50 });
    const referrer = await signUp(browser(`10.${net}.8.1`));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, referrer.id!));
    const ip = `10.${net}.9.1`;
    for (let i = 0; i < 3; i++) await signUp(browser(ip));
    const body = { ...newMember(), ref: row!.referralCode };
    await browser(ip).post('/api/user/auth/register', body);
    const [referred] = await t.database.db.select().from(users).where(eq(users.username, body.username));
    const [flag] = await flagsOf(referred!.id);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, referred!.id));
    expect(await settleReferral(t.database.db, t.app.ctx.settings, referred!.id)).toBe(false);
    await root.post(`/api/admin/account-flags/${flag!.id}/approve`);
    const [paid] = await t.database.db.select().from(referrals).where(eq(referrals.referredId, referred!.id));
    expect(paid).toMatchObject({ status: 'paid', rewardReferrer: 50 });
  });

  it('wait while the referrer is held, and pay when staff approve the referrer', async () => {
    await t.app.ctx.settings.update({ referrals_enabled: true, referral_reward_referrer: 50 });
    // The referrer is the 4th account of a crowded address: flagged, so held.
    const crowded = `10.${net}.10.1`;
    for (let i = 0; i < 3; i++) await signUp(browser(crowded));
    const referrer = await signUp(browser(crowded));
    const [flag] = await flagsOf(referrer.id!);
    expect(flag).toMatchObject({ status: 'open' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, referrer.id!));
    const body = { ...newMember(), ref: row!.referralCode };
    await browser(`10.${net}.11.1`).post('/api/user/auth/register', body);
    const [referred] = await t.database.db.select().from(users).where(eq(users.username, body.username));
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, referred!.id));

    expect(await settleReferral(t.database.db, t.app.ctx.settings, referred!.id)).toBe(false);
    const coins = async () => (await t.database.db.select().from(users).where(eq(users.id, referrer.id!)))[0]!.coins;
    const before = await coins();
    const [waiting] = await t.database.db.select().from(referrals).where(eq(referrals.referredId, referred!.id));
    expect(waiting).toMatchObject({ status: 'pending' });

    await root.post(`/api/admin/account-flags/${flag!.id}/approve`);
    const [paid] = await t.database.db.select().from(referrals).where(eq(referrals.referredId, referred!.id));
    expect(paid).toMatchObject({ status: 'paid', rewardReferrer: 50 });
    expect(await coins()).toBe(before + 50);
  });
});
