import { z } from 'zod';
import { pageSchema } from '../pagination.ts';
import { defineResource, IdNumber, listQuery, QueryBoolean, VersionSchema } from '../resource.ts';
import { line } from '../text.ts';

// Support: departments (admin resource), members' tickets with attachments, and the staff desk.
// Status rules: a new ticket and a member reply → open; a staff public reply → replied; staff may
// also set in_progress / waiting_on_user / open / closed; a closed ticket takes no member reply
// until the member reopens it (→ open). Internal notes are staff-only and never reach the member.

export const ticketStatuses = ['open', 'in_progress', 'waiting_on_user', 'replied', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof ticketPriorities)[number];

/** What an attachment may be, as detected from its bytes (never from its name or declared type). */
export const ticketAttachmentTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
] as const;
export type TicketAttachmentType = (typeof ticketAttachmentTypes)[number];
/** The multipart field files are sent under (repeat it for several files). */
export const TICKET_ATTACHMENT_FIELD = 'attachments';
export const TICKET_SUBJECT_MAX = 120;
export const TICKET_MESSAGE_MAX = 10_000;

// Departments (admin resource).
const departmentFields = {
  name: line().min(2).max(64),
  description: z.string().trim().max(500),
  /** Free text shown to members, e.g. "Mon–Fri 09:00–17:00 UTC"; empty = not stated. */
  opening_hours: z.string().trim().max(120),
  enabled: z.boolean(),
};
export const DepartmentSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    opening_hours: z.string(),
    enabled: z.boolean(),
    /** Tickets filed under it (a department with tickets is disabled, not deleted). */
    tickets: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Department' });
export type Department = z.infer<typeof DepartmentSchema>;
export const DepartmentCreateSchema = z
  .object({
    ...departmentFields,
    description: departmentFields.description.default(''),
    opening_hours: departmentFields.opening_hours.default(''),
    enabled: departmentFields.enabled.default(true),
  })
  .strict();
export const DepartmentUpdateSchema = z.object(departmentFields).partial().extend(VersionSchema.shape).strict();
export const departmentsResource = defineResource({
  name: 'departments',
  permission: 'admin.departments',
  item: DepartmentSchema,
  create: DepartmentCreateSchema,
  update: DepartmentUpdateSchema,
  listQuery: listQuery(['name', 'created_at'], { enabled: QueryBoolean.optional() }),
  sortable: ['name', 'created_at'],
});

// Tickets as members see them.
export const TicketAttachmentSchema = z
  .object({
    id: z.string(),
    /** The uploader's file name, its extension made to match the detected type. */
    file_name: z.string(),
    content_type: z.enum(ticketAttachmentTypes),
    size: z.number().int(),
    /** Download address (owner or staff only). */
    url: z.string(),
  })
  .meta({ id: 'TicketAttachment' });
export type TicketAttachment = z.infer<typeof TicketAttachmentSchema>;

export const TicketMessageSchema = z
  .object({
    id: z.number().int(),
    /** Written by staff from the admin area. */
    from_staff: z.boolean(),
    /** The author's username; null when the account is gone. */
    author: z.string().nullable(),
    body: z.string(),
    created_at: z.string(),
    attachments: z.array(TicketAttachmentSchema),
  })
  .meta({ id: 'TicketMessage' });
export type TicketMessage = z.infer<typeof TicketMessageSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });
export const TicketSummarySchema = z
  .object({
    id: z.number().int(),
    subject: z.string(),
    status: z.enum(ticketStatuses),
    priority: z.enum(ticketPriorities),
    department: named,
    /** Time and side of the last public message. */
    last_reply_at: z.string(),
    last_reply_by: z.enum(['member', 'staff']),
    created_at: z.string(),
    closed_at: z.string().nullable(),
  })
  .meta({ id: 'TicketSummary' });
export type TicketSummary = z.infer<typeof TicketSummarySchema>;
export const TicketDetailSchema = TicketSummarySchema.extend({
  /** The member's server the ticket is about (null when none, or the server is gone). */
  server: z.object({ id: z.string(), name: z.string() }).nullable(),
  messages: z.array(TicketMessageSchema),
}).meta({ id: 'TicketDetail' });
export type TicketDetail = z.infer<typeof TicketDetailSchema>;
export const TicketResultSchema = z.object({ success: z.literal(true), data: TicketDetailSchema });

export const TicketListQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(25),
    status: z.enum(ticketStatuses).optional(),
  })
  .strict();
export const TicketPageSchema = pageSchema(TicketSummarySchema).extend({
  /** The member's tickets that are not closed, and how many may be. */
  open: z.number().int(),
  max_open: z.number().int(),
});
export type TicketPage = z.infer<typeof TicketPageSchema>;

/** My tickets with staff replies newer than my last read of them (internal notes never count). */
export const TicketUnreadSchema = z
  .object({
    success: z.literal(true),
    data: z.array(
      z.object({
        id: z.number().int(),
        subject: z.string(),
        /** The newest unread staff reply. */
        last_reply_at: z.string(),
        /** How many staff replies are unread. */
        count: z.number().int(),
      }),
    ),
    /** The sum of `count`: the bell's share from tickets. */
    unread: z.number().int(),
  })
  .meta({ id: 'TicketUnread' });
export type TicketUnread = z.infer<typeof TicketUnreadSchema>;
export const TicketReadResultSchema = z.object({ success: z.literal(true), unread: z.number().int() });
export type TicketReadResult = z.infer<typeof TicketReadResultSchema>;

/** What the create page offers: enabled departments, the member's servers, the limits. */
export const TicketOptionsSchema = z.object({
  success: z.literal(true),
  departments: z.array(named.extend({ description: z.string(), opening_hours: z.string() })),
  servers: z.array(z.object({ id: z.string(), name: z.string() })),
  open: z.number().int(),
  max_open: z.number().int(),
  attachments: z.object({
    max_bytes: z.number().int(),
    max_count: z.number().int(),
    types: z.array(z.enum(ticketAttachmentTypes)),
  }),
});
export type TicketOptions = z.infer<typeof TicketOptionsSchema>;

/** Multipart sends every field as text: empty means "not given", numbers arrive as digits. */
const blankAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const messageText = z.string().trim().min(1).max(TICKET_MESSAGE_MAX);
/** POST /api/tickets (JSON, or multipart/form-data with files under `attachments`). */
export const TicketCreateSchema = z
  .object({
    department_id: z.coerce.number().int().positive({ message: 'Pick a department' }),
    subject: line().min(3).max(TICKET_SUBJECT_MAX),
    priority: z.enum(ticketPriorities).default('medium'),
    message: messageText,
    server_id: z.preprocess(blankAsUndefined, z.uuid({ message: 'Pick one of your servers' }).optional()),
  })
  .strict();
export type TicketCreate = z.input<typeof TicketCreateSchema>;
/** POST /api/tickets/:id/messages (JSON, or multipart with files under `attachments`). */
export const TicketReplySchema = z.object({ message: messageText }).strict();
export const TicketParamsSchema = z.object({ id: IdNumber });
export const TicketAttachmentParamsSchema = TicketParamsSchema.extend({
  attachmentId: z.uuid({ message: 'Not a valid id' }),
});

// The staff desk.
const person = z.object({ id: z.string(), username: z.string() });
export const StaffTicketMessageSchema = TicketMessageSchema.extend({
  /** A note for staff only: never shown to the member, never mailed. */
  internal: z.boolean(),
}).meta({ id: 'StaffTicketMessage' });
export type StaffTicketMessage = z.infer<typeof StaffTicketMessageSchema>;
export const AdminTicketSchema = TicketSummarySchema.extend({
  member: person.extend({ email: z.string() }),
  assignee: person.nullable(),
  updated_at: z.string(),
}).meta({ id: 'AdminTicket' });
export type AdminTicket = z.infer<typeof AdminTicketSchema>;
export const AdminTicketDetailSchema = AdminTicketSchema.extend({
  server: z.object({ id: z.string(), name: z.string() }).nullable(),
  messages: z.array(StaffTicketMessageSchema),
}).meta({ id: 'AdminTicketDetail' });
export type AdminTicketDetail = z.infer<typeof AdminTicketDetailSchema>;
export const AdminTicketResultSchema = z.object({ success: z.literal(true), data: AdminTicketDetailSchema });
export const AdminTicketPageSchema = pageSchema(AdminTicketSchema);

export const adminTicketSorts = ['last_reply_at', 'created_at', 'priority', 'status', 'subject'] as const;
export const AdminTicketListQuery = listQuery(adminTicketSorts, {
  status: z.enum(ticketStatuses).optional(),
  priority: z.enum(ticketPriorities).optional(),
  department_id: IdNumber.optional(),
  /** A staff member's id, "me", or "unassigned". */
  assignee: z.union([z.enum(['me', 'unassigned']), z.uuid({ message: 'Not a valid id' })]).optional(),
});
/** Filters the staff list keeps in its URL. */
export const adminTicketFilters = ['status', 'priority', 'department_id', 'assignee'] as const;

/** Multipart booleans arrive as "true" / "false". */
const formBoolean = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
/** POST /api/admin/tickets/:id/messages: a public reply (mailed to the member) or an internal note. */
export const StaffTicketReplySchema = z.object({ message: messageText, internal: formBoolean.default(false) }).strict();
/** What staff may set by hand ("replied" follows a public reply). */
export const staffTicketStatuses = ['open', 'in_progress', 'waiting_on_user', 'closed'] as const;
/** PATCH /api/admin/tickets/:id: any of status, priority and assignee (null unassigns). */
export const AdminTicketUpdateSchema = z
  .object({
    status: z.enum(staffTicketStatuses),
    priority: z.enum(ticketPriorities),
    assignee_id: z.uuid({ message: 'Pick a staff member' }).nullable(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Change at least one of status, priority and assignee' });
export type AdminTicketUpdate = z.infer<typeof AdminTicketUpdateSchema>;
/**
 * What the desk's filters and controls offer: staff a ticket may be assigned to (admin-role members
 * whose role may view tickets) and every department (disabled ones still hold tickets).
 */
export const TicketDeskSchema = z.object({
  success: z.literal(true),
  assignees: z.array(person.extend({ role_display_name: z.string() })),
  departments: z.array(named.extend({ enabled: z.boolean() })),
});
export type TicketDesk = z.infer<typeof TicketDeskSchema>;
export type TicketAssignee = TicketDesk['assignees'][number];

/**
 * The notifications socket (GET /api/notifications/ws, the member's session): "ready" once it
 * listens, then "notify" when something changed; the client asks the bell's endpoints again.
 */
export const NOTIFY_WS_PATH = '/api/notifications/ws';
export const notifyKinds = ['announcement', 'ticket'] as const;
export type NotifyKind = (typeof notifyKinds)[number];
export type NotifyMessage = { type: 'ready' } | { type: 'notify'; kind: NotifyKind };
