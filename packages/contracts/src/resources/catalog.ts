import { z } from 'zod';
import { pageSchema } from '../pagination.ts';
import { defineResource, IdNumber, listQuery, QueryBoolean, VersionSchema } from '../resource.ts';
import { line } from '../text.ts';

const name = line().min(1).max(64);
// No defaults here: `.partial()` would apply them to every update. Create schemas add them.
const description = z.string().trim().max(500).nullable();
const icon = z.union([z.url({ protocol: /^https?$/, message: 'Invalid URL' }), z.null()]);
const panelId = z.number().int().positive().nullable();
/** A Pelican tag (of a node or an egg). */
const panelTag = line().min(1).max(64);
/** Pelican node tags: creation deploys to a node carrying at least one of them (none: any node). */
const nodeTags = z
  .array(panelTag)
  .max(20)
  .refine((tags) => new Set(tags).size === tags.length, 'A tag is listed twice');
const stamps = { created_at: z.string(), updated_at: z.string() };

export const locationStatuses = ['online', 'offline', 'maintenance'] as const;

export const LocationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    panel_location_id: z.number().int().nullable(),
    /** On Pelican: the node tags servers of this location are deployed to. */
    panel_node_tags: z.array(z.string()),
    /** Servers the location may hold; null = no limit. */
    slots: z.number().int().nullable(),
    vip: z.boolean(),
    status: z.enum(locationStatuses),
    icon: z.string().nullable(),
    ...stamps,
  })
  .meta({ id: 'Location' });
const locationFields = {
  name,
  description,
  panel_location_id: panelId,
  panel_node_tags: nodeTags,
  slots: z.number().int().min(0).max(100_000).nullable(),
  vip: z.boolean(),
  status: z.enum(locationStatuses),
  icon,
};
export const LocationCreateSchema = z
  .object({
    ...locationFields,
    description: description.default(null),
    panel_location_id: panelId.default(null),
    panel_node_tags: nodeTags.default([]),
    slots: locationFields.slots.default(null),
    vip: locationFields.vip.default(false),
    status: locationFields.status.default('online'),
    icon: icon.default(null),
  })
  .strict();
export const LocationUpdateSchema = z.object(locationFields).partial().extend(VersionSchema.shape).strict();
export type Location = z.infer<typeof LocationSchema>;

export const EggCategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    panel_nest_id: z.number().int().nullable(),
    /** On Pelican: the egg tag whose eggs this category gathers ("" gathers the eggs without a tag). */
    panel_egg_tag: z.string().nullable(),
    icon: z.string().nullable(),
    enabled: z.boolean(),
    eggs: z.number().int(),
    ...stamps,
  })
  .meta({ id: 'EggCategory' });
const categoryFields = {
  name,
  description,
  panel_nest_id: panelId,
  panel_egg_tag: z.union([panelTag, z.literal('')]).nullable(),
  icon,
  enabled: z.boolean(),
};
export const EggCategoryCreateSchema = z
  .object({
    ...categoryFields,
    description: description.default(null),
    panel_nest_id: panelId.default(null),
    panel_egg_tag: categoryFields.panel_egg_tag.default(null),
    icon: icon.default(null),
    enabled: z.boolean().default(true),
  })
  .strict();
export const EggCategoryUpdateSchema = z.object(categoryFields).partial().extend(VersionSchema.shape).strict();
export type EggCategory = z.infer<typeof EggCategorySchema>;

export const EggVariableSchema = z.object({
  env: line().max(191),
  default_value: z.string().max(1000),
  rules: line().max(1000),
});
export const EggSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    category_id: z.number().int(),
    panel_egg_id: z.number().int().nullable(),
    icon: z.string().nullable(),
    vip: z.boolean(),
    enabled: z.boolean(),
    docker_image: z.string(),
    startup: z.string(),
    variables: z.array(EggVariableSchema),
    ...stamps,
  })
  .meta({ id: 'Egg' });
const eggFields = {
  name,
  description,
  category_id: z.number().int().positive(),
  panel_egg_id: panelId,
  icon,
  vip: z.boolean(),
  enabled: z.boolean(),
  docker_image: line().max(191),
  startup: z.string().max(2000),
  variables: z.array(EggVariableSchema).max(100),
};
export const EggCreateSchema = z
  .object({
    ...eggFields,
    description: description.default(null),
    panel_egg_id: panelId.default(null),
    icon: icon.default(null),
    vip: eggFields.vip.default(false),
    enabled: eggFields.enabled.default(true),
    docker_image: eggFields.docker_image.default(''),
    startup: eggFields.startup.default(''),
    variables: eggFields.variables.default([]),
  })
  .strict();
export const EggUpdateSchema = z.object(eggFields).partial().extend(VersionSchema.shape).strict();
export type Egg = z.infer<typeof EggSchema>;

export const locationsResource = defineResource({
  name: 'locations',
  permission: 'admin.locations',
  item: LocationSchema,
  create: LocationCreateSchema,
  update: LocationUpdateSchema,
  listQuery: listQuery(['name', 'created_at'], {
    status: z.enum(locationStatuses).optional(),
    vip: QueryBoolean.optional(),
  }),
  sortable: ['name', 'created_at'],
});
export const eggCategoriesResource = defineResource({
  name: 'egg-categories',
  permission: 'admin.nests',
  item: EggCategorySchema,
  create: EggCategoryCreateSchema,
  update: EggCategoryUpdateSchema,
  listQuery: listQuery(['name', 'created_at'], { enabled: QueryBoolean.optional() }),
  sortable: ['name', 'created_at'],
});
export const eggsResource = defineResource({
  name: 'eggs',
  permission: 'admin.egg',
  item: EggSchema,
  create: EggCreateSchema,
  update: EggUpdateSchema,
  listQuery: listQuery(['name', 'created_at'], {
    category_id: IdNumber.optional(),
    enabled: QueryBoolean.optional(),
    vip: QueryBoolean.optional(),
  }),
  sortable: ['name', 'created_at'],
});
export const ImportResultSchema = z
  .object({ success: z.literal(true), created: z.number().int(), updated: z.number().int() })
  .meta({ id: 'ImportResult' });
export const LocationPageSchema = pageSchema(LocationSchema);
