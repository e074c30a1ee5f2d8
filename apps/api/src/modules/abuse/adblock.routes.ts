import { ADBLOCK_BAIT_PATH, AdblockCheckRequestSchema, AdblockCheckResultSchema } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { attemptRateLimit } from '../../plugins/rate-limit.ts';

/** Anti-adblock: the bait script, and the exchange of its nonce for a check token (see adblock.service.ts). */
export async function adblockRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['earn'];

  // A path and a name ad blockers' filter lists block; what it says matters only to our page.
  app.get(
    ADBLOCK_BAIT_PATH,
    {
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      schema: { tags, summary: 'Anti-adblock bait (a tiny script carrying a short-lived nonce)', hide: true },
    },
    async (req, reply) => {
      const nonce = app.ctx.adblock.bait(req.auth!.session.id);
      return reply
        .header('cache-control', 'no-store')
        .type('application/javascript; charset=utf-8')
        .send(`window.__hostdeckAdBait=${JSON.stringify(nonce)};\n`);
    },
  );

  app.post(
    '/api/earn/adblock-check',
    {
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary: 'Exchange the bait nonce for an anti-adblock check token (sent as X-Adblock-Check)',
        body: AdblockCheckRequestSchema,
        response: { 200: AdblockCheckResultSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (req) => {
      const issued = app.ctx.adblock.issue(req.auth!.session.id, req.body.bait, req.body.element_visible);
      return { success: true as const, token: issued.token, expires_at: issued.expiresAt.toISOString() };
    },
  );
}
