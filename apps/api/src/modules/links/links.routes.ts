import {
  LinkClaimRequestSchema,
  LinkClaimResultSchema,
  LinkProviderParamsSchema,
  LinkStartResultSchema,
  LinksOverviewSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { attemptRateLimit } from '../../plugins/rate-limit.ts';
import { earningGuard } from '../abuse/flags.guard.ts';

/** Link rewards: the providers and my claims, starting a link, claiming it on return. */
export async function linksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['earn'];
  // Starting and claiming links earn: the flag hold and the anti-adblock check apply.
  const preHandler = earningGuard({ adblock: true });

  app.get(
    '/api/earn/links',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'Link rewards: each provider with its reward, limits and my availability; my recent links',
        response: { 200: LinksOverviewSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => app.ctx.links.overview(req.auth!.account.user.id),
  );

  app.post(
    '/api/earn/links/:provider/start',
    {
      preHandler,
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary: 'Start a link: the address to open; it comes back to /earn/links?claim=<token>',
        params: LinkProviderParamsSchema,
        response: { 200: LinkStartResultSchema, ...errorResponses(400, 401, 403, 409, 429, 502) },
      },
    },
    async (req) => app.ctx.links.start(req.auth!.account.user.id, req.params.provider),
  );

  app.post(
    '/api/earn/links/claim',
    {
      preHandler,
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary: 'Claim a completed link with its single-use token (and Linkvertise’s hash)',
        body: LinkClaimRequestSchema,
        response: { 200: LinkClaimResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 502) },
      },
    },
    async (req) => {
      const userId = req.auth!.account.user.id;
      const result = await app.ctx.links.claim(userId, req.body);
      await app.ctx.sessions.invalidateUser(userId);
      return { success: true as const, ...result };
    },
  );
}
