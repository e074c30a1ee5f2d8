import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { PayPalDouble } from '../../../test/paypal-double.ts';
import { signedUpMember } from '../../../test/users.ts';
import { coinLedger, users } from '../../db/schema/index.ts';

let t: TestApp;
let paypal: PayPalDouble;
beforeAll(async () => {
  paypal = new PayPalDouble();
  const base = await paypal.listen();
  t = await createTestApp();
  await t.app.ctx.settings.update({
    credits_recharge_enabled: true,
    currency: 'EUR',
    credits_coins_per_unit: 100,
    paypal_client_id: paypal.clientId,
    paypal_client_secret: paypal.secret,
    paypal_api_base: base,
  });
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});
const coinsOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.coins;

describe('adding credits with PayPal (Orders v2, captured by the server)', () => {
  it('credits once the approved order is captured, never before, and a repeated capture credits nothing more', async () => {
    const m = await signedUpMember(t.app);
    expect((await m.client.get('/api/store/credits')).json().providers).toEqual(['paypal']);
    const start = (await m.client.post('/api/store/credits/paypal', { amount_cents: 750 })).json();
    expect(start.url).toMatch(/^https:\/\/www\.paypal\.com\/checkoutnow\?token=/);
    const order = [...paypal.orders.values()].find((o) => o.reference === start.payment.id)!;
    expect(order.amount).toEqual({ currency_code: 'EUR', value: '7.50' });

    const early = await m.client.post('/api/store/credits/paypal/capture', { order_id: order.id });
    expect(early.json().error_code).toBe('PAYMENT_FAILED');
    expect(await coinsOf(m.id)).toBe(0);

    paypal.approve(order.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => m.client.post('/api/store/credits/paypal/capture', { order_id: order.id })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results[0]!.json().payment).toMatchObject({ status: 'completed', coins: 750 });
    expect(order.captures).toBe(1);
    expect(await coinsOf(m.id)).toBe(750);
    const entries = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, m.id));
    expect(entries).toMatchObject([{ kind: 'top_up', amount: 750 }]);
  });

  it('fails a capture whose amount differs, and keeps other members out of an order', async () => {
    const m = await signedUpMember(t.app);
    const start = (await m.client.post('/api/store/credits/paypal', { amount_cents: 500 })).json();
    const order = [...paypal.orders.values()].find((o) => o.reference === start.payment.id)!;
    const other = await signedUpMember(t.app);
    expect((await other.client.post('/api/store/credits/paypal/capture', { order_id: order.id })).statusCode).toBe(404);
    paypal.approve(order.id);
    paypal.captureOverride = { currency_code: 'EUR', value: '0.50' };
    const res = await m.client.post('/api/store/credits/paypal/capture', { order_id: order.id });
    paypal.captureOverride = undefined;
    expect(res.json().error_code).toBe('PAYMENT_FAILED');
    expect(await coinsOf(m.id)).toBe(0);
    expect((await m.client.get('/api/store/credits')).json().payments[0].status).toBe('failed');
  });

  it('says so when PayPal refuses the credentials, and records nothing as paid', async () => {
    await t.app.ctx.settings.update({ paypal_client_secret: 'wrong' });
    const m = await signedUpMember(t.app);
    const res = await m.client.post('/api/store/credits/paypal', { amount_cents: 500 });
    expect(res.json().error_code).toBe('PAYMENT_FAILED');
    expect((await m.client.get('/api/store/credits')).json().payments[0].status).toBe('failed');
    await t.app.ctx.settings.update({ paypal_client_secret: paypal.secret });
  });
});
