import { z } from 'zod';

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;

export const ListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  search: z.string().trim().max(255).optional(),
  sort: z.string().max(64).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** The one page envelope of every list route. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    total: z.number().int(),
    total_estimated: z
      .boolean()
      .optional()
      .describe('True when total is an estimate: lists of more than 10,000 rows are not counted exactly ("about N")'),
    page: z.number().int(),
    per_page: z.number().int(),
    total_pages: z.number().int(),
  });
}
