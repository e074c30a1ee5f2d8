import { type CoinEntry, CoinHistoryPageSchema, CoinHistoryQuery, UuidParamsSchema } from '@hostdeck/contracts';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { memberRead } from '../../db/prepared.ts';
import { coinLedger, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { pageEnvelope } from '../../lib/paging.ts';
import { access } from '../../plugins/access.ts';

const present = (e: typeof coinLedger.$inferSelect): CoinEntry => ({
  id: e.id,
  amount: e.amount,
  balance_after: e.balanceAfter,
  kind: e.kind as CoinEntry['kind'],
  reason: e.reason,
  reference: e.reference,
  created_at: e.createdAt.toISOString(),
});

/** A history page's two statements for one shape of query (kind filter or not, cursor or offset). */
function historyQueries(byKind: boolean, byCursor: boolean) {
  const where = and(
    eq(coinLedger.userId, sql.placeholder('userId')),
    byKind ? eq(coinLedger.kind, sql.placeholder('kind')) : undefined,
  );
  return {
    page: (db: Db) =>
      db
        .select()
        .from(coinLedger)
        .where(and(where, byCursor ? lt(coinLedger.seq, sql.placeholder('cursor')) : undefined))
        // Insertion order: the lines of one transaction share created_at, and a random id would shuffle them.
        .orderBy(desc(coinLedger.seq))
        // One line more than the page says whether there is a next page.
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(''),
    balance: (db: Db) =>
      db
        .select({
          coins: users.coins,
          total: sql<number>`(select count(*) from ${coinLedger} where ${where})`.mapWith(Number),
        })
        .from(users)
        .where(eq(users.id, sql.placeholder('userId')))
        .prepare(''),
  };
}
const shapes = [
  historyQueries(false, false),
  historyQueries(false, true),
  historyQueries(true, false),
  historyQueries(true, true),
];

/**
 * One member's coin history, newest first (so balance_after reads as a running total), with their
 * balance. Paged by `cursor` (keyset: the lines before a seq, read off coin_ledger_user_seq_idx, as
 * cheap on page 5,000 as on page 1) or by `page` (offset; kept for links and the contract). Each shape
 * of query is built once per database handle (db/prepared.ts).
 */
async function history(db: Db, userId: string, q: z.infer<typeof CoinHistoryQuery>) {
  const shape = shapes[(q.kind ? 2 : 0) + (q.cursor ? 1 : 0)]!;
  const values = {
    userId,
    kind: q.kind,
    cursor: q.cursor ? Number(q.cursor) : undefined,
    limit: q.per_page + 1,
    offset: q.cursor ? 0 : (q.page - 1) * q.per_page,
  };
  // Two statements at once: the page, and the balance with the total (one round trip on a pool, two
  // queries rather than three on the embedded database, which runs one at a time).
  const [rows, [user]] = await Promise.all([
    memberRead(db, userId, shape.page, values),
    memberRead(db, userId, shape.balance, values),
  ]);
  if (!user) throw new AppError('NOT_FOUND', 'There is no such user');
  const lines = rows.slice(0, q.per_page);
  const last = lines[lines.length - 1];
  return {
    ...pageEnvelope(lines.map(present), user.total, q),
    balance: user.coins,
    next_cursor: rows.length > q.per_page && last ? String(last.seq) : null,
  };
}

/** The coin ledger as members and staff read it (entries are only ever written by moveCoins). */
export async function coinsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['coins'];
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    '/api/coins/history',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'My coin history, newest first, and my balance',
        querystring: CoinHistoryQuery,
        response: { 200: CoinHistoryPageSchema, ...errors },
      },
    },
    async (req) => history(app.ctx.db, req.auth!.account.user.id, req.query),
  );

  app.get(
    '/api/admin/users/:id/coins',
    {
      config: { access: access.permission('admin.users.list') },
      schema: {
        tags,
        summary: "A member's coin history, newest first, and balance",
        params: UuidParamsSchema,
        querystring: CoinHistoryQuery,
        response: { 200: CoinHistoryPageSchema, ...errors },
      },
    },
    async (req) => history(app.ctx.db, req.params.id, req.query),
  );
}
