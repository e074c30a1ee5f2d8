import { AdminQueueCreateSchema, QueueItemSchema, queueStatuses, UuidParamsSchema } from '@hostdeck/contracts';
import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { serverQueue, serverQueueLogs, users, workerHeartbeats } from '../../db/schema/index.ts';
import { actorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { likeTerm, pageEnvelope } from '../../lib/paging.ts';
import { access } from '../../plugins/access.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserWithRoleById } from '../users/users.repo.ts';
import { presentQueueItem, requestServer, requeue } from './requests.service.ts';

const LogSchema = z.object({
  id: z.string(),
  queue_id: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
  created_at: z.string(),
});
const errors = errorResponses(400, 401, 403, 404, 409);
const paging = {
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
};
const presentLog = (l: typeof serverQueueLogs.$inferSelect) => ({
  id: l.id,
  queue_id: l.queueId,
  level: l.level,
  message: l.message,
  created_at: l.createdAt.toISOString(),
});

async function load(db: Db, id: string) {
  const [item] = await db.select().from(serverQueue).where(eq(serverQueue.id, id));
  if (!item) throw new AppError('NOT_FOUND', 'There is no such queue item');
  return item;
}

/** The server queue in the admin area: list, details with log lines, retry, delete, all logs. */
export async function queueAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['server-queue'];
  const base = '/api/admin/server-queue';

  app.get(
    base,
    {
      config: { access: access.permission('admin.server.queue.list') },
      schema: {
        tags,
        summary: 'Queue items, newest first, with the worker heartbeat; search by server name or member',
        querystring: z
          .object({
            ...paging,
            status: z.enum(queueStatuses).optional(),
            search: z.string().trim().max(255).optional(),
          })
          .strict(),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(QueueItemSchema.extend({ username: z.string() })),
            total: z.number().int(),
            page: z.number().int(),
            per_page: z.number().int(),
            total_pages: z.number().int(),
            heartbeat: z.string().nullable(),
          }),
          ...errors,
        },
      },
    },
    async (req) => {
      const { status, search } = req.query;
      const where = and(
        status ? eq(serverQueue.status, status) : undefined,
        search ? or(ilike(serverQueue.name, likeTerm(search)), ilike(users.username, likeTerm(search))) : undefined,
      );
      const [rows, [total], [beat]] = await Promise.all([
        db
          .select({ item: serverQueue, username: users.username })
          .from(serverQueue)
          .innerJoin(users, eq(users.id, serverQueue.userId))
          .where(where)
          .orderBy(desc(serverQueue.createdAt))
          .limit(req.query.per_page)
          .offset((req.query.page - 1) * req.query.per_page),
        db.select({ n: count() }).from(serverQueue).innerJoin(users, eq(users.id, serverQueue.userId)).where(where),
        db.select().from(workerHeartbeats).where(eq(workerHeartbeats.name, 'server-queue')),
      ]);
      const page = pageEnvelope(
        rows.map((r) => ({ ...presentQueueItem(r.item), username: r.username })),
        Number(total?.n ?? 0),
        req.query,
      );
      return { ...page, heartbeat: beat?.beatAt.toISOString() ?? null };
    },
  );

  app.post(
    base,
    {
      config: { access: access.permission('admin.server.queue.create') },
      schema: {
        tags,
        summary: "Queue a server for a member, judged by the member's own limits, VIP permission and the flags",
        body: AdminQueueCreateSchema,
        response: { 201: z.object({ success: z.literal(true), data: QueueItemSchema }), ...errors },
      },
    },
    async (req, reply) => {
      const { user_id, ...request } = req.body;
      const member = await findUserWithRoleById(db, user_id);
      if (!member) throw new AppError('NOT_FOUND', 'There is no such member', { user_id: 'There is no such member' });
      const by = req.auth!.account.user.username;
      const item = await requestServer(
        db,
        app.ctx.settings,
        app.ctx.panel,
        { id: member.user.id, permissions: member.role.permissions },
        request,
        by,
      );
      await recordAudit(db, {
        actorId: actorOf(req).id,
        action: 'server_queue.create',
        targetType: 'server_queue',
        targetId: item.id,
        after: item,
      });
      return reply.status(201).send({ success: true as const, data: item });
    },
  );

  app.get(
    `${base}/logs`,
    {
      config: { access: access.permission('admin.server.queue.logs.view') },
      schema: {
        tags,
        summary: 'Every log line of the queue, newest first',
        querystring: z.object(paging).strict(),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(LogSchema),
            total: z.number().int(),
            page: z.number().int(),
            per_page: z.number().int(),
            total_pages: z.number().int(),
          }),
          ...errors,
        },
      },
    },
    async (req) => {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(serverQueueLogs)
          .orderBy(desc(serverQueueLogs.createdAt))
          .limit(req.query.per_page)
          .offset((req.query.page - 1) * req.query.per_page),
        db.select({ n: count() }).from(serverQueueLogs),
      ]);
      return pageEnvelope(rows.map(presentLog), Number(total?.n ?? 0), req.query);
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: access.permission('admin.server.queue.view') },
      schema: {
        tags,
        summary: 'One queue item with its log lines',
        params: UuidParamsSchema,
        response: {
          200: z.object({ success: z.literal(true), data: QueueItemSchema, logs: z.array(LogSchema) }),
          ...errors,
        },
      },
    },
    async (req) => {
      const item = await load(db, req.params.id);
      const logs = await db
        .select()
        .from(serverQueueLogs)
        .where(eq(serverQueueLogs.queueId, item.id))
        .orderBy(serverQueueLogs.createdAt);
      return { success: true as const, data: presentQueueItem(item), logs: logs.map(presentLog) };
    },
  );

  app.post(
    `${base}/:id/retry`,
    {
      config: { access: access.permission('admin.server.queue.create') },
      schema: {
        tags,
        summary: 'Queue a failed item again',
        params: UuidParamsSchema,
        response: { 200: z.object({ success: z.literal(true), data: QueueItemSchema }), ...errors },
      },
    },
    async (req) => {
      const item = await requeue(db, req.params.id);
      if (!item) {
        await load(db, req.params.id);
        throw new AppError('IN_USE', 'Only a failed item, or one whose build stopped, can be retried');
      }
      await db
        .insert(serverQueueLogs)
        .values({ queueId: item.id, level: 'info', message: 'Retried by an administrator' });
      await recordAudit(db, {
        actorId: actorOf(req).id,
        action: 'server_queue.retry',
        targetType: 'server_queue',
        targetId: item.id,
      });
      return { success: true as const, data: presentQueueItem(item) };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: access.permission('admin.server.queue.delete') },
      schema: {
        tags,
        summary: 'Remove a pending or failed item (its reserved resources are freed)',
        params: UuidParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      const [gone] = await db
        .delete(serverQueue)
        .where(and(eq(serverQueue.id, req.params.id), inArray(serverQueue.status, ['pending', 'failed'])))
        .returning();
      if (!gone) {
        await load(db, req.params.id);
        throw new AppError('IN_USE', 'An item being built or already built cannot be removed');
      }
      await recordAudit(db, {
        actorId: actorOf(req).id,
        action: 'server_queue.delete',
        targetType: 'server_queue',
        targetId: gone.id,
        before: presentQueueItem(gone),
      });
      return { success: true as const };
    },
  );
}
