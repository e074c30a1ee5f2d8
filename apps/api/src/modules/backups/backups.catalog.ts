/** Catalog queries shared by the backup writer and the restore; `Query` runs raw SQL on one connection. */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** Quotes an identifier for SQL built from catalog names (never from user input). */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Session settings that make the text form of every value stable and exact, set in both directions. */
export const TEXT_FORM_SETTINGS = [
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  "set local timezone = 'UTC'",
  'set local extra_float_digits = 3',
  "set local bytea_output = 'hex'",
];

export interface ForeignKey {
  table: string;
  parent: string;
  /** Columns of `table` and the `parent` columns they point at, in the same order. */
  columns: string[];
  parentColumns: string[];
}

export async function publicTables(q: Query): Promise<string[]> {
  const rows = await q<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  return rows.map((r) => r.name);
}

/** Stored columns in order (generated columns are recomputed, so they are not written). */
export async function tableColumns(q: Query, table: string): Promise<string[]> {
  const rows = await q<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [`public.${ident(table)}`],
  );
  return rows.map((r) => r.name);
}

export async function foreignKeys(q: Query): Promise<ForeignKey[]> {
  const rows = await q<{ table: string; parent: string; columns: string[]; parent_columns: string[] }>(
    `select (select relname::text from pg_class where oid = c.conrelid) as "table",
       (select relname::text from pg_class where oid = c.confrelid) as parent,
       array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
       array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as parent_columns
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = 'public'`,
  );
  return rows.map((r) => ({ table: r.table, parent: r.parent, columns: r.columns, parentColumns: r.parent_columns }));
}

/**
 * Tables ordered so every table comes after the tables it references (self references do not
 * count: their rows are ordered within the table). A cycle between tables throws.
 */
export function foreignKeyOrder(tables: string[], keys: ForeignKey[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const k of keys) if (k.table !== k.parent && parents.has(k.parent)) parents.get(k.table)?.add(k.parent);
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: string, path: string[]) => {
    if (state.get(t) === 'done') return;
    if (state.get(t) === 'visiting') throw new Error(`Foreign keys form a cycle: ${[...path, t].join(' -> ')}`);
    state.set(t, 'visiting');
    for (const p of [...(parents.get(t) ?? [])].sort()) visit(p, [...path, t]);
    state.set(t, 'done');
    order.push(t);
  };
  for (const t of [...tables].sort()) visit(t, []);
  return order;
}

export async function publicSequences(q: Query): Promise<string[]> {
  const rows = await q<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  return rows.map((r) => r.name);
}

/** The drizzle migrations applied so far: how many and the last one (null on a database never migrated). */
export async function migrationState(q: Query): Promise<{ count: number; hash: string; created_at: number } | null> {
  const [exists] = await q<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists?.t) return null;
  const [row] = await q<{ count: string; hash: string | null; created_at: string | null }>(
    `select (select count(*) from drizzle.__drizzle_migrations)::text as count,
       (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as hash,
       (select created_at::text from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as created_at`,
  );
  if (!row || row.count === '0' || row.hash === null) return null;
  return { count: Number(row.count), hash: row.hash, created_at: Number(row.created_at) };
}

/**
 * Runs `fn` in one transaction on one connection of its own (PostgreSQL: a pool client; PGlite: its
 * only connection), with raw SQL. `begin` is the statement that opens it (isolation level and mode).
 */
export async function inTransaction<T>(
  database: { kind: 'pglite' | 'postgres'; db: unknown },
  begin: string,
  fn: (q: Query) => Promise<T>,
): Promise<T> {
  const client = (database.db as { $client: unknown }).$client;
  if (database.kind === 'postgres') {
    const conn = await (client as import('pg').Pool).connect();
    const q: Query = async (text, params) => (await conn.query(text, params as unknown[])).rows;
    try {
      await q(begin);
      const result = await fn(q);
      await q('commit');
      return result;
    } catch (err) {
      await conn.query('rollback').catch(() => {});
      throw err;
    } finally {
      conn.release();
    }
  }
  return (client as import('@electric-sql/pglite').PGlite).transaction(async (tx) => {
    const q: Query = async (text, params) => (await tx.query(text, params as unknown[])).rows as never[];
    // PGlite has already sent BEGIN; the same options are set on the open transaction.
    const options = begin.replace(/^begin\b/i, '').trim();
    if (options) await q(`set transaction ${options}`);
    return fn(q);
  });
}
