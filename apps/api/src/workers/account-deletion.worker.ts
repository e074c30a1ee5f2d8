import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { serverQueue, servers, users, workerHeartbeats } from '../db/schema/index.ts';
import type { MediaStorage } from '../lib/storage.ts';
import { CANCELLABLE } from '../modules/account/account-deletion.service.ts';
import { eraseAccount } from '../modules/account/account-erase.ts';
import type { ServerRow } from '../modules/servers/servers.repo.ts';
import type { ServersService } from '../modules/servers/servers.service.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';
import { PeriodicWorker } from './periodic-worker.ts';

const TICK_MS = 15_000;
const BATCH = 20;
/** A delete another instance started this recently is its business; after that it counts as interrupted. */
const IN_HAND_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 3_600_000;

/**
 * Finishes account deletions: for each account whose owner asked for it, removes every server on
 * the panel first (through the servers' own delete path, which counts a server the panel no longer
 * has as deleted), and once none and no queued build remain, erases the account (account-erase.ts).
 * Several instances may run it: a server is claimed with a conditional update to "deleting", and the
 * erase locks the user row (SKIP LOCKED). A member whose servers cannot be removed now (panel down)
 * is tried again with exponential backoff (kept per instance; the request itself is in the database).
 */
export class AccountDeletionWorker extends PeriodicWorker<number> {
  private readonly instance = randomUUID();
  private readonly backoff = new Map<string, { failures: number; nextAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly servers: ServersService,
    private readonly media: MediaStorage,
    log: FastifyBaseLogger,
    private readonly settings: SettingsService,
  ) {
    super('account-deletion', log, TICK_MS);
  }

  /** One pass; resolves with how many accounts were erased. */
  protected async work(now: number): Promise<number> {
    await this.db
      .insert(workerHeartbeats)
      .values({ name: 'account-deletion', instance: this.instance })
      .onConflictDoUpdate({ target: workerHeartbeats.name, set: { instance: this.instance, beatAt: new Date() } });
    const due = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(isNotNull(users.deletionRequestedAt), isNull(users.deletedAt)))
      .orderBy(users.deletionRequestedAt)
      .limit(BATCH);
    let erased = 0;
    for (const { id } of due) {
      const wait = this.backoff.get(id);
      if (wait && wait.nextAt > now) continue;
      try {
        if (await this.process(id, now)) erased += 1;
        this.backoff.delete(id);
      } catch (err) {
        const failures = (wait?.failures ?? 0) + 1;
        const delay = Math.min(MAX_BACKOFF_MS, 2 ** failures * 10_000);
        this.backoff.set(id, { failures, nextAt: now + delay });
        this.log.warn({ err, user: id, retryInMs: delay }, 'account deletion: removing servers failed; retrying later');
      }
    }
    return erased;
  }

  /** Servers first (every one tried; the first failure is thrown after), then the erase. */
  private async process(userId: string, now: number): Promise<boolean> {
    await this.db
      .delete(serverQueue)
      .where(and(eq(serverQueue.userId, userId), inArray(serverQueue.status, [...CANCELLABLE])));
    const owned = await this.db.select().from(servers).where(eq(servers.ownerId, userId));
    let failure: unknown = null;
    for (const s of owned) {
      try {
        await this.removeServer(s, now);
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure) throw failure;
    return eraseAccount(this.db, this.media, userId, {
      imageRetentionDays: this.settings.number('image_hosting_retention_days'),
    });
  }

  private async removeServer(s: ServerRow, now: number): Promise<void> {
    if (this.servers.onPanel.elsewhere(s)) {
      // Built on a panel Hostdeck no longer talks to: nothing can be called there; the record goes.
      this.log.warn({ server: s.id, panel_key: s.panelKey }, 'account deletion: dropped a record of another panel');
      await this.db.delete(servers).where(eq(servers.id, s.id));
      return;
    }
    if (s.status === 'deleting' && s.updatedAt.getTime() > now - IN_HAND_MS) return; // being deleted elsewhere
    const [claimed] = await this.db
      .update(servers)
      .set({ status: 'deleting', updatedAt: new Date() })
      .where(and(eq(servers.id, s.id), eq(servers.status, s.status)))
      .returning();
    if (!claimed) return; // another instance got there first
    try {
      await this.servers.deleteOnPanel(claimed);
    } catch (err) {
      // Released (with its old status) so the next pass claims it again.
      await this.db
        .update(servers)
        .set({ status: s.status })
        .where(and(eq(servers.id, s.id), eq(servers.status, 'deleting')));
      throw err;
    }
  }
}
