import {
  isAdminRole,
  MEMBER_ROLE_LEVEL,
  ROOT_PERMISSION,
  type Role,
  type RoleCreate,
  type RoleUpdate,
} from '@hostdeck/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { type Actor, assertFresh, assertHoldsAll, assertRoot, LEAVES_STAFF } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import type { PageQuery } from '../../lib/paging.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { SessionService } from '../auth/sessions.service.ts';
import { roleByLevel } from '../auth/users.repo.ts';
import { countActiveRootUsers, findRole, findRolesPage, presentRole } from './roles.repo.ts';

/**
 * Roles: level, colour, display name and the permission set. Nobody grants a permission they do not
 * hold, nor edits a role holding one; built-in roles stay; a change reaches members at their next
 * session refresh (the session cache is dropped everywhere).
 */
export class RolesService implements CrudService<Role> {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
  ) {}

  list(q: PageQuery & { search?: string }) {
    return findRolesPage(this.db, q);
  }

  async get(id: string | number): Promise<Role> {
    const found = await findRole(this.db, Number(id));
    if (!found) throw new AppError('NOT_FOUND', 'There is no such role');
    return presentRole(found.role, found.members);
  }

  async create(actor: Actor, body: RoleCreate): Promise<Role> {
    assertHoldsAll(actor, body.permissions, 'You cannot grant a permission you do not hold');
    const created = await this.db.transaction(async (tx) => {
      const existing = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, body.name)).limit(1);
      if (existing.length)
        throw new AppError('ALREADY_EXISTS', 'A role with this name exists', {
          name: 'A role with this name exists',
        });
      const [row] = await tx
        .insert(roles)
        .values({
          name: body.name,
          displayName: body.display_name,
          color: body.color,
          level: body.level,
          permissions: [...new Set(body.permissions)],
        })
        .returning();
      if (!row) throw new Error('Role insert returned nothing');
      await recordAudit(tx as unknown as Db, {
        actorId: actor.id,
        action: 'role.create',
        targetType: 'role',
        targetId: row.id,
        after: presentRole(row, 0),
      });
      return row;
    });
    return presentRole(created, 0);
  }

  async update(actor: Actor, id: string | number, body: RoleUpdate): Promise<Role> {
    return this.change(actor, Number(id), body.updated_at, 'role.update', async (row, tx) => {
      const level = body.level ?? row.level;
      if (level !== row.level) {
        // The members' role is where every sign-up lands: at level 2 it would make them all staff.
        if (row.builtin && row.level === MEMBER_ROLE_LEVEL)
          throw new AppError('VALIDATION_ERROR', "The members' role stays at level 1", {
            level: "The members' role stays at level 1",
          });
        // Below the staff levels, every holder of the role leaves the staff (LEAVES_STAFF says why).
        if (isAdminRole(row.level) && !isAdminRole(level)) assertRoot(actor, LEAVES_STAFF, 'level');
      }
      // A level below 2 takes the admin area from the role's holders, admin.root included.
      const dropsRoot = row.permissions.includes(ROOT_PERMISSION) && isAdminRole(row.level) && !isAdminRole(level);
      if (dropsRoot) await assertAnotherAdministrator(tx, row.id);
      return { displayName: body.display_name ?? row.displayName, color: body.color ?? row.color, level };
    });
  }

  async setPermissions(actor: Actor, id: number, permissions: string[], updatedAt: string): Promise<Role> {
    assertHoldsAll(actor, permissions, 'You cannot grant a permission you do not hold');
    return this.change(actor, id, updatedAt, 'role.permissions', async (row, tx) => {
      // Taking admin.root from a role must leave at least one active Administrator elsewhere.
      const dropsRoot = row.permissions.includes(ROOT_PERMISSION) && !permissions.includes(ROOT_PERMISSION);
      if (dropsRoot) await assertAnotherAdministrator(tx, row.id);
      return { permissions: [...new Set(permissions)] };
    });
  }

  async remove(actor: Actor, id: string | number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const found = await findRole(tx as unknown as Db, Number(id), true);
      if (!found) throw new AppError('NOT_FOUND', 'There is no such role');
      if (found.role.builtin) throw new AppError('ROLE_BUILTIN', 'Built-in roles can be renamed but not deleted');
      if (found.members > 0)
        throw new AppError(
          'ROLE_IN_USE',
          `${found.members} member(s) still hold this role; give them another role first`,
        );
      assertHoldsAll(actor, found.role.permissions, 'You cannot delete a role holding permissions you do not hold');
      // Deleted accounts (not counted as members) still point at it: they take the members' role.
      const member = await roleByLevel(tx as unknown as Db, 1);
      await tx
        .update(users)
        .set({ roleId: member.id })
        .where(and(eq(users.roleId, found.role.id), isNotNull(users.deletedAt)));
      await tx.delete(roles).where(eq(roles.id, found.role.id));
      await recordAudit(tx as unknown as Db, {
        actorId: actor.id,
        action: 'role.delete',
        targetType: 'role',
        targetId: found.role.id,
        before: presentRole(found.role, 0),
      });
    });
  }

  /** Lock, check freshness and the actor's reach, write, audit; then every session sees the change. */
  private async change(
    actor: Actor,
    id: number,
    updatedAt: string,
    action: string,
    patch: (row: typeof roles.$inferSelect, tx: Db) => Promise<Partial<typeof roles.$inferInsert>>,
  ): Promise<Role> {
    const result = await this.db.transaction(async (tx) => {
      const found = await findRole(tx as unknown as Db, id, true);
      if (!found) throw new AppError('NOT_FOUND', 'There is no such role');
      assertFresh(updatedAt, found.role.updatedAt);
      assertHoldsAll(actor, found.role.permissions, 'You cannot change a role holding permissions you do not hold');
      const [row] = await tx
        .update(roles)
        .set({ ...(await patch(found.role, tx as unknown as Db)), updatedAt: new Date() })
        .where(eq(roles.id, id))
        .returning();
      if (!row) throw new Error('Role update returned nothing');
      await recordAudit(tx as unknown as Db, {
        actorId: actor.id,
        action,
        targetType: 'role',
        targetId: id,
        before: presentRole(found.role, found.members),
        after: presentRole(row, found.members),
      });
      return presentRole(row, found.members);
    });
    await this.sessions.invalidateAll();
    return result;
  }
}

/** Refuses a change to role `roleId` that would leave no active Administrator (admin.root at level 2–8) elsewhere. */
async function assertAnotherAdministrator(tx: Db, roleId: number): Promise<void> {
  if ((await countActiveRootUsers(tx, { roleId })) > 0) return;
  throw new AppError('LAST_ADMINISTRATOR', 'No active Administrator would be left; give someone else admin.root first');
}
