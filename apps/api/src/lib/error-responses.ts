import { ErrorEnvelopeSchema } from '@hostdeck/contracts';

type Status = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

/** The error envelope under each HTTP status a route may answer with (for its response schema). */
export function errorResponses<S extends Status>(...statuses: S[]): Record<S, typeof ErrorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema])) as Record<S, typeof ErrorEnvelopeSchema>;
}
