import { z } from 'zod';
import { ListQuerySchema, pageSchema } from './pagination.ts';
import { line } from './text.ts';

/** Why an account was shown to staff: anti-alt (shared address or browser) or anti-VPN. */
export const accountFlagReasons = ['shared_ip', 'shared_device', 'vpn'] as const;
export const accountFlagStatuses = ['open', 'approved', 'banned'] as const;

/** Another account met on the same address or browser (what staff need to decide, nothing more). */
export const RelatedAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  created_at: z.string(),
  banned: z.boolean(),
  deleted: z.boolean(),
});

export const AccountFlagSchema = z
  .object({
    id: z.number().int(),
    reason: z.enum(accountFlagReasons),
    status: z.enum(accountFlagStatuses),
    ip: z.string().nullable(),
    created_at: z.string(),
    reviewed_at: z.string().nullable(),
    reviewed_by: z.string().nullable(),
    user: RelatedAccountSchema,
    related: z.array(RelatedAccountSchema),
  })
  .meta({ id: 'AccountFlag' });
export type AccountFlag = z.infer<typeof AccountFlagSchema>;

export const AccountFlagListQuerySchema = ListQuerySchema.extend({
  status: z.enum(accountFlagStatuses).optional(),
  reason: z.enum(accountFlagReasons).optional(),
});
export const AccountFlagPageSchema = pageSchema(AccountFlagSchema);

/** Ban from the review page: the reason the member is told when they try to sign in. */
export const AccountFlagBanSchema = z.object({ reason: line().min(3).max(255) }).strict();

/** Anti-adblock: the header earning calls carry, and the WebSocket query parameter AFK uses. */
export const ADBLOCK_CHECK_HEADER = 'x-adblock-check';
export const ADBLOCK_CHECK_QUERY = 'adblock_check';
/** The bait the browser loads (a path ad blockers block); it answers with a short-lived bait nonce. */
export const ADBLOCK_BAIT_PATH = '/api/pagead/adsbygoogle.js';

export const AdblockCheckRequestSchema = z
  .object({
    /** The nonce the bait script carried (only a browser that loaded it has one). */
    bait: z.string().min(1).max(200),
    /** The bait element kept its size (cosmetic filters did not hide it). */
    element_visible: z.boolean(),
  })
  .strict();
export const AdblockCheckResultSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  expires_at: z.string(),
});
