import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { coinLedger, mailOutbox, referrals, users } from '../../db/schema/index.ts';

let t: TestApp;
let root: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
  await t.app.ctx.settings.update({
    allow_coins_sharing: true,
    coins_sharing_min: 10,
    coins_sharing_max: 500,
    coins_sharing_fee_percent: 5,
    leaderboard_limit: 5,
  });
});
afterAll(() => t.close());

const usernameOf = async (id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.username;

describe('gifts', () => {
  it('move coins with a rounded-up fee, in three ledger entries, and refuse self, range, banned and over-balance', async () => {
    const a = await signedUpMember(t.app, 200);
    const b = await signedUpMember(t.app);
    const res = await a.client.post(`/api/profiles/${b.id}/gift`, { amount: 101, note: 'for the server' });
    expect(res.json()).toMatchObject({ success: true, sent: 101, fee: 6, balance: 93 });
    const entries = await t.database.db.select().from(coinLedger).where(eq(coinLedger.reference, b.id));
    expect(entries.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['gift_fee', -6],
      ['gift_out', -101],
    ]);
    const [received] = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, b.id));
    // Each side's history keeps who the gift was with; the note follows it.
    const [sent] = entries.filter((e) => e.kind === 'gift_out');
    expect(sent).toMatchObject({ reason: `To ${await usernameOf(b.id)}: for the server` });
    expect(received).toMatchObject({
      kind: 'gift_in',
      amount: 101,
      reason: `From ${await usernameOf(a.id)}: for the server`,
      reference: a.id,
    });

    expect((await a.client.post(`/api/profiles/${a.id}/gift`, { amount: 20 })).json().error_code).toBe('GIFT_TO_SELF');
    const small = (await a.client.post(`/api/profiles/${b.id}/gift`, { amount: 5 })).json();
    expect(small).toMatchObject({ error_code: 'GIFT_OUT_OF_RANGE', fields: { amount: 'Between 10 and 500' } });
    expect((await a.client.post(`/api/profiles/${b.id}/gift`, { amount: 90 })).json().error_code).toBe(
      'INSUFFICIENT_COINS',
    );
    for (const amount of [0, -5, 2.5])
      expect((await a.client.post(`/api/profiles/${b.id}/gift`, { amount })).statusCode).toBe(400);
    await root.post(`/api/admin/users/${b.id}/ban`, { reason: 'test' });
    expect((await a.client.post(`/api/profiles/${b.id}/gift`, { amount: 20 })).json().error_code).toBe(
      'RECIPIENT_UNAVAILABLE',
    );
    expect(
      (await a.client.post('/api/profiles/00000000-0000-4000-8000-000000000000/gift', { amount: 20 })).statusCode,
    ).toBe(404);
    await t.app.ctx.settings.update({ allow_coins_sharing: false });
    expect((await a.client.post(`/api/profiles/${b.id}/gift`, { amount: 20 })).json().error_code).toBe(
      'FEATURE_DISABLED',
    );
    await t.app.ctx.settings.update({ allow_coins_sharing: true });
    expect((await a.client.get('/api/coins/history')).json()).toMatchObject({ balance: 93, total: 3 });
    // The recipient got one mail, for the one gift that went through, written with the gift.
    const [bRow] = await t.database.db.select().from(users).where(eq(users.id, b.id));
    const mails = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, bRow!.email))).filter(
      (m) => m.template === 'coins_received',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Hostdeck: ${await usernameOf(a.id)} sent you 101 coins`);
    expect(mails[0]!.text).toContain('for the server');
  });
});

describe('a gift the recipient cannot hold', () => {
  it("is refused without telling the sender what the recipient's balance is", async () => {
    const a = await signedUpMember(t.app, 200);
    const rich = await signedUpMember(t.app, 2_147_483_640);
    const res = await a.client.post(`/api/profiles/${rich.id}/gift`, { amount: 20 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('BALANCE_LIMIT');
    expect(res.body).not.toContain('2147483640');
    // Out of the leaderboard the tests below read.
    await root.post(`/api/admin/users/${rich.id}/ban`, { reason: 'test' });
  });
});

describe('profiles and lookup', () => {
  it('show what members may see of each other, follow the privacy flag, and hide banned members', async () => {
    const a = await signedUpMember(t.app);
    const b = await signedUpMember(t.app);
    const profile = (await a.client.get(`/api/profiles/${b.id}`)).json().data;
    expect(profile).toMatchObject({
      uuid: b.id,
      role_name: 'member',
      servers: 0,
      early_supporter: false,
      can_gift: true,
    });
    expect(profile).not.toHaveProperty('email');
    expect((await b.client.get(`/api/profiles/${b.id}`)).json().data.can_gift).toBe(false);

    const name = await usernameOf(b.id);
    const found = (await a.client.get(`/api/users/lookup?q=${name.slice(0, 12)}`)).json().data;
    expect(found.map((m: { uuid: string }) => m.uuid)).toContain(b.id);
    expect((await a.client.get('/api/users/lookup?q=x')).statusCode).toBe(400);

    await t.app.ctx.settings.update({ allow_public_profiles: false });
    expect((await a.client.get(`/api/profiles/${b.id}`)).json().error_code).toBe('FEATURE_DISABLED');
    expect((await b.client.get(`/api/profiles/${b.id}`)).statusCode).toBe(200);
    await t.app.ctx.settings.update({ allow_public_profiles: null });

    await root.post(`/api/admin/users/${b.id}/ban`, { reason: 'test' });
    expect((await a.client.get(`/api/profiles/${b.id}`)).statusCode).toBe(404);
    expect((await a.client.get(`/api/users/lookup?q=${name}`)).json().data).toEqual([]);
  });
});

describe('the leaderboard', () => {
  it('ranks by coins (banned hidden, limit from the settings), referrals and AFK minutes', async () => {
    const rich = await signedUpMember(t.app, 9_000_000);
    const richer = await signedUpMember(t.app, 9_500_000);
    const banned = await signedUpMember(t.app, 9_900_000);
    await root.post(`/api/admin/users/${banned.id}/ban`, { reason: 'test' });
    const board = (await rich.client.get('/api/leaderboard')).json();
    expect(board.by).toBe('coins');
    expect(board.entries).toHaveLength(5);
    expect(board.entries.slice(0, 2)).toMatchObject([
      { uuid: richer.id, rank: 1, value: 9_500_000 },
      { uuid: rich.id, rank: 2, value: 9_000_000 },
    ]);
    expect(board.entries.some((e: { uuid: string }) => e.uuid === banned.id)).toBe(false);

    await t.database.db.insert(referrals).values({ referrerId: rich.id, referredId: richer.id, status: 'paid' });
    await t.database.db.update(users).set({ afkMinutes: 777_777 }).where(eq(users.id, rich.id));
    expect((await rich.client.get('/api/leaderboard?by=referrals')).json().entries[0]).toMatchObject({
      uuid: rich.id,
      value: 1,
    });
    expect((await rich.client.get('/api/leaderboard?by=afk')).json().entries[0]).toMatchObject({
      uuid: rich.id,
      value: 777_777,
    });
    expect((await rich.client.get('/api/leaderboard?by=servers')).statusCode).toBe(200);
    expect((await rich.client.get('/api/leaderboard?by=karma')).statusCode).toBe(400);
    await t.app.ctx.settings.update({ leaderboard_enabled: false });
    expect((await rich.client.get('/api/leaderboard')).json().error_code).toBe('FEATURE_DISABLED');
    await t.app.ctx.settings.update({ leaderboard_enabled: null });
  });
});

describe('coin history', () => {
  it('is the member’s own, newest first, filterable; staff read any member’s', async () => {
    const m = await signedUpMember(t.app, 300);
    const other = await signedUpMember(t.app, 20);
    await m.client.post(`/api/profiles/${other.id}/gift`, { amount: 100 });
    const mine = (await m.client.get('/api/coins/history')).json();
    expect(mine).toMatchObject({ balance: 195, total: 3 });
    expect(mine.data[0].kind).not.toBe('admin_adjustment');
    expect((await m.client.get('/api/coins/history?kind=gift_fee')).json().data).toMatchObject([
      { amount: -5, balance_after: 195 },
    ]);
    const staff = (await root.get(`/api/admin/users/${other.id}/coins`)).json();
    expect(staff).toMatchObject({ balance: 120, total: 2 });
    expect((await m.client.get(`/api/admin/users/${other.id}/coins`)).statusCode).toBe(403);
  });
});

describe('early supporters', () => {
  it('the first N sign-ups while it is on get the badge and the bonus, never more under parallel sign-ups', async () => {
    const before = await t.database.db.select().from(users).where(eq(users.earlySupporter, true));
    expect(before).toHaveLength(0);
    await t.app.ctx.settings.update({
      early_supporters_enabled: true,
      early_supporters_count: 3,
      early_supporters_bonus: 300,
    });
    const members = await Promise.all(Array.from({ length: 8 }, () => signedUpMember(t.app)));
    const early = await t.database.db.select().from(users).where(eq(users.earlySupporter, true));
    expect(early).toHaveLength(3);
    expect(early.every((u) => u.coins === 300)).toBe(true);
    const [bonus] = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, early[0]!.id));
    expect(bonus).toMatchObject({ kind: 'early_supporter', amount: 300, balanceAfter: 300 });
    const viewer = members.find((m) => !early.some((u) => u.id === m.id))!;
    expect((await viewer.client.get(`/api/profiles/${early[0]!.id}`)).json().data.early_supporter).toBe(true);
    expect((await viewer.client.get(`/api/profiles/${viewer.id}`)).json().data.early_supporter).toBe(false);
    await t.app.ctx.settings.update({ early_supporters_enabled: false });
  });
});
