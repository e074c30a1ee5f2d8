import { hasPermission } from '@hostdeck/contracts';
import { and, asc, eq, gte, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountFlags, roles, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { PendingFlag, SignInWatcher, SignUpAttempt, SignUpCheck } from './sign-up-guard.ts';

/** How many related accounts a flag names at most (enough for staff to see the pattern). */
const RELATED_MAX = 50;

/**
 * The live accounts that signed up or last signed in from this address (or this browser, given the
 * hash of its device cookie), oldest first; only those seen within alt_window_days when it is set.
 * Reads at most `limit` rows, through the first/last ip and device indexes.
 */
export async function accountsSharing(
  db: Db,
  settings: SettingsService,
  by: { ip?: string; deviceHash?: string },
  limit: number,
  excludeUserId?: string,
): Promise<string[]> {
  const match = by.ip
    ? or(eq(users.firstIp, by.ip), eq(users.lastIp, by.ip))
    : by.deviceHash
      ? or(eq(users.firstDevice, by.deviceHash), eq(users.lastDevice, by.deviceHash))
      : undefined;
  if (!match) return [];
  const conditions: (SQL | undefined)[] = [match, isNull(users.deletedAt)];
  const days = settings.number('alt_window_days');
  if (days > 0) conditions.push(gte(users.lastSeenAt, new Date(Date.now() - days * 86_400_000)));
  if (excludeUserId) conditions.push(ne(users.id, excludeUserId));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Anti-alt at sign-up (while zero_trust_enabled is on): when the address or the browser already
 * holds as many accounts as its limit allows, the sign-up is refused (alt_action = block) or the
 * new account is flagged for review with the accounts it shares them with (alt_action = flag).
 * The other accounts are never touched. The refusal names nobody.
 */
export class AltSignUpCheck implements SignUpCheck {
  readonly name = 'anti-alt';

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  async check(attempt: SignUpAttempt): Promise<PendingFlag[] | undefined> {
    if (!this.settings.bool('zero_trust_enabled')) return undefined;
    const perIp = this.settings.number('alt_max_accounts_per_ip');
    const perDevice = this.settings.number('alt_max_accounts_per_device');
    const flags: PendingFlag[] = [];
    if (attempt.device && perDevice > 0) {
      const deviceHash = sha256(attempt.device);
      const found = await accountsSharing(this.db, this.settings, { deviceHash }, Math.max(perDevice, RELATED_MAX));
      if (found.length >= perDevice)
        flags.push({ reason: 'shared_device', relatedUserIds: found.slice(0, RELATED_MAX), ip: attempt.ip });
    }
    if (attempt.ip && perIp > 0) {
      const found = await accountsSharing(this.db, this.settings, { ip: attempt.ip }, Math.max(perIp, RELATED_MAX));
      if (found.length >= perIp)
        flags.push({ reason: 'shared_ip', relatedUserIds: found.slice(0, RELATED_MAX), ip: attempt.ip });
    }
    if (flags.length === 0) return undefined;
    if (this.settings.string('alt_action') === 'block')
      throw new AppError(
        'ALT_ACCOUNT_LIMIT',
        'No more accounts can be opened from this network or browser; contact support if this is a mistake',
      );
    return flags;
  }
}

/**
 * Anti-alt at sign-in: an account signed in on a browser it was not created on, which holds as many
 * other accounts as alt_max_accounts_per_device allows, is flagged (shared_device), once per newly
 * met account, never on every login. Holders of user.permission.alt are left alone; so are the
 * other accounts.
 */
export class AltSignInWatcher implements SignInWatcher {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  async signedIn(userId: string, client: { ip?: string; device?: string }): Promise<void> {
    const limit = this.settings.number('alt_max_accounts_per_device');
    if (!this.settings.bool('zero_trust_enabled') || limit === 0 || !client.device) return;
    const [me] = await this.db
      .select({ permissions: roles.permissions, firstDevice: users.firstDevice })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, userId));
    if (!me || hasPermission(me.permissions, 'user.permission.alt')) return;
    const deviceHash = sha256(client.device);
    // Made on this browser: the sign-up check already judged it. Only an account that comes to a
    // crowded browser from elsewhere is flagged, so the accounts already there are never held back
    // because a newcomer appeared.
    if (me.firstDevice === deviceHash) return;
    const found = await accountsSharing(this.db, this.settings, { deviceHash }, Math.max(limit, RELATED_MAX), userId);
    if (found.length < limit) return;
    const earlier = await this.db
      .select({ related: accountFlags.relatedUserIds })
      .from(accountFlags)
      .where(and(eq(accountFlags.userId, userId), eq(accountFlags.reason, 'shared_device')));
    const known = new Set(earlier.flatMap((f) => f.related));
    if (found.every((id) => known.has(id))) return;
    await this.db
      .insert(accountFlags)
      .values({ userId, reason: 'shared_device', relatedUserIds: found.slice(0, RELATED_MAX), ip: client.ip });
  }
}
