import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SessionRow, sessions, users } from '../../db/schema/index.ts';
import type { Bus } from '../../lib/bus.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { loadSessionStats, type SessionStats } from '../session/session-stats.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { findUserWithRole, type UserWithRole } from './users.repo.ts';

const CHANNEL = 'hostdeck:sessions';
/** How long a cached session or user may be served without asking the database. */
const CACHE_MS = 15_000;
/** last_used_at is written at most this often per session, to keep writes off the hot path. */
const TOUCH_MS = 60_000;
const MAX_CACHE = 50_000;

export interface ResolvedSession {
  session: SessionRow;
  account: UserWithRole;
}

/** Cache hits and misses of the session check, plain numbers read by /metrics at scrape time. */
export interface CacheStats {
  sessionHits: number;
  sessionMisses: number;
  userHits: number;
  userMisses: number;
}

/** How a session was signed in: password, passkey, sso:<provider> or a one-time link. */
export type SessionMethod = 'password' | 'passkey' | 'link' | `sso:${string}`;

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
  /** The browser's device cookie (see lib/cookies.ts deviceId). */
  device?: string;
}

/**
 * Server-side sessions. The cookie holds a random token; the database only its SHA-256.
 * Lookups are cached briefly in memory (the session check is the hottest path of the API);
 * revocations and account changes drop cache entries on every instance through the bus.
 */
export class SessionService {
  private bySession = new Map<string, { row: SessionRow; at: number }>();
  private byUser = new Map<string, { value: UserWithRole; at: number }>();
  /** The session call's counts, kept with the account and dropped with it (invalidateUser). */
  private statsByUser = new Map<string, { value: Promise<SessionStats>; at: number }>();
  readonly cacheStats: CacheStats = { sessionHits: 0, sessionMisses: 0, userHits: 0, userMisses: 0 };

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly bus: Bus,
  ) {
    bus.subscribe(CHANNEL, { message: (message) => this.dropLocal(message), missed: () => this.dropLocal('all') });
  }

  /** `method` records how the member signed in (shown in the account's sessions list). */
  async create(
    userId: string,
    client: ClientInfo,
    twoFactorPending = false,
    method: SessionMethod = 'password',
  ): Promise<{ token: string; row: SessionRow }> {
    const token = randomToken();
    const hours = this.settings.number('session_absolute_hours');
    const [row] = await this.db
      .insert(sessions)
      .values({
        userId,
        tokenHash: sha256(token),
        twoFactorPending,
        method,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 255),
        expiresAt: new Date(Date.now() + hours * 3_600_000),
      })
      .returning();
    if (!row) throw new Error('Session insert returned nothing');
    return { token, row };
  }

  /** The live session for a cookie token, or null when unknown, revoked, idle or expired. */
  async resolve(token: string | undefined): Promise<ResolvedSession | null> {
    if (!token || token.length > 128) return null;
    const hash = sha256(token);
    const now = Date.now();
    let row = this.cachedSession(hash, now);
    if (!row) {
      const rows = await this.db.select().from(sessions).where(eq(sessions.tokenHash, hash)).limit(1);
      row = rows[0];
      if (!row) return null;
      this.remember(this.bySession, hash, { row, at: now });
    }
    const idleMs = this.settings.number('session_idle_minutes') * 60_000;
    if (row.revokedAt || row.expiresAt.getTime() <= now || row.lastUsedAt.getTime() + idleMs <= now) return null;
    const account = await this.account(row.userId, now);
    if (!account) return null;
    if (now - row.lastUsedAt.getTime() > TOUCH_MS) await this.touch(row, hash, now);
    return { session: row, account };
  }

  /**
   * The member's server and ticket counts for the session call, cached like the account: call
   * invalidateUser after the member's servers or tickets change.
   */
  stats(userId: string): Promise<SessionStats> {
    const now = Date.now();
    const hit = this.statsByUser.get(userId);
    if (hit && now - hit.at < CACHE_MS) return hit.value;
    const value = loadSessionStats(this.db, userId);
    this.remember(this.statsByUser, userId, { value, at: now });
    // A failed load is not kept; the caller still sees the error.
    value.catch(() => {
      if (this.statsByUser.get(userId)?.value === value) this.statsByUser.delete(userId);
    });
    return value;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    await this.publish(`session:${sessionId}`);
  }

  /** Signs a member out everywhere (optionally keeping one session), e.g. after a password change. */
  async revokeAllForUser(userId: string, keepSessionId?: string): Promise<void> {
    const where = keepSessionId
      ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId))
      : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(where);
    await this.publish(`user-sessions:${userId}`);
  }

  /** Call after any change to a user or their role so the next request sees it. */
  async invalidateUser(userId: string): Promise<void> {
    await this.publish(`user:${userId}`);
  }

  /**
   * The database said a member's balance, limits, servers or requests changed (db/member-cache.ts: its
   * triggers see every writer, on every instance): their cached account and counts go here only, the
   * notification reaches each instance itself. Callers that move coins need not remember invalidateUser.
   */
  memberChanged(userId: string): void {
    if (userId === '*') {
      this.byUser.clear();
      this.statsByUser.clear();
    } else this.dropLocal(`user:${userId}`);
  }

  /** Drops every cached account (a role's permissions changed). */
  async invalidateAll(): Promise<void> {
    await this.publish('all');
  }

  private async publish(message: string): Promise<void> {
    this.dropLocal(message);
    await this.bus.publish(CHANNEL, message);
  }

  private dropLocal(message: string): void {
    const [kind, id] = message.split(':');
    if (kind === 'all') {
      this.byUser.clear();
      this.bySession.clear();
      this.statsByUser.clear();
    } else if (kind === 'user') {
      this.byUser.delete(id ?? '');
      this.statsByUser.delete(id ?? '');
    } else if (kind === 'session' || kind === 'user-sessions') {
      for (const [hash, entry] of this.bySession) {
        if ((kind === 'session' ? entry.row.id : entry.row.userId) === id) this.bySession.delete(hash);
      }
      if (kind === 'user-sessions') this.byUser.delete(id ?? '');
    }
  }

  /**
   * While the bus may be losing messages (Redis away), a revocation or ban made on another instance
   * cannot reach this cache, so every check asks the database until the bus listens again (and its
   * catch-up has emptied the cache): revocations and bans stay effective at once through an outage.
   */
  private get cacheTrusted(): boolean {
    return this.bus.stats.listening;
  }

  private cachedSession(hash: string, now: number): SessionRow | undefined {
    const hit = this.bySession.get(hash);
    if (hit && this.cacheTrusted && now - hit.at < CACHE_MS) {
      this.cacheStats.sessionHits++;
      return hit.row;
    }
    this.cacheStats.sessionMisses++;
    return undefined;
  }

  private async account(userId: string, now: number): Promise<UserWithRole | null> {
    const hit = this.byUser.get(userId);
    if (hit && this.cacheTrusted && now - hit.at < CACHE_MS) {
      this.cacheStats.userHits++;
      return hit.value;
    }
    this.cacheStats.userMisses++;
    const value = await findUserWithRole(this.db, userId);
    if (value) this.remember(this.byUser, userId, { value, at: now });
    return value;
  }

  private async touch(row: SessionRow, hash: string, now: number): Promise<void> {
    const at = new Date(now);
    await this.db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, row.id));
    await this.db.update(users).set({ lastSeenAt: at }).where(eq(users.id, row.userId));
    this.remember(this.bySession, hash, { row: { ...row, lastUsedAt: at }, at: now });
  }

  private remember<V>(map: Map<string, V>, key: string, value: V): void {
    if (map.size >= MAX_CACHE) map.clear(); // crude bound; entries are cheap to rebuild
    map.set(key, value);
  }
}
