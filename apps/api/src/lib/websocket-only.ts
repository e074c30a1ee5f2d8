import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The plain-HTTP side of a WebSocket route (its `wsHandler` serves the upgrade): a request that
 * asks for no upgrade is refused in the house envelope, not with @fastify/websocket's empty 404.
 */
export function websocketOnly(_req: FastifyRequest, reply: FastifyReply): void {
  reply.status(400).send({
    success: false,
    error_code: 'BAD_REQUEST',
    message: 'This address takes WebSocket connections only (send Upgrade: websocket)',
  });
}
