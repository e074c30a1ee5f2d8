import {
  ADBLOCK_CHECK_QUERY,
  AFK_CLOSE,
  AfkStatusSchema,
  SESSION_COOKIE,
  WS_RECONNECT_REASON,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { websocketOnly } from '../../lib/websocket-only.ts';
import { access } from '../../plugins/access.ts';
import { earningGuard, earningOnHoldById } from '../abuse/flags.guard.ts';
import { accountUsable } from '../auth/sign-in.ts';
import type { AfkPermit } from './afk.service.ts';

/** The AFK page: its status, and the WebSocket that times the session on the server. */
export async function afkRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['earn'];

  /** The socket's sign-in and the earning rules, read again before each payout. */
  function permit(token: string | undefined): AfkPermit {
    return async () => {
      const resolved = await app.ctx.sessions.resolve(token);
      if (!resolved || resolved.session.twoFactorPending || !accountUsable(resolved.account.user))
        return 'UNAUTHORIZED';
      const { db, settings } = app.ctx;
      return (await earningOnHoldById(db, settings, resolved.account.user.id)) ? 'EARNING_ON_HOLD' : null;
    };
  }

  app.get(
    '/api/earn/afk',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'AFK earning: rate, daily cap, what I earned today and my AFK minutes',
        response: { 200: AfkStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => app.ctx.afk.status(req.auth!.account.user.id),
  );

  app.route({
    method: 'GET',
    url: '/api/earn/afk/ws',
    config: { access: access.session },
    schema: { tags, summary: 'The AFK WebSocket (JSON messages; the page sends its visibility)', hide: true },
    wsHandler: (socket, req) => {
      // A page on another site must not open a member's session with their cookie.
      const origin = req.headers.origin;
      if (origin && !sameHost(origin, req.host)) {
        socket.close(AFK_CLOSE.badOrigin, 'Wrong origin');
        return;
      }
      // Handlers are attached at once; the session starts asynchronously (messages wait for it),
      // after the earning rules (flag hold, anti-adblock token in the query: sockets carry no headers).
      const none = { onMessage: () => undefined, onClose: () => undefined };
      const session = mayEarn(req)
        .then(
          () => app.ctx.afk.attach(req.auth!.account.user.id, socket, permit(req.cookies[SESSION_COOKIE])),
          (err: unknown) => {
            if (!(err instanceof AppError)) throw err;
            socket.send(JSON.stringify({ type: 'refused', error_code: err.code }));
            socket.close(AFK_CLOSE.refused, err.code);
            return none;
          },
        )
        // Anything else (the database away for a moment): logged, and the page told to connect again.
        // Left unhandled, the rejection would end the process and every member's request with it.
        .catch((err: unknown) => {
          req.log.error({ err }, 'AFK session could not start');
          socket.close(AFK_CLOSE.restart, WS_RECONNECT_REASON);
          return none;
        });
      socket.on('message', (data) => void session.then((s) => s.onMessage(String(data))));
      socket.on('close', () => void session.then((s) => s.onClose()));
    },
    handler: websocketOnly,
  });
}

const mayEarn = earningGuard({
  adblock: true,
  token: (req) => {
    const value = (req.query as Record<string, unknown> | undefined)?.[ADBLOCK_CHECK_QUERY];
    return typeof value === 'string' ? value : undefined;
  },
});

export function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
