import { z } from 'zod';
import { PASSWORD_BLANK_MESSAGE } from './password-rules.ts';
import { line } from './text.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const authLimits = { usernameMin: 3, usernameMax: 32, passwordMin: 8, passwordMax: 256, nameMax: 64 } as const;

export const UsernameSchema = z
  .string()
  .trim()
  .min(authLimits.usernameMin)
  .max(authLimits.usernameMax)
  .regex(USERNAME_PATTERN, { message: 'Only letters, digits, _ and - are allowed' });
export const EmailSchema = z.email({ message: 'Invalid email address' }).max(255);
/** A new password. Spaces are allowed (pass phrases), a password of nothing else is not. */
export const PasswordSchema = z
  .string()
  .min(authLimits.passwordMin)
  .max(authLimits.passwordMax)
  .refine((p) => p.trim() !== '', { message: PASSWORD_BLANK_MESSAGE });
const NameSchema = line().min(1).max(authLimits.nameMax);

/** A Turnstile widget's answer (Cloudflare: at most 2048 characters). */
export const TurnstileTokenSchema = z.string().min(1).max(2048);

export const RegisterBodySchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  first_name: NameSchema,
  last_name: NameSchema,
  ref: line().max(64).optional(),
  /** The Cloudflare Turnstile token of the form (required while Turnstile is on). */
  turnstile_token: TurnstileTokenSchema.optional(),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  /** Username or email. */
  login: line().min(1).max(255),
  password: z.string().min(1).max(authLimits.passwordMax),
  /** Required after repeated failures while Turnstile is on (the server answers TURNSTILE_REQUIRED). */
  turnstile_token: TurnstileTokenSchema.optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const ForgotPasswordBodySchema = z.object({
  email: EmailSchema,
  turnstile_token: TurnstileTokenSchema.optional(),
});
export const ResetPasswordBodySchema = z.object({ token: z.string().min(16).max(128), password: PasswordSchema });
export const TwoFactorCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'Enter the 6-digit code' }),
});

/** First-run setup: creates the first Administrator with the one-time token printed in the log. */
export const SetupBodySchema = RegisterBodySchema.omit({ ref: true, turnstile_token: true }).extend({
  token: z.string().min(16).max(128),
  /** "Try it with the demo panel": also switch on the simulated panel and import its catalogue. */
  demo: z.boolean().optional(),
});
export type SetupBody = z.infer<typeof SetupBodySchema>;

export const RegisterResponseSchema = z.object({
  success: z.literal(true),
  user: z.object({ uuid: z.string(), username: z.string() }),
});
export const LoginResponseSchema = z.object({ success: z.literal(true), two_factor_required: z.boolean() });
/** `demo_panel`: present when the setup asked for the demo panel; `failed` leaves the administrator created. */
export const SetupResponseSchema = z.object({
  success: z.literal(true),
  demo_panel: z.enum(['ready', 'failed']).optional(),
});
export const SetupStatusResponseSchema = z.object({ success: z.literal(true), setup_required: z.boolean() });
export const TwoFactorSetupResponseSchema = z.object({
  success: z.literal(true),
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code: z.string(),
});

const Nullable = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** GET /api/user/session: exactly these six keys (specification §7). */
export const SessionResponseSchema = z
  .object({
    success: z.boolean(),
    error_code: z.string().nullable(),
    user_info: z.record(z.string(), Nullable).nullable(),
    billing: z.record(z.string(), Nullable).nullable(),
    stats: z.record(z.string(), Nullable).nullable(),
    permissions: z.array(z.string()),
  })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** Keys of user_info the client can rely on. */
export const userInfoKeys = [
  'uuid',
  'username',
  'email',
  'first_name',
  'last_name',
  'avatar',
  'background',
  'locale',
  'role',
  'role_name',
  'role_display_name',
  'role_color',
  'credits',
  'verified',
  'two_fa_enabled',
  'public_profile',
  'memory_limit',
  'cpu_limit',
  'disk_limit',
  'server_limit',
  'allocation_limit',
  'database_limit',
  'backup_limit',
  'first_seen',
  'last_seen',
] as const;
