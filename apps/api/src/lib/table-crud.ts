import type { AuditTargetType } from '@hostdeck/contracts';
import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { type Actor, assertFresh } from './actor.ts';
import { AppError } from './app-error.ts';
import type { CrudService } from './crud-routes.ts';
import { likeTerm, orderBy, type PageQuery } from './paging.ts';

type Row = Record<string, unknown> & { id: number; updatedAt: Date };
type Table = PgTable & { id: AnyPgColumn; updatedAt: AnyPgColumn };

export interface TableCrudOptions<Item> {
  table: Table;
  /** Audit target type, and the word used in messages. */
  noun: AuditTargetType;
  /** Contract field → table column key, for the fields a create or update may carry. */
  fields: Record<string, string>;
  /** Converts a contract value for its column (e.g. an ISO date string to a Date). */
  toColumn?: Record<string, (value: unknown) => unknown>;
  present: (row: Row, extra: Record<string, unknown>) => Item;
  /** Extra selected values (e.g. a count) merged into present's second argument. */
  extra?: Record<string, SQL>;
  sort: Record<string, AnyPgColumn>;
  /** The column the list's search matches (partially, without regard to case). */
  search: AnyPgColumn;
  filters?: (q: Record<string, unknown>) => SQL[];
  /** Checks before a write (e.g. the category exists); throw an AppError to refuse. */
  check?: (db: Db, values: Record<string, unknown>, current?: Row) => Promise<void>;
  /** Refuses a delete while something still uses the record. */
  inUse?: (db: Db, id: number) => Promise<string | null>;
}

/**
 * The whole CrudService of a plain resource (a table with id, name and updated_at): paged search,
 * create, versioned update and delete, each audited in its transaction. Resources with real rules
 * (users, roles) write their own service instead.
 */
export function tableCrud<Item>(db: Db, o: TableCrudOptions<Item>): CrudService<Item> {
  const t = o.table;
  const toValues = (body: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(o.fields)
        .filter(([f]) => body[f] !== undefined)
        .map(([f, col]) => [col, o.toColumn?.[col] ? o.toColumn[col](body[f]) : body[f]]),
    );
  const select = { row: t, ...(o.extra ?? {}) } as never;
  const load = async (tx: Db, id: number, lock = false) => {
    const q = tx
      .select(select)
      .from(t as never)
      .where(eq(t.id, id))
      .limit(1);
    const [found] = (lock ? await q.for('update') : await q) as ({ row: Row } & Record<string, unknown>)[];
    if (!found) throw new AppError('NOT_FOUND', `There is no such ${o.noun}`);
    const { row, ...extra } = found;
    return { row, extra };
  };
  return {
    async list(q: PageQuery & Record<string, unknown>) {
      const conditions: SQL[] = [...(o.filters?.(q) ?? [])];
      if (typeof q.search === 'string' && q.search) conditions.push(or(ilike(o.search, likeTerm(q.search))) as SQL);
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(select)
          .from(t as never)
          .where(where)
          .orderBy(...orderBy(q.sort, o.sort, [sql`${t.id} asc`]))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page) as unknown as Promise<({ row: Row } & Record<string, unknown>)[]>,
        db
          .select({ n: count() })
          .from(t as never)
          .where(where) as unknown as Promise<{ n: number }[]>,
      ]);
      return { data: rows.map(({ row, ...extra }) => o.present(row, extra)), total: Number(total?.n ?? 0) };
    },
    async get(id) {
      const { row, extra } = await load(db, Number(id));
      return o.present(row, extra);
    },
    async create(actor: Actor, body: never) {
      return uniqueOrConflict(o.noun, () =>
        db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const values = toValues(body);
          await o.check?.(tx, values);
          const [row] = (await tx
            .insert(t)
            .values(values as never)
            .returning()) as Row[];
          const { row: fresh, extra } = await load(tx, (row as Row).id);
          const item = o.present(fresh, extra);
          await recordAudit(tx, {
            actorId: actor.id,
            action: `${o.noun}.create`,
            targetType: o.noun,
            targetId: fresh.id,
            after: item as Record<string, unknown>,
          });
          return item;
        }),
      );
    },
    async update(actor: Actor, id, body: never) {
      return uniqueOrConflict(o.noun, () =>
        db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const { row, extra } = await load(tx, Number(id), true);
          assertFresh((body as { updated_at: string }).updated_at, row.updatedAt);
          const values = toValues(body);
          await o.check?.(tx, values, row);
          await tx
            .update(t)
            .set({ ...values, updatedAt: new Date() } as never)
            .where(eq(t.id, row.id));
          const after = await load(tx, row.id);
          const item = o.present(after.row, after.extra);
          await recordAudit(tx, {
            actorId: actor.id,
            action: `${o.noun}.update`,
            targetType: o.noun,
            targetId: row.id,
            before: o.present(row, extra) as Record<string, unknown>,
            after: item as Record<string, unknown>,
          });
          return item;
        }),
      );
    },
    async remove(actor: Actor, id) {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const { row, extra } = await load(tx, Number(id), true);
        const reason = await o.inUse?.(tx, row.id);
        if (reason) throw new AppError('IN_USE', reason);
        await tx.delete(t).where(eq(t.id, row.id));
        await recordAudit(tx, {
          actorId: actor.id,
          action: `${o.noun}.delete`,
          targetType: o.noun,
          targetId: row.id,
          before: o.present(row, extra) as Record<string, unknown>,
        });
      });
    },
  };
}

/** A write that breaks a unique key (two records with the same code, say) is the caller's 409, not a 500. */
async function uniqueOrConflict<T>(noun: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505')
      throw new AppError('ALREADY_EXISTS', `Another ${noun.replace(/_/g, ' ')} already has this value`);
    throw err;
  }
}
