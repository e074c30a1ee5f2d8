import type { Payment, Receipt, TopUpOptions } from '@hostdeck/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { paymentEvents, payments, type UserRow, users } from '../../db/schema/index.ts';
import { type StripeApi, stripeClient } from '../../integrations/stripe/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { moveCoins } from '../coins/ledger.ts';
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
    return {
      success: true,
      enabled: this.settings.bool('credits_recharge_enabled'),
      providers: stripeReady ? ['stripe'] : [],
      currency: this.settings.string('currency'),
      coins_per_unit: this.settings.number('credits_coins_per_unit'),
      min_cents: this.settings.number('credits_min_cents'),
      max_cents: this.settings.number('credits_max_cents'),
      payments: rows.map(presentPayment),
    };
  }

  /** Creates the payment and a Stripe Checkout Session for it; the member pays on Stripe's page. */
  async startStripe(user: UserRow, amountCents: number): Promise<{ payment: Payment; url: string }> {
    if (!this.settings.bool('credits_recharge_enabled'))
      throw new AppError('FEATURE_DISABLED', 'Buying coins is switched off on this panel');
    const stripe = this.stripe();
    if (!stripe || !this.settings.string('stripe_webhook_secret'))
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'Card payments are not set up on this panel');
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
      .values({ userId: user.id, provider: 'stripe', amountCents, currency, coins })
      .returning();
    if (!payment) throw new Error('Payment insert returned nothing');
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
      if (session.amount_total !== payment.amountCents || session.currency !== payment.currency) {
        await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, payment.id));
        return { credited: false };
      }
      await moveCoins(tx, {
        userId: payment.userId,
        amount: payment.coins,
        kind: 'top_up',
        reason: `Card payment ${(payment.amountCents / 100).toFixed(2)} ${payment.currency.toUpperCase()}`,
        reference: payment.id,
        idempotencyKey: `top_up:${payment.id}`,
      });
      await tx
        .update(payments)
        .set({ status: 'completed', completedAt: new Date() })
        .where(eq(payments.id, payment.id));
      return { credited: true };
    });
  }

  /** A completed payment's receipt: the company from the settings, the member's billing details. */
  async receipt(userId: string, paymentId: string): Promise<Receipt> {
    const [row] = await this.db
      .select({ payment: payments, user: users })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(and(eq(payments.id, paymentId), eq(payments.userId, userId), eq(payments.status, 'completed')));
    if (!row) throw new AppError('NOT_FOUND', 'There is no such receipt');
    const s = (k: string) => this.settings.string(k) || null;
    const u = row.user;
    return {
      success: true,
      data: {
        number: `HD-${row.payment.createdAt.getUTCFullYear()}-${row.payment.id.slice(0, 8).toUpperCase()}`,
        payment: presentPayment(row.payment),
        seller: {
          name: this.settings.string('company_name'),
          company: s('company_name'),
          address: s('company_address'),
          city: s('company_city'),
          state: s('company_state'),
          zip: s('company_zip'),
          country: s('company_country'),
          vat: s('company_vat'),
        },
        buyer: {
          name: `${u.firstName} ${u.lastName}`.trim() || u.username,
          email: u.email,
          company: u.billingCompany,
          address: u.billingAddress,
          city: u.billingCity,
          state: u.billingState,
          zip: u.billingZip,
          country: u.billingCountry,
          vat: u.billingVat,
        },
      },
    };
  }
}
