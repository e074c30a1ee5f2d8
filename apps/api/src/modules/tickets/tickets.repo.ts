import type {
  AdminTicket,
  StaffTicketMessage,
  TicketAttachment,
  TicketAttachmentType,
  TicketSummary,
} from '@hostdeck/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { departments, servers, ticketAttachments, ticketMessages, tickets, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

export type TicketRow = typeof tickets.$inferSelect;
export const assignees = alias(users, 'assignee');

/** The columns every ticket view selects: the ticket, its department, member, assignee and server. */
export const ticketColumns = {
  ticket: tickets,
  department: { id: departments.id, name: departments.name },
  member: { id: users.id, username: users.username, email: users.email },
  assignee: { id: assignees.id, username: assignees.username },
  server: { id: servers.id, name: servers.name },
};

/** A select of ticketColumns with its joins (server: only while the member still owns it). */
export function selectTickets(db: Db) {
  return db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(departments, eq(departments.id, tickets.departmentId))
    .innerJoin(users, eq(users.id, tickets.userId))
    .leftJoin(assignees, eq(assignees.id, tickets.assigneeId))
    .leftJoin(servers, and(eq(servers.id, tickets.serverId), eq(servers.ownerId, tickets.userId)));
}
export type TicketView = Awaited<ReturnType<ReturnType<typeof selectTickets>['execute']>>[number];

const iso = (d: Date) => d.toISOString();

export function presentSummary(v: TicketView): TicketSummary {
  const t = v.ticket;
  return {
    id: t.id,
    subject: t.subject,
    status: t.status,
    priority: t.priority,
    department: v.department,
    last_reply_at: iso(t.lastReplyAt),
    last_reply_by: t.lastReplyBy,
    created_at: iso(t.createdAt),
    closed_at: t.closedAt ? iso(t.closedAt) : null,
  };
}

export function presentAdmin(v: TicketView): AdminTicket {
  return {
    ...presentSummary(v),
    member: v.member,
    assignee: v.assignee?.id ? { id: v.assignee.id, username: v.assignee.username } : null,
    updated_at: iso(v.ticket.updatedAt),
  };
}

export const presentServer = (v: TicketView) => (v.server?.id ? { id: v.server.id, name: v.server.name } : null);

/** One ticket with everything around it, or NOT_FOUND; `userId` limits it to that member's tickets. */
export async function findTicketView(db: Db, id: number, userId?: string): Promise<TicketView> {
  const where = userId ? and(eq(tickets.id, id), eq(tickets.userId, userId)) : eq(tickets.id, id);
  const [view] = await selectTickets(db).where(where).limit(1);
  if (!view) throw new AppError('NOT_FOUND', 'There is no such ticket');
  return view;
}

/** The ticket row locked for a change; someone else's ticket is NOT_FOUND, like a missing one. */
export async function lockTicket(tx: Db, id: number, userId?: string): Promise<TicketRow> {
  const where = userId ? and(eq(tickets.id, id), eq(tickets.userId, userId)) : eq(tickets.id, id);
  const [row] = await tx.select().from(tickets).where(where).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'There is no such ticket');
  return row;
}

export const attachmentUrl = (ticketId: number, attachmentId: string) =>
  `/api/tickets/${ticketId}/attachments/${attachmentId}`;

/**
 * The conversation, oldest first, with each message's files. Without `internal`, staff notes and
 * their files are left out in the query itself: the member's answer never holds them.
 */
export async function conversation(db: Db, ticketId: number, internal: boolean): Promise<StaffTicketMessage[]> {
  const where = internal
    ? eq(ticketMessages.ticketId, ticketId)
    : and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.internal, false));
  const rows = await db
    .select({ message: ticketMessages, author: users.username })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    .where(where)
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  const ids = rows.map((r) => r.message.id);
  const files = ids.length
    ? await db
        .select()
        .from(ticketAttachments)
        .where(inArray(ticketAttachments.messageId, ids))
        .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.fileName))
    : [];
  const byMessage = new Map<number, TicketAttachment[]>();
  for (const f of files) {
    const list = byMessage.get(f.messageId) ?? [];
    list.push({
      id: f.id,
      file_name: f.fileName,
      content_type: f.contentType as TicketAttachmentType,
      size: f.size,
      url: attachmentUrl(ticketId, f.id),
    });
    byMessage.set(f.messageId, list);
  }
  return rows.map(({ message: m, author }) => ({
    id: m.id,
    from_staff: m.fromStaff,
    author,
    body: m.body,
    created_at: iso(m.createdAt),
    attachments: byMessage.get(m.id) ?? [],
    internal: m.internal,
  }));
}

/** Adds a message and its stored files' rows (inside the caller's transaction). */
export async function insertMessage(
  tx: Db,
  m: {
    ticketId: number;
    authorId: string;
    fromStaff: boolean;
    internal: boolean;
    body: string;
    files: { key: string; fileName: string; type: string; bytes: Buffer }[];
  },
): Promise<number> {
  const [message] = await tx
    .insert(ticketMessages)
    .values({ ticketId: m.ticketId, authorId: m.authorId, fromStaff: m.fromStaff, internal: m.internal, body: m.body })
    .returning({ id: ticketMessages.id });
  if (m.files.length)
    await tx.insert(ticketAttachments).values(
      m.files.map((f) => ({
        ticketId: m.ticketId,
        messageId: message!.id,
        storageKey: f.key,
        fileName: f.fileName,
        contentType: f.type,
        size: f.bytes.length,
      })),
    );
  return message!.id;
}
