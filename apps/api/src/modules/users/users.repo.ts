import type { AdminUser } from '@hostdeck/contracts';
import { and, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type RoleRow, roles, type UserRow, users } from '../../db/schema/index.ts';
import { likeTerm, orderBy, type PageQuery } from '../../lib/paging.ts';

export function presentUser(user: UserRow, role: RoleRow): AdminUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role_id: role.id,
    role_name: role.name,
    role_display_name: role.displayName,
    role_level: role.level,
    coins: user.coins,
    memory_limit: user.memoryLimit,
    cpu_limit: user.cpuLimit,
    disk_limit: user.diskLimit,
    server_limit: user.serverLimit,
    allocation_limit: user.allocationLimit,
    database_limit: user.databaseLimit,
    backup_limit: user.backupLimit,
    verified: user.emailVerifiedAt !== null,
    banned: user.banned,
    ban_reason: user.banReason,
    two_fa_enabled: user.twoFactorEnabled,
    first_ip: user.firstIp,
    last_ip: user.lastIp,
    last_seen: user.lastSeenAt.toISOString(),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    deleted_at: user.deletedAt?.toISOString() ?? null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Search by username, email or uuid; filter by role and banned; deleted accounts are not listed. */
export async function findUsersPage(
  db: Db,
  q: PageQuery & { search?: string; role_id?: number; banned?: boolean },
): Promise<{ data: AdminUser[]; total: number }> {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (q.search) {
    const term = likeTerm(q.search);
    const match = [ilike(users.username, term), ilike(users.email, term)];
    if (UUID.test(q.search)) match.push(eq(users.id, q.search));
    conditions.push(or(...match) as SQL);
  }
  if (q.role_id !== undefined) conditions.push(eq(users.roleId, q.role_id));
  if (q.banned !== undefined) conditions.push(eq(users.banned, q.banned));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, role: roles })
      .from(users)
      .innerJoin(roles, eq(users.roleId, roles.id))
      .where(where)
      .orderBy(
        ...orderBy(
          q.sort,
          {
            username: sql`lower(${users.username})`,
            email: sql`lower(${users.email})`,
            coins: users.coins,
            created_at: users.createdAt,
            last_seen: users.lastSeenAt,
          },
          [sql`${users.createdAt} desc`, sql`${users.id} asc`],
        ),
      )
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { data: rows.map((r) => presentUser(r.user, r.role)), total: Number(total?.n ?? 0) };
}

export async function findUserWithRoleById(
  db: Db,
  id: string,
  lock = false,
): Promise<{ user: UserRow; role: RoleRow } | null> {
  const query = db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  const rows = lock ? await query.for('update', { of: users }) : await query;
  return rows[0] ?? null;
}
