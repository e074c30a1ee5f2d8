import {
  DiscordLinkRequestSchema,
  DiscordLinkStatusSchema,
  type ErrorCode,
  OAuthStartResultSchema,
  OkSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { attemptRateLimit } from '../../plugins/rate-limit.ts';
import { assertMayEarnOutsideEarnRoutes } from '../abuse/flags.guard.ts';

const pages = { account: '/account', j4r: '/earn/j4r' } as const;
const CallbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(128).optional(),
  error: z.string().max(128).optional(),
  error_description: z.string().max(1024).optional(),
});

/** Linking a Discord account (and the OAuth2 callback every Discord round trip ends on). */
export async function discordRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  app.get(
    '/api/account/discord',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'My linked Discord account, and whether Discord is set up',
        response: { 200: DiscordLinkStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({
      success: true as const,
      configured: app.ctx.discord.configured(),
      discord: await app.ctx.discord.account(req.auth!.account.user.id),
    }),
  );

  app.post(
    '/api/account/discord/link',
    {
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary: "Start linking Discord: the address of Discord's consent page",
        body: DiscordLinkRequestSchema,
        response: { 200: OAuthStartResultSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (req) => ({
      success: true as const,
      url: await app.ctx.discord.start(req.auth!.account.user.id, 'link', req.body.return_to),
    }),
  );

  app.delete(
    '/api/account/discord',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'Unlink my Discord account (rewards already paid stay paid to that Discord account)',
        response: { 200: OkSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (req) => {
      await app.ctx.discord.unlink(req.auth!.account.user.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/auth/discord/callback',
    {
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary: 'Where Discord sends the member back; redirects to /account or /earn/j4r with the outcome',
        querystring: CallbackQuery,
        response: { 302: z.null().describe('Back to the page the round trip started on') },
      },
    },
    async (req, reply) => {
      const userId = req.auth!.account.user.id;
      const back = pages[await app.ctx.discord.returnPage(userId, req.query.state)];
      try {
        const visit = await app.ctx.discord.complete(userId, req.query);
        if (visit.purpose === 'link') return reply.redirect(`${pages[visit.returnTo]}?discord=linked`);
        // The callback is not an /api/earn/ route: the earning rules are applied here, before paying.
        await assertMayEarnOutsideEarnRoutes(app.ctx, req.auth!, req.ip);
        const paid = await app.ctx.j4r.payJoined(userId, visit.identity.id, visit.guildIds);
        if (paid > 0) await app.ctx.sessions.invalidateUser(userId);
        return reply.redirect(`${pages[visit.returnTo]}?discord=checked&paid=${paid}`);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        req.log.info({ code: err.code, reason: err.message }, 'discord round trip refused');
        return reply.redirect(`${back}?discord_error=${err.code satisfies ErrorCode}`);
      }
    },
  );
}
