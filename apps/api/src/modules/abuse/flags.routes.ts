import {
  AccountFlagBanSchema,
  AccountFlagListQuerySchema,
  AccountFlagPageSchema,
  IntIdParamsSchema,
  OkSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { pageEnvelope } from '../../lib/paging.ts';
import { access } from '../../plugins/access.ts';
import { AccountFlagsService } from './flags.service.ts';

/** The review of accounts anti-alt (or anti-VPN) flagged: staff who list users see it, staff who edit users decide. */
export async function accountFlagsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new AccountFlagsService(app.ctx.db, app.ctx.sessions, app.ctx.settings);
  const tags = ['users'];
  const base = '/api/admin/account-flags';

  app.get(
    base,
    {
      config: { access: access.permission('admin.users.list') },
      schema: {
        tags,
        summary: 'Flagged accounts, newest first, with the accounts they share an address or a browser with',
        querystring: AccountFlagListQuerySchema,
        response: { 200: AccountFlagPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { data, total } = await service.list(req.query);
      return pageEnvelope(data, total, req.query);
    },
  );

  app.post(
    `${base}/:id/approve`,
    {
      config: { access: access.permission('admin.users.edit') },
      schema: {
        tags,
        summary: 'Approve a flagged account (it may earn again)',
        params: IntIdParamsSchema,
        response: { 200: OkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await service.approve(actorOf(req), req.params.id);
      return { success: true as const };
    },
  );

  app.post(
    `${base}/:id/ban`,
    {
      config: { access: access.permission('admin.users.edit') },
      schema: {
        tags,
        summary: 'Ban the flagged account only (signs it out everywhere); the accounts it shares with are untouched',
        params: IntIdParamsSchema,
        body: AccountFlagBanSchema,
        response: { 200: OkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await service.ban(actorOf(req), req.params.id, req.body.reason);
      return { success: true as const };
    },
  );
}
