import type { AnnouncementFeedItem } from '@hostdeck/contracts';
import { and, count, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { announcementReads, announcements } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/** What members see: published, and not scheduled for later. Drafts are staff-only. */
const visible = and(eq(announcements.published, true), lte(announcements.publishedAt, sql`now()`)) as SQL;
const unreadBy = (userId: string) =>
  sql<boolean>`not exists (select 1 from ${announcementReads} where ${announcementReads.announcementId} = ${announcements.id} and ${announcementReads.userId} = ${userId})`;

/** The members' side of announcements: the feed with each item's unread marker, and reading them. */
export class AnnouncementsService {
  constructor(private readonly db: Db) {}

  /** Pinned first, then newest first; optionally only those with a tag. */
  async feed(
    userId: string,
    q: { page: number; per_page: number; tag?: string },
  ): Promise<{ data: AnnouncementFeedItem[]; total: number }> {
    const where = q.tag ? and(visible, sql`${announcements.tags} @> ${JSON.stringify([q.tag])}::jsonb`) : visible;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ row: announcements, unread: unreadBy(userId) })
        .from(announcements)
        .where(where)
        .orderBy(desc(announcements.pinned), desc(announcements.publishedAt), desc(announcements.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page),
      this.db.select({ n: count() }).from(announcements).where(where),
    ]);
    return {
      data: rows.map(({ row, unread }) => ({
        id: row.id,
        title: row.title,
        body: row.body,
        tags: row.tags ?? [],
        cover_image: row.coverImage,
        pinned: row.pinned,
        published_at: row.publishedAt.toISOString(),
        unread: Boolean(unread),
      })),
      total: Number(total?.n ?? 0),
    };
  }

  /** One indexed count: what the nav badge shows. */
  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(announcements)
      .where(and(visible, unreadBy(userId)));
    return Number(row?.n ?? 0);
  }

  /** Marks one as read (again is fine); a draft or unknown id is 404, as if it did not exist. */
  async markRead(userId: string, id: number): Promise<number> {
    const [found] = await this.db
      .select({ id: announcements.id })
      .from(announcements)
      .where(and(visible, eq(announcements.id, id)));
    if (!found) throw new AppError('NOT_FOUND', 'There is no such announcement');
    await this.db.insert(announcementReads).values({ announcementId: id, userId }).onConflictDoNothing();
    return this.unreadCount(userId);
  }

  /** Marks everything the member can see as read, in one statement. */
  async markAllRead(userId: string): Promise<number> {
    await this.db.execute(
      sql`insert into ${announcementReads} (announcement_id, user_id)
          select ${announcements.id}, ${userId} from ${announcements} where ${visible}
          on conflict do nothing`,
    );
    return this.unreadCount(userId);
  }
}
