import {
  PayPalCaptureResultSchema,
  PayPalCaptureSchema,
  ReceiptSchema,
  TopUpCheckoutSchema,
  TopUpOptionsSchema,
  TopUpRequestSchema,
  UuidParamsSchema,
} from '@hostdeck/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { attemptRateLimit } from '../../plugins/rate-limit.ts';
import { paymentReceipt } from './receipts.service.ts';

/** Add credits: options and history, starting a card payment, receipts, and the Stripe webhook. */
export async function paymentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['credits'];
  const { payments } = app.ctx;

  app.get(
    '/api/store/credits',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'What adding credits offers (providers, rate, limits) and my payments',
        response: { 200: TopUpOptionsSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => payments.options(req.auth!.account.user.id),
  );

  app.post(
    '/api/store/credits/stripe',
    {
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary: 'Start a card payment: a Stripe Checkout page for this amount (coins arrive from the webhook)',
        body: TopUpRequestSchema,
        response: { 200: TopUpCheckoutSchema, ...errorResponses(400, 401, 403, 409, 429, 502) },
      },
    },
    async (req) => {
      const [user] = await app.ctx.db.select().from(users).where(eq(users.id, req.auth!.account.user.id));
      if (!user) throw new AppError('UNAUTHORIZED', 'Please log in');
      return { success: true as const, ...(await payments.startStripe(user, req.body.amount_cents)) };
    },
  );

  app.post(
    '/api/store/credits/paypal',
    {
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary: 'Start a PayPal payment: an order to approve on PayPal (captured by the server afterwards)',
        body: TopUpRequestSchema,
        response: { 200: TopUpCheckoutSchema, ...errorResponses(400, 401, 403, 409, 429, 502) },
      },
    },
    async (req) => {
      const [user] = await app.ctx.db.select().from(users).where(eq(users.id, req.auth!.account.user.id));
      if (!user) throw new AppError('UNAUTHORIZED', 'Please log in');
      return { success: true as const, ...(await payments.startPayPal(user, req.body.amount_cents)) };
    },
  );

  app.post(
    '/api/store/credits/paypal/capture',
    {
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary: 'Capture a PayPal order I approved; the coins are credited once the capture completes',
        body: PayPalCaptureSchema,
        response: { 200: PayPalCaptureResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 502) },
      },
    },
    async (req) => {
      const userId = req.auth!.account.user.id;
      const result = await payments.capturePayPal(userId, req.body.order_id);
      await app.ctx.sessions.invalidateUser(userId);
      return { success: true as const, ...result };
    },
  );

  app.get(
    '/api/store/credits/receipts/:id',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'The receipt of one of my completed payments',
        params: UuidParamsSchema,
        response: { 200: ReceiptSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => paymentReceipt(app.ctx.db, app.ctx.settings, req.auth!.account.user.id, req.params.id),
  );

  // The webhook needs the body exactly as Stripe signed it: this scope reads JSON as text.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/webhooks/stripe',
      {
        config: { access: access.public, webhook: true },
        schema: {
          tags,
          summary: 'Stripe events (signed); a paid Checkout Session credits its coins once',
          response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 409) },
        },
      },
      async (req) => {
        const signature = req.headers['stripe-signature'];
        await payments.stripeWebhook(String(req.body ?? ''), typeof signature === 'string' ? signature : undefined);
        return { received: true as const };
      },
    );
  });
}
