import { z } from 'zod';
import { pageSchema } from '../pagination.ts';
import { PermissionSchema } from '../permissions.ts';
import { defineResource, listQuery, VersionSchema } from '../resource.ts';
import { line } from '../text.ts';

export const RoleSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    display_name: z.string(),
    color: z.string(),
    level: z.number().int(),
    permissions: z.array(z.string()),
    builtin: z.boolean(),
    members: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof RoleSchema>;

const fields = {
  display_name: line().min(1).max(64),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'A colour like #22d3ee' }),
  /** 1 = member; 2–8 may enter the admin area. */
  level: z.number().int().min(1).max(8),
};
export const RoleCreateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(2)
      .max(32)
      .regex(/^[a-z0-9_]+$/, { message: 'Lowercase letters, digits and _' }),
    ...fields,
    permissions: z.array(PermissionSchema).max(200).default([]),
  })
  .strict();
export const RoleUpdateSchema = z.object(fields).partial().extend(VersionSchema.shape).strict();
export const RolePermissionsSchema = z
  .object({ permissions: z.array(PermissionSchema).max(200) })
  .extend(VersionSchema.shape)
  .strict();
export type RoleCreate = z.infer<typeof RoleCreateSchema>;
export type RoleUpdate = z.infer<typeof RoleUpdateSchema>;

export const rolesResource = defineResource({
  name: 'roles',
  permission: 'admin.roles',
  item: RoleSchema,
  create: RoleCreateSchema,
  update: RoleUpdateSchema,
  listQuery: listQuery(['level', 'name', 'created_at'], {}),
  sortable: ['level', 'name', 'created_at'],
});
export const RolePageSchema = pageSchema(RoleSchema);
