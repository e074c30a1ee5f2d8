import { type AdminUser, isAdminRole, ROOT_PERMISSION, type UserUpdate } from '@hostdeck/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type RoleRow, recoveryCodes, roles, serverQueue, type UserRow, users } from '../../db/schema/index.ts';
import { type Actor, assertFresh, assertHoldsAll, assertRoot, LEAVES_STAFF } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import type { PageQuery } from '../../lib/paging.ts';
import { CANCELLABLE } from '../account/account-deletion.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { voidTokens, WAY_IN_LINKS } from '../auth/auth-tokens.ts';
import type { SessionService } from '../auth/sessions.service.ts';
import { findUserByEmail, findUserByLogin } from '../auth/users.repo.ts';
import { moveCoins } from '../coins/ledger.ts';
import { enqueueTemplateMail, mailGlobals } from '../mail/templates.ts';
import { settleReferral } from '../referrals/referrals.service.ts';
import { countActiveRootUsers } from '../roles/roles.repo.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { findUsersPage, findUserWithRoleById, presentUser } from './users.repo.ts';

type Tx = Db;
type Loaded = { user: UserRow; role: RoleRow };

const limitColumns = {
  memory_limit: 'memoryLimit',
  cpu_limit: 'cpuLimit',
  disk_limit: 'diskLimit',
  server_limit: 'serverLimit',
  allocation_limit: 'allocationLimit',
  database_limit: 'databaseLimit',
  backup_limit: 'backupLimit',
} as const;

/**
 * Staff actions on accounts. The rules: nobody manages an account whose role holds permissions they
 * lack, hands out a role they do not hold, changes their own role, or leaves the panel without an
 * active Administrator. Every action is audited in its own transaction, then the account's cached
 * session is dropped so the change applies at once.
 */
export class UsersService implements CrudService<AdminUser> {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly settings: SettingsService,
    /** Starts a pass of the account deletion worker (after an account is marked for deletion). */
    private readonly startDeletions: () => Promise<unknown> = async () => {},
  ) {}

  list(q: PageQuery & { search?: string; role_id?: number; banned?: boolean }) {
    return findUsersPage(this.db, q);
  }

  async get(id: string | number): Promise<AdminUser> {
    const found = await findUserWithRoleById(this.db, String(id));
    if (!found) throw new AppError('NOT_FOUND', 'There is no such user');
    return presentUser(found.user, found.role);
  }

  async update(actor: Actor, id: string | number, body: UserUpdate): Promise<AdminUser> {
    const updated = await this.applyUpdate(actor, String(id), body);
    // A verified email makes a referred member count: their referral pays (once) now.
    if (body.verified) await settleReferral(this.db, this.settings, updated.id);
    return updated;
  }

  private applyUpdate(actor: Actor, id: string, body: UserUpdate): Promise<AdminUser> {
    return this.act(actor, id, 'user.update', async (tx, { user, role }) => {
      assertFresh(body.updated_at, user.updatedAt);
      let nextRole = role;
      if (body.role_id !== undefined && body.role_id !== role.id) {
        if (user.id === actor.id) throw new AppError('OWN_ROLE', 'You cannot change your own role');
        const [target] = await tx.select().from(roles).where(eq(roles.id, body.role_id)).limit(1);
        if (!target)
          throw new AppError('VALIDATION_ERROR', 'There is no such role', { role_id: 'There is no such role' });
        assertHoldsAll(actor, target.permissions, 'You cannot give a role holding permissions you do not hold');
        if (isAdminRole(role.level) && !isAdminRole(target.level)) assertRoot(actor, LEAVES_STAFF, 'role_id');
        if (!target.permissions.includes(ROOT_PERMISSION)) await this.assertNotLastAdministrator(tx, user, role);
        nextRole = target;
      }
      const newEmail = body.email !== undefined && body.email.toLowerCase() !== user.email.toLowerCase();
      if (newEmail) assertMayChangeWayIn(actor, user, role, 'email');
      await this.assertUnique(tx, user, body);
      const patch: Partial<typeof users.$inferInsert> = { roleId: nextRole.id, updatedAt: new Date() };
      if (body.username !== undefined) patch.username = body.username;
      if (body.email !== undefined) patch.email = body.email;
      if (body.first_name !== undefined) patch.firstName = body.first_name;
      if (body.last_name !== undefined) patch.lastName = body.last_name;
      if (body.verified !== undefined)
        patch.emailVerifiedAt = body.verified ? (user.emailVerifiedAt ?? new Date()) : null;
      for (const [key, column] of Object.entries(limitColumns)) {
        const value = body[key as keyof typeof limitColumns];
        if (value !== undefined) patch[column] = value;
      }
      const [row] = await tx.update(users).set(patch).where(eq(users.id, user.id)).returning();
      if (newEmail) {
        // As when members change it themselves: links mailed to the old address stop working, and
        // the old address hears of the change (it is the owner's way to notice a takeover).
        await voidTokens(tx as unknown as Db, user.id, WAY_IN_LINKS);
        await enqueueTemplateMail(tx as unknown as Db, this.settings, {
          to: user.email,
          template: 'email_changed',
          vars: {
            username: user.username,
            new_email: body.email!,
            security_url: `${mailGlobals(this.settings).app_url}/account`,
          },
        });
      }
      return {
        row: row as UserRow,
        role: nextRole,
        action: nextRole.id !== role.id ? 'user.role_change' : 'user.update',
      };
    });
  }

  /** A signed amount with a reason, written to the coin ledger with the balance after it. */
  async adjustCoins(actor: Actor, id: string, amount: number, reason: string): Promise<AdminUser> {
    return this.act(actor, id, 'user.coins_adjust', async (tx, { user }) => {
      await moveCoins(tx, { userId: user.id, amount, kind: 'admin_adjustment', reason, actorId: actor.id });
      const [row] = await tx.select().from(users).where(eq(users.id, user.id));
      if (!row) throw new AppError('NOT_FOUND', 'There is no such user');
      return { row, extra: { amount, reason } };
    });
  }

  async ban(actor: Actor, id: string, reason: string): Promise<AdminUser> {
    const result = await this.act(actor, id, 'user.ban', async (tx, { user, role }) => {
      if (user.id === actor.id) throw new AppError('OWN_ROLE', 'You cannot ban yourself');
      await this.assertNotLastAdministrator(tx, user, role);
      const [row] = await tx
        .update(users)
        .set({ banned: true, banReason: reason, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return { row: row as UserRow };
    });
    await this.sessions.revokeAllForUser(id);
    return result;
  }

  unban(actor: Actor, id: string): Promise<AdminUser> {
    return this.act(actor, id, 'user.unban', async (tx, { user }) => {
      const [row] = await tx
        .update(users)
        .set({ banned: false, banReason: null, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return { row: row as UserRow };
    });
  }

  resetTwoFactor(actor: Actor, id: string): Promise<AdminUser> {
    return this.act(actor, id, 'user.reset_2fa', async (tx, { user, role }) => {
      assertMayChangeWayIn(actor, user, role);
      const [row] = await tx
        .update(users)
        .set({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      return { row: row as UserRow };
    });
  }

  async signOutEverywhere(actor: Actor, id: string): Promise<void> {
    await this.act(actor, id, 'user.sign_out', async (_tx, { user }) => ({ row: user }));
    await this.sessions.revokeAllForUser(id);
  }

  /** Soft delete: the account disappears from lists and cannot sign in; its sessions end. */
  async remove(actor: Actor, id: string | number): Promise<void> {
    await this.act(actor, String(id), 'user.delete', async (tx, { user, role }) => {
      if (user.id === actor.id) throw new AppError('OWN_ROLE', 'You cannot delete your own account here');
      await this.assertNotLastAdministrator(tx, user, role);
      // The same path as a member's own request (decision 0017): signed out at once, queued builds
      // cancelled, then the deletion worker removes their servers on the panel and erases the account.
      const [row] = await tx
        .update(users)
        .set({ deletionRequestedAt: user.deletionRequestedAt ?? new Date(), updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      await tx
        .delete(serverQueue)
        .where(and(eq(serverQueue.userId, user.id), inArray(serverQueue.status, [...CANCELLABLE])));
      return { row: row as UserRow };
    });
    await this.sessions.revokeAllForUser(String(id));
    // Its failures are the worker's to log and retry; the deletion is on record either way.
    void this.startDeletions().catch(() => {});
  }

  private async act(
    actor: Actor,
    id: string,
    action: string,
    work: (
      tx: Tx,
      loaded: Loaded,
    ) => Promise<{ row: UserRow; role?: RoleRow; action?: string; extra?: Record<string, unknown> }>,
  ): Promise<AdminUser> {
    const result = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Tx;
      const loaded = await findUserWithRoleById(tx, id, true);
      if (!loaded) throw new AppError('NOT_FOUND', 'There is no such user');
      if (loaded.user.id !== actor.id)
        assertHoldsAll(
          actor,
          loaded.role.permissions,
          'You cannot manage an account whose role holds permissions you do not hold',
        );
      const done = await work(tx, loaded);
      const role = done.role ?? loaded.role;
      await recordAudit(tx, {
        actorId: actor.id,
        action: done.action ?? action,
        targetType: 'user',
        targetId: id,
        before: presentUser(loaded.user, loaded.role),
        after: { ...presentUser(done.row, role), ...done.extra },
      });
      return presentUser(done.row, role);
    });
    await this.sessions.invalidateUser(id);
    return result;
  }

  private async assertNotLastAdministrator(tx: Tx, user: UserRow, role: RoleRow): Promise<void> {
    if (!role.permissions.includes(ROOT_PERMISSION) || user.banned) return;
    if ((await countActiveRootUsers(tx, { userId: user.id })) === 0) {
      throw new AppError('LAST_ADMINISTRATOR', 'This is the last active Administrator; make someone else one first');
    }
  }

  private async assertUnique(tx: Tx, user: UserRow, body: UserUpdate): Promise<void> {
    if (body.username && body.username.toLowerCase() !== user.username.toLowerCase()) {
      const other = await findUserByLogin(tx, body.username);
      if (other) throw new AppError('USERNAME_TAKEN', 'This username is taken', { username: 'This username is taken' });
    }
    if (body.email && body.email.toLowerCase() !== user.email.toLowerCase()) {
      const other = await findUserByEmail(tx, body.email);
      if (other)
        throw new AppError('EMAIL_TAKEN', 'This email is already registered', {
          email: 'This email is already registered',
        });
    }
  }
}

/**
 * A staff account's way in (the e-mail address, where password-reset links go, and its second
 * factor) is another staff member's to change only with admin.root. `act` lets anyone who holds every
 * permission of the account's role manage it, so without this a moderator could point a fellow
 * moderator's e-mail at their own mailbox and reset the password: a takeover. Members' accounts stay
 * with users.edit (support changes a typo'd address), and anyone may change their own.
 */
function assertMayChangeWayIn(actor: Actor, user: UserRow, role: RoleRow, field?: string): void {
  if (user.id === actor.id || !isAdminRole(role.level)) return;
  assertRoot(
    actor,
    "Only an administrator holding admin.root can change another staff member's sign-in details",
    field,
  );
}
