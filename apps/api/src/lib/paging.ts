import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export interface PageQuery {
  page: number;
  per_page: number;
  sort?: string;
}

/** ORDER BY from a `name` / `-name` sort key over the columns a resource allows (the contract checked the key). */
export function orderBy(sort: string | undefined, columns: Record<string, AnyPgColumn | SQL>, fallback: SQL[]): SQL[] {
  if (!sort) return fallback;
  const descending = sort.startsWith('-');
  const column = columns[descending ? sort.slice(1) : sort];
  if (!column) return fallback;
  return [descending ? desc(column) : asc(column), ...fallback];
}

/** The page envelope; `estimated`: the total is the planner's estimate (lib/count.ts), "about N". */
export function pageEnvelope<T>(data: T[], total: number, q: PageQuery, estimated = false) {
  return {
    success: true as const,
    data,
    total,
    total_estimated: estimated,
    page: q.page,
    per_page: q.per_page,
    total_pages: Math.max(1, Math.ceil(total / q.per_page)),
  };
}

/** `%term%` for ILIKE with the user's own wildcards escaped. */
export function likeTerm(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
