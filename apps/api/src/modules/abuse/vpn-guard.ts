import type { FastifyInstance } from 'fastify';
import type { Access } from '../../plugins/access.ts';
import type { VpnScope } from './vpn.service.ts';

/** Routes a member blocked everywhere must still reach: sign-in and out, the session call, system settings. */
const EXEMPT = [/^\/api\/user\/auth\//, /^\/api\/auth\//, /^\/api\/user\/session$/, /^\/api\/system\//];

/**
 * Which anti-VPN scope a route belongs to (sign-up is a SignUpCheck, not a route rule):
 * - earning: every call under /api/earn/ that is not a plain read, and the AFK WebSocket;
 * - all: every other signed-in API call, except the exempt ones above;
 * - none: public routes.
 */
export function vpnScopeOf(method: string, url: string, rule: Access | undefined): VpnScope | null {
  if (!rule || rule.kind === 'public' || !url.startsWith('/api/')) return null;
  if (EXEMPT.some((re) => re.test(url))) return null;
  if (url.startsWith('/api/earn/') && (method !== 'GET' || url === '/api/earn/afk/ws')) return 'earning';
  return 'all';
}

/**
 * Enforces anti-VPN on signed-in routes. Registered after the access hook, so req.auth is the
 * resolved session and its role's permissions decide the user.permission.vpn bypass.
 */
export function registerVpnGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    if (req.is404) return;
    const scope = vpnScopeOf(req.method, req.routeOptions.url ?? '', req.routeOptions.config.access);
    if (!scope) return;
    await app.ctx.vpn.enforce(scope, req.ip, req.auth?.account.role.permissions ?? []);
  });
}
