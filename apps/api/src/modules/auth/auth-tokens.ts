import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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
