import { z } from 'zod';
import { pageSchema } from './pagination.ts';

/** The kinds of record the audit log names (`target_type`); the API says who may read each kind's details. */
export const auditTargetTypes = [
  'user',
  'settings',
  'role',
  'api_key',
  'backup',
  'plugin',
  'server',
  'server_queue',
  'ticket',
  'mail',
  'mail_template',
  'image_report',
  'library_image',
  'announcement',
  'department',
  'egg',
  'egg_category',
  'location',
  'redeem_code',
  'redirect_link',
  'j4r_server',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

export const AuditEntrySchema = z
  .object({
    id: z.string(),
    actor_id: z.string().nullable(),
    actor_username: z.string().nullable(),
    action: z.string(),
    target_type: z.string(),
    target_id: z.string(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = pageSchema(AuditEntrySchema);
export const AuditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(25),
    target_type: z.string().max(32).optional(),
    target_id: z.string().max(64).optional(),
    actor_id: z.uuid().optional(),
  })
  .strict();
