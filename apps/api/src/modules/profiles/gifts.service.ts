import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { earningOnHoldById } from '../abuse/flags.guard.ts';
import { accountUsable } from '../auth/sign-in.ts';
import { moveCoins } from '../coins/ledger.ts';
import { enqueueTemplateMail } from '../mail/templates.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/** The fee on a gift: a percentage of the amount, rounded up, paid by the giver. */
export const giftFee = (amount: number, percent: number) => Math.ceil((amount * percent) / 100);

/**
 * Coins from one member to another: within the min and max, never to oneself or to a banned or
 * deleted account. Both rows are locked in a fixed order (no deadlock between two members gifting
 * each other), and the three ledger entries (out, fee, in) commit together.
 */
export async function giftCoins(
  db: Db,
  settings: SettingsService,
  fromId: string,
  toId: string,
  amount: number,
  note?: string,
): Promise<{ sent: number; fee: number; balance: number }> {
  if (!settings.bool('allow_coins_sharing'))
    throw new AppError('FEATURE_DISABLED', 'Gifting coins is switched off on this panel');
  if (fromId === toId) throw new AppError('GIFT_TO_SELF', 'You cannot gift coins to yourself');
  const min = settings.number('coins_sharing_min');
  const max = settings.number('coins_sharing_max');
  if (amount < min || amount > max)
    throw new AppError('GIFT_OUT_OF_RANGE', `Gifts are between ${min} and ${max} coins`, {
      amount: `Between ${min} and ${max}`,
    });
  const fee = giftFee(amount, settings.number('coins_sharing_fee_percent'));
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const rows = await tx
      .select()
      .from(users)
      .where(inArray(users.id, [fromId, toId]))
      .orderBy(asc(users.id))
      .for('update');
    const from = rows.find((u) => u.id === fromId);
    const to = rows.find((u) => u.id === toId);
    if (!from) throw new AppError('UNAUTHORIZED', 'Please log in');
    if (!to || to.deletedAt) throw new AppError('NOT_FOUND', 'There is no such member');
    // Banned, or being deleted (its coins are about to be erased).
    if (!accountUsable(to)) throw new AppError('RECIPIENT_UNAVAILABLE', 'This member cannot receive coins');
    // An account held for review (a suspected alt) may not pass coins on: that is what alts are made for.
    if (await earningOnHoldById(tx, settings, from.id))
      throw new AppError('EARNING_ON_HOLD', 'Your account is waiting for a staff review before it can send coins');
    if (from.coins < amount + fee)
      throw new AppError(
        'INSUFFICIENT_COINS',
        `This gift costs ${amount + fee} coins with the fee and your balance is ${from.coins}`,
      );
    // Both sides keep who it was with; the note follows it.
    const withNote = (who: string) => (note ? `${who}: ${note}` : who);
    let balance = await moveCoins(tx, {
      userId: from.id,
      amount: -amount,
      kind: 'gift_out',
      reason: withNote(`To ${to.username}`),
      reference: to.id,
      actorId: from.id,
    });
    if (fee > 0)
      balance = await moveCoins(tx, {
        userId: from.id,
        amount: -fee,
        kind: 'gift_fee',
        reason: `Fee on the gift to ${to.username}`,
        reference: to.id,
        actorId: from.id,
      });
    const received = await moveCoins(tx, {
      userId: to.id,
      amount,
      kind: 'gift_in',
      reason: withNote(`From ${from.username}`),
      reference: from.id,
      actorId: from.id,
    });
    await enqueueTemplateMail(tx, settings, {
      to: to.email,
      template: 'coins_received',
      vars: { username: to.username, sender: from.username, amount, note: note || '—', balance: received },
    });
    return { sent: amount, fee, balance };
  });
}
