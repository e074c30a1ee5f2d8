import { OkSchema, VerifyEmailBodySchema } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { attemptRateLimit, authRateLimit } from '../../plugins/rate-limit.ts';

/**
 * Email verification. The link in the mail opens a page that POSTs the token: a GET that changed
 * state would be consumed by mail scanners that prefetch links.
 */
export async function verifyEmailRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth } = app.ctx;
  const tags = ['auth'];

  app.post(
    '/api/auth/verify-email',
    {
      config: { access: access.public, rateLimit: authRateLimit(app) },
      schema: {
        tags,
        summary: 'Mark an email address verified with the token from the mailed link (single use)',
        body: VerifyEmailBodySchema,
        response: { 200: OkSchema, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      await auth.verification.verify(req.body.token);
      return { success: true as const };
    },
  );

  app.post(
    '/api/account/verify-email/resend',
    {
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary: 'Mail me a new verification link (once a minute at most)',
        response: { 200: OkSchema, ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (req) => {
      await auth.verification.resend(req.auth!.account.user.id);
      return { success: true as const };
    },
  );
}
