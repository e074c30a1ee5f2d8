import { COINS_MAX, type CoinKind } from '@hostdeck/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coinLedger, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

export interface CoinMove {
  userId: string;
  /** Signed: negative debits. */
  amount: number;
  kind: CoinKind;
  reason?: string | null;
  /** What the move was for (a server id, a code, a payment). */
  reference?: string | null;
  idempotencyKey?: string | null;
  actorId?: string | null;
  /** When the move happened, if not now: a service on its own clock (AFK) counts its day by it. */
  at?: Date;
}

/**
 * The one way a coin balance changes: the balance and its ledger entry in the caller's transaction.
 * A debit that would take the balance below zero changes nothing and throws INSUFFICIENT_COINS.
 * Returns the balance after the move.
 */
export async function moveCoins(tx: Db, move: CoinMove): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ coins: sql`${users.coins} + ${move.amount}`, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, move.userId),
        // Summed as bigint: a balance that would pass the column's range is refused here, not by an overflow.
        sql`${users.coins}::bigint + ${move.amount} between 0 and ${COINS_MAX}`,
      ),
    )
    .returning({ coins: users.coins });
  if (!row) {
    const [user] = await tx.select({ coins: users.coins }).from(users).where(eq(users.id, move.userId));
    if (user && user.coins + move.amount > COINS_MAX)
      // Whose balance it is may be someone else's (a gift): the message does not say what it holds.
      throw new AppError('BALANCE_LIMIT', `A balance cannot go above ${COINS_MAX} coins`);
    throw new AppError(
      'INSUFFICIENT_COINS',
      `This needs ${-move.amount} coins and the balance is ${user?.coins ?? 0}; it cannot go below zero`,
    );
  }
  await tx.insert(coinLedger).values({
    userId: move.userId,
    amount: move.amount,
    balanceAfter: row.coins,
    kind: move.kind,
    reason: move.reason ?? null,
    reference: move.reference ?? null,
    idempotencyKey: move.idempotencyKey ?? null,
    actorId: move.actorId ?? null,
    ...(move.at ? { createdAt: move.at } : {}),
  });
  return row.coins;
}
