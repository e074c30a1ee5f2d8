import { z } from 'zod';

/** One of my live sessions (/account#sessions); the device comes from the stored user agent. */
export const AccountSessionSchema = z
  .object({
    id: z.uuid(),
    /** The session this request came with. */
    current: z.boolean(),
    /** password, passkey, sso:<provider> or link. */
    method: z.string(),
    ip: z.string().nullable(),
    browser: z.string().nullable(),
    browser_version: z.string().nullable(),
    os: z.string().nullable(),
    os_version: z.string().nullable(),
    device_type: z.enum(['desktop', 'mobile', 'tablet', 'other']),
    /** Vendor and model when the user agent names them (phones, tablets). */
    device: z.string().nullable(),
    created_at: z.string(),
    last_used_at: z.string(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSessionListSchema = z.object({ success: z.literal(true), data: z.array(AccountSessionSchema) });
export const AccountSessionParamsSchema = z.object({ id: z.uuid() });
export const RevokeOthersResponseSchema = z.object({ success: z.literal(true), revoked: z.number().int() });
