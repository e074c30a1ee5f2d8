import { ReferralsOverviewSchema } from '@hostdeck/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { referralsOverview } from './referrals.service.ts';

export async function referralsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/earn/referrals',
    {
      config: { access: access.session },
      schema: {
        tags: ['earn'],
        summary: 'My referral code and link, the rewards, and the members I referred',
        response: { 200: ReferralsOverviewSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const [user] = await app.ctx.db.select().from(users).where(eq(users.id, req.auth!.account.user.id));
      if (!user) throw new AppError('UNAUTHORIZED', 'Please log in');
      return referralsOverview(app.ctx.db, app.ctx.settings, user, app.ctx.publicUrl());
    },
  );
}
