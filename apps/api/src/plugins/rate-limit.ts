import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';

/**
 * A global per-client limit from settings (rate_limit_enabled, rate_limit_per_minute) and
 * stricter per-route limits on auth endpoints. Counters live in Redis when REDIS_URL is set,
 * so every instance shares them.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const { settings, config } = app.ctx;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    // skipOnError below lets requests through while Redis is away; say so once per outage.
    let away = false;
    redis.on('error', (err) => {
      if (!away) app.log.warn({ err }, 'rate limiter cannot reach Redis: requests are let through until it is back');
      away = true;
    });
    redis.on('ready', () => {
      away = false;
    });
    app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  }
  await app.register(rateLimit, {
    global: true,
    max: () => settings.number('rate_limit_per_minute'),
    timeWindow: 60_000,
    allowList: () => !settings.bool('rate_limit_enabled'),
    redis,
    nameSpace: 'hostdeck-rl:',
    skipOnError: true,
    errorResponseBuilder: () => {
      const err = new AppError('RATE_LIMITED', 'You have been rate limited. Please try again later.');
      return Object.assign(err, { statusCode: 429 });
    },
  });
}

/** Route config for auth endpoints: a few attempts a minute per client address. */
export function authRateLimit(app: FastifyInstance) {
  // Always on, whatever the global rate_limit_enabled setting says.
  return { max: app.ctx.config.authRateLimitPerMinute, timeWindow: 60_000, allowList: () => false };
}

/**
 * Route config for earning and spending attempts (redeeming codes, gifts, purchases): the same
 * budget as sign-in attempts, counted per signed-in member rather than per address.
 */
export function attemptRateLimit(app: FastifyInstance) {
  return {
    ...authRateLimit(app),
    keyGenerator: (req: FastifyRequest) => `member:${req.auth?.account.user.id ?? req.ip}`,
  };
}
