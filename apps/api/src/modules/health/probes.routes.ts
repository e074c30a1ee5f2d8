import { LivenessSchema, ReadinessSchema } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../plugins/access.ts';
import { ReadinessProbe } from './probes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A load-balancer probe: no CSRF cookie is handed out (plugins/security.ts). */
    probe?: boolean;
  }
}

/**
 * /healthz (the process is alive) and /readyz (it can serve: database and migrations, and it is not
 * shutting down), for load balancers, Docker and systemd. Public, outside the rate limit, and left
 * out of the request log: a balancer polling every few seconds would otherwise fill it. See
 * docs/operations/deploy.md.
 */
export async function probesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const readiness = new ReadinessProbe(app.ctx.db);
  const probe = { access: access.public, rateLimit: false, probe: true } as const;

  app.get(
    '/healthz',
    {
      config: probe,
      logLevel: 'silent',
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (touches nothing else)',
        response: { 200: LivenessSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: probe,
      logLevel: 'silent',
      schema: {
        tags: ['health'],
        summary:
          'Readiness: the database answers, every migration of this build is applied and the instance is not shutting down (503 otherwise)',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_req, reply) => {
      const found = await readiness.check();
      // From SIGTERM on the balancer must stop sending here, whatever the checks found.
      const result = app.ctx.shutdown.draining
        ? { ...found, status: 'unavailable' as const, failed: 'shutting_down' as const }
        : found;
      return reply.status(result.status === 'ok' ? 200 : 503).send(result);
    },
  );
}
