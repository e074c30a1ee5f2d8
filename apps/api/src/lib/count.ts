import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Up to this many matching rows a list's total is exact; counting stops there, so it stays cheap. */
export const EXACT_COUNT_LIMIT = 10_000;

export interface Counted {
  total: number;
  /** The total is the planner's estimate (more than EXACT_COUNT_LIMIT rows): shown as "about N". */
  estimated: boolean;
}

type Rows<T> = { rows: T[] };

/**
 * The total of a list page (decision 0024). An exact count(*) of a million rows reads a million rows
 * on every page. So the planner is asked first (EXPLAIN: table statistics, no rows read): when it
 * expects more than EXACT_COUNT_LIMIT rows, its estimate is the total, rounded to three significant
 * digits and flagged as estimated. Otherwise the rows are counted, but only up to the limit: a
 * planner that guessed low still costs at most that many rows, and the total is then flagged too.
 * `rows` is the list's query without ORDER BY, LIMIT or OFFSET (its FROM, joins and WHERE; any columns).
 */
export async function countRows(db: Db, rows: SQLWrapper, limit = EXACT_COUNT_LIMIT): Promise<Counted> {
  const plan = (await db.execute(sql`explain (format json) ${rows}`)) as unknown as Rows<Record<string, unknown>>;
  const planned = planRows(plan.rows[0]?.['QUERY PLAN']);
  if (planned > limit) return { total: roundEstimate(planned), estimated: true };
  // The outer LIMIT is pushed into the (flattened) subquery: the scan stops at limit + 1 rows.
  const counted = (await db.execute(
    sql`select count(*)::int as n from (select 1 from (${rows}) as r limit ${limit + 1}) as capped`,
  )) as unknown as Rows<{ n: number }>;
  const n = Number(counted.rows[0]?.n ?? 0);
  if (n <= limit) return { total: n, estimated: false };
  return { total: roundEstimate(Math.max(limit + 1, planned)), estimated: true };
}

/** The row estimate of EXPLAIN (FORMAT JSON)'s top plan node (a string or parsed JSON, by driver). */
function planRows(value: unknown): number {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  const rows = (parsed as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

/** 994,873 → 995,000: an estimate should not look exact. */
export function roundEstimate(n: number): number {
  if (n < 1000) return n;
  const step = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.round(n / step) * step;
}
