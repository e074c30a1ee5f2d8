import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedUpMember } from '../../../test/users.ts';
import { coinLedger, users } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.settings.update({
    store_enabled: true,
    store_ram_price: 250,
    store_ram_amount: 1024,
    store_ram_max: 4096,
    allow_coins_sharing: true,
    coins_sharing_min: 10,
    coins_sharing_max: 1000,
    coins_sharing_fee_percent: 10,
  });
});
afterAll(() => t.close());

const ledgerSum = async (id: string) =>
  Number(
    (
      await t.database.db
        .select({ s: sql<number>`coalesce(sum(amount),0)` })
        .from(coinLedger)
        .where(eq(coinLedger.userId, id))
    )[0]?.s,
  );
const coinsOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('the store', () => {
  it('sells packs: coins debited in the ledger and the limit raised together, up to the cap', async () => {
    const m = await signedUpMember(t.app, 1000);
    const before = (await m.client.get('/api/store')).json();
    const ram = before.items.find((i: { key: string }) => i.key === 'ram');
    expect(ram).toMatchObject({ enabled: true, price: 250, amount: 1024, max: 4096, current: 1024, packs_left: 3 });

    const bought = await m.client.post('/api/store/purchase', { item: 'ram', packs: 2 });
    expect(bought.json()).toMatchObject({ balance: 500, item: { current: 3072, packs_left: 1 } });
    expect((await m.client.get('/api/user/session')).json().user_info).toMatchObject({
      memory_limit: 3072,
      credits: 500,
    });
    const [entry] = await t.database.db.select().from(coinLedger).where(eq(coinLedger.kind, 'store'));
    expect(entry).toMatchObject({ amount: -500, balanceAfter: 500, reference: 'ram' });

    const tooMany = await m.client.post('/api/store/purchase', { item: 'ram', packs: 2 });
    expect(tooMany.json()).toMatchObject({ error_code: 'STORE_CAP_REACHED', fields: { packs: 'At most 1' } });
    const poor = await m.client.post('/api/store/purchase', { item: 'server_slots', packs: 2 });
    expect(poor.json().error_code).toBe('INSUFFICIENT_COINS');
    await t.app.ctx.settings.update({ store_cpu_enabled: false });
    expect((await m.client.post('/api/store/purchase', { item: 'cpu', packs: 1 })).json().error_code).toBe(
      'STORE_ITEM_DISABLED',
    );
    await t.app.ctx.settings.update({ store_enabled: false });
    expect((await m.client.post('/api/store/purchase', { item: 'ram', packs: 1 })).json().error_code).toBe(
      'FEATURE_DISABLED',
    );
    await t.app.ctx.settings.update({ store_enabled: true, store_cpu_enabled: null });
    for (const packs of [0, -1, 1.5, 1001])
      expect((await m.client.post('/api/store/purchase', { item: 'ram', packs })).statusCode).toBe(400);
    const after = await coinsOf(m.id);
    expect(after).toMatchObject({ coins: 500, memoryLimit: 3072, cpuLimit: 100 });
  });

  it('200 parallel gifts and purchases from one account: never below zero, the balance is the sum of its entries', async () => {
    await t.app.ctx.settings.update({ store_ram_max: 1_000_000 });
    const giver = await signedUpMember(t.app, 3000);
    const friend = await signedUpMember(t.app);
    const friendUuid = friend.id;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? giver.client.post(`/api/profiles/${friendUuid}/gift`, { amount: 50 })
          : giver.client.post('/api/store/purchase', { item: 'ram', packs: 1 }),
      ),
    );
    const gifts = results.filter((r, i) => i % 2 === 0 && r.statusCode === 200).length;
    const packs = results.filter((r, i) => i % 2 === 1 && r.statusCode === 200).length;
    expect(results.every((r) => [200, 409].includes(r.statusCode))).toBe(true);
    const g = await coinsOf(giver.id);
    expect(g.coins).toBeGreaterThanOrEqual(0);
    expect(g.coins).toBe(await ledgerSum(giver.id));
    expect(g.coins).toBe(3000 - gifts * 55 - packs * 250);
    expect(g.memoryLimit).toBe(1024 + packs * 1024);
    const f = await coinsOf(friend.id);
    expect(f.coins).toBe(gifts * 50);
    expect(f.coins).toBe(await ledgerSum(friend.id));
    expect(gifts + packs).toBeGreaterThan(0);
  });
});
