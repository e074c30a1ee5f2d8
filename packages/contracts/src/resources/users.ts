import { z } from 'zod';
import { EmailSchema, UsernameSchema } from '../auth.ts';
import { pageSchema } from '../pagination.ts';
import { defineResource, IdNumber, listQuery, QueryBoolean, VersionSchema } from '../resource.ts';
import { line } from '../text.ts';

const limit = z.number().int().min(0).max(100_000_000);

export const AdminUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role_id: z.number().int(),
    role_name: z.string(),
    role_display_name: z.string(),
    role_level: z.number().int(),
    coins: z.number().int(),
    memory_limit: z.number().int(),
    cpu_limit: z.number().int(),
    disk_limit: z.number().int(),
    server_limit: z.number().int(),
    allocation_limit: z.number().int(),
    database_limit: z.number().int(),
    backup_limit: z.number().int(),
    verified: z.boolean(),
    banned: z.boolean(),
    ban_reason: z.string().nullable(),
    two_fa_enabled: z.boolean(),
    first_ip: z.string().nullable(),
    last_ip: z.string().nullable(),
    last_seen: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const UserUpdateSchema = z
  .object({
    username: UsernameSchema,
    email: EmailSchema,
    first_name: line().min(1).max(64),
    last_name: line().min(1).max(64),
    role_id: z.number().int().positive(),
    verified: z.boolean(),
    memory_limit: limit,
    cpu_limit: limit,
    disk_limit: limit,
    server_limit: limit,
    allocation_limit: limit,
    database_limit: limit,
    backup_limit: limit,
  })
  .partial()
  .extend(VersionSchema.shape)
  .strict();
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

export const CoinAdjustmentSchema = z
  .object({
    amount: z
      .number()
      .int()
      .min(-1_000_000_000)
      .max(1_000_000_000)
      .refine((n) => n !== 0, { message: 'Give a non-zero amount' }),
    reason: line().min(3).max(255),
  })
  .strict();
export const BanSchema = z.object({ reason: line().min(3).max(255) }).strict();

export const UserSessionSchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  two_factor_pending: z.boolean(),
});

export const usersResource = defineResource({
  name: 'users',
  permission: 'admin.users',
  item: AdminUserSchema,
  create: null,
  update: UserUpdateSchema,
  listQuery: listQuery(['username', 'email', 'coins', 'created_at', 'last_seen'], {
    role_id: IdNumber.optional(),
    banned: QueryBoolean.optional(),
  }),
  sortable: ['username', 'email', 'coins', 'created_at', 'last_seen'],
});
export const AdminUserPageSchema = pageSchema(AdminUserSchema);
