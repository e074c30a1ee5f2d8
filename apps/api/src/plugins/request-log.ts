import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Logger } from 'pino';

/**
 * Fastify's request logging, cheaper: one line per request when it ends instead of an "incoming"
 * and a "completed" line, in Fastify's shape (req, res, responseTime) plus the route pattern. The
 * query string is left out: sign-in links, OAuth callbacks and e-mail confirmations carry their
 * secrets there. The line holds only these fields, so it is written by a logger without the
 * redaction pass (`log`). A route's own log level still applies (the probes are silent). Errors
 * keep Fastify's own lines, through the redacting logger.
 */
export class RequestLog extends LogController {
  constructor(private readonly log: Logger) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, req, reply);
      return;
    }
    if (!(reply.log as Logger).isLevelEnabled('info')) return;
    const q = req.url.indexOf('?');
    this.log.info(
      {
        reqId: req.id,
        req: { method: req.method, url: q < 0 ? req.url : req.url.slice(0, q), route: req.routeOptions.url },
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  }
}
