import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webauthnChallenges } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';

/** A ceremony must finish within this; the browser's own timeout (60 s) is shorter. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

type Purpose = 'register' | 'login' | 'second_factor';

/**
 * The challenge as the library takes it: bytes (a string would be taken as UTF-8 text and encoded
 * again, so the options would carry a different value than the one stored).
 */
export const challengeBytes = (challenge: string) => new Uint8Array(Buffer.from(challenge, 'base64url'));

/** Stores a fresh random challenge (32 bytes, base64url) and sweeps expired ones. */
export async function issueChallenge(
  db: Db,
  purpose: Purpose,
  userId: string | null,
): Promise<{ id: string; challenge: string }> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  const challenge = randomToken(32);
  const [row] = await db
    .insert(webauthnChallenges)
    .values({ purpose, userId, challenge, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) })
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new Error('Challenge insert returned nothing');
  return { id: row.id, challenge };
}

/**
 * Takes a challenge out of the store: one DELETE … RETURNING, so of two requests racing with the
 * same challenge only one gets it. Used (even by a failed ceremony), unknown and expired challenges
 * are refused alike.
 */
export async function consumeChallenge(
  db: Db,
  where: { purpose: Purpose; userId: string | null; id?: string; challenge?: string },
): Promise<string> {
  const conditions = [
    eq(webauthnChallenges.purpose, where.purpose),
    where.userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, where.userId),
  ];
  if (where.id) conditions.push(eq(webauthnChallenges.id, where.id));
  if (where.challenge) conditions.push(eq(webauthnChallenges.challenge, where.challenge));
  if (!where.id && !where.challenge) throw new Error('consumeChallenge needs an id or a challenge');
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(...conditions))
    .returning({ challenge: webauthnChallenges.challenge, expiresAt: webauthnChallenges.expiresAt });
  if (!row || row.expiresAt.getTime() <= Date.now())
    throw new AppError('PASSKEY_CHALLENGE_INVALID', 'This passkey request expired or was already used; try again');
  return row.challenge;
}
