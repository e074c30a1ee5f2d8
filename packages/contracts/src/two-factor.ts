import { z } from 'zod';
import { authLimits } from './auth.ts';
import { line } from './text.ts';

/** Recovery codes: ten at a time, each `xxxxx-xxxxx` from a readable alphabet (no 0/o, 1/l/i). */
export const recoveryCodeLimits = { count: 10 } as const;
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** A recovery code as people type it: any case, the dash or a space in the middle optional. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}[- ]?[a-z0-9]{5}$/i;
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** A second factor: the authenticator's 6 digits or one unused recovery code. */
export const TwoFactorAnyCodeSchema = line()
  .max(16)
  .refine((v) => TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v), {
    message: 'Enter the 6-digit code or a recovery code',
  });

/** POST /api/user/auth/2fa/verify and /api/user/auth/2fa/disable. */
export const TwoFactorAnyCodeBodySchema = z.object({ code: TwoFactorAnyCodeSchema });
export type TwoFactorAnyCodeBody = z.infer<typeof TwoFactorAnyCodeBodySchema>;

/** Recovery codes, shown once (after setup and after a regeneration), never again. */
export const RecoveryCodesResponseSchema = z
  .object({ success: z.literal(true), recovery_codes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

export const RecoveryCodesRegenerateBodySchema = z.object({
  password: z.string().min(1).max(authLimits.passwordMax),
});

/** GET /api/account/two-factor: whether it is on and how many recovery codes are left. */
export const TwoFactorStatusSchema = z
  .object({ success: z.literal(true), enabled: z.boolean(), recovery_codes_left: z.number().int() })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;
