import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys, userIdentities, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The password hash of an account made through a sign-in provider that never chose a password.
 * '!' is no argon2 encoding, so no password ever verifies against it (verifyPassword answers false),
 * and "is this the last way to sign in" reads it as "no password". The member can set one with
 * forgot-password, which replaces it with a real hash.
 */
export const NO_PASSWORD_HASH = '!';

export function hasUsablePassword(passwordHash: string): boolean {
  return passwordHash !== NO_PASSWORD_HASH;
}

export interface SignInMethodCounts {
  password: boolean;
  passkeys: number;
  identities: number;
}

/**
 * How the member can sign in. Call it inside a transaction after lockAccount, so that two removals
 * at once (a passkey and a provider) cannot both pass the count.
 */
export async function signInMethodCounts(db: Db, userId: string): Promise<SignInMethodCounts> {
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  const [ids] = await db.select({ n: count() }).from(userIdentities).where(eq(userIdentities.userId, userId));
  return {
    password: user ? hasUsablePassword(user.hash) : false,
    passkeys: Number(keys?.n ?? 0),
    identities: Number(ids?.n ?? 0),
  };
}

/** Holds the account row for the rest of the transaction: one change to its ways in at a time. */
export async function lockAccount(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * The rule every "remove a way to sign in" follows (a provider or a passkey): refused when nothing
 * else would be left. `removing` names what goes.
 */
export function assertNotLastSignInMethod(c: SignInMethodCounts, removing: 'passkey' | 'identity'): void {
  const left =
    (c.password ? 1 : 0) +
    c.passkeys -
    (removing === 'passkey' ? 1 : 0) +
    c.identities -
    (removing === 'identity' ? 1 : 0);
  if (left < 1)
    throw new AppError(
      'LAST_SIGN_IN_METHOD',
      'This is the last way to sign in to your account; set a password or add another first',
    );
}
