import { SESSION_COOKIE, SessionResponseSchema } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearSessionCookies } from '../../lib/cookies.ts';
import { access } from '../../plugins/access.ts';
import { accountUsable } from '../auth/sign-in.ts';
import type { UserWithRole } from '../auth/users.repo.ts';
import { presentSession, sessionFailure } from './session.presenter.ts';
import type { SessionStats } from './session-stats.ts';

export async function sessionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;
  // The body depends only on the cached account and counts, which are replaced (never changed in
  // place) when they change: serialised once per pair instead of on every call, kept as bytes.
  const bodies = new WeakMap<UserWithRole, { stats: SessionStats; bytes: Buffer }>();

  // Public as a route: it answers every failure itself, in the specification's exact shape.
  app.get(
    '/api/user/session',
    {
      config: { access: access.public },
      schema: {
        tags: ['session'],
        summary: 'The signed-in member, their billing details, stats and permissions',
        response: { 200: SessionResponseSchema, 401: SessionResponseSchema, 403: SessionResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store, no-cache, must-revalidate').header('pragma', 'no-cache');
      const token = req.cookies[SESSION_COOKIE];
      const resolved = await sessions.resolve(token);
      if (!resolved) {
        if (token) clearSessionCookies(reply, req);
        return reply.status(401).send(sessionFailure('SESSION_INVALID'));
      }
      const { user } = resolved.account;
      if (!accountUsable(user)) {
        await sessions.revoke(resolved.session.id);
        clearSessionCookies(reply, req);
        return reply.status(403).send(sessionFailure(user.banned ? 'ACCOUNT_BANNED' : 'ACCOUNT_DELETED'));
      }
      if (resolved.session.twoFactorPending) return reply.status(401).send(sessionFailure('TW0_FA_BLOCKED'));
      const stats = await sessions.stats(user.id);
      let body = bodies.get(resolved.account);
      if (body?.stats !== stats) {
        // The route's own serializer: only the schema's fields, checked by zod in development and tests.
        body = { stats, bytes: Buffer.from(reply.serialize(presentSession(resolved.account, stats)) as string) };
        bodies.set(resolved.account, body);
      }
      return reply.type('application/json; charset=utf-8').send(body.bytes as never);
    },
  );
}
