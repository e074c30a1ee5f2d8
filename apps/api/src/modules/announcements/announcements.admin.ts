import type { Announcement } from '@hostdeck/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { announcementReads, announcements, users } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import { tableCrud } from '../../lib/table-crud.ts';

type Row = Record<string, unknown>;

export function presentAnnouncement(r: Row, extra: Record<string, unknown>): Announcement {
  return {
    id: r.id as number,
    title: r.title as string,
    body: r.body as string,
    tags: (r.tags as string[] | null) ?? [],
    cover_image: r.coverImage as string | null,
    pinned: r.pinned as boolean,
    published: r.published as boolean,
    published_at: (r.publishedAt as Date).toISOString(),
    author: (extra.author as string | null) ?? null,
    reads: Number(extra.reads ?? 0),
    created_at: (r.createdAt as Date).toISOString(),
    updated_at: (r.updatedAt as Date).toISOString(),
  };
}

/** Announcements in the admin area: the generated CRUD, with the author and the number of readers. */
export function announcementsAdminService(
  db: Db,
  onSaved: (a: Announcement) => Promise<void> | undefined = () => undefined,
): CrudService<Announcement> {
  const base = tableCrud<Announcement>(db, {
    table: announcements,
    noun: 'announcement',
    fields: {
      title: 'title',
      body: 'body',
      tags: 'tags',
      cover_image: 'coverImage',
      pinned: 'pinned',
      published: 'published',
      published_at: 'publishedAt',
      author_id: 'authorId',
    },
    toColumn: { publishedAt: (v) => new Date(v as string) },
    present: presentAnnouncement,
    extra: {
      author: sql<
        string | null
      >`(select ${users.username} from ${users} where ${users.id} = ${announcements.authorId})`,
      reads: sql<number>`(select count(*)::int from ${announcementReads} where ${announcementReads.announcementId} = ${announcements.id})`,
    },
    sort: {
      title: announcements.title,
      published_at: announcements.publishedAt,
      created_at: announcements.createdAt,
    },
    search: announcements.title,
    filters: (q) => {
      const out: SQL[] = [];
      if (q.published !== undefined) out.push(eq(announcements.published, q.published as boolean));
      if (q.pinned !== undefined) out.push(eq(announcements.pinned, q.pinned as boolean));
      return out;
    },
  });
  return {
    ...base,
    // Newest first unless the admin sorts otherwise (the generated fallback is by id).
    list: (q) => base.list({ ...q, sort: q.sort ?? '-published_at' }),
    // The writer is whoever creates it; the contract's body cannot name anyone else.
    create: (actor: Actor, body: never) =>
      base.create!(actor, { ...(body as Record<string, unknown>), author_id: actor.id } as never).then(saved(onSaved)),
    update: (actor: Actor, id, body: never) => base.update!(actor, id, body).then(saved(onSaved)),
  };
}

/** Runs the callback on a saved announcement and answers it unchanged. */
const saved = (onSaved: (a: Announcement) => Promise<void> | undefined) => async (a: Announcement) => {
  await onSaved(a);
  return a;
};
