import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { announcements } from '../db/schema/index.ts';
import type { NotificationsHub } from '../modules/notifications/notifications.hub.ts';
import { PeriodicWorker } from './periodic-worker.ts';

/** How soon after its time a scheduled announcement rings the bells. */
const TICK_MS = 15_000;

/**
 * Rings every member's bell once per announcement, when it becomes visible: at once when staff
 * publish it (the admin routes call `runOnce`), at its time when it was scheduled (this worker's
 * pass). Claiming is one UPDATE … WHERE announced_at IS NULL, so with several instances each
 * announcement is claimed, and announced, by exactly one.
 */
export class AnnouncementBellWorker extends PeriodicWorker<number> {
  constructor(
    private readonly db: Db,
    private readonly notifications: NotificationsHub,
    log: FastifyBaseLogger,
  ) {
    super('announcement-bell', log, TICK_MS);
  }

  /** One pass; resolves with how many announcements were announced. */
  protected work(now: number): Promise<number> {
    return this.announce(new Date(now));
  }

  /**
   * After staff save one: announced now if members can see it; if it is a draft again or moved to
   * a later time, it will be announced (again) when it becomes visible.
   */
  async saved(id: number, now = new Date()): Promise<void> {
    const hidden = or(eq(announcements.published, false), gt(announcements.publishedAt, now));
    await this.db
      .update(announcements)
      .set({ announcedAt: null })
      .where(and(eq(announcements.id, id), hidden));
    await this.announce(now, id);
  }

  private async announce(at: Date, id?: number): Promise<number> {
    const due = await this.db
      .update(announcements)
      .set({ announcedAt: at })
      .where(
        and(
          id === undefined ? undefined : eq(announcements.id, id),
          isNull(announcements.announcedAt),
          eq(announcements.published, true),
          lte(announcements.publishedAt, at),
        ),
      )
      .returning({ id: announcements.id });
    if (due.length > 0) await this.notifications.notify(null, 'announcement');
    return due.length;
  }
}
