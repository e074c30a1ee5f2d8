import { ErrorEnvelopeSchema, HealthReportSchema } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../plugins/access.ts';
import { HealthService } from './health.service.ts';

export async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const health = new HealthService(app.ctx);
  app.get(
    '/api/admin/health',
    {
      config: { access: access.permission('admin.health.view') },
      schema: {
        tags: ['health'],
        summary: 'Every dependency checked at once: green, amber or red, with the reason and what to do',
        response: { 200: HealthReportSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema },
      },
    },
    async () => health.report(),
  );
}
