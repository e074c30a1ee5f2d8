import type {
  AdminTicketDetail,
  StaffTicketMessage,
  TicketDetail,
  TicketMessage,
  TicketOptions,
  TicketSummary,
} from '@hostdeck/contracts';

const HOUR_AGO = () => new Date(Date.now() - 3600_000).toISOString();

export function ticketSummary(overrides: Partial<TicketSummary> = {}): TicketSummary {
  return {
    id: 7,
    subject: 'My server does not start',
    status: 'open',
    priority: 'high',
    department: { id: 2, name: 'Technical' },
    last_reply_at: HOUR_AGO(),
    last_reply_by: 'member',
    created_at: '2026-03-01T12:00:00.000Z',
    closed_at: null,
    ...overrides,
  };
}

export function message(overrides: Partial<TicketMessage> = {}): TicketMessage {
  return {
    id: 1,
    from_staff: false,
    author: 'me',
    body: 'It crashes on boot.',
    created_at: HOUR_AGO(),
    attachments: [],
    ...overrides,
  };
}

export function ticket(overrides: Partial<TicketDetail> = {}): TicketDetail {
  return { ...ticketSummary(), server: null, messages: [message()], ...overrides };
}

export function ticketOptions(overrides: Partial<TicketOptions> = {}): TicketOptions {
  return {
    success: true,
    departments: [
      { id: 2, name: 'Technical', description: 'Servers that will not start', opening_hours: 'Every day 10–22 UTC' },
      { id: 3, name: 'Billing', description: 'Payments and refunds', opening_hours: '' },
    ],
    servers: [{ id: '44444444-4444-4444-8444-444444444444', name: 'Survival' }],
    open: 1,
    max_open: 3,
    attachments: {
      max_bytes: 5 * 1024 * 1024,
      max_count: 2,
      types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'],
    },
    ...overrides,
  };
}

export function staffMessage(overrides: Partial<StaffTicketMessage> = {}): StaffTicketMessage {
  return { ...message(), internal: false, ...overrides };
}

export function deskTicket(overrides: Partial<AdminTicketDetail> = {}): AdminTicketDetail {
  return {
    ...ticketSummary(),
    member: { id: '22222222-2222-4222-8222-222222222222', username: 'ada', email: 'ada@example.com' },
    assignee: null,
    updated_at: '2026-03-01T12:00:00.000Z',
    server: null,
    messages: [staffMessage({ author: 'ada' })],
    ...overrides,
  };
}

/** A small real PNG file as the browser hands it over. */
export const pngFile = (name = 'screenshot.png', size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
};
