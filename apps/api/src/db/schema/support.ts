import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { servers } from './servers.ts';
import { users } from './users.ts';

export const ticketStatuses = ['open', 'in_progress', 'waiting_on_user', 'replied', 'closed'] as const;
export const ticketPriorities = ['low', 'medium', 'high', 'urgent'] as const;

/** A support department members pick when they open a ticket. */
export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  /** Free text shown to members, e.g. "Mon–Fri 09:00–17:00 UTC"; empty = not stated. */
  openingHours: text('opening_hours').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's support ticket; the conversation is in ticket_messages. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    /** The member's server the ticket is about, if any (kept as history when the server goes). */
    serverId: uuid('server_id').references(() => servers.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    priority: text('priority', { enum: ticketPriorities }).notNull().default('medium'),
    status: text('status', { enum: ticketStatuses }).notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Time and side ('member' | 'staff') of the last public message. */
    lastReplyAt: timestamp('last_reply_at', { withTimezone: true }).notNull().defaultNow(),
    lastReplyBy: text('last_reply_by', { enum: ['member', 'staff'] })
      .notNull()
      .default('member'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the member last read it (opened it or marked it read): staff replies after it are unread. */
    memberReadAt: timestamp('member_read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_user_status_idx').on(t.userId, t.status),
    index('tickets_status_priority_idx').on(t.status, t.priority),
    index('tickets_assignee_idx').on(t.assigneeId),
    // The staff desk's default order (latest reply first: the index read backwards) and the 30-day chart.
    index('tickets_last_reply_idx').on(t.lastReplyAt, t.id),
    index('tickets_created_idx').on(t.createdAt),
  ],
);

/** One message of a ticket; `internal` notes are staff-only and never reach the member. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Written by staff (from the admin area) rather than by the ticket's member. */
    fromStaff: boolean('from_staff').notNull().default(false),
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt),
    check('ticket_messages_internal_staff', sql`not ${t.internal} or ${t.fromStaff}`),
  ],
);

/** A file attached to a ticket message; stored under a random key, served with its detected type. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => ticketMessages.id, { onDelete: 'cascade' }),
    /** Storage key chosen by the server; never derived from the upload's name. */
    storageKey: text('storage_key').notNull().unique(),
    /** The uploader's file name, for display and the download's file name only. */
    fileName: text('file_name').notNull(),
    /** Detected from the content (image/png, image/jpeg, image/gif, image/webp, application/pdf, text/plain). */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_attachments_message_idx').on(t.messageId),
    check('ticket_attachments_size', sql`${t.size} > 0`),
  ],
);
