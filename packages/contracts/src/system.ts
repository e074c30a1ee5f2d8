import { z } from 'zod';

const SettingValueSchema = z.union([z.string(), z.number(), z.boolean()]);

export const CoreInfoSchema = z.object({
  app_version: z.string(),
  debug_debug: z.boolean(),
  debug_version: z.string(),
  debug_os: z.string(),
  debug_os_kernel: z.string(),
  debug_name: z.string(),
  debug_telemetry: z.boolean(),
  debug: z.object({
    useRedis: z.boolean(),
    rateLimit: z.object({ enabled: z.boolean(), limit: z.number().int() }),
  }),
});
export type CoreInfo = z.infer<typeof CoreInfoSchema>;

/** GET /api/system/settings: exactly these five keys (specification §7). */
export const SystemSettingsResponseSchema = z
  .object({
    success: z.boolean(),
    settings: z.record(z.string(), SettingValueSchema),
    core: CoreInfoSchema,
    message: z.string().nullable(),
    error_code: z.string().nullable(),
  })
  .meta({ id: 'SystemSettingsResponse' });
export type SystemSettingsResponse = z.infer<typeof SystemSettingsResponseSchema>;

/** GET /api/system/license/{name} (specification §3). */
export const LicenseResponseSchema = z.object({ valid: z.boolean() }).meta({ id: 'LicenseResponse' });
export const LicenseParamsSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9-]+$/),
});

/** Payload of a license key: base64url(JSON payload) "." base64url(Ed25519 signature of the first part). */
export const LicensePayloadSchema = z.object({
  licensee: z.string(),
  features: z.array(z.string()),
  /** ISO time; absent means the license does not expire. */
  expires_at: z.iso.datetime().optional(),
});
export type LicensePayload = z.infer<typeof LicensePayloadSchema>;
