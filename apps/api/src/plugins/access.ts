import { mayUseAdminPermission, SESSION_COOKIE } from '@hostdeck/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { clearSessionCookies } from '../lib/cookies.ts';
import { authenticateApiKey, bearerToken } from '../modules/api-keys/bearer.ts';
import type { ResolvedSession } from '../modules/auth/sessions.service.ts';
import { accountUsable } from '../modules/auth/sign-in.ts';
import { requireStaffTwoFactor } from '../modules/auth/staff-two-factor.ts';

/**
 * Every route declares who may call it, as route config: `config: { access: access.permission('admin.settings.view') }`.
 * A route without a rule is refused (fail closed) and fails the route-matrix test.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  /** Only a session that passed the password and still owes its second factor. */
  | { kind: 'two-factor-pending' }
  | { kind: 'permission'; permission: string };

export const access = {
  public: { kind: 'public' } as Access,
  session: { kind: 'session' } as Access,
  twoFactorPending: { kind: 'two-factor-pending' } as Access,
  permission: (permission: string): Access => ({ kind: 'permission', permission }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A payment provider's webhook: no CSRF token; the route must verify the provider's signature. */
    webhook?: boolean;
    /** Authenticated by a key in a header of its own (ShareX's upload key): no cookie is read, so no CSRF token. */
    uploadKey?: boolean;
    /**
     * A navigator.sendBeacon target: no CSRF header can be sent, so a same-origin check of Fetch
     * Metadata / Origin stands in for the token (decision 0029). The route must read no cookie.
     */
    beacon?: boolean;
  }
  interface FastifyRequest {
    /** The resolved session on non-public routes (set by the access hook). */
    auth: ResolvedSession | null;
  }
}

export interface RouteInfo {
  method: string;
  url: string;
  access?: Access;
  /** The route's response schemas by status (tests walk them). */
  responses?: Record<string, unknown>;
}

/** Returns the session or throws the right error for this access rule. */
export async function authenticate(
  req: FastifyRequest,
  reply: FastifyReply,
  rule: Access,
): Promise<ResolvedSession | null> {
  if (rule.kind === 'public') return null;
  // An integration's API key (Authorization: Bearer): admin routes only, with the key's permissions.
  const bearer = bearerToken(req);
  if (bearer !== undefined) return authenticateApiKey(req, rule, bearer);
  const token = req.cookies[SESSION_COOKIE];
  const resolved = await req.server.ctx.sessions.resolve(token);
  if (!resolved) {
    if (token) clearSessionCookies(reply, req);
    throw new AppError('UNAUTHORIZED', 'Please log in');
  }
  const { user, role } = resolved.account;
  // deletion_requested_at: however a session was made (password, passkey, SSO), it no longer works.
  if (!accountUsable(user)) {
    await req.server.ctx.sessions.revoke(resolved.session.id);
    clearSessionCookies(reply, req);
    throw new AppError(
      user.banned ? 'ACCOUNT_BANNED' : 'ACCOUNT_DELETED',
      user.banned ? 'This account is banned' : 'This account was deleted',
    );
  }
  if (rule.kind === 'two-factor-pending') {
    if (!resolved.session.twoFactorPending)
      throw new AppError('TWO_FA_NOT_PENDING', 'No sign-in is waiting for a code');
    return resolved;
  }
  if (resolved.session.twoFactorPending) throw new AppError('TW0_FA_BLOCKED', 'Enter your two-factor code first');
  if (rule.kind === 'permission' && !mayUseAdminPermission(role, rule.permission)) {
    throw new AppError('FORBIDDEN', 'You do not have permission to access this resource.');
  }
  requireStaffTwoFactor(req.server.ctx.settings, rule, resolved);
  return resolved;
}

export function registerAccess(app: FastifyInstance, table: RouteInfo[]): void {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue; // Fastify's automatic twin of a GET route, with the same rule
      table.push({
        method,
        url: route.url,
        access: route.config?.access,
        responses: route.schema?.response as Record<string, unknown> | undefined,
      });
    }
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.is404) return;
    const rule = req.routeOptions.config.access;
    if (!rule) {
      req.log.error({ url: req.routeOptions.url }, 'route has no access rule');
      throw new AppError('FORBIDDEN', 'This route has no access rule');
    }
    req.auth = await authenticate(req, reply, rule);
  });
}
