import { IntIdParamsSchema, redirectLinksResource } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { redirectLinksService } from './redirects.service.ts';

/** Redirect links: the generated admin CRUD. Visiting /{name} is answered by the SPA fallback (plugins/spa.ts). */
export async function redirectsRoutes(fastify: FastifyInstance): Promise<void> {
  crudRoutes(fastify, {
    contract: redirectLinksResource,
    service: redirectLinksService(fastify.ctx.db, fastify.ctx.redirects),
    params: IntIdParamsSchema,
  });
}
