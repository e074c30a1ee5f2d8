import { IntIdParamsSchema, RedeemRequestSchema, RedeemResultSchema, redeemCodesResource } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { attemptRateLimit } from '../../plugins/rate-limit.ts';
import { earningGuard } from '../abuse/flags.guard.ts';
import { redeemCode, redeemCodesService } from './redeem.service.ts';

/** Redeem codes: the generated admin CRUD, and the member's redemption. */
export async function redeemRoutes(fastify: FastifyInstance): Promise<void> {
  crudRoutes(fastify, {
    contract: redeemCodesResource,
    service: redeemCodesService(fastify.ctx.db),
    params: IntIdParamsSchema,
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/earn/redeem',
    {
      preHandler: earningGuard(),
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags: ['earn'],
        summary: 'Redeem a code for coins (once per member and code)',
        body: RedeemRequestSchema,
        response: { 200: RedeemResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req) => {
      const userId = req.auth!.account.user.id;
      const result = await redeemCode(app.ctx.db, app.ctx.settings, userId, req.body.code);
      await app.ctx.sessions.invalidateUser(userId);
      return { success: true as const, ...result };
    },
  );
}
