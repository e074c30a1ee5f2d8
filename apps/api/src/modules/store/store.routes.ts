import { StoreCatalogueSchema, StorePurchaseResultSchema, StorePurchaseSchema } from '@hostdeck/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { memberRead } from '../../db/prepared.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { attemptRateLimit } from '../../plugins/rate-limit.ts';
import { StoreService, storeColumns } from './store.service.ts';

const storeUser = (db: Db) =>
  db
    .select(storeColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('');

export async function storeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store = new StoreService(app.ctx.db, app.ctx.settings);
  const tags = ['store'];

  app.get(
    '/api/store',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'What the store sells, at what price, and how much more I may buy',
        response: { 200: StoreCatalogueSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      // Fresh from the database: the cached session may be a few seconds behind a purchase. Only the
      // balance and the limits, by primary key; prices and caps come from the settings in memory.
      const [user] = await memberRead(app.ctx.db, req.auth!.account.user.id, storeUser, {
        id: req.auth!.account.user.id,
      });
      if (!user) throw new AppError('UNAUTHORIZED', 'Please log in');
      return store.catalogue(user);
    },
  );

  app.post(
    '/api/store/purchase',
    {
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary: 'Buy packs of a resource: coins debited and the limit raised in one transaction',
        body: StorePurchaseSchema,
        response: { 200: StorePurchaseResultSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (req) => {
      const result = await store.purchase(req.auth!.account.user.id, req.body.item, req.body.packs);
      await app.ctx.sessions.invalidateUser(req.auth!.account.user.id);
      return { success: true as const, ...result };
    },
  );
}
