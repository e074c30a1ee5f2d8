import { IntIdParamsSchema, J4rOverviewSchema, j4rServersResource, OAuthStartResultSchema } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { attemptRateLimit } from '../../plugins/rate-limit.ts';
import { earningGuard } from '../abuse/flags.guard.ts';
import { j4rServersService } from './j4r.service.ts';

/** Join for rewards: the admin CRUD of Discord servers, and the member's page and check. */
export async function j4rRoutes(fastify: FastifyInstance): Promise<void> {
  crudRoutes(fastify, {
    contract: j4rServersResource,
    service: j4rServersService(fastify.ctx.db),
    params: IntIdParamsSchema,
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['earn'];

  app.get(
    '/api/earn/j4r',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'Join for rewards: the servers, what I was paid, my linked Discord account',
        response: { 200: J4rOverviewSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => app.ctx.j4r.overview(req.auth!.account.user.id),
  );

  app.post(
    '/api/earn/j4r/check',
    {
      preHandler: earningGuard(),
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary: "Check the servers I joined: the address of Discord's consent page (the callback pays)",
        response: { 200: OAuthStartResultSchema, ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (req) => {
      if (!app.ctx.settings.bool('j4r_enabled'))
        throw new AppError('FEATURE_DISABLED', 'Join for rewards is switched off on this panel');
      return { success: true as const, url: await app.ctx.discord.start(req.auth!.account.user.id, 'j4r', 'j4r') };
    },
  );
}
