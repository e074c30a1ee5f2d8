import {
  DASHBOARD_PERMISSIONS,
  DashboardWebVitalsSchema,
  ErrorEnvelopeSchema,
  WebVitalBeaconSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { access } from '../../plugins/access.ts';
import { WebVitalsService } from './web-vitals.service.ts';

/** Beacons a minute per address: one page load sends five metrics at most. */
const BEACONS_PER_MINUTE = 60;

/**
 * POST /api/system/web-vitals (public beacon) and the admin analytics widget's p75 per day. This
 * plugin is encapsulated, so the text/plain JSON parser below applies to these routes only.
 */
export async function webVitalsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new WebVitalsService(app.ctx.database, app.ctx.settings);

  // sendBeacon can only send a CORS-safelisted content type without a preflight: JSON in text/plain.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('VALIDATION_ERROR', 'The body is not JSON'), undefined);
    }
  });

  app.post(
    '/api/system/web-vitals',
    {
      config: {
        access: access.public,
        beacon: true,
        rateLimit: { max: BEACONS_PER_MINUTE, timeWindow: 60_000, allowList: () => false },
      },
      schema: {
        tags: ['system'],
        summary: 'Web-vitals beacon (JSON sent as text/plain); refused while collection is off',
        consumes: ['text/plain', 'application/json'],
        body: WebVitalBeaconSchema,
        response: { 204: z.null(), 400: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      await service.record(req.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/dashboard/web-vitals',
    {
      config: { access: access.permission(DASHBOARD_PERMISSIONS.analytics) },
      schema: {
        tags: ['dashboard'],
        summary: 'Web-vitals p75 per metric per day, last 30 days',
        response: { 200: DashboardWebVitalsSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema },
      },
    },
    async () => ({ success: true as const, data: await service.days() }),
  );
}
