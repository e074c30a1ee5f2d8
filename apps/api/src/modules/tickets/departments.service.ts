import type { Department } from '@hostdeck/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { departments, tickets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { tableCrud } from '../../lib/table-crud.ts';

type Row = Record<string, unknown>;

/** Departments in the admin area: the generated CRUD over the table, with each one's ticket count. */
export const departmentsService = (db: Db) =>
  tableCrud<Department>(db, {
    table: departments,
    noun: 'department',
    fields: { name: 'name', description: 'description', opening_hours: 'openingHours', enabled: 'enabled' },
    // Written with explicit names: inside a subquery Drizzle would print the columns unqualified.
    extra: {
      tickets: sql<number>`(select count(*)::int from tickets t where t.department_id = "departments"."id")`,
    },
    present: (r: Row, extra) => ({
      id: r.id as number,
      name: r.name as string,
      description: r.description as string,
      opening_hours: r.openingHours as string,
      enabled: r.enabled as boolean,
      tickets: Number(extra.tickets ?? 0),
      created_at: (r.createdAt as Date).toISOString(),
      updated_at: (r.updatedAt as Date).toISOString(),
    }),
    sort: { name: departments.name, created_at: departments.createdAt },
    search: departments.name,
    filters: (q) => (q.enabled === undefined ? [] : [eq(departments.enabled, q.enabled as boolean)]),
    // Tickets keep their department for good: one that has tickets is disabled instead (members no longer see it).
    inUse: async (tx, id) => {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(tickets)
        .where(eq(tickets.departmentId, id));
      const n = Number(row?.n ?? 0);
      if (n > 0)
        throw new AppError('DEPARTMENT_IN_USE', `This department has ${n} tickets; disable it instead of deleting it`);
      return null;
    },
  });
