import { DemoPanelResponseSchema, ErrorEnvelopeSchema, PanelTestReportSchema } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { access } from '../../plugins/access.ts';
import { startDemoPanel } from './demo-panel.service.ts';

export async function panelRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/admin/panel/test',
    {
      config: { access: access.permission('admin.settings.edit') },
      schema: {
        tags: ['panel'],
        summary:
          'Test the connection to the game panel with the saved address and key: which panel it is, and what it holds',
        response: {
          200: PanelTestReportSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          502: ErrorEnvelopeSchema,
        },
      },
    },
    async () => {
      const { latencyMs, ...report } = await app.ctx.panel.use((p) => p.test());
      return { success: true as const, kind: app.ctx.panel.kind() ?? report.flavour, ...report, latency_ms: latencyMs };
    },
  );

  app.post(
    '/api/admin/panel/demo',
    {
      config: { access: access.permission('admin.settings.edit') },
      schema: {
        tags: ['panel'],
        summary: 'Switch on the demo panel and import its locations, categories and eggs (again: re-sync)',
        response: {
          200: DemoPanelResponseSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          502: ErrorEnvelopeSchema,
        },
      },
    },
    async (req) => ({ success: true as const, ...(await startDemoPanel(app.ctx, actorOf(req))) }),
  );
}
