import { DemoPanelResponseSchema, ErrorEnvelopeSchema } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { access } from '../../plugins/access.ts';
import { startDemoPanel } from './demo-panel.service.ts';

const ReportSchema = z.object({
  success: z.literal(true),
  kind: z.enum(['pterodactyl', 'simulated']),
  locations: z.number().int(),
  nodes: z.number().int(),
  categories: z.number().int(),
  latency_ms: z.number().int(),
});

export async function panelRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/admin/panel/test',
    {
      config: { access: access.permission('admin.settings.edit') },
      schema: {
        tags: ['panel'],
        summary: 'Test the connection to the game panel with the saved address and key',
        response: {
          200: ReportSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          502: ErrorEnvelopeSchema,
        },
      },
    },
    async () => {
      const report = await app.ctx.panel.use((p) => p.test());
      const provider = await app.ctx.panel.get();
      return {
        success: true as const,
        kind: provider.kind,
        locations: report.locations,
        nodes: report.nodes,
        categories: report.categories,
        latency_ms: report.latencyMs,
      };
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
