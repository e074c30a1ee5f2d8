import { AdminServerListQuery, AdminServerPageSchema, AdminServerSchema, UuidParamsSchema } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { pageEnvelope } from '../../lib/paging.ts';
import { access } from '../../plugins/access.ts';
import { findServer, findServersPage, presentAdminServer } from './servers.repo.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 502);

/** Every member's servers in the admin area: the list (from the database) and deletion (panel first). */
export async function serversAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['servers'];

  app.get(
    '/api/admin/servers',
    {
      config: { access: access.permission('admin.servers.list') },
      schema: {
        tags,
        summary:
          'All servers with owner, location, egg, resources, expiry and status (missing: gone on the panel; other_panel: built on a panel no longer configured); search and paging',
        querystring: AdminServerListQuery,
        response: { 200: AdminServerPageSchema, ...errors },
      },
    },
    async (req) => {
      const { rows, total, estimated } = await findServersPage(app.ctx.db, req.query, app.ctx.panel.key());
      const view = await app.ctx.servers.view();
      return pageEnvelope(
        rows.map((r) => presentAdminServer(r, view)),
        total,
        req.query,
        estimated,
      );
    },
  );

  app.get(
    '/api/admin/servers/:id',
    {
      config: { access: access.permission('admin.servers.list') },
      schema: {
        tags,
        summary: 'One server with its owner',
        params: UuidParamsSchema,
        response: { 200: z.object({ success: z.literal(true), data: AdminServerSchema }), ...errors },
      },
    },
    async (req) => {
      const found = await findServer(app.ctx.db, req.params.id);
      if (!found) throw new AppError('NOT_FOUND', 'There is no such server');
      return { success: true as const, data: presentAdminServer(found, await app.ctx.servers.view()) };
    },
  );

  app.delete(
    '/api/admin/servers/:id',
    {
      config: { access: access.permission('admin.servers.delete') },
      schema: {
        tags,
        summary:
          "Delete a member's server on the panel, then here (audited); a server of another panel (status other_panel) loses its record only, with no panel call",
        params: UuidParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await app.ctx.servers.remove(actorOf(req), req.params.id, { asAdmin: true });
      return { success: true as const };
    },
  );
}
