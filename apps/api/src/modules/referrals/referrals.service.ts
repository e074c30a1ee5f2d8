import type { ReferralsOverview } from '@hostdeck/contracts';
import { and, desc, eq, gt, gte, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { referrals, type UserRow, users } from '../../db/schema/index.ts';
import { earningOnHoldById } from '../abuse/flags.guard.ts';
import { accountUsable } from '../auth/sign-in.ts';
import { moveCoins } from '../coins/ledger.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/**
 * Records who referred a new member, in the sign-up's transaction. A referral from the same address
 * or the same browser as the referrer is kept but refused: it never pays.
 */
export async function recordReferral(tx: Db, referrer: UserRow, referred: UserRow): Promise<void> {
  const sameIp = referred.firstIp !== null && [referrer.firstIp, referrer.lastIp].includes(referred.firstIp);
  const sameDevice =
    referred.firstDevice !== null && [referrer.firstDevice, referrer.lastDevice].includes(referred.firstDevice);
  const refusal = sameIp ? 'same_ip' : sameDevice ? 'same_device' : null;
  await tx.insert(referrals).values({
    referrerId: referrer.id,
    referredId: referred.id,
    status: refusal ? 'refused' : 'pending',
    refusal,
  });
}

/**
 * Pays a pending referral to both sides once the referred member is verified or active (a built
 * server, a verified email, enough AFK minutes). Idempotent: the row is claimed under a lock and the
 * ledger entries carry idempotency keys. Does nothing while referrals are switched off.
 */
export async function settleReferral(db: Db, settings: SettingsService, referredId: string): Promise<boolean> {
  if (!settings.bool('referrals_enabled')) return false;
  // Either account held for review: the referral waits (pending) until staff approve it; approval
  // settles it then (flags.service.ts), for the referred member and for the referrer alike.
  const [pending] = await db
    .select({ referrerId: referrals.referrerId })
    .from(referrals)
    .where(and(eq(referrals.referredId, referredId), eq(referrals.status, 'pending')));
  if (!pending) return false;
  for (const id of [referredId, pending.referrerId]) {
    if (await earningOnHoldById(db, settings, id)) return false;
  }
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .select()
      .from(referrals)
      .where(and(eq(referrals.referredId, referredId), eq(referrals.status, 'pending')))
      .for('update');
    if (!row) return false;
    // A referrer banned or leaving since earns nothing by it; the member they brought still gets
    // the welcome bonus (they did nothing wrong).
    const [referrer] = await tx
      .select({ banned: users.banned, deletedAt: users.deletedAt, deletionRequestedAt: users.deletionRequestedAt })
      .from(users)
      .where(eq(users.id, row.referrerId));
    const toReferrer = referrer && accountUsable(referrer) ? settings.number('referral_reward_referrer') : 0;
    const toReferred = settings.number('referral_reward_referred');
    // Both users in id order, as every other two-member change does (no deadlock with a gift).
    for (const [userId, amount, side] of [
      [row.referrerId, toReferrer, 'referrer'],
      [row.referredId, toReferred, 'referred'],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))) as [string, number, string][])
      if (amount > 0)
        await moveCoins(tx, {
          userId,
          amount,
          kind: 'referral',
          reason:
            side === 'referrer'
              ? 'A member you referred became active'
              : 'Welcome bonus for joining through a referral',
          reference: String(row.id),
          idempotencyKey: `referral:${row.id}:${side}`,
        });
    await tx
      .update(referrals)
      .set({ status: 'paid', paidAt: new Date(), rewardReferrer: toReferrer, rewardReferred: toReferred })
      .where(eq(referrals.id, row.id));
    return true;
  });
}

/**
 * A member's referrals that waited only for them (held for review, now approved): those whose
 * referred member qualifies (verified, AFK long enough, or a server of their own) are settled now.
 */
export async function settleReferralsOf(db: Db, settings: SettingsService, referrerId: string): Promise<void> {
  const waiting = await db
    .select({ referredId: referrals.referredId })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(
      and(
        eq(referrals.referrerId, referrerId),
        eq(referrals.status, 'pending'),
        or(
          isNotNull(users.emailVerifiedAt),
          gte(users.afkMinutes, settings.number('referral_activity_minutes')),
          gt(users.serverCount, 0),
        ),
      ),
    );
  for (const { referredId } of waiting) await settleReferral(db, settings, referredId);
}

/** The member's referral page: their code and link, the rewards, and whom they referred. */
export async function referralsOverview(
  db: Db,
  settings: SettingsService,
  user: UserRow,
  publicUrl: string,
): Promise<ReferralsOverview> {
  const rows = await db
    .select({ referral: referrals, username: users.username })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(eq(referrals.referrerId, user.id))
    .orderBy(desc(referrals.createdAt))
    .limit(200);
  return {
    success: true,
    enabled: settings.bool('referrals_enabled'),
    code: user.referralCode,
    link: `${publicUrl}/auth/register?ref=${encodeURIComponent(user.referralCode)}`,
    rewards: {
      referrer: settings.number('referral_reward_referrer'),
      referred: settings.number('referral_reward_referred'),
    },
    activity_minutes: settings.number('referral_activity_minutes'),
    earned: rows.reduce((sum, r) => sum + (r.referral.status === 'paid' ? (r.referral.rewardReferrer ?? 0) : 0), 0),
    referrals: rows.map(({ referral: r, username }) => ({
      username,
      status: r.status,
      refusal: r.refusal,
      created_at: r.createdAt.toISOString(),
      paid_at: r.paidAt?.toISOString() ?? null,
    })),
  };
}
