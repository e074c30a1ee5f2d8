import {
  AuditPageSchema,
  AuditQuerySchema,
  type AuditTargetType,
  ErrorEnvelopeSchema,
  hasPermission,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { pageEnvelope } from '../../lib/paging.ts';
import { access } from '../../plugins/access.ts';
import { auditDetailPermission, listAudit } from './audit.service.ts';

/** The activity feed. Read-only: the API has no route that edits or deletes an audit entry. */
export async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/audit',
    {
      config: { access: access.permission('admin.dashboard.components.activity.view') },
      schema: {
        tags: ['audit'],
        summary: 'Admin activity, newest first',
        querystring: AuditQuerySchema,
        response: {
          200: AuditPageSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
        },
      },
    },
    async (req) => {
      const { data, total, estimated } = await listAudit(app.ctx.db, req.query);
      // The feed says who did what to which record; what the record held before and after is shown
      // only to a caller whose permissions read that kind of record (a member's e-mail and address,
      // private settings). An unlisted kind shows its details to admin.root alone.
      const { permissions } = actorOf(req);
      const shown = data.map((e) =>
        hasPermission(permissions, auditDetailPermission[e.target_type as AuditTargetType] ?? 'admin.root')
          ? e
          : { ...e, before: null, after: null },
      );
      return pageEnvelope(shown, total, req.query, estimated);
    },
  );
}
