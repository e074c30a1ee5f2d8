import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';

export type AuthTokenKind = (typeof authTokens.kind.enumValues)[number];

/**
 * Marks a single-use token used, atomically: one conditional UPDATE, so two requests racing with
 * the same token cannot both succeed. Uses the database clock for the expiry. Every kind of mailed
 * or minted link (reset, setup, verification, email change, sign-in link) is spent through here.
 */
export async function claimToken(
  db: Db,
  kind: AuthTokenKind,
  token: string,
): Promise<{ userId: string | null; data: Record<string, unknown> | null } | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, sha256(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: authTokens.userId, data: authTokens.data });
  return row;
}

/**
 * The mailed links that act on an account's way in: a password reset, an address verification and a
 * pending e-mail change. Whenever the password or the address changes, every unused one stops
 * working, so a link an intruder asked for before the owner took the account back cannot undo it.
 */
export const WAY_IN_LINKS: AuthTokenKind[] = ['password_reset', 'verify_email', 'change_email'];

/** Spends every unused token of these kinds of one account. */
export async function voidTokens(db: Db, userId: string, kinds: AuthTokenKind[]): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), inArray(authTokens.kind, kinds), isNull(authTokens.usedAt)));
}
