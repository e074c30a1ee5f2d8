import type { IdentityProof } from '@hostdeck/contracts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { TwoFactorService } from '../auth/two-factor.service.ts';
import { wrongPassword } from './account.service.ts';

/**
 * The owner at the keyboard, not only their session: the password, or with two-factor on a current
 * TOTP code (accepted once) or an unused recovery code. Asked before deleting the account and before
 * adding a passkey, which a stolen session must not be able to do on its own.
 */
export async function proveIdentity(twoFactor: TwoFactorService, user: UserRow, proof: IdentityProof): Promise<void> {
  if (proof.password !== undefined) {
    if (!(await verifyPassword(user.passwordHash, proof.password))) throw wrongPassword();
    return;
  }
  if (!user.twoFactorEnabled)
    throw new AppError('TWO_FA_NOT_ENABLED', 'Two-factor authentication is off: confirm with your password');
  // The two-factor service's own check (replay-safe TOTP, single-use recovery codes); a refused code
  // is said at the code field, as a wrong password is at its own.
  try {
    await twoFactor.secondFactor(user, proof.code ?? '');
  } catch (err) {
    if (err instanceof AppError && (err.code === 'TWO_FA_INVALID_CODE' || err.code === 'TWO_FA_CODE_USED'))
      throw new AppError(err.code, err.message, { code: err.message });
    throw err;
  }
}
