import { z } from 'zod';
import { TurnstileTokenSchema } from './auth.ts';
import { PermissionSchema } from './permissions.ts';
import { line } from './text.ts';

/** Outside accounts a member may sign in with. */
export const ssoProviders = ['discord', 'github'] as const;
export const SsoProviderSchema = z.enum(ssoProviders);
export type SsoProvider = z.infer<typeof SsoProviderSchema>;
export const SsoProviderParamsSchema = z.object({ provider: SsoProviderSchema });

/**
 * login: sign in or sign up (nobody signed in yet); link: add the provider to the signed-in member.
 * turnstile_token: the Turnstile widget's answer, required for login while Turnstile is on.
 */
export const SsoStartQuerySchema = z.object({
  mode: z.enum(['login', 'link']).default('login'),
  turnstile_token: TurnstileTokenSchema.optional(),
});
export const SsoCallbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(128).optional(),
  error: z.string().max(128).optional(),
  error_description: z.string().max(1024).optional(),
});

export const LinkedIdentitySchema = z.object({
  provider: SsoProviderSchema,
  username: z.string(),
  email: z.string().nullable(),
  linked_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type LinkedIdentity = z.infer<typeof LinkedIdentitySchema>;

/** Every way the member can sign in; the last one cannot be removed. */
export const SignInMethodsSchema = z.object({
  success: z.literal(true),
  /** False for accounts made through a provider that never chose a password. */
  password: z.boolean(),
  passkeys: z.number().int().min(0),
  identities: z.array(LinkedIdentitySchema),
  /** Providers the panel offers for sign-in (enabled and configured). */
  available: z.array(SsoProviderSchema),
});
export type SignInMethods = z.infer<typeof SignInMethodsSchema>;

// --- API keys (integrations) ---
export const apiKeyLimits = { nameMax: 64, permissionsMax: 100 } as const;
export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart (the key itself is shown once). */
  prefix: z.string(),
  permissions: z.array(z.string()),
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;
export const ApiKeyCreateSchema = z.object({
  name: line().min(1).max(apiKeyLimits.nameMax),
  permissions: z.array(PermissionSchema).min(1).max(apiKeyLimits.permissionsMax),
});
export type ApiKeyCreate = z.infer<typeof ApiKeyCreateSchema>;
export const ApiKeyListSchema = z.object({ success: z.literal(true), data: z.array(ApiKeySchema) });
export const ApiKeyCreatedSchema = z.object({
  success: z.literal(true),
  key: ApiKeySchema,
  /** The bearer token: shown this once, only its hash is kept. */
  secret: z.string(),
});
export const ApiKeyParamsSchema = z.object({ id: z.uuid() });

// --- one-time sign-in links ---
export const signInLinkLimits = { minutesMin: 1, minutesMax: 60, minutesDefault: 10 } as const;
export const SignInLinkCreateSchema = z.object({
  minutes: z
    .number()
    .int()
    .min(signInLinkLimits.minutesMin)
    .max(signInLinkLimits.minutesMax)
    .default(signInLinkLimits.minutesDefault),
});
export const SignInLinkResultSchema = z.object({ success: z.literal(true), url: z.string(), expires_at: z.string() });
export const SignInLinkBodySchema = z.object({ token: z.string().min(16).max(128) });
export const SignInLinkUserParamsSchema = z.object({ id: z.uuid() });
