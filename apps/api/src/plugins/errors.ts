import { type ErrorEnvelope, ErrorEnvelopeSchema } from '@hostdeck/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { databaseError, dataError } from '../lib/db-errors.ts';

function envelope(code: ErrorEnvelope['error_code'], message: string, fields?: Record<string, string>): ErrorEnvelope {
  return fields ? { success: false, error_code: code, message, fields } : { success: false, error_code: code, message };
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before a route is chosen. A path parameter
 * that is no valid %-escape, or one past the router's length limit, is the client's mistake; an
 * async constraint that failed is ours.
 */
export function frameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_ASYNC_CONSTRAINT') {
    reply.status(500).send(envelope('SERVER_ERROR', 'An unexpected server error occurred. Please try again later.'));
    return;
  }
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long'
      : 'The address is not valid: a part of it is not a well-formed %-escape';
  reply.status(400).send(envelope('BAD_REQUEST', message));
}

export const REPEATED_PARAMETER = 'Give this parameter only once';

/**
 * `?status=open&status=closed` reaches the schema as an array; where one value belongs, zod's own
 * words ("expected string, received array") would not tell the caller what to change.
 */
function repeatedParameter(query: Record<string, unknown> | undefined, path: string): boolean {
  return query !== undefined && Object.hasOwn(query, path) && Array.isArray(query[path]);
}

/** One error handler: AppError, validation, body limits, rate limits, refused data; 5xx never show details. */
export function registerErrorHandler(app: FastifyInstance): void {
  // Every API route with path parameters can answer the 404 below: its document says so. (Pages
  // such as /i/:id answer their own 404, not this envelope.)
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { params?: unknown; response?: Record<string, unknown> } | undefined;
    if (route.url.startsWith('/api/') && schema?.params && schema.response && !schema.response['404'])
      schema.response = { ...schema.response, 404: ErrorEnvelopeSchema };
  });
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(envelope(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      const query = err.validationContext === 'querystring' ? (req.query as Record<string, unknown>) : undefined;
      for (const issue of err.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_form';
        fields[path] ??= repeatedParameter(query, path) ? REPEATED_PARAMETER : (issue.message ?? 'Invalid value');
      }
      // A path that names nothing that could exist (/api/tickets/abc, an unknown template key) is an
      // address with nothing at it, as a well-formed id that is missing: 404, the field saying why.
      // (Pages and files outside /api/ declare their own 404 body and keep the 400.)
      if (err.validationContext === 'params' && req.url.startsWith('/api/'))
        return reply.status(404).send(envelope('NOT_FOUND', 'There is nothing at this address', fields));
      return reply.status(400).send(envelope('VALIDATION_ERROR', 'Some fields are not valid', fields));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(envelope('PAYLOAD_TOO_LARGE', 'The request body is too large'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
        // What this route takes, as its schema says: an upload takes multipart/form-data.
        const consumes = (req.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
        const what = consumes?.length ? consumes.join(' or ') : 'JSON (application/json)';
        return reply.status(415).send(envelope('UNSUPPORTED_MEDIA_TYPE', `Send ${what}`));
      }
    }
    // A value the contract let through and the database refused is the client's error, never a 500.
    const db = databaseError(err);
    const refused = db && dataError(db, req.method);
    if (db && refused) {
      req.log.warn(
        { sqlstate: db.code, constraint: db.constraint, table: db.table, column: db.column },
        'database refused the data',
      );
      return reply.status(refused.status).send(envelope(refused.code, refused.message));
    }
    const status = err.statusCode ?? 500;
    if (status === 429)
      return reply.status(429).send(envelope('RATE_LIMITED', 'You have been rate limited. Please try again later.'));
    if (status < 500) return reply.status(status).send(envelope('BAD_REQUEST', err.message));
    req.log.error({ err }, 'request failed');
    return reply
      .status(500)
      .send(envelope('SERVER_ERROR', 'An unexpected server error occurred. Please try again later.'));
  });
}
