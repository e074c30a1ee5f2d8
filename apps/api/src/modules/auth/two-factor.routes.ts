import {
  OkSchema,
  RecoveryCodesRegenerateBodySchema,
  RecoveryCodesResponseSchema,
  TwoFactorAnyCodeBodySchema,
  TwoFactorStatusSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';

/** The member's second factor on /account: status, turning it off, new recovery codes. */
export async function twoFactorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { twoFactor } = app.ctx;
  const tags = ['account'];

  app.get(
    '/api/account/two-factor',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'Whether two-factor is on, and how many unused recovery codes are left',
        response: { 200: TwoFactorStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const s = await twoFactor.status(req.auth!.account.user.id);
      return { success: true as const, enabled: s.enabled, recovery_codes_left: s.recoveryCodesLeft };
    },
  );

  app.post(
    '/api/user/auth/2fa/disable',
    {
      config: { access: access.session, rateLimit: authRateLimit(app) },
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor off with a current code or a recovery code (the member is mailed)',
        body: TwoFactorAnyCodeBodySchema,
        response: { 200: OkSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (req) => {
      await twoFactor.disable(req.auth!.account.user, req.body.code, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      return { success: true as const };
    },
  );

  app.post(
    '/api/account/two-factor/recovery-codes',
    {
      config: { access: access.session, rateLimit: authRateLimit(app) },
      schema: {
        tags,
        summary: 'Ten new recovery codes after the password is confirmed (the old ones stop working)',
        body: RecoveryCodesRegenerateBodySchema,
        response: { 200: RecoveryCodesResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (req) => ({
      success: true as const,
      recovery_codes: await twoFactor.regenerateRecoveryCodes(req.auth!.account.user, req.body.password),
    }),
  );
}
