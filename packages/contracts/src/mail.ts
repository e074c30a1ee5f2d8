import { z } from 'zod';
import { pageSchema } from './pagination.ts';
import { line } from './text.ts';

/** The fixed set of mail templates: defaults live in the API's code, staff may override subject and HTML. */
export const mailTemplateKeys = [
  'verify_email',
  'reset_password',
  'new_login',
  'welcome',
  'ticket_reply',
  'server_created',
  'renewal_reminder',
  'server_suspended',
  'server_deleted',
  'coins_received',
  'topup_receipt',
  'email_change',
  'email_changed',
  'password_changed',
  'account_deleted',
  'two_factor_disabled',
  'passkey_added',
] as const;
export type MailTemplateKey = (typeof mailTemplateKeys)[number];
export const MailTemplateKeySchema = z.enum(mailTemplateKeys);

/** Every template may use these; the API fills them from the settings. */
export const mailGlobalVariables = ['app_name', 'app_url'] as const;

/** The variables each template may use (besides the global ones). */
export const mailTemplateVariables: Record<MailTemplateKey, readonly string[]> = {
  verify_email: ['username', 'verify_url', 'expires_hours'],
  reset_password: ['username', 'reset_url', 'expires_minutes'],
  new_login: ['username', 'ip', 'browser', 'time', 'security_url'],
  welcome: ['username', 'dashboard_url'],
  ticket_reply: ['username', 'ticket_id', 'ticket_subject', 'reply', 'ticket_url'],
  server_created: ['username', 'server_name', 'server_url'],
  renewal_reminder: ['username', 'server_name', 'expires_at', 'renew_cost', 'renew_url'],
  server_suspended: ['username', 'server_name', 'grace_days', 'renew_url'],
  server_deleted: ['username', 'server_name'],
  coins_received: ['username', 'sender', 'amount', 'note', 'balance'],
  topup_receipt: ['username', 'coins', 'amount', 'provider', 'reference', 'receipt_url'],
  email_change: ['username', 'new_email', 'confirm_url', 'expires_hours'],
  email_changed: ['username', 'new_email', 'security_url'],
  password_changed: ['username', 'ip', 'browser', 'time', 'security_url'],
  account_deleted: ['username'],
  two_factor_disabled: ['username', 'ip', 'browser', 'time', 'security_url'],
  passkey_added: ['username', 'passkey_name', 'ip', 'browser', 'time', 'security_url'],
};

/** What each variable holds (English; the admin pages translate them by name). */
export const mailVariableDescriptions: Record<string, string> = {
  app_name: 'The panel name (app_name setting)',
  app_url: 'The panel address',
  username: "The member's username",
  verify_url: 'Link that confirms the email address',
  expires_hours: 'Hours before the link stops working',
  reset_url: 'Link to choose a new password',
  expires_minutes: 'Minutes before the link stops working',
  ip: 'IP address of the sign-in',
  browser: 'Browser (user agent) of the sign-in',
  time: 'Date and time of the sign-in (panel time zone)',
  security_url: 'Link to the account security page',
  passkey_name: 'The name given to the new passkey',
  dashboard_url: 'Link to the dashboard',
  ticket_id: 'Ticket number',
  ticket_subject: 'Ticket subject',
  reply: 'The staff reply (plain text)',
  ticket_url: 'Link to the ticket',
  server_name: 'Server name',
  server_url: 'Link to the server on the game panel (the dashboard without a panel address)',
  expires_at: 'Expiry date and time (panel time zone)',
  renew_cost: 'Coins a renewal costs',
  renew_url: 'Link to renew the server',
  grace_days: 'Days before a suspended server is deleted',
  sender: 'Username of the member who sent the coins',
  amount: 'Amount (coins received, or money paid with its currency)',
  note: 'Note written by the sender (may be empty)',
  balance: 'Coin balance after the transfer',
  coins: 'Coins credited',
  provider: 'Payment provider',
  reference: 'Payment reference',
  receipt_url: 'Link to the receipt',
  new_email: 'The new email address of the account',
  confirm_url: 'Link that confirms the new email address',
};

/** Example values for previews (the editor and the API's preview). */
export const mailSampleValues: Record<string, string> = {
  app_name: 'Hostdeck',
  app_url: 'https://panel.example.com',
  username: 'alex',
  verify_url: 'https://panel.example.com/auth/verify-email?token=example',
  expires_hours: '48',
  reset_url: 'https://panel.example.com/auth/reset-password?token=example',
  expires_minutes: '30',
  ip: '203.0.113.7',
  browser: 'Firefox 128 on Linux',
  time: '2025-05-04 18:30 (UTC)',
  security_url: 'https://panel.example.com/account',
  dashboard_url: 'https://panel.example.com/dashboard',
  ticket_id: '42',
  ticket_subject: 'My server does not start',
  reply: 'Hello! We restarted the node; your server is online again.',
  ticket_url: 'https://panel.example.com/ticket/42',
  server_name: 'Survival SMP',
  server_url: 'https://panel.example.com/server/example',
  expires_at: '2025-06-01 12:00 (UTC)',
  renew_cost: '100',
  renew_url: 'https://panel.example.com/server/example/renew',
  grace_days: '7',
  sender: 'sam',
  amount: '250',
  note: 'Thanks for the help!',
  balance: '1250',
  coins: '1000',
  provider: 'Stripe',
  reference: 'pay_8f2c1e',
  receipt_url: 'https://panel.example.com/store/add-credits/receipts/example',
  new_email: 'alex@new.example.com',
  confirm_url: 'https://panel.example.com/account/email/confirm?token=example',
};

export const mailOutboxStatuses = ['pending', 'held', 'sent', 'logged', 'failed'] as const;
export type MailOutboxStatus = (typeof mailOutboxStatuses)[number];

export const MailVariableSchema = z.object({ name: z.string(), description: z.string() });
export const MailTemplateSummarySchema = z
  .object({
    key: MailTemplateKeySchema,
    subject: z.string(),
    /** True when staff changed it (an override exists); false = the default. */
    edited: z.boolean(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'MailTemplateSummary' });
export type MailTemplateSummary = z.infer<typeof MailTemplateSummarySchema>;
export const MailTemplateListSchema = z.object({ success: z.literal(true), data: z.array(MailTemplateSummarySchema) });
export const MailTemplateSchema = MailTemplateSummarySchema.extend({
  html: z.string(),
  default_subject: z.string(),
  default_html: z.string(),
  /** The template's own variables followed by the global ones. */
  variables: z.array(MailVariableSchema),
}).meta({ id: 'MailTemplate' });
export type MailTemplate = z.infer<typeof MailTemplateSchema>;
export const MailTemplateUpdateSchema = z
  .object({
    subject: line().min(1).max(200),
    html: z.string().min(1).max(100_000),
    /** The updated_at it was loaded with (null: it was the default); a change since is refused. */
    updated_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .strict();
export type MailTemplateUpdate = z.infer<typeof MailTemplateUpdateSchema>;
export const MailTemplateKeyParamsSchema = z.object({ id: MailTemplateKeySchema });

export const MailOutboxItemSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    template: z.string().nullable(),
    status: z.enum(mailOutboxStatuses),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    next_attempt_at: z.string(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
  })
  .meta({ id: 'MailOutboxItem' });
export type MailOutboxItem = z.infer<typeof MailOutboxItemSchema>;
export const MailOutboxDetailSchema = MailOutboxItemSchema.extend({
  html: z.string().nullable(),
  text: z.string(),
}).meta({ id: 'MailOutboxDetail' });
export type MailOutboxDetail = z.infer<typeof MailOutboxDetailSchema>;
export const MailOutboxPageSchema = pageSchema(MailOutboxItemSchema).extend({
  /** False: mails are held until the SMTP settings are filled in. */
  smtp_configured: z.boolean(),
  held: z.number().int(),
  failed: z.number().int(),
});
export const MailOutboxQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(25),
    status: z.enum(mailOutboxStatuses).optional(),
    /** Part of the recipient or the subject. */
    search: z.string().trim().max(255).optional(),
  })
  .strict();
export type MailOutboxQuery = z.infer<typeof MailOutboxQuerySchema>;

/** Send a test mail now: to the given address, or to the admin's own. */
export const MailTestSchema = z.object({ to: z.email().max(254).optional() }).strict();

/** Using an email verification link (the page at /auth/verify-email posts the token from the link). */
export const VerifyEmailBodySchema = z.object({ token: z.string().trim().min(1).max(256) }).strict();
