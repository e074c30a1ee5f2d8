import { AppError } from './app-error.ts';

/** What the error handler may read of a PostgreSQL error: its SQLSTATE and the names it carries, never its text. */
export interface DatabaseErrorInfo {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
}

/**
 * The PostgreSQL error inside `err`, from node-postgres or PGlite (both carry `code` and
 * `severity`), directly or as Drizzle's `cause`; null for any other error.
 */
export function databaseError(err: unknown): DatabaseErrorInfo | null {
  let e = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code, severity, constraint, table, column } = e as Record<string, unknown>;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') {
      const name = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
      return { code, constraint: name(constraint), table: name(table), column: name(column) };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * A refusal of the data a request carried (SQLSTATE class 22 "data exception", class 23 "integrity
 * constraint violation", 54000 "program limit exceeded" as for a value too long for an index) as the
 * client's error; null for anything else, which stays a server fault. The database's own message is
 * never passed on: it can hold ids and values.
 */
export function dataError(info: DatabaseErrorInfo, method?: string): AppError | null {
  if (info.code === '23505' || info.code === '23P01')
    return new AppError('ALREADY_EXISTS', 'Another record already has this value');
  if (info.code.startsWith('22') || info.code === '54000')
    return new AppError('DATA_INVALID', 'A value is out of range or in a form that cannot be stored');
  // A foreign key refusing a DELETE: the record is still referenced (PostgreSQL names the referencing
  // table either way, so the request's method tells the two cases apart): in use, not bad input.
  if (info.code === '23503' && method === 'DELETE')
    return new AppError('IN_USE', 'Other records still refer to this one; remove or change them first');
  if (info.code.startsWith('23'))
    return new AppError(
      'DATA_INVALID',
      'The change refers to a record that does not exist or breaks a rule of the data',
    );
  return null;
}
