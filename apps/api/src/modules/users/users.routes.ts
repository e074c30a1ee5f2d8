import {
  AdminUserSchema,
  AuditPageSchema,
  BanSchema,
  CoinAdjustmentSchema,
  ErrorEnvelopeSchema,
  UserSessionSchema,
  UuidParamsSchema,
  usersResource,
} from '@hostdeck/contracts';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessions } from '../../db/schema/index.ts';
import { actorOf } from '../../lib/actor.ts';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { pageEnvelope } from '../../lib/paging.ts';
import { access } from '../../plugins/access.ts';
import { auditAsSeenBy, listAudit } from '../audit/audit.service.ts';
import { UsersService } from './users.service.ts';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
};
const one = z.object({ success: z.literal(true), data: AdminUserSchema });

export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const { ctx } = fastify;
  const service = new UsersService(ctx.db, ctx.sessions, ctx.settings, () => ctx.accountDeletion.runOnce());
  crudRoutes(fastify, { contract: usersResource, service, params: UuidParamsSchema });

  // The account actions, written out beside the generated routes: the changes need admin.users.edit,
  // the reads (sessions, history) admin.users.list, as GET /users/:id does.
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const edit = { access: access.permission('admin.users.edit') };
  const read = { access: access.permission('admin.users.list') };
  const tags = ['users'];
  const base = '/api/admin/users/:id';

  app.post(
    `${base}/coins`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Add or take coins, with a reason (coin ledger)',
        params: UuidParamsSchema,
        body: CoinAdjustmentSchema,
        response: { 200: one, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.adjustCoins(actorOf(req), req.params.id, req.body.amount, req.body.reason),
    }),
  );
  app.post(
    `${base}/ban`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Ban (signs the member out everywhere)',
        params: UuidParamsSchema,
        body: BanSchema,
        response: { 200: one, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.ban(actorOf(req), req.params.id, req.body.reason),
    }),
  );
  app.post(
    `${base}/unban`,
    {
      config: edit,
      schema: { tags, summary: 'Lift a ban', params: UuidParamsSchema, response: { 200: one, ...errors } },
    },
    async (req) => ({
      success: true as const,
      data: await service.unban(actorOf(req), req.params.id),
    }),
  );
  app.post(
    `${base}/reset-2fa`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Turn off two-factor authentication',
        params: UuidParamsSchema,
        response: { 200: one, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.resetTwoFactor(actorOf(req), req.params.id),
    }),
  );
  app.post(
    `${base}/sign-out`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'End every session of the account',
        params: UuidParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await service.signOutEverywhere(actorOf(req), req.params.id);
      return { success: true as const };
    },
  );
  app.get(
    `${base}/sessions`,
    {
      // Reading the account (addresses, browsers): the permission that reads it, as GET /users/:id.
      config: read,
      schema: {
        tags,
        summary: 'Live sessions of the account',
        params: UuidParamsSchema,
        response: { 200: z.object({ success: z.literal(true), data: z.array(UserSessionSchema) }), ...errors },
      },
    },
    async (req) => {
      await service.get(req.params.id);
      const rows = await app.ctx.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, req.params.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.lastUsedAt));
      return {
        success: true as const,
        data: rows.map((s) => ({
          id: s.id,
          ip: s.ip,
          user_agent: s.userAgent,
          created_at: s.createdAt.toISOString(),
          last_used_at: s.lastUsedAt.toISOString(),
          expires_at: s.expiresAt.toISOString(),
          two_factor_pending: s.twoFactorPending,
        })),
      };
    },
  );
  app.get(
    `${base}/audit`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Audit entries about the account',
        params: UuidParamsSchema,
        querystring: z.object({ page: z.coerce.number().int().min(1).default(1) }).strict(),
        response: { 200: AuditPageSchema, ...errors },
      },
    },
    async (req) => {
      const q = { page: req.query.page, per_page: 25, target_type: 'user', target_id: req.params.id };
      const { data, total, estimated } = await listAudit(app.ctx.db, q);
      return pageEnvelope(auditAsSeenBy(data, actorOf(req).permissions), total, q, estimated);
    },
  );
}
