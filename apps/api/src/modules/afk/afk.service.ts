import { randomUUID } from 'node:crypto';
import { AFK_CLOSE, type AfkServerMessage, type AfkStatus, WS_RECONNECT_REASON } from '@hostdeck/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { coinLedger, users } from '../../db/schema/index.ts';
import type { Bus } from '../../lib/bus.ts';
import { moveCoins } from '../coins/ledger.ts';
import { settleReferral } from '../referrals/referrals.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/** Time as the AFK sessions see it; tests drive a manual one. */
export interface Clock {
  now(): number;
  /** Calls fn every ms milliseconds until the returned function is called (a manual clock awaits fn). */
  every(ms: number, fn: () => Promise<void>): () => void;
}
export const realClock: Clock = {
  now: () => Date.now(),
  every: (ms, fn) => {
    const timer = setInterval(() => void fn(), ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** The socket as the service needs it (a ws WebSocket fits). */
export interface AfkSocket {
  send(data: string): void;
  close(code: number, reason: string): void;
}

/**
 * Asked before every payout: the error code that now stops the session (its sign-in revoked, the
 * account banned or deleted, earning put on hold), or null while it may go on earning.
 */
export type AfkPermit = () => Promise<string | null>;

interface Session {
  id: string;
  userId: string;
  socket: AfkSocket;
  permit: AfkPermit;
  visible: boolean;
  /** Hidden at some moment of the current interval: that interval earns nothing. */
  hiddenThisInterval: boolean;
  ticks: number;
  /** Visible seconds not yet counted as whole minutes. */
  pendingSeconds: number;
  stop: () => void;
}

const CLAIM_CHANNEL = 'afk:claim';
const startOfUtcDay = (ms: number) => new Date(Math.floor(ms / 86_400_000) * 86_400_000);

/**
 * AFK earning timed by the server: while a member's page is open and visible it pays
 * afk_coins_per_interval every afk_interval_seconds, up to a daily cap, through the ledger. One
 * session per member on every instance: a new one takes over and the old one is told and closed.
 */
export class AfkService {
  private readonly sessions = new Map<string, Session>();
  private readonly instance = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock = realClock,
  ) {
    bus.subscribe(CLAIM_CHANNEL, {
      message: (message) => {
        const { userId, instance } = JSON.parse(message) as { userId: string; instance: string };
        if (instance !== this.instance) this.takeOver(userId);
      },
      // A claim made elsewhere may be lost, and a member earning twice: every page here reconnects
      // and claims again, the newest claim wins as always.
      missed: () => this.closeAll(),
    });
  }

  async status(userId: string): Promise<AfkStatus> {
    const [user] = await this.db.select({ minutes: users.afkMinutes }).from(users).where(eq(users.id, userId));
    return {
      success: true,
      enabled: this.settings.bool('afk_enabled'),
      interval_seconds: this.settings.number('afk_interval_seconds'),
      coins_per_interval: this.settings.number('afk_coins_per_interval'),
      daily_cap: this.settings.number('afk_daily_cap'),
      earned_today: await this.earnedToday(this.db, userId),
      minutes: user?.minutes ?? 0,
    };
  }

  /** Starts a member's session on this socket, taking over any other of theirs. */
  async attach(
    userId: string,
    socket: AfkSocket,
    permit: AfkPermit = async () => null,
  ): Promise<{ onMessage(raw: string): void; onClose(): void }> {
    if (!this.settings.bool('afk_enabled')) {
      this.send(socket, { type: 'disabled' });
      socket.close(AFK_CLOSE.disabled, 'AFK earning is switched off');
      return { onMessage: () => undefined, onClose: () => undefined };
    }
    this.takeOver(userId);
    await this.bus.publish(CLAIM_CHANNEL, JSON.stringify({ userId, instance: this.instance }));
    const intervalMs = this.settings.number('afk_interval_seconds') * 1000;
    const session: Session = {
      id: randomUUID(),
      userId,
      socket,
      permit,
      visible: true,
      hiddenThisInterval: false,
      ticks: 0,
      pendingSeconds: 0,
      stop: () => undefined,
    };
    session.stop = this.clock.every(intervalMs, () =>
      this.tick(session, intervalMs / 1000).catch((err) => this.log.error({ err }, 'AFK payout failed')),
    );
    this.sessions.set(userId, session);
    this.send(socket, {
      type: 'welcome',
      interval_seconds: intervalMs / 1000,
      coins_per_interval: this.settings.number('afk_coins_per_interval'),
      daily_cap: this.settings.number('afk_daily_cap'),
      earned_today: await this.earnedToday(this.db, userId),
    });
    return {
      onMessage: (raw) => this.receive(session, raw),
      onClose: () => this.end(session),
    };
  }

  /** Sessions open on this instance (for tests and shutdown). */
  get open(): number {
    return this.sessions.size;
  }

  /** On shutdown: every session ends and its page is told to reconnect (to another instance). */
  closeAll(): void {
    for (const s of [...this.sessions.values()]) {
      this.end(s);
      s.socket.close(AFK_CLOSE.restart, WS_RECONNECT_REASON);
    }
  }

  private receive(session: Session, raw: string): void {
    try {
      const message = JSON.parse(raw) as { type?: string; visible?: unknown };
      if (message.type !== 'visibility' || typeof message.visible !== 'boolean') return;
      session.visible = message.visible;
      if (!message.visible) session.hiddenThisInterval = true;
    } catch {
      // Not JSON: ignored (the page only ever sends visibility changes).
    }
  }

  private async tick(session: Session, intervalSeconds: number): Promise<void> {
    if (this.sessions.get(session.userId) !== session) return;
    if (!this.settings.bool('afk_enabled')) {
      this.end(session);
      this.send(session.socket, { type: 'disabled' });
      session.socket.close(AFK_CLOSE.disabled, 'AFK earning is switched off');
      return;
    }
    const earned = session.visible && !session.hiddenThisInterval;
    session.hiddenThisInterval = !session.visible;
    if (!earned) return;
    // The socket outlives its checks at opening: a sign-out, a ban, a deletion or a hold since then
    // ends it here, before anything is paid.
    const refused = await session.permit();
    if (refused) {
      this.end(session);
      this.send(session.socket, { type: 'refused', error_code: refused });
      session.socket.close(AFK_CLOSE.refused, refused);
      return;
    }
    session.ticks += 1;
    session.pendingSeconds += intervalSeconds;
    const minutes = Math.floor(session.pendingSeconds / 60);
    session.pendingSeconds -= minutes * 60;
    const cap = this.settings.number('afk_daily_cap');
    const result = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // The member's row lock orders this payout against everything else that moves their coins.
      const [user] = await tx
        .update(users)
        .set({ afkMinutes: sql`${users.afkMinutes} + ${minutes}` })
        .where(eq(users.id, session.userId))
        .returning({ minutes: users.afkMinutes, coins: users.coins });
      if (!user) return null;
      const today = await this.earnedToday(tx, session.userId);
      const amount = Math.min(this.settings.number('afk_coins_per_interval'), Math.max(0, cap - today));
      if (amount === 0) return { amount, balance: user.coins, today, minutes: user.minutes };
      const balance = await moveCoins(tx, {
        userId: session.userId,
        amount,
        kind: 'afk',
        reason: `AFK, ${intervalSeconds} s`,
        reference: session.id,
        idempotencyKey: `afk:${session.id}:${session.ticks}`,
        // Stamped by the clock that draws the day's line: the cap counts by one clock, not two.
        at: new Date(this.clock.now()),
      });
      return { amount, balance, today: today + amount, minutes: user.minutes };
    });
    if (!result) return;
    const active = this.settings.number('referral_activity_minutes');
    if (minutes > 0 && result.minutes >= active && result.minutes - minutes < active)
      await settleReferral(this.db, this.settings, session.userId); // enough AFK time: the referral pays
    if (result.amount > 0)
      this.send(session.socket, {
        type: 'earned',
        amount: result.amount,
        balance: result.balance,
        earned_today: result.today,
        minutes: result.minutes,
      });
    if (result.today >= cap) this.send(session.socket, { type: 'capped', earned_today: result.today, daily_cap: cap });
  }

  private async earnedToday(db: Db, userId: string): Promise<number> {
    const [row] = await db
      .select({ sum: sql<number>`coalesce(sum(${coinLedger.amount}), 0)` })
      .from(coinLedger)
      .where(
        and(
          eq(coinLedger.userId, userId),
          eq(coinLedger.kind, 'afk'),
          gte(coinLedger.createdAt, startOfUtcDay(this.clock.now())),
        ),
      );
    return Number(row?.sum ?? 0);
  }

  private takeOver(userId: string): void {
    const old = this.sessions.get(userId);
    if (!old) return;
    this.end(old);
    this.send(old.socket, { type: 'taken_over' });
    old.socket.close(AFK_CLOSE.takenOver, 'AFK continues in another tab');
  }

  private end(session: Session): void {
    session.stop();
    if (this.sessions.get(session.userId) === session) this.sessions.delete(session.userId);
  }

  private send(socket: AfkSocket, message: AfkServerMessage): void {
    try {
      socket.send(JSON.stringify(message));
    } catch {
      // The socket is already closing.
    }
  }
}
