import type { AccountSession } from '@hostdeck/contracts';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionService } from '../auth/sessions.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { parseDevice } from './device.ts';

/**
 * The member's own sessions (/account#sessions). Revocation goes through SessionService, which
 * drops the cached session on every instance through the bus, so it takes effect at once.
 */
export class AccountSessionsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly sessions: SessionService,
  ) {}

  /** Live sessions: not revoked, not expired, not idle too long (the rules SessionService.resolve applies). */
  private live(userId: string) {
    const now = Date.now();
    const idleMs = this.settings.number('session_idle_minutes') * 60_000;
    return and(
      eq(sessions.userId, userId),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, new Date(now)),
      gt(sessions.lastUsedAt, new Date(now - idleMs)),
    );
  }

  /** Signed-in sessions, newest use first; a sign-in still waiting for its second factor is not listed. */
  async list(userId: string, currentId: string): Promise<AccountSession[]> {
    const rows = await this.db
      .select()
      .from(sessions)
      .where(and(this.live(userId), eq(sessions.twoFactorPending, false)))
      .orderBy(desc(sessions.lastUsedAt))
      .limit(200);
    return rows.map((row) => ({
      id: row.id,
      current: row.id === currentId,
      method: row.method,
      ip: row.ip,
      ...parseDevice(row.userAgent),
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt.toISOString(),
    }));
  }

  /** Ends one of my sessions; someone else's (or an ended one) is "not found". */
  async revoke(userId: string, sessionId: string): Promise<void> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(this.live(userId), eq(sessions.id, sessionId)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'No such session');
    await this.sessions.revoke(row.id);
  }

  /** Signs me out everywhere but here; answers how many sessions ended. */
  async revokeOthers(userId: string, currentId: string): Promise<number> {
    const others = await this.db.select({ id: sessions.id }).from(sessions).where(this.live(userId));
    await this.sessions.revokeAllForUser(userId, currentId);
    return others.filter((s) => s.id !== currentId).length;
  }
}
