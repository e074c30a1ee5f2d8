import type { Payment, TopUpOptions } from '@hostdeck/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { paymentEvents, payments, type UserRow, users } from '../../db/schema/index.ts';
import { PayPalClient, PayPalError, type PayPalOrder } from '../../integrations/paypal/client.ts';
import { type StripeApi, stripeClient } from '../../integrations/stripe/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { moveCoins } from '../coins/ledger.ts';
import { enqueueTemplateMail, mailGlobals, mailMoney } from '../mail/templates.ts';
import type { SettingsService } from '../settings/settings.service.ts';

type PaymentRow = typeof payments.$inferSelect;
export const presentPayment = (p: PaymentRow): Payment => ({
  id: p.id,
  provider: p.provider,
  amount_cents: p.amountCents,
  currency: p.currency,
  coins: p.coins,
  status: p.status,
  created_at: p.createdAt.toISOString(),
  completed_at: p.completedAt?.toISOString() ?? null,
});

/**
 * Add credits: a payment is created at the provider from the server, and coins are credited only
 * from the provider's signed event, exactly once (the event id is recorded, the payment row is
 * claimed under a lock, and the ledger entry carries the payment id as its idempotency key).
 */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly publicUrl: () => string,
    private readonly stripeApi?: StripeApi,
  ) {}

  private paypalClient?: { key: string; client: PayPalClient };

  private stripe(): Stripe | null {
    const key = this.settings.string('stripe_secret_key');
    return key ? stripeClient(key, this.stripeApi) : null;
  }

  async options(userId: string): Promise<TopUpOptions> {
    const rows = await this.db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt))
      .limit(50);
    const stripeReady = Boolean(
      this.settings.string('stripe_secret_key') && this.settings.string('stripe_webhook_secret'),
    );
    const providers: TopUpOptions['providers'] = [
      ...(stripeReady ? (['stripe'] as const) : []),
      ...(this.paypal() ? (['paypal'] as const) : []),
    ];
    return {
      success: true,
      enabled: this.settings.bool('credits_recharge_enabled'),
      providers,
      currency: this.settings.string('currency'),
      coins_per_unit: this.settings.number('credits_coins_per_unit'),
      min_cents: this.settings.number('credits_min_cents'),
      max_cents: this.settings.number('credits_max_cents'),
      payments: rows.map(presentPayment),
    };
  }

  /** Checks the flag and the range, then records the payment as pending (coins fixed at today's rate). */
  private async newPayment(user: UserRow, provider: PaymentRow['provider'], amountCents: number): Promise<PaymentRow> {
    const min = this.settings.number('credits_min_cents');
    const max = this.settings.number('credits_max_cents');
    if (amountCents < min || amountCents > max)
      throw new AppError('TOPUP_OUT_OF_RANGE', `A top-up is between ${min} and ${max} cents`, {
        amount_cents: `Between ${min} and ${max}`,
      });
    const currency = this.settings.string('currency').toLowerCase();
    const coins = Math.floor((amountCents * this.settings.number('credits_coins_per_unit')) / 100);
    const [payment] = await this.db
      .insert(payments)
      .values({ userId: user.id, provider, amountCents, currency, coins })
      .returning();
    if (!payment) throw new Error('Payment insert returned nothing');
    return payment;
  }

  private assertEnabled(): void {
    if (!this.settings.bool('credits_recharge_enabled'))
      throw new AppError('FEATURE_DISABLED', 'Buying coins is switched off on this panel');
  }

  /** Creates the payment and a Stripe Checkout Session for it; the member pays on Stripe's page. */
  async startStripe(user: UserRow, amountCents: number): Promise<{ payment: Payment; url: string }> {
    this.assertEnabled();
    const stripe = this.stripe();
    if (!stripe || !this.settings.string('stripe_webhook_secret'))
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'Card payments are not set up on this panel');
    const payment = await this.newPayment(user, 'stripe', amountCents);
    const { currency, coins } = payment;
    const base = this.publicUrl();
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency,
                unit_amount: amountCents,
                product_data: { name: `${coins} coins · ${this.settings.string('app_name')}` },
              },
            },
          ],
          client_reference_id: payment.id,
          customer_email: user.email,
          metadata: { payment_id: payment.id },
          success_url: `${base}/store/add-credits?payment=${payment.id}`,
          cancel_url: `${base}/store/add-credits?cancelled=${payment.id}`,
        },
        { idempotencyKey: `checkout:${payment.id}` },
      );
    } catch (err) {
      await this.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, payment.id));
      throw new AppError('PAYMENT_FAILED', `Stripe refused the payment: ${(err as Error).message}`);
    }
    const [withRef] = await this.db
      .update(payments)
      .set({ providerRef: session.id })
      .where(eq(payments.id, payment.id))
      .returning();
    if (!session.url) throw new AppError('PAYMENT_FAILED', 'Stripe did not return a payment page');
    return { payment: presentPayment(withRef as PaymentRow), url: session.url };
  }

  /**
   * The Stripe webhook: the signature over the raw body is checked with the endpoint's secret; a
   * completed and paid Checkout Session credits its payment's coins once, however often it arrives.
   */
  async stripeWebhook(rawBody: string, signature: string | undefined): Promise<{ credited: boolean }> {
    const secret = this.settings.string('stripe_webhook_secret');
    const stripe = this.stripe();
    if (!secret || !stripe) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'Stripe is not set up');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
    } catch {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The Stripe signature does not match this endpoint');
    }
    return this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [fresh] = await tx
        .insert(paymentEvents)
        .values({ id: event.id, provider: 'stripe', type: event.type })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return { credited: false }; // a replay
      if (event.type !== 'checkout.session.completed') return { credited: false };
      const session = event.data.object as Stripe.Checkout.Session;
      if (session.payment_status !== 'paid') return { credited: false };
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, session.id)))
        .for('update');
      if (!payment || payment.status === 'completed') return { credited: false };
      // What was paid must be what was asked: never more coins than the money that arrived.
      const paid = session.amount_total === payment.amountCents && session.currency === payment.currency;
      return { credited: await settlePayment(tx, this.settings, payment, paid, 'Card payment') };
    });
  }

  private paypal(): PayPalClient | null {
    const clientId = this.settings.string('paypal_client_id');
    const secret = this.settings.string('paypal_client_secret');
    if (!clientId || !secret) return null;
    const base = this.settings.string('paypal_api_base');
    if (this.paypalClient?.key !== `${base}|${clientId}|${secret}`)
      this.paypalClient = {
        key: `${base}|${clientId}|${secret}`,
        client: new PayPalClient({ base, clientId, secret }),
      };
    return this.paypalClient.client;
  }

  /** Creates the payment and a PayPal order for it; the member approves it on PayPal's page. */
  async startPayPal(user: UserRow, amountCents: number): Promise<{ payment: Payment; url: string }> {
    this.assertEnabled();
    const paypal = this.paypal();
    if (!paypal) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'PayPal is not set up on this panel');
    const payment = await this.newPayment(user, 'paypal', amountCents);
    const base = this.publicUrl();
    try {
      const order = await paypal.createOrder({
        reference: payment.id,
        currency: payment.currency.toUpperCase(),
        value: (payment.amountCents / 100).toFixed(2),
        description: `${payment.coins} coins · ${this.settings.string('app_name')}`,
        returnUrl: `${base}/store/add-credits?paypal=${payment.id}`,
        cancelUrl: `${base}/store/add-credits?cancelled=${payment.id}`,
      });
      const url = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (!url) throw new PayPalError('PayPal did not return an approval page', 502, 'NO_APPROVAL_LINK');
      const [withRef] = await this.db
        .update(payments)
        .set({ providerRef: order.id })
        .where(eq(payments.id, payment.id))
        .returning();
      return { payment: presentPayment(withRef as PaymentRow), url };
    } catch (err) {
      await this.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, payment.id));
      throw new AppError('PAYMENT_FAILED', `PayPal refused the payment: ${(err as Error).message}`);
    }
  }

  /**
   * The member is back from PayPal: the server captures the order (PayPal-Request-Id makes a repeated
   * capture harmless), checks that the captured amount is the one asked, then credits once.
   */
  async capturePayPal(userId: string, orderId: string): Promise<{ payment: Payment; balance: number }> {
    const paypal = this.paypal();
    if (!paypal) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'PayPal is not set up on this panel');
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'paypal'), eq(payments.providerRef, orderId), eq(payments.userId, userId)));
    if (!payment) throw new AppError('NOT_FOUND', 'There is no such payment');
    if (payment.status === 'pending') {
      let order: PayPalOrder;
      try {
        order = await paypal.captureOrder(orderId, `capture:${payment.id}`);
      } catch (err) {
        throw new AppError('PAYMENT_FAILED', `PayPal did not complete the payment: ${(err as Error).message}`);
      }
      const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
      const paid =
        order.status === 'COMPLETED' &&
        capture?.status === 'COMPLETED' &&
        capture.amount.currency_code.toLowerCase() === payment.currency &&
        Math.round(Number(capture.amount.value) * 100) === payment.amountCents;
      await this.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [row] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
        if (row?.status === 'pending') await settlePayment(tx, this.settings, row, paid, 'PayPal payment');
      });
    }
    const [after] = await this.db.select().from(payments).where(eq(payments.id, payment.id));
    const [user] = await this.db.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
    if (after?.status === 'failed') throw new AppError('PAYMENT_FAILED', 'PayPal did not complete this payment');
    return { payment: presentPayment(after as PaymentRow), balance: user?.coins ?? 0 };
  }
}

/**
 * Ends a pending payment the caller has locked: credits its coins once (the ledger key is the
 * payment id) when the provider confirmed the amount asked, or marks it failed; the receipt mail commits
 * with the credit. Returns whether it credited.
 */
async function settlePayment(
  tx: Db,
  settings: SettingsService,
  payment: PaymentRow,
  paid: boolean,
  what: string,
): Promise<boolean> {
  if (!paid) {
    await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, payment.id));
    return false;
  }
  await moveCoins(tx, {
    userId: payment.userId,
    amount: payment.coins,
    kind: 'top_up',
    reason: `${what} ${(payment.amountCents / 100).toFixed(2)} ${payment.currency.toUpperCase()}`,
    reference: payment.id,
    idempotencyKey: `top_up:${payment.id}`,
  });
  await tx.update(payments).set({ status: 'completed', completedAt: new Date() }).where(eq(payments.id, payment.id));
  const [member] = await tx
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, payment.userId));
  if (member)
    await enqueueTemplateMail(tx, settings, {
      to: member.email,
      template: 'topup_receipt',
      vars: {
        username: member.username,
        coins: payment.coins,
        amount: mailMoney(settings, payment.amountCents, payment.currency),
        provider: payment.provider === 'paypal' ? 'PayPal' : 'Stripe',
        reference: payment.id,
        receipt_url: `${mailGlobals(settings).app_url}/store/add-credits/receipts/${payment.id}`,
      },
    });
  return true;
}
