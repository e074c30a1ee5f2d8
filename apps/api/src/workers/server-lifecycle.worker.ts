import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { servers, users, workerHeartbeats } from '../db/schema/index.ts';
import type { PanelService } from '../integrations/hosting/panel.service.ts';
import { metered, noWorkerMeter, type WorkerMeter } from '../lib/worker-meter.ts';
import { enqueueTemplateMail, mailDate } from '../modules/mail/templates.ts';
import { MISSING, ofPanel } from '../modules/servers/server-panel.ts';
import type { ServersService } from '../modules/servers/servers.service.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';
import { ServerStatusReader } from './server-lifecycle.status.ts';

const DAY_MS = 86_400_000;
/** A panel read of every server costs one request per 100 servers: at most this often per instance. */
const SYNC_EVERY_MS = 5 * 60_000;
/** The worker_heartbeats row that says which instance read the panel last, and when. */
const SYNC_CLAIM = 'server-status-sync';
/** The timer ticks this often; a tick only asks about installing servers that are due (backoff per server)… */
const TICK_MS = 3000;
/** …and runs the whole pass (heartbeat, renewals, interrupted work) this often. */
const FULL_PASS_MS = 30_000;
/** An update or delete left half-done this long ago by a crash is finished (delete) or released (update). */
const INTERRUPTED_MS = 10 * 60_000;
const BATCH = 50;
type ServerRow = typeof servers.$inferSelect;

/**
 * Keeps built servers in step with time and the panel: reads statuses from the panel (so pages never
 * call it), reminds owners before expiry, suspends at expiry, deletes after the grace period (panel
 * first), and finishes work a crash interrupted. Every step is idempotent and claims its rows with a
 * conditional update, so several instances may run it at once and each mail goes out once.
 * It acts only on the records of the configured panel (decision 0013): records of another panel are
 * left as they are (counted in the log), and a server gone on the panel is marked "missing".
 */
export class ServerLifecycleWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private lastSync = 0;
  private lastFull = 0;
  private readonly instance = randomUUID();
  private readonly statuses: ServerStatusReader;
  /** Counts passes and failures for /metrics (set by the app). */
  meter: WorkerMeter = noWorkerMeter;

  constructor(
    private readonly db: Db,
    private readonly panel: PanelService,
    private readonly settings: SettingsService,
    private readonly servers: ServersService,
    private readonly log: FastifyBaseLogger,
    private readonly publicUrl: () => string,
  ) {
    this.statuses = new ServerStatusReader(db, panel, servers.onPanel, log);
  }

  start(intervalMs = TICK_MS): void {
    this.timer = setInterval(
      () => void this.tick().catch((err) => this.log.error({ err }, 'server lifecycle failed')),
      intervalMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /**
   * What the timer runs: the whole pass every FULL_PASS_MS, and in between only the looks at
   * installing servers that are due (one query when none is), so a new server turns active within
   * seconds of the panel finishing it. `now` can be moved for tests.
   */
  tick(now = new Date()): Promise<void> {
    if (this.running) return this.running;
    if (now.getTime() - this.lastFull >= FULL_PASS_MS) return this.runOnce(now);
    const key = this.panel.key();
    if (key === null) return Promise.resolve();
    this.running = this.statuses
      .refreshInstalling(key, now)
      .then(() => undefined)
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** One whole pass; `now` can be moved for tests. */
  runOnce(now = new Date()): Promise<void> {
    this.running ??= metered(this.meter, 'server-lifecycle', () => this.work(now)).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async work(now: Date): Promise<void> {
    this.lastFull = now.getTime();
    await this.db
      .insert(workerHeartbeats)
      .values({ name: 'server-lifecycle', instance: this.instance })
      .onConflictDoUpdate({ target: workerHeartbeats.name, set: { instance: this.instance, beatAt: new Date() } });
    const key = this.panel.key();
    if (key === null) return;
    await this.statuses.countOtherPanel(key, now); // skipped by every step below: logged as a number
    if (Date.now() - this.lastSync >= SYNC_EVERY_MS && (await this.claimSync())) await this.syncStatuses();
    else await this.statuses.refreshInstalling(key, now);
    await this.finishInterrupted(now, key);
    if (!this.settings.bool('server_renew_enabled')) return this.releaseExpired(now, key);
    await this.giveExpiries(now);
    await this.remind(now, key);
    await this.suspendExpired(now, key);
    await this.deleteAfterGrace(now, key);
    await this.retryUnsuspend(now, key);
  }

  /**
   * Claims this period's full read of the panel for this instance: it costs one panel request per 100
   * servers, so however many instances run, one of them reads per period (a row of worker_heartbeats
   * whose time only moves forward once the period has passed). An instance that loses the claim
   * tries again at its next pass.
   */
  private async claimSync(): Promise<boolean> {
    const won = await this.db
      .insert(workerHeartbeats)
      .values({ name: SYNC_CLAIM, instance: this.instance })
      .onConflictDoUpdate({
        target: workerHeartbeats.name,
        set: { instance: this.instance, beatAt: new Date() },
        setWhere: lte(workerHeartbeats.beatAt, new Date(Date.now() - SYNC_EVERY_MS)),
      })
      .returning({ name: workerHeartbeats.name });
    return won.length > 0;
  }

  /** Reads every server's status from the panel in pages (records of this panel only); changes only the rows that differ. */
  async syncStatuses(): Promise<number> {
    this.lastSync = Date.now();
    const key = this.panel.key();
    return key === null ? 0 : this.statuses.syncAll(key);
  }

  /** Servers built while renewal was off get an expiry once it is switched on. */
  private async giveExpiries(now: Date): Promise<void> {
    const days = this.settings.number('server_renew_days');
    await this.db
      .update(servers)
      .set({ expiresAt: new Date(now.getTime() + days * DAY_MS) })
      .where(isNull(servers.expiresAt));
  }

  private async remind(now: Date, key: string): Promise<void> {
    const days = this.settings.number('server_renew_reminder_days');
    if (days <= 0) return;
    // Claimed by setting reminder_sent_at: a reminder goes out once, whichever instance gets there
    // (the claim and the mails commit together, so a reminder is never claimed without its mail).
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const due = await tx
        .update(servers)
        .set({ reminderSentAt: now })
        .where(
          and(
            isNull(servers.reminderSentAt),
            ofPanel(key), // a server of another panel cannot be renewed here: no reminder
            ne(servers.status, MISSING), // nor one the panel no longer has
            gt(servers.expiresAt, now),
            lte(servers.expiresAt, new Date(now.getTime() + days * DAY_MS)),
          ),
        )
        .returning();
      for (const s of due)
        await this.mail(tx, s, 'renewal_reminder', {
          expires_at: s.expiresAt ? mailDate(this.settings, s.expiresAt) : '',
          renew_cost: this.settings.number('server_renew_cost'),
          renew_url: `${this.publicUrl()}/server/${s.id}/renew`,
        });
    });
  }

  private async suspendExpired(now: Date, key: string): Promise<void> {
    const expired = await this.db
      .select()
      .from(servers)
      .where(
        and(
          ofPanel(key),
          lte(servers.expiresAt, now),
          isNull(servers.expirySuspendedAt),
          inArray(servers.status, ['active', 'installing', 'install_failed']),
        ),
      )
      .limit(BATCH);
    for (const s of expired) {
      try {
        const outcome = await this.servers.onPanel.write(s, (p, panelId) => p.suspendServer(panelId));
        if (outcome === 'gone') {
          await this.servers.onPanel.markMissing(s); // nothing to suspend; staff see it as missing
          continue;
        }
      } catch (err) {
        this.log.warn({ err, server: s.id }, 'suspending an expired server failed; retrying on the next pass');
        continue;
      }
      await this.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [won] = await tx
          .update(servers)
          .set({ status: 'suspended', expirySuspendedAt: now, updatedAt: new Date() })
          .where(and(eq(servers.id, s.id), isNull(servers.expirySuspendedAt), lte(servers.expiresAt, now)))
          .returning();
        if (won)
          await this.mail(tx, s, 'server_suspended', {
            grace_days: this.settings.number('server_delete_grace_days'),
            renew_url: `${this.publicUrl()}/server/${s.id}/renew`,
          });
      });
    }
  }

  private async deleteAfterGrace(now: Date, key: string): Promise<void> {
    const grace = this.settings.number('server_delete_grace_days');
    const doomed = await this.db
      .select()
      .from(servers)
      .where(
        and(
          ofPanel(key),
          lte(servers.expirySuspendedAt, new Date(now.getTime() - grace * DAY_MS)),
          lte(servers.expiresAt, now),
          ne(servers.status, 'deleting'),
        ),
      )
      .limit(BATCH);
    for (const s of doomed) {
      const [claimed] = await this.db
        .update(servers)
        .set({ status: 'deleting', updatedAt: new Date() })
        .where(and(eq(servers.id, s.id), eq(servers.status, s.status)))
        .returning();
      if (!claimed) continue;
      await this.deleteNow(claimed);
    }
  }

  /**
   * Renewal switched off: an expired server no longer waits for a renewal nobody can make. Its expiry
   * is dropped (renewal switched on again gives it a fresh period, as servers built meanwhile get) and
   * its expiry suspension lifted; an expiry still ahead is paid time and stays.
   */
  private async releaseExpired(now: Date, key: string): Promise<void> {
    await this.db.update(servers).set({ expiresAt: null, reminderSentAt: null }).where(lte(servers.expiresAt, now));
    const suspended = await this.db
      .select()
      .from(servers)
      .where(
        and(ofPanel(key), isNotNull(servers.expirySuspendedAt), isNull(servers.expiresAt), ne(servers.status, MISSING)),
      )
      .limit(BATCH);
    for (const s of suspended)
      await this.servers
        .liftExpirySuspension(s)
        .catch((err) =>
          this.log.warn({ err, server: s.id }, 'unsuspending a server after renewal was switched off failed'),
        );
  }

  /** Renewed servers whose unsuspend failed at the time (the panel was down) are unsuspended now. */
  private async retryUnsuspend(now: Date, key: string): Promise<void> {
    const renewed = await this.db
      .select()
      .from(servers)
      .where(
        and(
          ofPanel(key),
          isNotNull(servers.expirySuspendedAt),
          gt(servers.expiresAt, now),
          ne(servers.status, MISSING),
        ),
      )
      .limit(BATCH);
    for (const s of renewed)
      await this.servers
        .liftExpirySuspension(s)
        .catch((err) => this.log.warn({ err, server: s.id }, 'unsuspending a renewed server failed'));
  }

  /** A delete interrupted by a crash is finished; an update interrupted by one releases its guard. */
  private async finishInterrupted(now: Date, key: string): Promise<void> {
    const before = new Date(now.getTime() - INTERRUPTED_MS);
    await this.db
      .update(servers)
      .set({ status: 'active' })
      .where(and(eq(servers.status, 'updating'), lte(servers.updatedAt, before)));
    const stuck = await this.db
      .select()
      .from(servers)
      .where(and(ofPanel(key), eq(servers.status, 'deleting'), lte(servers.updatedAt, before)))
      .limit(BATCH);
    for (const s of stuck) await this.deleteNow(s);
  }

  private async deleteNow(s: ServerRow): Promise<void> {
    try {
      await this.servers.deleteOnPanel(s);
    } catch (err) {
      // Stays "deleting": finishInterrupted tries again later. The record is never dropped before the panel confirms.
      this.log.warn({ err, server: s.id }, 'deleting a server on the panel failed; retrying later');
      return;
    }
    // Deleted because it expired (and was not renewed): the owner hears of it.
    if (s.expirySuspendedAt) await this.mail(this.db, s, 'server_deleted', {});
  }

  private async mail(
    db: Db,
    s: ServerRow,
    template: 'renewal_reminder' | 'server_suspended' | 'server_deleted',
    vars: Record<string, string | number>,
  ): Promise<void> {
    const [owner] = await db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(eq(users.id, s.ownerId));
    if (owner)
      await enqueueTemplateMail(db, this.settings, {
        to: owner.email,
        template,
        vars: { ...vars, username: owner.username, server_name: s.name },
      });
  }
}
