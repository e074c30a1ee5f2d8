import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { StripeDouble } from '../../../test/stripe-double.ts';
import { signedUpMember } from '../../../test/users.ts';
import { coinLedger, mailOutbox, users } from '../../db/schema/index.ts';

let t: TestApp;
let stripe: StripeDouble;
beforeAll(async () => {
  stripe = new StripeDouble();
  const api = await stripe.listen();
  t = await createTestApp({}, { stripeApi: api });
  await t.app.ctx.settings.update({
    credits_recharge_enabled: true,
    currency: 'EUR',
    credits_coins_per_unit: 100,
    credits_min_cents: 100,
    credits_max_cents: 5000,
    stripe_secret_key: stripe.secretKey,
    stripe_webhook_secret: stripe.webhookSecret,
    company_name: 'Hostdeck Games SRL',
    company_vat: 'RO123456',
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const deliver = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
const coinsOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.coins;

describe('adding credits with Stripe', () => {
  it('credits the coins only from the signed webhook, exactly once however often it arrives', async () => {
    const m = await signedUpMember(t.app);
    const options = (await m.client.get('/api/store/credits')).json();
    expect(options).toMatchObject({ enabled: true, providers: ['stripe'], currency: 'EUR', coins_per_unit: 100 });
    const start = await m.client.post('/api/store/credits/stripe', { amount_cents: 1250 });
    expect(start.statusCode).toBe(200);
    const { payment, url } = start.json();
    expect(payment).toMatchObject({ status: 'pending', amount_cents: 1250, currency: 'eur', coins: 1250 });
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === payment.id)!;
    expect(session).toMatchObject({ amount_total: 1250, currency: 'eur', metadata: { payment_id: payment.id } });
    expect(await coinsOf(m.id)).toBe(0); // coming back from Stripe's page credits nothing

    const event = stripe.paidEvent(session.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event.body, event.signature)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await coinsOf(m.id)).toBe(1250);
    const entries = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, m.id));
    expect(entries).toMatchObject([{ kind: 'top_up', amount: 1250, reference: payment.id }]);
    // A second event for the same session (Stripe retries with a new event id) credits nothing either.
    const again = stripe.paidEvent(session.id);
    await deliver(again.body, again.signature);
    expect(await coinsOf(m.id)).toBe(1250);
    expect((await m.client.get('/api/store/credits')).json().payments[0]).toMatchObject({
      id: payment.id,
      status: 'completed',
    });
    // One receipt mail, however often the event came, written with the credit.
    const [member] = await t.database.db.select().from(users).where(eq(users.id, m.id));
    const receipts = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, member!.email))).filter(
      (r) => r.template === 'topup_receipt',
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Hostdeck: receipt for your top-up of 1250 coins');
    expect(receipts[0]!.text).toContain('€12.50'); // with the currency_symbol setting
    expect(receipts[0]!.text).toContain(`/store/add-credits/receipts/${payment.id}`);
  });

  it('refuses forged signatures and tampered bodies, and never credits more than was paid', async () => {
    const m = await signedUpMember(t.app);
    const { payment } = (await m.client.post('/api/store/credits/stripe', { amount_cents: 500 })).json();
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === payment.id)!;
    const event = stripe.paidEvent(session.id);
    const forged = await deliver(event.body, stripe.sign(event.body, 'whsec_not_the_secret'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error_code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const tampered = await deliver(event.body.replace('"amount_total":500', '"amount_total":99999'), event.signature);
    expect(tampered.statusCode).toBe(400);
    expect((await deliver(event.body, '')).statusCode).toBe(400);
    // Validly signed, but for an amount other than the one asked: the payment fails, no coins.
    const wrong = stripe.paidEvent(session.id, { amount_total: 50 });
    expect((await deliver(wrong.body, wrong.signature)).statusCode).toBe(200);
    expect(await coinsOf(m.id)).toBe(0);
    expect((await m.client.get('/api/store/credits')).json().payments[0].status).toBe('failed');
  });

  it('refuses amounts out of range, a disabled flag or a missing provider, with nothing created at Stripe', async () => {
    const m = await signedUpMember(t.app);
    const before = stripe.sessions.size;
    const low = (await m.client.post('/api/store/credits/stripe', { amount_cents: 99 })).json();
    expect(low).toMatchObject({ error_code: 'TOPUP_OUT_OF_RANGE', fields: { amount_cents: 'Between 100 and 5000' } });
    expect((await m.client.post('/api/store/credits/stripe', { amount_cents: 5001 })).json().error_code).toBe(
      'TOPUP_OUT_OF_RANGE',
    );
    for (const amount_cents of [0, -100, 10.5])
      expect((await m.client.post('/api/store/credits/stripe', { amount_cents })).statusCode).toBe(400);
    await t.app.ctx.settings.update({ credits_recharge_enabled: false });
    expect((await m.client.post('/api/store/credits/stripe', { amount_cents: 500 })).json().error_code).toBe(
      'FEATURE_DISABLED',
    );
    await t.app.ctx.settings.update({ credits_recharge_enabled: true, stripe_webhook_secret: null });
    expect((await m.client.post('/api/store/credits/stripe', { amount_cents: 500 })).json().error_code).toBe(
      'PAYMENT_PROVIDER_UNAVAILABLE',
    );
    expect((await m.client.get('/api/store/credits')).json().providers).toEqual([]);
    await t.app.ctx.settings.update({ stripe_webhook_secret: stripe.webhookSecret });
    expect(stripe.sessions.size).toBe(before);
  });

  it('gives a receipt with the company and the member’s billing details, only to its owner, only once paid', async () => {
    const m = await signedUpMember(t.app);
    await t.database.db
      .update(users)
      .set({ billingCompany: 'Ada Ltd', billingCountry: 'MD' })
      .where(eq(users.id, m.id));
    const { payment } = (await m.client.post('/api/store/credits/stripe', { amount_cents: 300 })).json();
    expect((await m.client.get(`/api/store/credits/receipts/${payment.id}`)).statusCode).toBe(404);
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === payment.id)!;
    const event = stripe.paidEvent(session.id);
    await deliver(event.body, event.signature);
    const receipt = (await m.client.get(`/api/store/credits/receipts/${payment.id}`)).json().data;
    expect(receipt).toMatchObject({
      number: expect.stringMatching(/^HD-\d{4}-[0-9A-F]{8}$/),
      payment: { amount_cents: 300, coins: 300, status: 'completed' },
      seller: { name: 'Hostdeck Games SRL', vat: 'RO123456' },
      buyer: { company: 'Ada Ltd', country: 'MD' },
    });
    const other = await signedUpMember(t.app);
    expect((await other.client.get(`/api/store/credits/receipts/${payment.id}`)).statusCode).toBe(404);
  });
});
