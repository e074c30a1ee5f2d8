import {
  ErrorEnvelopeSchema,
  IntIdParamsSchema,
  RolePermissionsSchema,
  RoleSchema,
  rolesResource,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { access } from '../../plugins/access.ts';
import { RolesService } from './roles.service.ts';

export async function rolesRoutes(fastify: FastifyInstance): Promise<void> {
  const service = new RolesService(fastify.ctx.db, fastify.ctx.sessions);
  crudRoutes(fastify, { contract: rolesResource, service, params: IntIdParamsSchema });

  // Written out beside the generated routes: the permission editor reads a role (admin.permissions.list,
  // the permission of its page, without admin.roles.list) and saves the whole set at once.
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/roles/:id/permissions',
    {
      config: { access: access.permission('admin.permissions.list') },
      schema: {
        tags: ['roles'],
        summary: 'A role with its permissions, for the permission editor',
        params: IntIdParamsSchema,
        response: {
          200: z.object({ success: z.literal(true), data: RoleSchema }),
          403: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (req) => ({ success: true as const, data: await service.get(req.params.id) }),
  );
  app.put(
    '/api/admin/roles/:id/permissions',
    {
      config: { access: access.permission('admin.permissions.edit') },
      schema: {
        tags: ['roles'],
        summary: "Replace a role's permissions (only ones you hold yourself)",
        params: IntIdParamsSchema,
        body: RolePermissionsSchema,
        response: {
          200: z.object({ success: z.literal(true), data: RoleSchema }),
          400: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.setPermissions(actorOf(req), req.params.id, req.body.permissions, req.body.updated_at),
    }),
  );
}
