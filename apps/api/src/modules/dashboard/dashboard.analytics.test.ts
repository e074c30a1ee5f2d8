import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { makeCatalogue } from '../../../test/servers.ts';
import { department, openTicket } from '../../../test/tickets.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import type { Db } from '../../db/client.ts';
import { coinLedger, serverQueue, servers, tickets, users } from '../../db/schema/index.ts';
import { moveCoins } from '../coins/ledger.ts';
import { analyticsDays, CLOSED_DAYS_TTL_MS, DashboardService } from './dashboard.service.ts';

// Its own app: the closed days of the analytics are counted once per app (decision 0024), so the
// backdated rows below must be in place before its first call.
let t: TestApp;
let root: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const daysAgo = (n: number, hour = 12, from = Date.now()) => {
  const d = new Date(from - n * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};
const grant = (db: Db, userId: string, amount: number) =>
  db.transaction((tx) => moveCoins(tx as unknown as Db, { userId, amount, kind: 'admin_adjustment', reason: 't' }));

describe('dashboard analytics', () => {
  it('analytics count sign-ups, servers, tickets and coins per UTC day over 30 days, zero days included', async () => {
    const db = t.app.ctx.db;
    const a = await signedUpMember(t.app);
    const b = await signedUpMember(t.app);
    const old = await signedUpMember(t.app);
    await db
      .update(users)
      .set({ createdAt: daysAgo(3) })
      .where(eq(users.id, a.id));
    await db
      .update(users)
      .set({ createdAt: daysAgo(3, 1) })
      .where(eq(users.id, b.id));
    await db
      .update(users)
      .set({ createdAt: daysAgo(45) })
      .where(eq(users.id, old.id));

    const { locationId, eggId } = await makeCatalogue(root);
    const res = { memory: 1024, cpu: 100, disk: 1024, ports: 1, databases: 0, backups: 0 };
    // A server is counted on the day its request was built, deleted since or not; a request that
    // failed or waits made no server.
    const built = await db
      .insert(servers)
      .values([
        { ownerId: a.id, name: 'one', locationId, eggId, ...res, createdAt: daysAgo(5) },
        { ownerId: a.id, name: 'two', locationId, eggId, ...res, createdAt: daysAgo(5) },
        { ownerId: b.id, name: 'three', locationId, eggId, ...res, createdAt: daysAgo(29) },
      ])
      .returning();
    await db.insert(serverQueue).values([
      ...built.map((s) => ({
        userId: s.ownerId,
        name: s.name,
        locationId,
        eggId,
        ...res,
        status: 'completed' as const,
        serverId: s.id,
        createdAt: s.createdAt,
        updatedAt: s.createdAt,
      })),
      { userId: b.id, name: 'failed', locationId, eggId, ...res, status: 'failed' as const, updatedAt: daysAgo(5) },
      { userId: b.id, name: 'waiting', locationId, eggId, ...res, updatedAt: daysAgo(5) },
    ]);
    await db.delete(servers).where(eq(servers.id, built[0]!.id));
    const dept = await department(root);
    const ticket = await openTicket(a.client, dept.id);
    await db
      .update(tickets)
      .set({ createdAt: daysAgo(7) })
      .where(eq(tickets.id, ticket.id));

    await db.transaction(async (tx) => {
      await moveCoins(tx as unknown as Db, { userId: b.id, amount: 100, kind: 'admin_adjustment', reason: 't' });
      await moveCoins(tx as unknown as Db, { userId: b.id, amount: -30, kind: 'admin_adjustment', reason: 't' });
      await moveCoins(tx as unknown as Db, { userId: b.id, amount: -5, kind: 'admin_adjustment', reason: 't' });
    });
    await db
      .update(coinLedger)
      .set({ createdAt: daysAgo(2) })
      .where(eq(coinLedger.userId, b.id));

    const body = (await root.get('/api/admin/dashboard/analytics')).json();
    const series = body.data as { day: string; [k: string]: number | string }[];
    expect(series.map((d) => d.day)).toEqual(analyticsDays());
    const at = (n: number) => series[29 - n]!;
    expect(at(3).signups).toBe(2);
    expect(at(5).servers).toBe(2);
    expect(at(29).servers).toBe(1);
    expect(at(7).tickets).toBe(1);
    expect(at(2)).toMatchObject({ coins_earned: 100, coins_spent: 35 });
    // Days with nothing are there, as zeros; the member from 45 days ago is outside the window.
    expect(at(4)).toMatchObject({ signups: 0, servers: 0, tickets: 0, coins_earned: 0, coins_spent: 0 });
    expect(series.reduce((s, d) => s + Number(d.signups), 0)).toBe(
      Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(users)
            .where(sql`created_at > now() - interval '29 days'`)
        )[0]!.n,
      ),
    );
  });

  it('count today on every call and the closed days once, until they are an hour old or the day turns', async () => {
    const db = t.app.ctx.db;
    const service = new DashboardService(t.app.ctx.database, t.app.ctx.settings);
    const now = new Date();
    const m = await signedUpMember(t.app);
    const first = await service.analytics(now);
    const today = first[29]!;

    // Today's activity shows on the next call.
    await grant(db, m.id, 40);
    const second = await service.analytics(now);
    expect(second[29]!.coins_earned).toBe(today.coins_earned + 40);

    // A closed day is not counted again within the hour (the app never writes into the past; this
    // test does, to see when the days are read).
    await grant(db, m.id, 7);
    await db
      .update(coinLedger)
      .set({ createdAt: daysAgo(4, 12, now.getTime()) })
      .where(eq(coinLedger.amount, 7));
    expect((await service.analytics(now))[25]!.coins_earned).toBe(second[25]!.coins_earned);
    const later = new Date(now.getTime() + CLOSED_DAYS_TTL_MS + 1000);
    const recounted = await service.analytics(later);
    const fourDaysAgo = recounted.find((d) => d.day === daysAgo(4, 12, now.getTime()).toISOString().slice(0, 10))!;
    expect(fourDaysAgo.coins_earned).toBe(second[25]!.coins_earned + 7);
  });
});
