import type { AdminUser } from '@hostdeck/contracts';
import { and, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type RoleRow, roles, type UserRow, users } from '../../db/schema/index.ts';
import { countRows } from '../../lib/count.ts';
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

/**
 * Search by username, e-mail, IP address (first or last seen; any fragment) or uuid; filter by role
 * and banned; deleted accounts are not listed. Decision 0024: the search is served by trigram
 * indexes, the default order by users_created_idx, and the total is exact up to 10,000 rows.
 */
export async function findUsersPage(
  db: Db,
  q: PageQuery & { search?: string; role_id?: number; banned?: boolean },
): Promise<{ data: AdminUser[]; total: number; estimated: boolean }> {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (q.search) {
    const term = likeTerm(q.search);
    const match = [
      ilike(users.username, term),
      ilike(users.email, term),
      ilike(users.firstIp, term),
      ilike(users.lastIp, term),
    ];
    if (UUID.test(q.search)) match.push(eq(users.id, q.search));
    conditions.push(or(...match) as SQL);
  }
  if (q.role_id !== undefined) conditions.push(eq(users.roleId, q.role_id));
  if (q.banned !== undefined) conditions.push(eq(users.banned, q.banned));
  const where = and(...conditions);
  const order = orderBy(
    q.sort,
    {
      username: users.username,
      email: users.email,
      coins: users.coins,
      created_at: users.createdAt,
      last_seen: users.lastSeenAt,
    },
    [sql`${users.createdAt} desc`, sql`${users.id} asc`],
  );
  // The page's ids first, from the narrowest index that answers them; only those 25 rows are then
  // read whole (a deep page skips index entries rather than whole rows).
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [rows, counted] = await Promise.all([
    db
      .select({ user: users, role: roles })
      .from(users)
      .innerJoin(roles, eq(users.roleId, roles.id))
      .where(inArray(users.id, pageIds))
      .orderBy(...order),
    countRows(db, db.select({ id: users.id }).from(users).where(where)),
  ]);
  return { data: rows.map((r) => presentUser(r.user, r.role)), ...counted };
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
