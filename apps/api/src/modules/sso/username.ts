import { authLimits } from '@hostdeck/contracts';
import type { Db } from '../../db/client.ts';
import { randomDigits } from '../../lib/crypto.ts';
import { findUserByLogin } from '../auth/users.repo.ts';

/** The provider's name made into a valid username (letters, digits, _ and -; 3 to 32 characters). */
export function baseUsername(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, authLimits.usernameMax - 5);
  return cleaned.length >= authLimits.usernameMin ? cleaned : `member_${cleaned}`.replace(/_+$/, '');
}

/** A free username close to the provider's: the name itself, else the name with a few digits. */
export async function freeUsername(db: Db, name: string): Promise<string> {
  const base = baseUsername(name);
  if (!(await findUserByLogin(db, base))) return base;
  for (let i = 0; i < 5; i++) {
    const candidate = `${base}-${randomDigits(4)}`;
    if (!(await findUserByLogin(db, candidate))) return candidate;
  }
  return `${base.slice(0, 20)}-${randomDigits(8)}`;
}
