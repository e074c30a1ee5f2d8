import { z } from 'zod';
import { pageSchema } from '../pagination.ts';
import { defineResource, listQuery, QueryBoolean, VersionSchema } from '../resource.ts';
import { storeItems } from '../settings.ts';
import { line } from '../text.ts';

/** Why a balance moved (the coin ledger's `kind`). */
export const coinKinds = [
  'admin_adjustment',
  'renew',
  'afk',
  'redeem',
  'referral',
  'j4r',
  'link',
  'gift_in',
  'gift_out',
  'gift_fee',
  'store',
  'top_up',
  'refund',
  'clawback',
  'early_supporter',
  /** An image upload's cost (image_hosting_cost); given back as a refund if the file cannot be stored. */
  'image_upload',
  /** Credited by a plugin (the reference names it), e.g. the daily reward. */
  'plugin',
  /** The balance left when the member deleted their account (see docs/data-retention.md). */
  'account_deleted',
] as const;
export type CoinKind = (typeof coinKinds)[number];

/** One line of a member's coin history: append-only, the balance after it included. */
export const CoinEntrySchema = z
  .object({
    id: z.string(),
    amount: z.number().int(),
    balance_after: z.number().int(),
    kind: z.enum(coinKinds),
    reason: z.string().nullable(),
    reference: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'CoinEntry' });
export type CoinEntry = z.infer<typeof CoinEntrySchema>;
export const CoinHistoryQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(25),
    kind: z.enum(coinKinds).optional(),
    /**
     * Keyset paging: the previous page's next_cursor. The page then starts right after that line, at
     * the same cost on page 5,000 as on page 1; `page` is only echoed back. Without it, `page` counts.
     */
    cursor: z
      .string()
      .regex(/^\d{1,15}$/, { message: 'Not a valid cursor' })
      .optional()
      .describe("The previous page's next_cursor: the page starts after it (page is then only echoed back)"),
  })
  .strict();
export const CoinHistoryPageSchema = pageSchema(CoinEntrySchema).extend({
  balance: z.number().int(),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable().describe('Pass as cursor to read the next (older) page; null on the last page'),
});

// Redeem codes (admin resource): codes are kept upper-case; one redemption per member per code.
const codeText = z
  .string()
  .trim()
  .min(4)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'Letters, digits, - and _ only' })
  .transform((c) => c.toUpperCase());
const codeFields = {
  code: codeText,
  coins: z.number().int().min(1).max(1_000_000_000),
  /** null = no limit. */
  max_uses: z.number().int().min(1).max(10_000_000).nullable(),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  enabled: z.boolean(),
};
export const RedeemCodeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    coins: z.number().int(),
    max_uses: z.number().int().nullable(),
    uses: z.number().int(),
    expires_at: z.string().nullable(),
    enabled: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'RedeemCode' });
export type RedeemCode = z.infer<typeof RedeemCodeSchema>;
export const RedeemCodeCreateSchema = z
  .object({
    ...codeFields,
    max_uses: codeFields.max_uses.default(null),
    expires_at: codeFields.expires_at.default(null),
    enabled: codeFields.enabled.default(true),
  })
  .strict();
export const RedeemCodeUpdateSchema = z.object(codeFields).partial().extend(VersionSchema.shape).strict();
export const redeemCodesResource = defineResource({
  name: 'redeem-codes',
  permission: 'admin.redeem.codes',
  item: RedeemCodeSchema,
  create: RedeemCodeCreateSchema,
  update: RedeemCodeUpdateSchema,
  listQuery: listQuery(['code', 'coins', 'uses', 'expires_at', 'created_at'], { enabled: QueryBoolean.optional() }),
  sortable: ['code', 'coins', 'uses', 'expires_at', 'created_at'],
});

/** A member redeems a code (any case; surrounding spaces ignored). */
export const RedeemRequestSchema = z.object({ code: line().min(1).max(64) }).strict();
export const RedeemResultSchema = z.object({
  success: z.literal(true),
  coins: z.number().int(),
  balance: z.number().int(),
});

// The store: packs of resources for coins, each item's price, pack size and cap from the settings.
export const storeItemKeys = storeItems.map(([key]) => key) as [
  (typeof storeItems)[number][0],
  ...(typeof storeItems)[number][0][],
];
export const StoreItemSchema = z.object({
  key: z.enum(storeItemKeys),
  enabled: z.boolean(),
  /** Coins for one pack. */
  price: z.number().int(),
  /** What one pack adds to the limit. */
  amount: z.number().int(),
  /** The highest limit purchases can reach. */
  max: z.number().int(),
  /** The member's limit now. */
  current: z.number().int(),
  /** Packs the member could still buy before the cap (regardless of coins). */
  packs_left: z.number().int(),
});
export type StoreItem = z.infer<typeof StoreItemSchema>;
export const StoreCatalogueSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  coins: z.number().int(),
  items: z.array(StoreItemSchema),
});
export type StoreCatalogue = z.infer<typeof StoreCatalogueSchema>;
export const StorePurchaseSchema = z
  .object({ item: z.enum(storeItemKeys), packs: z.number().int().min(1).max(1000) })
  .strict();
export type StorePurchase = z.infer<typeof StorePurchaseSchema>;
export const StorePurchaseResultSchema = z.object({
  success: z.literal(true),
  balance: z.number().int(),
  item: StoreItemSchema,
});

// Gifts between members: min, max and a fee from the settings; never to oneself or a banned account.
export const GiftRequestSchema = z
  .object({
    amount: z.number().int().min(1).max(1_000_000_000),
    note: line().max(200).optional(),
  })
  .strict();
export type GiftRequest = z.infer<typeof GiftRequestSchema>;
export const GiftResultSchema = z.object({
  success: z.literal(true),
  sent: z.number().int(),
  fee: z.number().int(),
  balance: z.number().int(),
});

// Members as other members see them.
export const PublicMemberSchema = z
  .object({
    uuid: z.string(),
    username: z.string(),
    avatar: z.string().nullable(),
    role_name: z.string(),
    role_display_name: z.string(),
    role_color: z.string(),
  })
  .meta({ id: 'PublicMember' });
export type PublicMember = z.infer<typeof PublicMemberSchema>;
export const ProfileSchema = PublicMemberSchema.extend({
  background: z.string().nullable(),
  /** The member's Minecraft skin (a 64×64 or 64×32 PNG); null: the default skin. */
  skin_url: z.string().nullable(),
  joined_at: z.string(),
  servers: z.number().int(),
  early_supporter: z.boolean(),
  /** Whether the signed-in member may gift coins to this member (flag on, not themself, not banned). */
  can_gift: z.boolean(),
}).meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;
export const LookupQuery = z.object({ q: z.string().trim().min(2).max(32) }).strict();
export const LookupResultSchema = z.object({ success: z.literal(true), data: z.array(PublicMemberSchema) });

export const leaderboardKinds = ['coins', 'servers', 'referrals', 'afk'] as const;
export const LeaderboardQuery = z.object({ by: z.enum(leaderboardKinds).default('coins') }).strict();
export const LeaderboardSchema = z.object({
  success: z.literal(true),
  by: z.enum(leaderboardKinds),
  entries: z.array(PublicMemberSchema.extend({ rank: z.number().int(), value: z.number().int() })),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

// AFK: a WebSocket session (/api/earn/afk/ws) timed by the server; one per member.
/** What the AFK page shows before it connects. */
export const AfkStatusSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  interval_seconds: z.number().int(),
  coins_per_interval: z.number().int(),
  daily_cap: z.number().int(),
  earned_today: z.number().int(),
  minutes: z.number().int(),
});
export type AfkStatus = z.infer<typeof AfkStatusSchema>;
/** Messages the server sends on the AFK socket. */
export type AfkServerMessage =
  | { type: 'welcome'; interval_seconds: number; coins_per_interval: number; daily_cap: number; earned_today: number }
  | { type: 'earned'; amount: number; balance: number; earned_today: number; minutes: number }
  | { type: 'capped'; earned_today: number; daily_cap: number }
  | { type: 'taken_over' }
  | { type: 'disabled' }
  /** Earning refused before the session started (an error code: EARNING_ON_HOLD, ADBLOCK_DETECTED...). */
  | { type: 'refused'; error_code: string };
/** The one message the page sends: whether it is visible (hidden time earns nothing). */
export const AfkClientMessageSchema = z.object({ type: z.literal('visibility'), visible: z.boolean() }).strict();
/** Close codes of the AFK socket. */
export const AFK_CLOSE = {
  takenOver: 4001,
  disabled: 4003,
  /** Refused by an earning rule; the 'refused' message before it names the error code. */
  refused: 4009,
  unauthorized: 4401,
  badOrigin: 4403,
  /** The instance is shutting down (Service Restart): reconnect, the balancer picks another instance. */
  restart: 1012,
} as const;
/** The reason sent with AFK_CLOSE.restart (every WebSocket closed by a shutdown carries it). */
export const WS_RECONNECT_REASON = 'reconnect';

// Referrals: paid to both sides once the referred member is verified or active, never across one address or device.
export const referralStatuses = ['pending', 'paid', 'refused'] as const;
export const ReferralsOverviewSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  code: z.string(),
  /** The sign-up link to share (the panel's address with ?ref=). */
  link: z.string(),
  rewards: z.object({ referrer: z.number().int(), referred: z.number().int() }),
  /** AFK minutes after which a referred member counts as active. */
  activity_minutes: z.number().int(),
  earned: z.number().int(),
  referrals: z.array(
    z.object({
      username: z.string(),
      status: z.enum(referralStatuses),
      /** Why a referral pays nothing: the same address or device as yours. */
      refusal: z.enum(['same_ip', 'same_device']).nullable(),
      created_at: z.string(),
      paid_at: z.string().nullable(),
    }),
  ),
});
export type ReferralsOverview = z.infer<typeof ReferralsOverviewSchema>;

// Add credits: money to coins through a payment provider, credited only from the provider's verified event.
export const paymentProviders = ['stripe', 'paypal'] as const;
export const paymentStatuses = ['pending', 'completed', 'failed'] as const;
export const PaymentSchema = z
  .object({
    id: z.string(),
    provider: z.enum(paymentProviders),
    amount_cents: z.number().int(),
    currency: z.string(),
    coins: z.number().int(),
    status: z.enum(paymentStatuses),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof PaymentSchema>;
export const TopUpOptionsSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  /** Providers the operator has configured. */
  providers: z.array(z.enum(paymentProviders)),
  currency: z.string(),
  coins_per_unit: z.number().int(),
  min_cents: z.number().int(),
  max_cents: z.number().int(),
  /** The member's payments, newest first. */
  payments: z.array(PaymentSchema),
});
export type TopUpOptions = z.infer<typeof TopUpOptionsSchema>;
export const TopUpRequestSchema = z.object({ amount_cents: z.number().int().min(1).max(100_000_000) }).strict();
export const TopUpCheckoutSchema = z.object({ success: z.literal(true), payment: PaymentSchema, url: z.string() });
const address = z.object({
  company: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  vat: z.string().nullable(),
});
export const ReceiptSchema = z.object({
  success: z.literal(true),
  data: z.object({
    number: z.string(),
    payment: PaymentSchema,
    seller: address.extend({ name: z.string() }),
    buyer: address.extend({ name: z.string(), email: z.string() }),
  }),
});
export type Receipt = z.infer<typeof ReceiptSchema>;
/** The member is back from PayPal with the order they approved: the server captures it. */
export const PayPalCaptureSchema = z.object({ order_id: line().min(5).max(64) }).strict();
export const PayPalCaptureResultSchema = z.object({
  success: z.literal(true),
  payment: PaymentSchema,
  balance: z.number().int(),
});
