import { ADBLOCK_CHECK_HEADER, hasPermission } from '@hostdeck/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accountFlags, roles, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ResolvedSession } from '../auth/sessions.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/** Which flags hold earning, and the permission that lifts each (docs/decisions: earning holds). */
const bypassOf = { shared_ip: 'user.permission.alt', shared_device: 'user.permission.alt', vpn: 'user.permission.vpn' };

/**
 * The one rule for "may this member earn now" about flags: while zero_trust_enabled is on, an account
 * with an open flag earns nothing (AFK, links, join for rewards, codes, referral rewards) until
 * staff approve it; an alt flag is lifted by user.permission.alt, a VPN flag by user.permission.vpn.
 */
export async function assertMayEarn(
  db: Db,
  settings: SettingsService,
  userId: string,
  permissions: readonly string[],
): Promise<void> {
  if (!(await earningOnHold(db, settings, userId, permissions))) return;
  throw new AppError('EARNING_ON_HOLD', 'Your account is waiting for a staff review before it can earn coins');
}

export async function earningOnHold(
  db: Db,
  settings: SettingsService,
  userId: string,
  permissions?: readonly string[],
): Promise<boolean> {
  if (!settings.bool('zero_trust_enabled')) return false;
  const reasons = (Object.keys(bypassOf) as (keyof typeof bypassOf)[]).filter(
    (r) => !permissions || !hasPermission([...permissions], bypassOf[r]),
  );
  if (reasons.length === 0) return false;
  const [open] = await db
    .select({ id: accountFlags.id })
    .from(accountFlags)
    .where(and(eq(accountFlags.userId, userId), eq(accountFlags.status, 'open'), inArray(accountFlags.reason, reasons)))
    .limit(1);
  return open !== undefined;
}

/** The same rule for work without a request (referral payouts): reads the member's role first. */
export async function earningOnHoldById(db: Db, settings: SettingsService, userId: string): Promise<boolean> {
  if (!settings.bool('zero_trust_enabled')) return false;
  const [row] = await db
    .select({ permissions: roles.permissions })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return earningOnHold(db, settings, userId, row?.permissions ?? []);
}

/**
 * Earning that happens outside an /api/earn/ call — the join-for-rewards payout in the Discord
 * callback (GET /api/auth/discord/callback, exempt from the route-based VPN guard): the flag hold
 * and the anti-VPN "earning" rule, the two checks an earning route gets from earningGuard and
 * vpn-guard.ts. Checked again at payout, since the member may have been flagged or moved to a VPN
 * after the round trip started.
 */
export async function assertMayEarnOutsideEarnRoutes(
  ctx: AppContext,
  auth: ResolvedSession,
  ip: string,
): Promise<void> {
  const permissions = auth.account.role.permissions;
  await assertMayEarn(ctx.db, ctx.settings, auth.account.user.id, permissions);
  await ctx.vpn.enforce('earning', ip, permissions);
}

/**
 * The preHandler every earning route uses: the flag hold, then (with `adblock`) the anti-adblock
 * check token from the X-Adblock-Check header (or the WebSocket's query parameter).
 */
export function earningGuard(options: { adblock?: boolean; token?: (req: FastifyRequest) => string | undefined } = {}) {
  return async (req: FastifyRequest): Promise<void> => {
    const auth = req.auth as ResolvedSession | null;
    if (!auth) throw new AppError('UNAUTHORIZED', 'Please log in');
    const { ctx } = req.server;
    const permissions = auth.account.role.permissions;
    await assertMayEarn(ctx.db, ctx.settings, auth.account.user.id, permissions);
    if (!options.adblock) return;
    const header = req.headers[ADBLOCK_CHECK_HEADER];
    const token = options.token?.(req) ?? (typeof header === 'string' ? header : undefined);
    ctx.adblock.assertChecked(auth.session.id, permissions, token);
  };
}
