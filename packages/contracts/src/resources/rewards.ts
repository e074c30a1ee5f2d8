import { z } from 'zod';
import { defineResource, listQuery, QueryBoolean, VersionSchema } from '../resource.ts';
import { line } from '../text.ts';

// Link rewards: the member opens a shortened link; the provider's page sends them back with a
// single-use claim token (and, for Linkvertise, a hash the server verifies with Linkvertise).

/** The link providers, in the order the page shows them. */
export const linkProviders = ['linkvertise', 'shareus', 'linkpays', 'gyanilinks', 'generic'] as const;
export type LinkProvider = (typeof linkProviders)[number];
export const linkClaimStatuses = ['pending', 'completed', 'rejected', 'cancelled', 'expired'] as const;
export type LinkClaimStatus = (typeof linkClaimStatuses)[number];

export const LinkProviderStatusSchema = z.object({
  provider: z.enum(linkProviders),
  /** Display name (the generic shortener's is set by the operator). */
  name: z.string(),
  enabled: z.boolean(),
  coins: z.number().int(),
  daily_limit: z.number().int(),
  /** Links completed in the last 24 hours. */
  used_today: z.number().int(),
  cooldown_seconds: z.number().int(),
  min_seconds: z.number().int(),
  expiry_seconds: z.number().int(),
  /** Whether the provider itself confirms that the link was completed (Linkvertise anti-bypass). */
  verified_by_provider: z.boolean(),
  /** When a new link can be started (cooldown or daily limit); null = now. */
  available_at: z.string().nullable(),
});
export type LinkProviderStatus = z.infer<typeof LinkProviderStatusSchema>;

export const LinkClaimSchema = z.object({
  id: z.string(),
  provider: z.enum(linkProviders),
  status: z.enum(linkClaimStatuses),
  coins: z.number().int(),
  created_at: z.string(),
  /** The earliest moment the claim is accepted (the minimum time on the provider's page). */
  claimable_at: z.string(),
  expires_at: z.string(),
  completed_at: z.string().nullable(),
});
export type LinkClaim = z.infer<typeof LinkClaimSchema>;

export const LinksOverviewSchema = z.object({
  success: z.literal(true),
  providers: z.array(LinkProviderStatusSchema),
  /** The member's latest claims, newest first. */
  recent: z.array(LinkClaimSchema),
  earned_today: z.number().int(),
});
export type LinksOverview = z.infer<typeof LinksOverviewSchema>;

export const LinkProviderParamsSchema = z.object({ provider: z.enum(linkProviders) });
export const LinkStartResultSchema = z.object({
  success: z.literal(true),
  claim: LinkClaimSchema,
  /** Where to send the member: the provider's link, which ends on /earn/links?claim=<token>. */
  url: z.string(),
});
export type LinkStartResult = z.infer<typeof LinkStartResultSchema>;

/** What the page posts when the provider sends the member back. */
export const LinkClaimRequestSchema = z
  .object({
    token: z.string().min(20).max(128),
    /** Linkvertise's anti-bypass hash (it adds ?hash= to the target address). */
    hash: z.string().max(256).optional(),
  })
  .strict();
export type LinkClaimRequest = z.infer<typeof LinkClaimRequestSchema>;
export const LinkClaimResultSchema = z.object({
  success: z.literal(true),
  provider: z.enum(linkProviders),
  coins: z.number().int(),
  balance: z.number().int(),
});

// Join for rewards: Discord servers (guilds) that pay members once per Discord account for joining.

const snowflake = z.string().regex(/^\d{17,20}$/, { message: 'A Discord id: 17 to 20 digits' });
/** An invite code, or a discord.gg / discord.com/invite address (kept as the code). */
const inviteCode = line()
  .transform((v) => v.replace(/^(https?:\/\/)?(www\.)?(discord\.gg\/|discord(app)?\.com\/invite\/)/i, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9-]{2,32}$/, { message: 'An invite code or a discord.gg address' }));
const j4rFields = {
  name: line().min(1).max(100),
  guild_id: snowflake,
  invite_code: inviteCode,
  description: z.string().trim().max(500),
  icon_url: z
    .url({ protocol: /^https?$/, message: 'Invalid URL' })
    .max(512)
    .nullable(),
  coins: z.number().int().min(1).max(1_000_000_000),
  enabled: z.boolean(),
};
export const J4rServerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    guild_id: z.string(),
    invite_code: z.string(),
    description: z.string(),
    icon_url: z.string().nullable(),
    coins: z.number().int(),
    enabled: z.boolean(),
    /** Members paid for joining (rewards taken back not counted). */
    claims: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'J4rServer' });
export type J4rServer = z.infer<typeof J4rServerSchema>;
export const J4rServerCreateSchema = z
  .object({
    ...j4rFields,
    description: j4rFields.description.default(''),
    icon_url: j4rFields.icon_url.default(null),
    enabled: j4rFields.enabled.default(true),
  })
  .strict();
export const J4rServerUpdateSchema = z.object(j4rFields).partial().extend(VersionSchema.shape).strict();
export const j4rServersResource = defineResource({
  name: 'j4r-servers',
  permission: 'admin.j4r.servers',
  item: J4rServerSchema,
  create: J4rServerCreateSchema,
  update: J4rServerUpdateSchema,
  listQuery: listQuery(['name', 'coins', 'created_at'], { enabled: QueryBoolean.optional() }),
  sortable: ['name', 'coins', 'created_at'],
});

export const DiscordAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  linked_at: z.string(),
});
export type DiscordAccount = z.infer<typeof DiscordAccountSchema>;

export const J4rOverviewSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  /** Whether the operator has set up Discord sign-in (client id and secret). */
  discord_configured: z.boolean(),
  discord: DiscordAccountSchema.nullable(),
  /** Whether leaving a server later takes its reward back. */
  recheck: z.boolean(),
  earned: z.number().int(),
  servers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      icon_url: z.string().nullable(),
      invite_url: z.string(),
      coins: z.number().int(),
      /** claimed: paid and still a member; revoked: paid, then taken back after leaving. */
      state: z.enum(['open', 'claimed', 'revoked']),
      claimed_at: z.string().nullable(),
    }),
  ),
});
export type J4rOverview = z.infer<typeof J4rOverviewSchema>;

/** Starts Discord's consent page; the browser goes to `url` and comes back to the callback. */
export const OAuthStartResultSchema = z.object({ success: z.literal(true), url: z.string() });
export const DiscordLinkStatusSchema = z.object({
  success: z.literal(true),
  configured: z.boolean(),
  discord: DiscordAccountSchema.nullable(),
});

/** Where Discord's consent page returns the member: `/account` or `/earn/j4r`, with `?discord=linked|checked` (and `paid=<coins>`) or `?discord_error=<ERROR_CODE>`. */
export const discordReturnPages = ['account', 'j4r'] as const;
export const DiscordLinkRequestSchema = z.object({ return_to: z.enum(discordReturnPages).default('account') }).strict();
