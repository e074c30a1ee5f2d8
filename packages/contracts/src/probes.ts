import { z } from 'zod';

/**
 * Load-balancer probes (/healthz, /readyz). They answer their own small shape rather than the
 * error envelope: a balancer reads the status code, an operator reads which check failed.
 */
export const LivenessSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Liveness' });
export type Liveness = z.infer<typeof LivenessSchema>;

/** What can make an instance unready; shutting_down: it received SIGTERM and is draining (deploy.md). */
export const readinessChecks = ['database', 'migrations', 'shutting_down'] as const;
export type ReadinessCheck = (typeof readinessChecks)[number];

export const ReadinessSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    /** The first check that failed (or shutting_down, checked first); null when ready. */
    failed: z.enum(readinessChecks).nullable(),
    checks: z.object({
      /** ok, down (an error) or timeout (no answer in time). */
      database: z.enum(['ok', 'down', 'timeout']),
      /** ok, newer (the database is ahead of this build: still ready, see deploy.md), pending, or unknown. */
      migrations: z.enum(['ok', 'newer', 'pending', 'unknown']),
    }),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof ReadinessSchema>;
