import {
  type TicketCreateSchema,
  type TicketDetail,
  type TicketOptions,
  type TicketPage,
  type TicketUnread,
  ticketAttachmentTypes,
} from '@hostdeck/contracts';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { departments, servers, ticketAttachments, ticketMessages, tickets, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { type Upload, withStoredUploads } from './tickets.attachments.ts';
import { markRead, unreadReplies } from './tickets.reads.ts';
import {
  conversation,
  findTicketView,
  insertMessage,
  lockTicket,
  presentServer,
  presentSummary,
  selectTickets,
} from './tickets.repo.ts';

type CreateInput = z.output<typeof TicketCreateSchema>;

/**
 * Members' tickets. Every read and write is limited to the member's own tickets, so someone else's
 * ticket is NOT_FOUND exactly like a missing one. Files are written first, then the rows in one
 * transaction; if that fails the files go again, so a refused request leaves nothing behind.
 */
export class TicketsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly storage: MediaStorage,
  ) {}

  assertEnabled(): void {
    if (!this.settings.bool('allow_tickets'))
      throw new AppError('FEATURE_DISABLED', 'Support tickets are switched off on this panel');
  }

  /** The attachment limits in force now (settings can change while the panel runs). */
  attachmentLimits() {
    return {
      maxBytes: this.settings.number('tickets_attachment_max_bytes'),
      maxCount: this.settings.number('tickets_attachment_max_count'),
    };
  }

  private openCount(db: Db, userId: string) {
    return db
      .select({ n: count() })
      .from(tickets)
      .where(and(eq(tickets.userId, userId), ne(tickets.status, 'closed')))
      .then(([r]) => Number(r?.n ?? 0));
  }

  async options(userId: string): Promise<TicketOptions> {
    this.assertEnabled();
    const [deps, mine, open] = await Promise.all([
      this.db
        .select({
          id: departments.id,
          name: departments.name,
          description: departments.description,
          opening_hours: departments.openingHours,
        })
        .from(departments)
        .where(eq(departments.enabled, true))
        .orderBy(departments.name),
      this.db
        .select({ id: servers.id, name: servers.name })
        .from(servers)
        .where(eq(servers.ownerId, userId))
        .orderBy(servers.name),
      this.openCount(this.db, userId),
    ]);
    const limits = this.attachmentLimits();
    return {
      success: true,
      departments: deps,
      servers: mine,
      open,
      max_open: this.settings.number('tickets_max_open'),
      attachments: { max_bytes: limits.maxBytes, max_count: limits.maxCount, types: [...ticketAttachmentTypes] },
    };
  }

  async list(userId: string, q: { page: number; per_page: number; status?: string }): Promise<TicketPage> {
    this.assertEnabled();
    const where = and(eq(tickets.userId, userId), q.status ? eq(tickets.status, q.status as 'open') : undefined);
    const [rows, [total], open] = await Promise.all([
      selectTickets(this.db)
        .where(where)
        .orderBy(desc(tickets.lastReplyAt), desc(tickets.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page),
      this.db.select({ n: count() }).from(tickets).where(where),
      this.openCount(this.db, userId),
    ]);
    const n = Number(total?.n ?? 0);
    return {
      success: true,
      data: rows.map(presentSummary),
      total: n,
      page: q.page,
      per_page: q.per_page,
      total_pages: Math.max(1, Math.ceil(n / q.per_page)),
      open,
      max_open: this.settings.number('tickets_max_open'),
    };
  }

  /**
   * The member's ticket: public messages only (internal notes are left out by the query). Reading
   * it is what marks its staff replies read.
   */
  async get(userId: string, id: number): Promise<TicketDetail> {
    this.assertEnabled();
    const detail = await this.detail(this.db, userId, id);
    const newest = detail.messages.reduce((at, m) => (m.created_at > at ? m.created_at : at), detail.created_at);
    // ISO times keep milliseconds, the database microseconds: one more millisecond covers the newest shown.
    await markRead(this.db, userId, id, new Date(new Date(newest).getTime() + 1));
    return detail;
  }

  /** My unread staff replies; none while tickets are off (the bell asks on every page). */
  async unread(userId: string): Promise<TicketUnread> {
    if (!this.settings.bool('allow_tickets')) return { success: true, data: [], unread: 0 };
    return unreadReplies(this.db, userId);
  }

  /** Marks one of my tickets (or all) read; answers what is still unread. */
  async markRead(userId: string, id: number | 'all'): Promise<number> {
    this.assertEnabled();
    await markRead(this.db, userId, id);
    return (await unreadReplies(this.db, userId)).unread;
  }

  /** NOT_FOUND unless the ticket is the member's (checked before a request body is read). */
  async assertMine(userId: string, id: number): Promise<void> {
    await findTicketView(this.db, id, userId);
  }

  private async detail(db: Db, userId: string, id: number): Promise<TicketDetail> {
    const view = await findTicketView(db, id, userId);
    const messages = (await conversation(db, id, false)).map(({ internal: _, ...m }) => m);
    return { ...presentSummary(view), server: presentServer(view), messages };
  }

  /** Refuses a new open ticket past the limit; the member's row is locked so parallel requests queue. */
  private async assertBelowLimit(tx: Db, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const max = this.settings.number('tickets_max_open');
    if ((await this.openCount(tx, userId)) >= max) throw limitError(max);
  }

  private async assertDepartment(db: Db, id: number): Promise<void> {
    const [dep] = await db.select({ enabled: departments.enabled }).from(departments).where(eq(departments.id, id));
    if (!dep?.enabled)
      throw new AppError('DEPARTMENT_UNAVAILABLE', 'This department does not take tickets', {
        department_id: 'Pick another department',
      });
  }

  private async assertOwnServer(db: Db, userId: string, serverId: string | undefined): Promise<void> {
    if (!serverId) return;
    const [own] = await db
      .select({ id: servers.id })
      .from(servers)
      .where(and(eq(servers.id, serverId), eq(servers.ownerId, userId)));
    if (!own)
      throw new AppError('VALIDATION_ERROR', 'This is not one of your servers', {
        server_id: 'Pick one of your servers',
      });
  }

  async create(userId: string, input: CreateInput, files: Upload[]): Promise<TicketDetail> {
    this.assertEnabled();
    // Cheap checks before any file is written; repeated inside the transaction, which decides.
    await this.assertDepartment(this.db, input.department_id);
    await this.assertOwnServer(this.db, userId, input.server_id);
    const max = this.settings.number('tickets_max_open');
    if ((await this.openCount(this.db, userId)) >= max) throw limitError(max);
    return withStoredUploads(this.db, this.storage, files, async (tx, stored) => {
      await this.assertBelowLimit(tx, userId);
      await this.assertDepartment(tx, input.department_id);
      await this.assertOwnServer(tx, userId, input.server_id);
      const [ticket] = await tx
        .insert(tickets)
        .values({
          userId,
          departmentId: input.department_id,
          serverId: input.server_id ?? null,
          subject: input.subject,
          priority: input.priority,
          status: 'open',
          lastReplyBy: 'member',
        })
        .returning({ id: tickets.id });
      await insertMessage(tx, {
        ticketId: ticket!.id,
        authorId: userId,
        fromStaff: false,
        internal: false,
        body: input.message,
        files: stored,
      });
      return this.detail(tx, userId, ticket!.id);
    });
  }

  /** A member reply: the ticket goes back to open. A closed ticket is reopened explicitly first. */
  async reply(userId: string, id: number, message: string, files: Upload[]): Promise<TicketDetail> {
    this.assertEnabled();
    const current = await findTicketView(this.db, id, userId);
    if (current.ticket.status === 'closed') throw closedError();
    return withStoredUploads(this.db, this.storage, files, async (tx, stored) => {
      const row = await lockTicket(tx, id, userId);
      if (row.status === 'closed') throw closedError();
      await insertMessage(tx, {
        ticketId: id,
        authorId: userId,
        fromStaff: false,
        internal: false,
        body: message,
        files: stored,
      });
      const now = new Date();
      await tx
        .update(tickets)
        .set({ status: 'open', lastReplyAt: now, lastReplyBy: 'member', updatedAt: now })
        .where(eq(tickets.id, id));
      return this.detail(tx, userId, id);
    });
  }

  /** Closing an already closed ticket changes nothing. */
  async close(userId: string, id: number): Promise<TicketDetail> {
    this.assertEnabled();
    return this.tx(async (tx) => {
      const row = await lockTicket(tx, id, userId);
      if (row.status !== 'closed') {
        const now = new Date();
        await tx.update(tickets).set({ status: 'closed', closedAt: now, updatedAt: now }).where(eq(tickets.id, id));
      }
      return this.detail(tx, userId, id);
    });
  }

  /** Reopening counts against the open-ticket limit; an open ticket stays as it is. */
  async reopen(userId: string, id: number): Promise<TicketDetail> {
    this.assertEnabled();
    return this.tx(async (tx) => {
      const row = await lockTicket(tx, id, userId);
      if (row.status === 'closed') {
        await this.assertBelowLimit(tx, userId);
        await tx
          .update(tickets)
          .set({ status: 'open', closedAt: null, updatedAt: new Date() })
          .where(eq(tickets.id, id));
      }
      return this.detail(tx, userId, id);
    });
  }

  /**
   * An attachment for download: to the ticket's member (not on an internal note, and only while
   * tickets are on) or to staff who may view tickets; NOT_FOUND to everyone else.
   */
  async attachment(viewer: { id: string; staff: boolean }, ticketId: number, attachmentId: string) {
    const [row] = await this.db
      .select({ file: ticketAttachments, owner: tickets.userId, internal: ticketMessages.internal })
      .from(ticketAttachments)
      .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
      .innerJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
      .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticketId)));
    const ownerMay = row && row.owner === viewer.id && !row.internal && this.settings.bool('allow_tickets');
    if (!row || !(viewer.staff || ownerMay)) throw new AppError('NOT_FOUND', 'There is no such file');
    const stored = await this.storage.get(row.file.storageKey);
    if (!stored) throw new AppError('NOT_FOUND', 'There is no such file');
    return { bytes: stored.bytes, type: row.file.contentType, fileName: row.file.fileName };
  }

  private tx<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((txRaw) => work(txRaw as unknown as Db));
  }
}

const closedError = () => new AppError('TICKET_CLOSED', 'This ticket is closed; reopen it to reply');
const limitError = (max: number) =>
  new AppError('TICKET_LIMIT_REACHED', `You can have at most ${max} open tickets; close one first`);
