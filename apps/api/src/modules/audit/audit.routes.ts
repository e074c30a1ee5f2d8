import { AuditPageSchema, AuditQuerySchema, ErrorEnvelopeSchema } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { pageEnvelope } from '../../lib/paging.ts';
import { access } from '../../plugins/access.ts';
import { auditAsSeenBy, listAudit } from './audit.service.ts';

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
      const shown = auditAsSeenBy(data, actorOf(req).permissions);
      return pageEnvelope(shown, total, req.query, estimated);
    },
  );
}
