import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { servers, users, workerHeartbeats } from '../db/schema/index.ts';
import type { PanelService } from '../integrations/hosting/panel.service.ts';
import { enqueueTemplateMail, mailDate } from '../modules/mail/templates.ts';
import type { ServersService } from '../modules/servers/servers.service.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';

const DAY_MS = 86_400_000;
/** A panel read of every server costs one request per 100 servers: at most this often per instance. */
const SYNC_EVERY_MS = 5 * 60_000;
/** An update or delete left half-done this long ago by a crash is finished (delete) or released (update). */
const INTERRUPTED_MS = 10 * 60_000;
const BATCH = 50;
/** Installing servers are asked about one by one each pass (they finish within minutes); at most this many. */
const INSTALLING_BATCH = 20;
type ServerRow = typeof servers.$inferSelect;

/**
 * Keeps built servers in step with time and the panel: reads statuses from the panel (so pages never
 * call it), reminds owners before expiry, suspends at expiry, deletes after the grace period (panel
 * first), and finishes work a crash interrupted. Every step is idempotent and claims its rows with a
 * conditional update, so several instances may run it at once and each mail goes out once.
 */
export class ServerLifecycleWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private lastSync = 0;
  private readonly instance = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly panel: PanelService,
    private readonly settings: SettingsService,
    private readonly servers: ServersService,
    private readonly log: FastifyBaseLogger,
    private readonly publicUrl: () => string,
  ) {}

  start(intervalMs = 30_000): void {
    this.timer = setInterval(
      () => void this.runOnce().catch((err) => this.log.error({ err }, 'server lifecycle failed')),
      intervalMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; `now` can be moved for tests. */
  runOnce(now = new Date()): Promise<void> {
    this.running ??= this.work(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async work(now: Date): Promise<void> {
    await this.db
      .insert(workerHeartbeats)
      .values({ name: 'server-lifecycle', instance: this.instance })
      .onConflictDoUpdate({ target: workerHeartbeats.name, set: { instance: this.instance, beatAt: new Date() } });
    if (!this.panel.configured()) return;
    if (Date.now() - this.lastSync >= SYNC_EVERY_MS) await this.syncStatuses();
    else await this.refreshInstalling();
    await this.finishInterrupted(now);
    if (!this.settings.bool('server_renew_enabled')) return;
    await this.giveExpiries(now);
    await this.remind(now);
    await this.suspendExpired(now);
    await this.deleteAfterGrace(now);
    await this.retryUnsuspend(now);
  }

  /** Reads every server's status from the panel in pages; changes only the rows that differ. */
  async syncStatuses(): Promise<number> {
    this.lastSync = Date.now();
    const onPanel = await this.panel.use((p) => p.listServers());
    const byPanelId = new Map(onPanel.map((s) => [s.panelId, s.status]));
    const rows = await this.db
      .select({ id: servers.id, panelServerId: servers.panelServerId, status: servers.status })
      .from(servers)
      .where(and(isNotNull(servers.panelServerId), ne(servers.status, 'deleting'), ne(servers.status, 'updating')));
    let changed = 0;
    for (const r of rows) {
      const status = byPanelId.get(r.panelServerId as number);
      if (!status || status === r.status) continue;
      await this.db
        .update(servers)
        .set({ status })
        .where(and(eq(servers.id, r.id), eq(servers.status, r.status)));
      changed += 1;
    }
    const missing = rows.filter((r) => !byPanelId.has(r.panelServerId as number)).length;
    if (missing > 0) this.log.warn({ missing }, 'servers recorded here are missing on the panel');
    return changed;
  }

  /** A new server should turn "active" soon after the panel finishes installing it, not at the next full sync. */
  async refreshInstalling(): Promise<void> {
    const installing = await this.db
      .select({ id: servers.id, panelServerId: servers.panelServerId })
      .from(servers)
      .where(and(eq(servers.status, 'installing'), isNotNull(servers.panelServerId)))
      .orderBy(servers.createdAt)
      .limit(INSTALLING_BATCH);
    for (const s of installing) {
      const onPanel = await this.panel.use((p) => p.getServer(s.panelServerId as number));
      if (onPanel && onPanel.status !== 'installing')
        await this.db
          .update(servers)
          .set({ status: onPanel.status })
          .where(and(eq(servers.id, s.id), eq(servers.status, 'installing')));
    }
  }

  /** Servers built while renewal was off get an expiry once it is switched on. */
  private async giveExpiries(now: Date): Promise<void> {
    const days = this.settings.number('server_renew_days');
    await this.db
      .update(servers)
      .set({ expiresAt: new Date(now.getTime() + days * DAY_MS) })
      .where(isNull(servers.expiresAt));
  }

  private async remind(now: Date): Promise<void> {
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

  private async suspendExpired(now: Date): Promise<void> {
    const expired = await this.db
      .select()
      .from(servers)
      .where(
        and(
          lte(servers.expiresAt, now),
          isNull(servers.expirySuspendedAt),
          inArray(servers.status, ['active', 'installing', 'install_failed']),
        ),
      )
      .limit(BATCH);
    for (const s of expired) {
      try {
        if (s.panelServerId !== null) await this.panel.use((p) => p.suspendServer(s.panelServerId as number));
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

  private async deleteAfterGrace(now: Date): Promise<void> {
    const grace = this.settings.number('server_delete_grace_days');
    const doomed = await this.db
      .select()
      .from(servers)
      .where(
        and(
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

  /** Renewed servers whose unsuspend failed at the time (the panel was down) are unsuspended now. */
  private async retryUnsuspend(now: Date): Promise<void> {
    const renewed = await this.db
      .select()
      .from(servers)
      .where(and(isNotNull(servers.expirySuspendedAt), gt(servers.expiresAt, now)))
      .limit(BATCH);
    for (const s of renewed)
      await this.servers
        .liftExpirySuspension(s)
        .catch((err) => this.log.warn({ err, server: s.id }, 'unsuspending a renewed server failed'));
  }

  /** A delete interrupted by a crash is finished; an update interrupted by one releases its guard. */
  private async finishInterrupted(now: Date): Promise<void> {
    const before = new Date(now.getTime() - INTERRUPTED_MS);
    await this.db
      .update(servers)
      .set({ status: 'active' })
      .where(and(eq(servers.status, 'updating'), lte(servers.updatedAt, before)));
    const stuck = await this.db
      .select()
      .from(servers)
      .where(and(eq(servers.status, 'deleting'), lte(servers.updatedAt, before)))
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
