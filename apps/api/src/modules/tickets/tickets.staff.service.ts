import {
  type AdminTicketDetail,
  type AdminTicketListQuery,
  type AdminTicketUpdate,
  hasPermission,
  isAdminRole,
  type TicketAssignee,
  type TicketDesk,
} from '@hostdeck/contracts';
import { and, asc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { departments, roles, tickets, users } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { countRows } from '../../lib/count.ts';
import { caseBlind, likeTerm, orderBy, pageEnvelope } from '../../lib/paging.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enqueueTemplateMail } from '../mail/templates.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { type Upload, withStoredUploads } from './tickets.attachments.ts';
import {
  conversation,
  findTicketView,
  insertMessage,
  lockTicket,
  presentAdmin,
  presentServer,
  selectTickets,
} from './tickets.repo.ts';

type ListQuery = z.output<typeof AdminTicketListQuery>;
const VIEW = 'admin.tickets.view';

// Workflow order for sorting (the columns hold text, which would sort alphabetically).
const priorityRank = sql`case ${tickets.priority} when 'low' then 0 when 'medium' then 1 when 'high' then 2 else 3 end`;
const statusRank = sql`case ${tickets.status} when 'open' then 0 when 'in_progress' then 1 when 'waiting_on_user' then 2 when 'replied' then 3 else 4 end`;
const sorts = {
  last_reply_at: tickets.lastReplyAt,
  created_at: tickets.createdAt,
  priority: priorityRank,
  status: statusRank,
  subject: tickets.subject,
};

/**
 * The staff desk: every ticket with its internal notes; replies (public ones mail the member in the
 * same transaction, notes never do), status, priority and assignee changes, each audited.
 */
export class StaffTicketsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly storage: MediaStorage,
    private readonly publicUrl: () => string,
  ) {}

  async list(actor: Actor, q: ListQuery) {
    const conditions: (SQL | undefined)[] = [
      q.status ? eq(tickets.status, q.status) : undefined,
      q.priority ? eq(tickets.priority, q.priority) : undefined,
      q.department_id ? eq(tickets.departmentId, q.department_id) : undefined,
      q.assignee === 'unassigned'
        ? isNull(tickets.assigneeId)
        : q.assignee
          ? eq(tickets.assigneeId, q.assignee === 'me' ? actor.id : q.assignee)
          : undefined,
    ];
    if (q.search) {
      const term = likeTerm(q.search);
      conditions.push(or(ilike(tickets.subject, term), ilike(users.username, term), ilike(users.email, term)));
    }
    const where = and(...conditions);
    // The total: exact up to 10,000 tickets, then estimated (lib/count.ts). Only a search needs the
    // member's row; without one the tickets are counted off their own indexes.
    const counting = this.db.select({ id: tickets.id }).from(tickets);
    const [rows, counted] = await Promise.all([
      selectTickets(this.db)
        .where(where)
        .orderBy(...orderBy(q.sort, sorts, [sql`${tickets.lastReplyAt} desc`, sql`${tickets.id} desc`]))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page),
      countRows(this.db, (q.search ? counting.innerJoin(users, eq(users.id, tickets.userId)) : counting).where(where)),
    ]);
    return pageEnvelope(rows.map(presentAdmin), counted.total, q, counted.estimated);
  }

  async get(id: number): Promise<AdminTicketDetail> {
    return this.detail(this.db, id);
  }

  /** NOT_FOUND for a missing ticket (checked before a request body is read). */
  async assertExists(id: number): Promise<void> {
    await findTicketView(this.db, id);
  }

  private async detail(db: Db, id: number): Promise<AdminTicketDetail> {
    const view = await findTicketView(db, id);
    return { ...presentAdmin(view), server: presentServer(view), messages: await conversation(db, id, true) };
  }

  /**
   * A staff message. Public: the ticket becomes "replied" (reopened if it was closed) and the member
   * is mailed in the same transaction. Internal: a note for staff only; nothing else changes.
   */
  async reply(actor: Actor, id: number, body: { message: string; internal: boolean }, files: Upload[]) {
    await findTicketView(this.db, id);
    return withStoredUploads(this.db, this.storage, files, async (tx, stored) => {
      const row = await lockTicket(tx, id);
      const messageId = await insertMessage(tx, {
        ticketId: id,
        authorId: actor.id,
        fromStaff: true,
        internal: body.internal,
        body: body.message,
        files: stored,
      });
      const now = new Date();
      if (body.internal) {
        await tx.update(tickets).set({ updatedAt: now }).where(eq(tickets.id, id));
      } else {
        await tx
          .update(tickets)
          .set({ status: 'replied', closedAt: null, lastReplyAt: now, lastReplyBy: 'staff', updatedAt: now })
          .where(eq(tickets.id, id));
        const [member] = await tx
          .select({ email: users.email, username: users.username, deletedAt: users.deletedAt })
          .from(users)
          .where(eq(users.id, row.userId));
        if (member && !member.deletedAt)
          await enqueueTemplateMail(tx, this.settings, {
            to: member.email,
            template: 'ticket_reply',
            vars: {
              username: member.username,
              ticket_id: id,
              ticket_subject: row.subject,
              reply: body.message,
              ticket_url: `${this.publicUrl()}/ticket/${id}`,
            },
          });
      }
      await recordAudit(tx, {
        actorId: actor.id,
        action: body.internal ? 'ticket.note' : 'ticket.reply',
        targetType: 'ticket',
        targetId: id,
        before: { status: row.status },
        after: {
          message_id: messageId,
          status: body.internal ? row.status : 'replied',
          attachments: stored.map((s) => s.fileName),
        },
      });
      return this.detail(tx, id);
    });
  }

  /** Status (closing stamps closed_at, leaving "closed" clears it), priority and assignee. */
  async update(actor: Actor, id: number, patch: AdminTicketUpdate): Promise<AdminTicketDetail> {
    return this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const row = await lockTicket(tx, id);
      const changes: Partial<typeof tickets.$inferInsert> = {};
      if (patch.status && patch.status !== row.status) {
        changes.status = patch.status;
        changes.closedAt = patch.status === 'closed' ? new Date() : null;
      }
      if (patch.priority) changes.priority = patch.priority;
      if (patch.assignee_id !== undefined) {
        if (patch.assignee_id !== null) await this.assertAssignable(tx, patch.assignee_id);
        changes.assigneeId = patch.assignee_id;
      }
      await tx
        .update(tickets)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(tickets.id, id));
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'ticket.update',
        targetType: 'ticket',
        targetId: id,
        before: { status: row.status, priority: row.priority, assignee_id: row.assigneeId },
        after: {
          status: changes.status ?? row.status,
          priority: changes.priority ?? row.priority,
          assignee_id: changes.assigneeId !== undefined ? changes.assigneeId : row.assigneeId,
        },
      });
      return this.detail(tx, id);
    });
  }

  /** The desk's choices: assignable staff and every department. */
  async desk(): Promise<Omit<TicketDesk, 'success'>> {
    const [staff, deps] = await Promise.all([
      this.assignees(),
      this.db
        .select({ id: departments.id, name: departments.name, enabled: departments.enabled })
        .from(departments)
        .orderBy(asc(caseBlind(departments.name))),
    ]);
    return { assignees: staff, departments: deps };
  }

  /** Staff who may take tickets: an admin role (levels 2–8) that may view tickets, not banned or deleted. */
  private async assignees(): Promise<TicketAssignee[]> {
    const rows = await this.db
      .select({
        id: users.id,
        username: users.username,
        role_display_name: roles.displayName,
        level: roles.level,
        permissions: roles.permissions,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.banned, false), isNull(users.deletedAt), sql`${roles.level} >= 2`))
      .orderBy(asc(users.username));
    return rows
      .filter((r) => isAdminRole(r.level) && hasPermission(r.permissions, VIEW))
      .map(({ id, username, role_display_name }) => ({ id, username, role_display_name }));
  }

  private async assertAssignable(tx: Db, userId: string): Promise<void> {
    const [row] = await tx
      .select({ level: roles.level, permissions: roles.permissions, banned: users.banned, deletedAt: users.deletedAt })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, userId));
    if (!row || row.banned || row.deletedAt || !isAdminRole(row.level) || !hasPermission(row.permissions, VIEW))
      throw new AppError('VALIDATION_ERROR', 'Tickets can be assigned to staff who may view tickets only', {
        assignee_id: 'Pick a staff member',
      });
  }
}
