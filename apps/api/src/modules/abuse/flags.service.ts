import { type AccountFlag, ROOT_PERMISSION } from '@hostdeck/contracts';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountFlags, type UserRow, users } from '../../db/schema/index.ts';
import { type Actor, assertHoldsAll } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { likeTerm, type PageQuery } from '../../lib/paging.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { payEarlySupporterBonus } from '../auth/accounts.service.ts';
import type { SessionService } from '../auth/sessions.service.ts';
import { settleReferral, settleReferralsOf } from '../referrals/referrals.service.ts';
import { countActiveRootUsers } from '../roles/roles.repo.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { findUserWithRoleById } from '../users/users.repo.ts';
import { earningOnHoldById } from './flags.guard.ts';

type FlagRow = typeof accountFlags.$inferSelect;
type Person = Pick<UserRow, 'id' | 'username' | 'email' | 'createdAt' | 'banned' | 'deletedAt'>;
const person = {
  id: users.id,
  username: users.username,
  email: users.email,
  createdAt: users.createdAt,
  banned: users.banned,
  deletedAt: users.deletedAt,
};

function present(p: Person) {
  return {
    id: p.id,
    username: p.username,
    email: p.email,
    created_at: p.createdAt.toISOString(),
    banned: p.banned,
    deleted: p.deletedAt !== null,
  };
}

export interface FlagListQuery extends PageQuery {
  status?: FlagRow['status'];
  reason?: FlagRow['reason'];
  search?: string;
}

/**
 * The review of flagged accounts: the list with the accounts each one shares an address or a browser
 * with, and the two decisions. Approve lifts the earning hold; ban bans the flagged account only
 * (never the others), ends its sessions and closes its open flags. Both are audited.
 */
export class AccountFlagsService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly settings: SettingsService,
  ) {}

  async list(q: FlagListQuery): Promise<{ data: AccountFlag[]; total: number }> {
    const conditions: SQL[] = [];
    if (q.status) conditions.push(eq(accountFlags.status, q.status));
    if (q.reason) conditions.push(eq(accountFlags.reason, q.reason));
    if (q.search) {
      const term = likeTerm(q.search);
      conditions.push(or(ilike(users.username, term), ilike(users.email, term), ilike(accountFlags.ip, term)) as SQL);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ flag: accountFlags, user: person })
        .from(accountFlags)
        .innerJoin(users, eq(users.id, accountFlags.userId))
        .where(where)
        .orderBy(desc(accountFlags.createdAt), desc(accountFlags.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page),
      this.db
        .select({ n: count() })
        .from(accountFlags)
        .innerJoin(users, eq(users.id, accountFlags.userId))
        .where(where),
    ]);
    const ids = [...new Set(rows.flatMap((r) => [...r.flag.relatedUserIds, r.flag.reviewedBy ?? '']))].filter(Boolean);
    const people = ids.length ? await this.db.select(person).from(users).where(inArray(users.id, ids)) : [];
    const byId = new Map(people.map((p) => [p.id, p]));
    return {
      total: total?.n ?? 0,
      data: rows.map(({ flag, user }) => ({
        id: flag.id,
        reason: flag.reason,
        status: flag.status,
        ip: flag.ip,
        created_at: flag.createdAt.toISOString(),
        reviewed_at: flag.reviewedAt?.toISOString() ?? null,
        reviewed_by: flag.reviewedBy ? (byId.get(flag.reviewedBy)?.username ?? null) : null,
        user: present(user),
        // A related account removed since (hard-deleted) simply drops out of the list.
        related: flag.relatedUserIds.flatMap((id) => {
          const p = byId.get(id);
          return p ? [present(p)] : [];
        }),
      })),
    };
  }

  /** Staff looked and the account is fine: its flag closes and it may earn again. */
  async approve(actor: Actor, id: number): Promise<void> {
    const userId = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const flag = await this.openFlag(tx, actor, id);
      await tx
        .update(accountFlags)
        .set({ status: 'approved', reviewedBy: actor.id, reviewedAt: new Date() })
        .where(eq(accountFlags.id, id));
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'account_flag.approve',
        targetType: 'user',
        targetId: flag.userId,
        before: { flag_id: id, reason: flag.reason, status: flag.status },
        after: { flag_id: id, reason: flag.reason, status: 'approved' },
      });
      return flag.userId;
    });
    // A referral held back by the flag pays now if the member is already verified or active enough.
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (user && (user.emailVerifiedAt || user.afkMinutes >= this.settings.number('referral_activity_minutes')))
      await settleReferral(this.db, this.settings, userId);
    // And those the member referred that waited for the member's own hold to lift.
    await settleReferralsOf(this.db, this.settings, userId);
    // An early supporter held at sign-up gets the bonus now (once), if nothing else still holds them.
    if (user?.earlySupporter && !(await earningOnHoldById(this.db, this.settings, userId)))
      await this.db.transaction((tx) => payEarlySupporterBonus(tx as unknown as Db, this.settings, userId));
    await this.sessions.invalidateUser(userId);
  }

  /** Bans the flagged account (only it), closes its open flags as banned and signs it out everywhere. */
  async ban(actor: Actor, id: number, reason: string): Promise<void> {
    const userId = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const flag = await this.openFlag(tx, actor, id);
      const loaded = await findUserWithRoleById(tx, flag.userId, true);
      if (!loaded) throw new AppError('NOT_FOUND', 'There is no such user');
      const { user, role } = loaded;
      if (user.id === actor.id) throw new AppError('OWN_ROLE', 'You cannot ban yourself');
      if (role.permissions.includes(ROOT_PERMISSION) && (await countActiveRootUsers(tx, { userId: user.id })) === 0)
        throw new AppError('LAST_ADMINISTRATOR', 'This is the last active Administrator; make someone else one first');
      await tx
        .update(users)
        .set({ banned: true, banReason: reason, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await tx
        .update(accountFlags)
        .set({ status: 'banned', reviewedBy: actor.id, reviewedAt: new Date() })
        .where(and(eq(accountFlags.userId, user.id), eq(accountFlags.status, 'open')));
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'account_flag.ban',
        targetType: 'user',
        targetId: user.id,
        before: { flag_id: id, reason: flag.reason, status: flag.status, banned: user.banned },
        after: { flag_id: id, reason: flag.reason, status: 'banned', banned: true, ban_reason: reason },
      });
      return user.id;
    });
    await this.sessions.revokeAllForUser(userId);
    await this.sessions.invalidateUser(userId);
  }

  /** The flag, locked, still open, on an account the actor may manage. */
  private async openFlag(tx: Db, actor: Actor, id: number): Promise<FlagRow> {
    const [flag] = await tx.select().from(accountFlags).where(eq(accountFlags.id, id)).for('update');
    if (!flag) throw new AppError('NOT_FOUND', 'There is no such flag');
    if (flag.status !== 'open')
      throw new AppError('STALE_RECORD', 'Someone already reviewed this flag; reload the list');
    const loaded = await findUserWithRoleById(tx, flag.userId);
    if (!loaded) throw new AppError('NOT_FOUND', 'There is no such user');
    // A flag holds its account's earning: whoever it names is the one person who may not lift it.
    if (loaded.user.id === actor.id) throw new AppError('OWN_ROLE', 'You cannot review a flag on your own account');
    assertHoldsAll(
      actor,
      loaded.role.permissions,
      'You cannot manage an account whose role holds permissions you do not hold',
    );
    return flag;
  }
}
