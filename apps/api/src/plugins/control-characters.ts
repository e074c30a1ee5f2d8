import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * Refuses control characters (NUL and the other C0 controls; tab allowed everywhere, line breaks in
 * the body's text) in the path, query and body of every route, before validation, with a 400 naming
 * the field: PostgreSQL would refuse NUL with a 500. Multipart fields are checked by `parseForm`.
 * A provider's webhook is left alone: its body is the provider's, checked by its signature.
 */
export function registerControlCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.config?.webhook) return;
    const path =
      findControlCharacter(req.params, { multiLine: false }) ??
      findControlCharacter(req.query, { multiLine: false }) ??
      findControlCharacter(req.body);
    if (path)
      throw new AppError('VALIDATION_ERROR', 'Some fields are not valid', { [path]: CONTROL_CHARACTER_MESSAGE });
  });
}
