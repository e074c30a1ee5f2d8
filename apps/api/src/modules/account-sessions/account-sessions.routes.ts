import {
  AccountSessionListSchema,
  AccountSessionParamsSchema,
  OkSchema,
  RevokeOthersResponseSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearSessionCookies } from '../../lib/cookies.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { AccountSessionsService } from './account-sessions.service.ts';

/** /account#sessions: my sessions, ending one, and signing out everywhere else. */
export async function accountSessionsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new AccountSessionsService(app.ctx.db, app.ctx.settings, app.ctx.sessions);
  const tags = ['account'];

  app.get(
    '/api/account/sessions',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'My signed-in sessions with their device, address and last use',
        response: { 200: AccountSessionListSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.list(req.auth!.account.user.id, req.auth!.session.id),
    }),
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'End one of my sessions (ending this one signs me out)',
        params: AccountSessionParamsSchema,
        response: { 200: OkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await service.revoke(req.auth!.account.user.id, req.params.id);
      if (req.params.id === req.auth!.session.id) clearSessionCookies(reply, req);
      return { success: true as const };
    },
  );

  app.post(
    '/api/account/sessions/revoke-others',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'Sign out everywhere else (every session but this one ends at once)',
        response: { 200: RevokeOthersResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({
      success: true as const,
      revoked: await service.revokeOthers(req.auth!.account.user.id, req.auth!.session.id),
    }),
  );
}
