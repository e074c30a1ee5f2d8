import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { makeCatalogue } from '../../../test/servers.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { referrals, servers, users } from '../../db/schema/index.ts';

let t: TestApp;
let root: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
});
afterAll(() => t.close());

type Entry = { uuid: string; username: string; value: number; rank: number };
const board = async (client: TestClient, by: string): Promise<Entry[]> =>
  (await client.get(`/api/leaderboard?by=${by}`)).json().entries;
const countOf = (entries: Entry[], id: string) => entries.find((e) => e.uuid === id)?.value ?? 0;

describe('the leaderboard counts (kept by triggers, migration 0015)', () => {
  it('follow servers as they are created, change owner and are deleted, whatever writes them', async () => {
    const a = await signedUpMember(t.app);
    const b = await signedUpMember(t.app);
    const { locationId, eggId } = await makeCatalogue(root);
    const what = { locationId, eggId, memory: 512, cpu: 50, disk: 1024, ports: 1, databases: 0, backups: 0 };
    const made = await t.database.db
      .insert(servers)
      .values([
        { ownerId: a.id, name: 'one', ...what },
        { ownerId: a.id, name: 'two', ...what },
        { ownerId: a.id, name: 'three', ...what },
        { ownerId: b.id, name: 'four', ...what },
      ])
      .returning({ id: servers.id, name: servers.name });
    let entries = await board(a.client, 'servers');
    expect(entries.slice(0, 2)).toMatchObject([
      { uuid: a.id, value: 3, rank: 1 },
      { uuid: b.id, value: 1, rank: 2 },
    ]);

    // A server handed to another member moves one from a to b; the tie goes to the older account.
    const one = made.find((s) => s.name === 'one')!.id;
    await t.database.db.update(servers).set({ ownerId: b.id }).where(eq(servers.id, one));
    entries = await board(a.client, 'servers');
    expect(entries.slice(0, 2)).toMatchObject([
      { uuid: a.id, value: 2, rank: 1 },
      { uuid: b.id, value: 2, rank: 2 },
    ]);
    // A change that is not of the owner leaves the counts alone.
    await t.database.db.update(servers).set({ name: 'renamed' }).where(eq(servers.id, one));
    expect(countOf(await board(a.client, 'servers'), b.id)).toBe(2);

    const ofA = made.filter((s) => s.name === 'two' || s.name === 'three').map((s) => s.id);
    await t.database.db.delete(servers).where(inArray(servers.id, ofA));
    entries = await board(a.client, 'servers');
    expect(entries[0]).toMatchObject({ uuid: b.id, value: 2, rank: 1 });
    expect(countOf(entries, a.id)).toBe(0);
    // The profile reads the same count.
    expect((await a.client.get(`/api/profiles/${b.id}`)).json().data.servers).toBe(2);
    expect((await a.client.get(`/api/profiles/${a.id}`)).json().data.servers).toBe(0);
  });

  it('count the referrals that paid: not refused or pending ones; re-pointed and removed ones follow', async () => {
    const a = await signedUpMember(t.app);
    const b = await signedUpMember(t.app);
    const [row] = await t.database.db.select({ code: users.referralCode }).from(users).where(eq(users.id, a.id));
    const referred: string[] = [];
    for (let i = 0; i < 4; i++) {
      const client = new TestClient(t.app);
      expect((await client.post('/api/user/auth/register', { ...newMember(), ref: row!.code })).statusCode).toBe(201);
      referred.push((await client.get('/api/user/session')).json().user_info.uuid);
    }
    // Signed up from the referrer's own address: refused, and never ranked (alts cannot climb the board).
    const mine = await t.database.db.select().from(referrals).where(eq(referrals.referrerId, a.id));
    expect(mine.map((r) => r.status)).toEqual(['refused', 'refused', 'refused', 'refused']);
    expect(countOf(await board(a.client, 'referrals'), a.id)).toBe(0);

    const pay = (id: string) =>
      t.database.db.update(referrals).set({ status: 'paid' }).where(eq(referrals.referredId, id));
    for (const id of referred.slice(0, 3)) await pay(id);
    expect((await board(a.client, 'referrals'))[0]).toMatchObject({ uuid: a.id, value: 3, rank: 1 });

    await t.database.db.update(referrals).set({ referrerId: b.id }).where(eq(referrals.referredId, referred[0]!));
    await t.database.db.update(referrals).set({ status: 'refused' }).where(eq(referrals.referredId, referred[1]!));
    const entries = await board(a.client, 'referrals');
    expect(countOf(entries, a.id)).toBe(1);
    expect(countOf(entries, b.id)).toBe(1);
    // Hard-deleting a referred account takes it off the count too.
    await t.database.db.delete(users).where(eq(users.id, referred[2]!));
    expect(countOf(await board(a.client, 'referrals'), a.id)).toBe(0);
  });
});

describe('member lookup', () => {
  it('lists names starting with the text first, in name order, then names holding it further in', async () => {
    const base = `lk${Date.now().toString(36)}`;
    const names = [`${base}b`, `${base}a`, `xy${base}`, `x${base}`, `${base}hidden`];
    const ids: string[] = [];
    for (const name of names) {
      const m = await signedUpMember(t.app);
      await t.database.db.update(users).set({ username: name }).where(eq(users.id, m.id));
      ids.push(m.id);
    }
    // A member who hides their profile is not found.
    await t.database.db.update(users).set({ publicProfile: false }).where(eq(users.id, ids[4]!));
    const found = (await root.get(`/api/users/lookup?q=${base.toUpperCase()}`)).json().data;
    expect(found.map((m: { username: string }) => m.username)).toEqual([
      `${base}a`,
      `${base}b`,
      `x${base}`,
      `xy${base}`,
    ]);
    // LIKE's wildcards in the text are taken literally.
    expect((await root.get(`/api/users/lookup?q=${base.slice(0, 3)}%25`)).json().data).toEqual([]);
    expect((await root.get(`/api/users/lookup?q=_${base.slice(1)}`)).json().data).toEqual([]);
  });
});
