import {
  GiftRequestSchema,
  GiftResultSchema,
  LeaderboardQuery,
  LeaderboardSchema,
  LookupQuery,
  LookupResultSchema,
  ProfileSchema,
  UuidParamsSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { attemptRateLimit } from '../../plugins/rate-limit.ts';
import { giftCoins } from './gifts.service.ts';
import { ProfilesService } from './profiles.service.ts';

/** Profiles, gifts, member lookup and the leaderboard (login required for all). */
export async function profilesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, settings, sessions } = app.ctx;
  const profiles = new ProfilesService(db, settings);
  const tags = ['members'];
  const member = { access: access.session };

  app.get(
    '/api/profiles/:uuid',
    {
      config: member,
      schema: {
        tags,
        summary: "A member's public profile",
        params: z.object({ uuid: UuidParamsSchema.shape.id }),
        response: {
          200: z.object({ success: z.literal(true), data: ProfileSchema }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await profiles.profile({ id: req.auth!.account.user.id, role: req.auth!.account.role }, req.params.uuid),
    }),
  );

  app.post(
    '/api/profiles/:uuid/gift',
    {
      config: { ...member, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary: 'Gift coins to a member (min, max and fee from the settings)',
        params: z.object({ uuid: UuidParamsSchema.shape.id }),
        body: GiftRequestSchema,
        response: { 200: GiftResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req) => {
      const from = req.auth!.account.user.id;
      const result = await giftCoins(db, settings, from, req.params.uuid, req.body.amount, req.body.note);
      await Promise.all([sessions.invalidateUser(from), sessions.invalidateUser(req.params.uuid)]);
      return { success: true as const, ...result };
    },
  );

  app.get(
    '/api/users/lookup',
    {
      config: member,
      schema: {
        tags,
        summary: 'Find members by username',
        querystring: LookupQuery,
        response: { 200: LookupResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => ({ success: true as const, data: await profiles.lookup(req.query.q) }),
  );

  app.get(
    '/api/leaderboard',
    {
      config: member,
      schema: {
        tags,
        summary: 'The top members by coins, servers, referrals or AFK minutes',
        querystring: LeaderboardQuery,
        response: { 200: LeaderboardSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => profiles.leaderboard(req.query.by),
  );
}
