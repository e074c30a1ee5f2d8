import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI 3 generated from the routes' zod schemas; served at /api/openapi.json, UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Hostdeck API',
        version: APP_VERSION,
        description:
          'Every state-changing request must send the x-csrf-token header equal to the csrf_token cookie. Sessions use the HttpOnly user_token cookie.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'user_token' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
