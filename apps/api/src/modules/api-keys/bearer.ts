import { mayUseAdminPermission } from '@hostdeck/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Access } from '../../plugins/access.ts';
import type { ResolvedSession } from '../auth/sessions.service.ts';

/** The token of an `Authorization: Bearer …` header ('' for an empty one), undefined without one. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || !/^Bearer /i.test(header)) return undefined;
  return header.slice(7).trim();
}

/**
 * A request carrying an API key is authenticated by the key alone (cookies are ignored, so the
 * CSRF check it skips protects nothing here): only routes that need a permission accept keys.
 */
export async function authenticateApiKey(req: FastifyRequest, rule: Access, token: string): Promise<ResolvedSession> {
  if (rule.kind !== 'permission') throw new AppError('API_KEY_INVALID', 'API keys work on admin routes only');
  const resolved = await req.server.ctx.apiKeys.resolve(token);
  if (!resolved) throw new AppError('API_KEY_INVALID', 'This API key is unknown or revoked');
  if (!mayUseAdminPermission(resolved.account.role, rule.permission))
    throw new AppError('FORBIDDEN', 'You do not have permission to access this resource.');
  return resolved;
}
