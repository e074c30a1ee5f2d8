import { z } from 'zod';

const Value = z.union([z.string(), z.number(), z.boolean()]);

export const AdminSettingSchema = z.object({
  key: z.string(),
  type: z.string(),
  group: z.string(),
  visibility: z.enum(['public', 'private', 'secret']),
  description: z.string(),
  /** null for secrets: they are write-only. */
  value: Value.nullable(),
  default: Value.nullable(),
  is_set: z.boolean(),
  min: z.number().optional(),
  max: z.number().optional(),
  options: z.array(z.string()).optional(),
  max_length: z.number().optional(),
});
export type AdminSetting = z.infer<typeof AdminSettingSchema>;

export const AdminSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: z.array(AdminSettingSchema),
});

/** PATCH /api/admin/settings: a value sets a key, null puts it back to its default. */
export const AdminSettingsUpdateBodySchema = z.object({
  values: z
    .record(z.string(), Value.nullable())
    .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' }),
});
export type AdminSettingsUpdateBody = z.infer<typeof AdminSettingsUpdateBodySchema>;
