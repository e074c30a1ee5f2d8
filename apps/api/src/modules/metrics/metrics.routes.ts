import { ErrorEnvelopeSchema } from '@hostdeck/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { access } from '../../plugins/access.ts';

/**
 * Counts every answered request by its route pattern (one onResponse hook, on the root so it sees
 * every route and the not-found handler). Only while /metrics is on: otherwise nobody could read it.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  const { metrics, config } = app.ctx;
  if (!config.metricsToken) return;
  metrics.collectProcessMetrics();
  app.addHook('onResponse', async (req, reply) => {
    const route = req.is404 ? 'unmatched' : (req.routeOptions.url ?? 'unmatched');
    metrics.observeRequest(req.method, route, reply.statusCode, reply.elapsedTime);
  });
}

/** "Bearer <token>" against METRICS_TOKEN, in constant time. */
function checkToken(req: FastifyRequest, expected: string): void {
  const header = req.headers.authorization;
  if (!header) throw new AppError('UNAUTHORIZED', 'A bearer token is required');
  const match = /^Bearer (.+)$/i.exec(header);
  if (!match || !safeEqual(match[1]!, expected)) throw new AppError('FORBIDDEN', 'Wrong metrics token');
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN; 404 while the token is
 * unset, so nothing leaks. Like the probes: outside the rate limit, no CSRF cookie, not in the request
 * log. Public to the access hook: the token is no member session, it is checked here.
 */
export async function metricsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { metrics, config } = app.ctx;
  app.get(
    '/metrics',
    {
      config: { access: access.public, rateLimit: false, probe: true },
      logLevel: 'silent',
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN; 404 while METRICS_TOKEN is unset)',
        produces: ['text/plain'],
        response: { 200: z.string(), 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const token = config.metricsToken;
      if (!token) throw new AppError('NOT_FOUND', `No route GET ${req.url.split('?')[0]}`);
      checkToken(req, token);
      return reply.type(metrics.contentType).send(await metrics.scrape());
    },
  );
}
