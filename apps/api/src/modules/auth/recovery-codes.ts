import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, recoveryCodeLimits } from '@hostdeck/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recoveryCodes } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';

/** `xxxxx-xxxxx` from a 31-letter alphabet: about 50 bits, enough behind a rate limit and single use. */
export function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** The stored form: SHA-256 of the ten characters, lower case, without the dash or space. */
export function hashRecoveryCode(code: string): string {
  return sha256(code.replace(/[- ]/g, '').toLowerCase());
}

/** Voids the member's codes and makes a new set; the plain codes are returned once, never stored. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < recoveryCodeLimits.count) codes.add(newRecoveryCode());
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values([...codes].map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return [...codes];
}

/** Marks one unused code as used; false when it is unknown or was used before (one conditional UPDATE). */
export async function useRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}
