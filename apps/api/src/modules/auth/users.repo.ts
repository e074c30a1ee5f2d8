import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type RoleRow, roles, type UserRow, users } from '../../db/schema/index.ts';

export interface UserWithRole {
  user: UserRow;
  role: RoleRow;
}

export async function findUserWithRole(db: Db, id: string): Promise<UserWithRole | null> {
  const rows = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Username or email, without regard to case. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | null> {
  const value = login.toLowerCase();
  const column = value.includes('@') ? users.email : users.username;
  const rows = await db.select().from(users).where(sql`lower(${column}) = ${value}`).limit(1);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return rows[0] ?? null;
}

export async function findUserByReferralCode(db: Db, code: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.referralCode, code)).limit(1);
  return rows[0] ?? null;
}

export async function roleByLevel(db: Db, level: number): Promise<RoleRow> {
  const rows = await db.select().from(roles).where(eq(roles.level, level)).orderBy(roles.id).limit(1);
  const role = rows[0];
  if (!role) throw new Error(`No role with level ${level}; were the built-in roles seeded?`);
  return role;
}

/** True when at least one live account holds a role with admin.root (the first-run check). */
export async function hasAdministrator(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .where(sql`${users.deletedAt} is null and ${roles.permissions} @> '["admin.root"]'::jsonb`)
    .limit(1);
  return rows.length > 0;
}
