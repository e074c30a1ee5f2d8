import type { TicketUnread } from '@hostdeck/contracts';
import { and, count, desc, eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ticketMessages, tickets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * What a member has not read of their tickets: public staff replies newer than the ticket's
 * member_read_at (never read: every staff reply). Internal notes never count. Opening a ticket moves
 * member_read_at to its newest message shown; marking it read, to now.
 */
export async function unreadReplies(db: Db, userId: string): Promise<TicketUnread> {
  const last = max(ticketMessages.createdAt);
  const rows = await db
    .select({ id: tickets.id, subject: tickets.subject, last, n: count(ticketMessages.id) })
    .from(tickets)
    .innerJoin(
      ticketMessages,
      and(
        eq(ticketMessages.ticketId, tickets.id),
        eq(ticketMessages.fromStaff, true),
        eq(ticketMessages.internal, false),
        gt(ticketMessages.createdAt, sql`coalesce(${tickets.memberReadAt}, '-infinity'::timestamptz)`),
      ),
    )
    .where(eq(tickets.userId, userId))
    .groupBy(tickets.id)
    .orderBy(desc(last), desc(tickets.id));
  const data = rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    last_reply_at: new Date(r.last as Date | string).toISOString(),
    count: Number(r.n),
  }));
  return { success: true, data, unread: data.reduce((sum, r) => sum + r.count, 0) };
}

/**
 * Marks one of the member's tickets read (NOT_FOUND for anyone else's), or all of them: up to now,
 * or, when the member opened the ticket, up to the newest message they were sent. A staff reply
 * committed while the page was being read carries its transaction's start time, earlier than "now":
 * marking up to now would count it read though it was never shown.
 */
export async function markRead(db: Db, userId: string, id: number | 'all', upTo?: Date): Promise<void> {
  const mine = eq(tickets.userId, userId);
  const until = upTo
    ? sql`greatest(coalesce(${tickets.memberReadAt}, '-infinity'::timestamptz), ${upTo.toISOString()}::timestamptz)`
    : sql`now()`;
  const done = await db
    .update(tickets)
    .set({ memberReadAt: until })
    .where(id === 'all' ? mine : and(mine, eq(tickets.id, id)))
    .returning({ id: tickets.id });
  if (id !== 'all' && done.length === 0) throw new AppError('NOT_FOUND', 'There is no such ticket');
}
