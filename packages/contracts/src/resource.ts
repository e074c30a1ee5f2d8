import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './pagination.ts';

/**
 * A resource of the admin area described once: its schemas, permission prefix, sortable fields and
 * filters. The server builds its list/get/create/update/delete routes from this, the client its
 * table, forms and URL state.
 */
export interface ResourceContract<
  Item extends z.ZodType = z.ZodType,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
> {
  /** URL segment under /api/admin and /mc-admin. */
  name: string;
  /** Permission prefix: `<prefix>.list|create|edit|delete`. */
  permission: string;
  item: Item;
  create: Create | null;
  update: Update | null;
  listQuery: Query;
  sortable: readonly string[];
}

/** The list query of a resource: paging, search, a known sort field (`name` or `-name`) and its own filters; nothing else. */
export function listQuery<F extends z.ZodRawShape>(sortable: readonly [string, ...string[]], filters: F) {
  const sorts = [...sortable, ...sortable.map((s) => `-${s}`)] as [string, ...string[]];
  return z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      per_page: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
      search: z.string().trim().max(255).optional(),
      sort: z.enum(sorts, { message: `Sort by one of: ${sortable.join(', ')} (prefix - for descending)` }).optional(),
      ...filters,
    })
    .strict();
}

export function defineResource<
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Query extends z.ZodType,
>(r: ResourceContract<Item, Create, Update, Query>): ResourceContract<Item, Create, Update, Query> {
  return r;
}

/** Every update carries the `updated_at` it was loaded with; a record changed since is refused (STALE_RECORD). */
export const VersionSchema = z.object({ updated_at: z.iso.datetime({ offset: true }) });

export const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const UuidParamsSchema = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
/** A numeric id from a path or query string: one message for anything that is not one ("abc", "1.5", "-3"). */
export const IdNumber = z.coerce
  .number({ error: 'Not a valid id' })
  .int({ error: 'Not a valid id' })
  .positive({ error: 'Not a valid id' });

export const IntIdParamsSchema = z.object({ id: IdNumber });

/** Booleans in query strings: "true" / "false". */
export const QueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
