import os from 'node:os';
import {
  APP_VERSION,
  type CoreInfo,
  LicenseParamsSchema,
  LicenseResponseSchema,
  SystemSettingsResponseSchema,
  validAdsClientCode,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';

const text = { 200: z.string() };

export async function systemRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { settings, config, license } = app.ctx;

  const core = (): CoreInfo => ({
    app_version: APP_VERSION,
    debug_debug: config.debug,
    debug_version: `node ${process.versions.node}`,
    debug_os: `${os.type()} ${os.arch()}`,
    debug_os_kernel: os.release(),
    debug_name: 'Hostdeck',
    debug_telemetry: settings.bool('telemetry_enabled'),
    debug: {
      useRedis: Boolean(config.redisUrl),
      rateLimit: { enabled: settings.bool('rate_limit_enabled'), limit: settings.number('rate_limit_per_minute') },
    },
  });
  // The most requested call of all: serialised once per settings change, sent as bytes (a string
  // would be measured and encoded again on every response).
  let body: Buffer | undefined;
  settings.onChange(() => {
    body = undefined;
  });

  app.get(
    '/api/system/settings',
    {
      config: { access: access.public },
      schema: {
        tags: ['system'],
        summary: 'Public settings and core information',
        response: { 200: SystemSettingsResponseSchema },
      },
    },
    async (_req, reply) => {
      body ??= Buffer.from(
        JSON.stringify({
          success: true,
          settings: settings.publicValues(),
          core: core(),
          message: null,
          error_code: null,
        }),
      );
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(body as never);
    },
  );

  app.get(
    '/api/system/license/:name',
    {
      config: { access: access.public },
      schema: {
        tags: ['system'],
        summary: 'Whether the license covers a feature',
        params: LicenseParamsSchema,
        response: { 200: LicenseResponseSchema },
      },
    },
    async (req) => ({ valid: license.isValid(req.params.name) }),
  );

  app.get(
    '/api/system/custom.css',
    {
      config: { access: access.public },
      schema: { tags: ['system'], summary: 'Operator CSS', produces: ['text/css'], response: text },
    },
    async (_req, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(settings.string('custom_css')),
  );

  app.get(
    '/api/system/custom.js',
    {
      config: { access: access.public },
      schema: {
        tags: ['system'],
        summary: 'Operator JavaScript',
        produces: ['application/javascript'],
        response: text,
      },
    },
    async (_req, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(settings.string('custom_js')),
  );

  app.get(
    '/api/system/ga-ads',
    {
      config: { access: access.public },
      schema: {
        tags: ['system'],
        summary: 'Advertising client code, or empty',
        produces: ['text/plain'],
        response: text,
      },
    },
    async (_req, reply) =>
      reply.type('text/plain; charset=utf-8').send(validAdsClientCode(settings.string('ads_client_code'))),
  );
}
