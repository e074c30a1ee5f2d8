import { asc, Column, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export interface PageQuery {
  page: number;
  per_page: number;
  sort?: string;
}

/** Column types whose values people read as words: sorted without regard to case. */
const TEXT = new Set(['PgText', 'PgVarchar', 'PgChar']);

/**
 * ORDER BY from a `name` / `-name` sort key over the columns a resource allows (the contract checked
 * the key). Text sorts case-blind, as a person reads a list ("alpha", "Beta", "gamma"): the database's
 * own order is by byte under the C collation PGlite and many servers use, which puts every capital first.
 */
export function orderBy(sort: string | undefined, columns: Record<string, AnyPgColumn | SQL>, fallback: SQL[]): SQL[] {
  if (!sort) return fallback;
  const descending = sort.startsWith('-');
  const column = columns[descending ? sort.slice(1) : sort];
  if (!column) return fallback;
  const key = column instanceof Column && TEXT.has(column.columnType) ? caseBlind(column) : column;
  return [descending ? desc(key) : asc(key), ...fallback];
}

/** A text column as lists sort it: without regard to case. */
export function caseBlind(column: AnyPgColumn): SQL {
  return sql`lower(${column})`;
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
