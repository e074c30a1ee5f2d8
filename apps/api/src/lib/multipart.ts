import { AppError } from './app-error.ts';

/**
 * An error met while reading a multipart/form-data body, after the caller mapped its own limits:
 * a missing or wrong boundary, a body cut short, a forbidden field name (busboy's and
 * @fastify/multipart's errors, most without a code). The reading loops only read the request, so
 * whatever else they throw is about the body too: the sender's 400, not a 500.
 */
export function unreadableForm(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return new AppError(
    'MULTIPART_INVALID',
    'The form could not be read: send it as multipart/form-data with its boundary, complete',
  );
}
