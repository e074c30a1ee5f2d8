import { ADMIN_ROLE_MAX, ADMIN_ROLE_MIN, type Role } from '@hostdeck/contracts';
import { and, between, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type RoleRow, roles, users } from '../../db/schema/index.ts';
import { likeTerm, orderBy, type PageQuery } from '../../lib/paging.ts';

// Written with explicit aliases: inside a subquery Drizzle would print the columns unqualified.
const members = sql<number>`(select count(*)::int from users m where m.role_id = "roles"."id" and m.deleted_at is null)`;

export function presentRole(row: RoleRow, memberCount: number): Role {
  return {
    id: row.id,
    name: row.name,
    display_name: row.displayName,
    color: row.color,
    level: row.level,
    permissions: row.permissions,
    builtin: row.builtin,
    members: Number(memberCount),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findRolesPage(
  db: Db,
  q: PageQuery & { search?: string },
): Promise<{ data: Role[]; total: number }> {
  const where: SQL | undefined = q.search
    ? or(ilike(roles.name, likeTerm(q.search)), ilike(roles.displayName, likeTerm(q.search)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ role: roles, members })
      .from(roles)
      .where(where)
      .orderBy(
        ...orderBy(q.sort, { level: roles.level, name: roles.name, created_at: roles.createdAt }, [
          sql`${roles.level} asc`,
          sql`${roles.id} asc`,
        ]),
      )
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  return { data: rows.map((r) => presentRole(r.role, r.members)), total: Number(total?.n ?? 0) };
}

export async function findRole(db: Db, id: number, lock = false): Promise<{ role: RoleRow; members: number } | null> {
  const query = db.select({ role: roles, members }).from(roles).where(eq(roles.id, id)).limit(1);
  const rows = lock ? await query.for('update', { of: roles }) : await query;
  return rows[0] ?? null;
}

/** The advisory lock (a constant of this panel) under which administrators are counted. */
const ADMINISTRATORS_LOCK = 0x48_44_41_44; // "HDAD"

/**
 * Accounts that can act as administrator (admin.root on an admin-level role, not banned, not deleted
 * or being deleted), but for the one user or role given. Run it in the transaction that makes the
 * change it guards.
 */
export async function countActiveRootUsers(db: Db, except: { userId?: string; roleId?: number } = {}): Promise<number> {
  // Every change that may take away an administrator counts them under one lock held to the end of its
  // transaction: two administrators banning each other at once are served one after the other, and
  // the second sees the first's ban. Called outside a transaction, the lock would protect nothing.
  await db.execute(sql`select pg_advisory_xact_lock(${ADMINISTRATORS_LOCK})`);
  const conditions = [
    isNull(users.deletedAt),
    isNull(users.deletionRequestedAt), // being deleted: cannot sign in (accountUsable)
    eq(users.banned, false),
    sql`${roles.permissions} @> '["admin.root"]'::jsonb`,
    // admin.root on a role below level 2 opens no admin route (plugins/access.ts).
    between(roles.level, ADMIN_ROLE_MIN, ADMIN_ROLE_MAX),
  ];
  if (except.userId) conditions.push(sql`${users.id} <> ${except.userId}`);
  if (except.roleId) conditions.push(sql`${roles.id} <> ${except.roleId}`);
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}
