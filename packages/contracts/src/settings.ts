import { z } from 'zod';
import { ADS_CLIENT_CODE_PATTERN } from './ads.ts';
import { LINE_BREAK_MESSAGE } from './control-characters.ts';
import { linkProviderNames } from './link-providers.ts';
import { ONE_LINE } from './text.ts';

/** The game panels Hostdeck can run servers on (the panel_flavour setting; panel.ts has their schemas). */
export const PANEL_FLAVOURS = ['pterodactyl', 'pelican'] as const;
export type PanelFlavour = (typeof PANEL_FLAVOURS)[number];
/** Requests a minute each panel's Application API allows out of the box (APP_API_APPLICATION_RATELIMIT). */
export const PANEL_DEFAULT_RATE_LIMIT: Record<PanelFlavour, number> = { pterodactyl: 240, pelican: 256 };

/**
 * The settings catalogue: every operator-editable setting, its type, default, group and visibility.
 * - public:  sent to everybody by GET /api/system/settings
 * - private: readable by staff with admin.settings.view
 * - secret:  write-only; never returned by any route (the admin UI only learns whether it is set)
 */
export type SettingVisibility = 'public' | 'private' | 'secret';
/** `markdown`: a long text rendered by the client's safe Markdown renderer (edited with a preview). */
export type SettingType = 'string' | 'text' | 'markdown' | 'integer' | 'boolean' | 'url' | 'email' | 'select' | 'code';
/** The groups of the settings page, in their order (a setting's group must be one of these). */
export const settingGroups = [
  'general',
  'company',
  'server_defaults',
  'features',
  'images',
  'economy',
  'payments',
  'links',
  'discord',
  'security',
  'mail',
  'appearance',
  'legal',
  'panel',
  'backups',
  'cloud',
  'license',
] as const;
export type SettingGroup = (typeof settingGroups)[number];

export interface SettingDefinition {
  key: string;
  type: SettingType;
  group: SettingGroup;
  visibility: SettingVisibility;
  default: string | number | boolean;
  description: string;
  min?: number;
  max?: number;
  options?: readonly string[];
  /** Longest accepted text, in characters. */
  maxLength?: number;
  /** A comma-separated list drawn from these values: at least one, none twice (e.g. "png,webp"). */
  subsetOf?: readonly string[];
  /** A non-empty text must match this once trimmed (an empty one means "not set"). */
  pattern?: { regex: RegExp; message: string };
  /** A text that cannot be left empty (the panel has no meaning for "not set" here). */
  required?: boolean;
  /** A non-empty text must pass this once trimmed (what a regular expression cannot say). */
  valid?: { test: (value: string) => boolean; message: string };
  /**
   * Changed only by an account holding admin.root: its value runs as script in every visitor's browser,
   * staff included, so it can do whatever the administrator reading the page may do.
   */
  rootOnly?: boolean;
}

/** A currency code the runtime knows (ISO 4217), as payments and receipts format it. */
const isCurrency = (v: string) => /^[A-Z]{3}$/.test(v) && (Intl.supportedValuesOf?.('currency') ?? [v]).includes(v);
/** An IANA time zone the runtime can format dates in. */
function isTimeZone(v: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}
/** A mail address alone, or as `Name <address>`. */
const SENDER = /^(?:[^<>@]*<\s*[^\s<>@]+@[^\s<>@]+\s*>|[^\s<>@]+@[^\s<>@]+)$/;

type Def = Omit<SettingDefinition, 'key'>;
const str = (group: SettingGroup, def: string, description: string, extra: Partial<Def> = {}): Def => ({
  type: 'string',
  group,
  visibility: 'public',
  default: def,
  description,
  maxLength: 255,
  ...extra,
});
const int = (group: SettingGroup, def: number, min: number, max: number, description: string): Def => ({
  type: 'integer',
  group,
  visibility: 'public',
  default: def,
  min,
  max,
  description,
});
const flag = (def: boolean, description: string, group: SettingGroup = 'features'): Def => ({
  type: 'boolean',
  group,
  visibility: 'public',
  default: def,
  description,
});

/** What the store sells, each in packs: [key, the member's limit it raises, price, pack size, cap, label]. */
export const storeItems = [
  ['ram', 'memory_limit', 250, 1024, 16_384, 'memory (MB)'],
  ['cpu', 'cpu_limit', 200, 50, 400, 'CPU (%)'],
  ['disk', 'disk_limit', 150, 5120, 51_200, 'disk (MB)'],
  ['ports', 'allocation_limit', 100, 1, 10, 'ports'],
  ['databases', 'database_limit', 100, 1, 10, 'databases'],
  ['backups', 'backup_limit', 100, 1, 10, 'backups'],
  ['server_slots', 'server_limit', 500, 1, 10, 'server slots'],
] as const;
export type StoreItemKey = (typeof storeItems)[number][0];

function storeSettings(): Record<string, Def> {
  return Object.fromEntries(
    storeItems.flatMap(([key, , price, amount, cap, label]) => [
      [`store_${key}_enabled`, flag(true, `The store sells ${label}`, 'economy')],
      [`store_${key}_price`, int('economy', price, 1, 1_000_000_000, `Coins for one pack of ${label}`)],
      [`store_${key}_amount`, int('economy', amount, 1, 10_000_000, `How much ${label} one pack adds`)],
      [`store_${key}_max`, int('economy', cap, 0, 100_000_000, `Highest ${label} limit purchases can reach`)],
    ]),
  );
}

function linkSettings(): Record<string, Def> {
  return Object.fromEntries(
    Object.entries(linkProviderNames).flatMap(([p, name]) => [
      [`l4r_${p}_enabled`, flag(false, `Members earn coins for completing ${name} links`, 'links')],
      [
        `l4r_${p}_api_key`,
        {
          ...str(
            'links',
            '',
            p === 'linkvertise'
              ? 'Linkvertise anti-bypassing token (claims are then verified with Linkvertise)'
              : p === 'generic'
                ? 'API key put in place of {key} in the address template'
                : `${name} API key`,
          ),
          visibility: 'secret',
        },
      ],
      [`l4r_${p}_coins`, int('links', 25, 1, 1_000_000_000, `Coins for one completed ${name} link`)],
      [`l4r_${p}_daily_limit`, int('links', 5, 1, 1000, `${name} links a member may complete in 24 hours`)],
      [`l4r_${p}_cooldown_seconds`, int('links', 1800, 0, 86_400, `Seconds between two ${name} links`)],
      [
        `l4r_${p}_min_seconds`,
        int('links', 30, 0, 3600, `Seconds a ${name} link takes at least before its reward can be claimed`),
      ],
      [`l4r_${p}_expiry_seconds`, int('links', 3600, 60, 86_400, `Seconds a started ${name} link stays claimable`)],
    ]),
  );
}

export const featureFlags = [
  'afk_enabled',
  'allow_coins_sharing',
  'allow_public_profiles',
  'allow_servers',
  'allow_tickets',
  'code_redemption_enabled',
  'credits_recharge_enabled',
  'early_supporters_enabled',
  'leaderboard_enabled',
  'referrals_enabled',
  'server_renew_enabled',
  'store_enabled',
  'zero_trust_enabled',
] as const;
export type FeatureFlag = (typeof featureFlags)[number];

const featureDescriptions: Record<FeatureFlag, string> = {
  afk_enabled: 'Members earn coins on the AFK page',
  allow_coins_sharing: 'Members may gift coins to each other',
  allow_public_profiles: 'Profiles can be viewed by other members',
  allow_servers: 'Members may create servers',
  allow_tickets: 'Members may open support tickets',
  code_redemption_enabled: 'Members may redeem coin codes',
  credits_recharge_enabled: 'Members may buy coins with money',
  early_supporters_enabled: 'Early supporters get a badge and bonus',
  leaderboard_enabled: 'Show the leaderboard',
  referrals_enabled: 'Members earn coins for referrals',
  server_renew_enabled: 'Servers expire and must be renewed with coins',
  store_enabled: 'Members may buy resources with coins',
  zero_trust_enabled: 'Anti-alt and anti-VPN checks are enforced',
};
const featureDefaults: Partial<Record<FeatureFlag, boolean>> = {
  allow_servers: true,
  allow_tickets: true,
  allow_public_profiles: true,
  leaderboard_enabled: true,
  store_enabled: true,
};

const definitions: Record<string, Def> = {
  // general
  app_name: str('general', 'Hostdeck', 'Name shown in the title bar, mails and receipts', {
    maxLength: 64,
    required: true,
  }),
  app_lang: {
    type: 'select',
    group: 'general',
    visibility: 'public',
    default: 'en',
    options: ['en', 'ro', 'fr', 'de', 'es', 'md'],
    description: 'The language the community mainly speaks',
  },
  app_timezone: str('general', 'UTC', 'Time zone used for dates in mails and receipts', {
    maxLength: 64,
    required: true,
    valid: { test: isTimeZone, message: 'A time zone such as UTC or Europe/Bucharest' },
  }),
  app_url: {
    type: 'url',
    group: 'general',
    visibility: 'public',
    default: '',
    maxLength: 255,
    description: 'Public address of the panel (used in mail links); empty uses PUBLIC_URL',
  },
  app_logo: {
    type: 'url',
    group: 'general',
    visibility: 'public',
    default: '',
    maxLength: 512,
    description: 'Address of the logo image',
  },
  currency: str('general', 'EUR', 'ISO 4217 currency for payments', {
    maxLength: 3,
    required: true,
    valid: { test: isCurrency, message: 'A three-letter ISO 4217 currency code such as EUR or USD' },
  }),
  currency_symbol: str('general', '€', 'Symbol shown next to prices', { maxLength: 8 }),
  // company
  company_name: str('company', 'Hostdeck', 'Company name on receipts'),
  company_address: str('company', '', 'Street address on receipts'),
  company_city: str('company', '', 'City'),
  company_state: str('company', '', 'State or region'),
  company_country: str('company', '', 'Country'),
  company_zip: str('company', '', 'Postal code', { maxLength: 32 }),
  company_vat: str('company', '', 'VAT number', { maxLength: 64 }),
  // server defaults
  default_cpu: int('server_defaults', 100, 0, 100_000, 'CPU (%) a new member may use'),
  default_ram: int('server_defaults', 1024, 0, 10_000_000, 'Memory (MB) a new member may use'),
  default_disk: int('server_defaults', 5120, 0, 100_000_000, 'Disk (MB) a new member may use'),
  default_ports: int('server_defaults', 1, 0, 1000, 'Ports (allocations) a new member may use'),
  default_databases: int('server_defaults', 1, 0, 1000, 'Databases a new member may use'),
  default_backups: int('server_defaults', 1, 0, 1000, 'Backups a new member may use'),
  default_server_slots: int('server_defaults', 1, 0, 1000, 'Servers a new member may own'),
  server_renew_days: int('server_defaults', 30, 1, 3650, 'Days a renewal adds'),
  server_renew_cost: int('server_defaults', 100, 0, 1_000_000_000, 'Coins a renewal costs'),
  server_renew_reminder_days: int(
    'server_defaults',
    3,
    0,
    60,
    'Days before expiry the owner is reminded (0: no reminder)',
  ),
  server_delete_grace_days: int(
    'server_defaults',
    7,
    0,
    365,
    'Days an expired server stays suspended before it is deleted',
  ),
  // economy: the store's packs, gifts, the leaderboard
  ...storeSettings(),
  coins_sharing_min: int('economy', 10, 1, 1_000_000_000, 'Smallest gift of coins'),
  coins_sharing_max: int('economy', 10_000, 1, 1_000_000_000, 'Largest gift of coins'),
  coins_sharing_fee_percent: int(
    'economy',
    0,
    0,
    50,
    'Fee on gifts, in percent of the amount (paid by the giver, rounded up)',
  ),
  leaderboard_limit: int('economy', 25, 5, 100, 'Members shown on the leaderboard'),
  afk_coins_per_interval: int('economy', 1, 1, 1_000_000, 'Coins the AFK page pays each interval'),
  afk_interval_seconds: int(
    'economy',
    60,
    10,
    3600,
    'Seconds between AFK payouts (while the page is open and visible)',
  ),
  afk_daily_cap: int('economy', 1440, 1, 1_000_000_000, 'Most coins a member can earn on the AFK page per day (UTC)'),
  referral_reward_referrer: int('economy', 100, 0, 1_000_000_000, 'Coins the member who referred receives'),
  referral_reward_referred: int('economy', 50, 0, 1_000_000_000, 'Coins the referred member receives'),
  referral_activity_minutes: int(
    'economy',
    30,
    1,
    100_000,
    'AFK minutes after which a referred member counts as active (a built server or a verified email counts too)',
  ),
  early_supporters_count: int('economy', 100, 1, 1_000_000, 'How many of the first members become early supporters'),
  early_supporters_bonus: int('economy', 500, 0, 1_000_000_000, 'Coins an early supporter receives on sign-up'),
  // payments (add credits)
  credits_coins_per_unit: int('payments', 100, 1, 1_000_000, 'Coins for one unit of the currency (e.g. 1.00 EUR)'),
  credits_min_cents: int('payments', 100, 50, 100_000_000, 'Smallest top-up, in cents of the currency'),
  credits_max_cents: int('payments', 100_000, 50, 100_000_000, 'Largest top-up, in cents of the currency'),
  stripe_secret_key: { ...str('payments', '', 'Stripe secret key (sk_…)'), visibility: 'secret' },
  stripe_webhook_secret: {
    ...str('payments', '', 'Signing secret of the Stripe webhook endpoint /api/webhooks/stripe (whsec_…)'),
    visibility: 'secret',
  },
  paypal_client_id: { ...str('payments', '', 'PayPal REST app client id'), visibility: 'private' },
  paypal_client_secret: { ...str('payments', '', 'PayPal REST app secret'), visibility: 'secret' },
  paypal_api_base: {
    ...str(
      'payments',
      'https://api-m.paypal.com',
      'PayPal API address (https://api-m.sandbox.paypal.com for the sandbox)',
    ),
    type: 'url',
    visibility: 'private',
  },
  // links (link rewards)
  ...linkSettings(),
  l4r_linkvertise_user_id: {
    ...str('links', '', 'Your Linkvertise publisher id (the number in your Linkvertise links)', { maxLength: 32 }),
    visibility: 'private',
  },
  l4r_generic_name: str('links', 'Shortener', 'Name members see for the generic shortener', { maxLength: 64 }),
  l4r_generic_url_template: {
    ...str(
      'links',
      '',
      'Address of the generic shortener with {url} (the return address, encoded) and optionally {key}, e.g. https://short.example/st?api={key}&url={url}',
      { maxLength: 512 },
    ),
    visibility: 'private',
  },
  // discord (account linking, join for rewards)
  discord_client_id: {
    ...str('discord', '', 'Client id of the Discord application (OAuth2 redirect: <panel>/api/auth/discord/callback)', {
      maxLength: 32,
    }),
    visibility: 'private',
  },
  discord_client_secret: { ...str('discord', '', 'Client secret of the Discord application'), visibility: 'secret' },
  discord_bot_token: {
    ...str('discord', '', 'Bot token, used to re-check that members are still in join-for-rewards servers'),
    visibility: 'secret',
  },
  j4r_enabled: flag(false, 'Members earn coins for joining Discord servers', 'discord'),
  j4r_recheck_enabled: flag(
    false,
    'Take the reward back from members who leave (the bot must be in each server)',
    'discord',
  ),
  j4r_recheck_hours: int('discord', 24, 1, 720, 'Hours between two membership checks of one reward'),
  // features
  ...Object.fromEntries(featureFlags.map((f) => [f, flag(featureDefaults[f] ?? false, featureDescriptions[f])])),
  // support tickets
  tickets_max_open: int('features', 3, 1, 100, 'Tickets a member may have open (not closed) at once'),
  tickets_attachment_max_bytes: int(
    'features',
    5 * 1024 * 1024,
    1024,
    25 * 1024 * 1024,
    'Largest ticket attachment, in bytes',
  ),
  tickets_attachment_max_count: int('features', 5, 0, 10, 'Most attachments on one ticket message (0: none)'),
  // image library
  images_max_bytes: {
    ...int('appearance', 5 * 1024 * 1024, 10 * 1024, 25 * 1024 * 1024, 'Largest image library upload, in bytes'),
    visibility: 'private',
  },
  // member image hosting (/images, ShareX, /i/<id>)
  images_enabled: flag(true, 'Members may host images (gallery, browser and ShareX uploads, /i/ pages)', 'images'),
  image_hosting_max_bytes: int(
    'images',
    10 * 1024 * 1024,
    10 * 1024,
    50 * 1024 * 1024,
    'Largest image upload, in bytes',
  ),
  image_hosting_quota_bytes: int(
    'images',
    0,
    0,
    Number.MAX_SAFE_INTEGER,
    'Bytes of stored images a member may hold in all (0: no limit)',
  ),
  image_hosting_quota_count: int('images', 0, 0, 10_000_000, 'Images a member may hold (0: no limit)'),
  image_hosting_formats: {
    ...str('images', 'png,jpeg,gif,webp', 'Formats members may upload, comma-separated: png, jpeg, gif, webp', {
      maxLength: 32,
    }),
    subsetOf: ['png', 'jpeg', 'gif', 'webp'],
  },
  image_hosting_animated: {
    type: 'select',
    group: 'images',
    visibility: 'public',
    default: 'keep',
    options: ['keep', 'refuse'],
    description: 'Animated GIF and WebP uploads: kept animated, or refused',
  },
  image_hosting_cost: int('images', 0, 0, 1_000_000_000, 'Coins one upload costs (0: free)'),
  image_hosting_retention_days: {
    ...int(
      'images',
      30,
      0,
      3650,
      "Days a deleted member's images stay online without an owner (0: removed with the account)",
    ),
    visibility: 'private',
  },
  image_hosting_origin: {
    type: 'url',
    group: 'images',
    visibility: 'private',
    default: '',
    maxLength: 255,
    description:
      "Separate address that serves /i/ pages and files (e.g. https://img.example.com, proxied to this server); empty: the panel's own",
  },
  // security
  registration_enabled: flag(true, 'New members may sign up', 'security'),
  // Public: the client sends such staff to /auth/2fa/setup before any admin page.
  two_factor_required_for_staff: flag(
    false,
    'Staff holding any admin permission must turn on two-factor before the admin area answers',
    'security',
  ),
  // single sign-on (public flags: the login page shows a button per enabled provider)
  sso_discord_enabled: flag(
    false,
    'Sign in and sign up with Discord (uses the Discord application; redirect: <panel>/api/auth/sso/discord/callback)',
    'security',
  ),
  sso_github_enabled: flag(
    false,
    'Sign in and sign up with GitHub (callback URL: <panel>/api/auth/sso/github/callback)',
    'security',
  ),
  github_client_id: {
    ...str('security', '', 'Client id of the GitHub OAuth app', { maxLength: 64 }),
    visibility: 'private',
  },
  github_client_secret: { ...str('security', '', 'Client secret of the GitHub OAuth app'), visibility: 'secret' },
  session_idle_minutes: {
    ...int('security', 60, 5, 10_080, 'A session ends after this many idle minutes'),
    visibility: 'private',
  },
  session_absolute_hours: {
    ...int('security', 12, 1, 720, 'A session ends this many hours after login'),
    visibility: 'private',
  },
  rate_limit_enabled: { ...flag(true, 'Limit requests per client', 'security'), visibility: 'private' },
  rate_limit_per_minute: {
    ...int('security', 300, 10, 100_000, 'Requests a client may make per minute'),
    visibility: 'private',
  },
  telemetry_enabled: { ...flag(false, 'Report anonymous usage statistics', 'security'), visibility: 'private' },
  // anti-VPN (enforced while zero_trust_enabled is on; user.permission.vpn bypasses it)
  vpn_action: {
    type: 'select',
    group: 'security',
    visibility: 'private',
    default: 'sign_up',
    options: ['off', 'sign_up', 'earning', 'all'],
    description:
      'Where VPN and proxy addresses are refused: off, sign-up, sign-up and earning, or every signed-in call',
  },
  vpn_block_lists: {
    type: 'text',
    group: 'security',
    visibility: 'private',
    default: '',
    maxLength: 20_000,
    description:
      'Lists of VPN/proxy addresses: one URL or server file path per line (IPs, CIDRs, "a - b" ranges, # comments)',
  },
  vpn_refresh_minutes: {
    ...int('security', 360, 5, 10_080, 'Minutes between two downloads of the VPN lists'),
    visibility: 'private',
  },
  vpn_reputation_url: {
    type: 'url',
    group: 'security',
    visibility: 'private',
    default: '',
    maxLength: 255,
    description:
      'Reputation service in the proxycheck.io v2 format (e.g. https://proxycheck.io/v2/); empty: lists only',
  },
  vpn_reputation_key: { ...str('security', '', 'API key of the reputation service'), visibility: 'secret' },
  vpn_reputation_timeout_ms: {
    ...int(
      'security',
      1500,
      100,
      10_000,
      'Longest wait for the reputation service (ms); no answer lets the visitor in',
    ),
    visibility: 'private',
  },
  // Cloudflare Turnstile on sign-up, forgot-password and sign-in after failures
  turnstile_enabled: flag(
    false,
    'Ask for a Cloudflare Turnstile check on sign-up, password reset and repeated sign-in failures',
    'security',
  ),
  turnstile_site_key: str('security', '', 'Turnstile site key (public, shown to browsers)'),
  turnstile_secret_key: { ...str('security', '', 'Turnstile secret key'), visibility: 'secret' },
  turnstile_login_failures: {
    ...int('security', 3, 0, 100, 'Failed sign-ins from one address or account before Turnstile is asked (0: always)'),
    visibility: 'private',
  },
  // anti-alt (enforced while zero_trust_enabled is on) and anti-adblock
  alt_max_accounts_per_ip: {
    ...int('security', 3, 0, 1000, 'Accounts one address may hold before anti-alt acts (0: no limit)'),
    visibility: 'private',
  },
  alt_max_accounts_per_device: {
    ...int('security', 2, 0, 1000, 'Accounts one browser may hold before anti-alt acts (0: no limit)'),
    visibility: 'private',
  },
  alt_action: {
    type: 'select',
    group: 'security',
    visibility: 'private',
    default: 'flag',
    options: ['flag', 'block'],
    description: 'Over a limit: flag the new account for review (it cannot earn until approved) or refuse the sign-up',
  },
  alt_window_days: {
    ...int('security', 0, 0, 3650, 'Only accounts seen within this many days count (0: ever)'),
    visibility: 'private',
  },
  adblock_detection_enabled: flag(false, 'Earning pages (AFK, links) refuse browsers that block ads', 'security'),
  // mail
  smtp_host: { ...str('mail', '', 'SMTP server; while empty, mails are held in the outbox'), visibility: 'private' },
  smtp_port: { ...int('mail', 587, 1, 65_535, 'SMTP port'), visibility: 'private' },
  smtp_encryption: {
    type: 'select',
    group: 'mail',
    visibility: 'private',
    default: 'starttls',
    options: ['none', 'starttls', 'tls'],
    description: 'Encryption: none, STARTTLS required (port 587) or TLS from the first byte (port 465)',
  },
  smtp_user: { ...str('mail', '', 'SMTP user name'), visibility: 'private' },
  smtp_password: { ...str('mail', '', 'SMTP password'), visibility: 'secret' },
  smtp_from: {
    ...str('mail', 'Hostdeck <no-reply@localhost>', 'Sender of outgoing mail', {
      required: true,
      valid: { test: (v) => SENDER.test(v), message: 'A mail address, or Name <address>' },
    }),
    visibility: 'private',
  },
  new_login_mail_enabled: {
    ...flag(true, 'Mail members when their account is signed in from a new browser or address', 'mail'),
    visibility: 'private',
  },
  // appearance
  custom_css: {
    type: 'code',
    group: 'appearance',
    visibility: 'private',
    default: '',
    maxLength: 100_000,
    description: 'CSS added to every page',
  },
  custom_js: {
    type: 'code',
    group: 'appearance',
    visibility: 'private',
    default: '',
    maxLength: 100_000,
    description: 'JavaScript added to every page (changed only by an administrator holding admin.root)',
    rootOnly: true,
  },
  ads_client_code: {
    ...str('appearance', '', 'Advertising client code (e.g. ca-pub-…); empty shows no ads', {
      maxLength: 64,
      pattern: { regex: ADS_CLIENT_CODE_PATTERN, message: 'An AdSense publisher id: ca-pub- and digits' },
    }),
    visibility: 'private',
  },
  web_vitals_collect: flag(
    false,
    "Collect visitors' web-vitals (p75 per day on the admin analytics widget)",
    'appearance',
  ),
  // legal
  privacy_policy: {
    type: 'markdown',
    group: 'legal',
    visibility: 'public',
    default: '',
    maxLength: 100_000,
    description: 'Privacy policy (Markdown)',
  },
  terms_of_service: {
    type: 'markdown',
    group: 'legal',
    visibility: 'public',
    default: '',
    maxLength: 100_000,
    description: 'Terms of service (Markdown)',
  },
  // panel (Pterodactyl or Pelican Application API)
  panel_flavour: {
    type: 'select',
    group: 'panel',
    visibility: 'private',
    default: 'pterodactyl',
    options: PANEL_FLAVOURS,
    description: 'Game panel software: Pterodactyl or Pelican',
  },
  pterodactyl_base_url: {
    type: 'url',
    group: 'panel',
    visibility: 'private',
    default: '',
    maxLength: 255,
    description: 'Address of the game panel, e.g. https://panel.example.com',
  },
  pterodactyl_api_key: {
    ...str('panel', '', 'Application API key of the panel (ptla_… or papp_…)', { maxLength: 255 }),
    visibility: 'secret',
  },
  pterodactyl_rate_limit: {
    ...int(
      'panel',
      0,
      0,
      100_000,
      'Application API requests a minute the panel allows; 0: its default (240 Pterodactyl, 256 Pelican)',
    ),
    visibility: 'private',
  },
  demo_panel_enabled: flag(
    false,
    'Without a panel, use the built-in simulated panel (for trying Hostdeck out)',
    'panel',
  ),
  // database backups
  backup_schedule_hours: {
    ...int('backups', 0, 0, 24 * 30, 'Hours between scheduled backups (0: no scheduled backups)'),
    visibility: 'private',
  },
  backup_retention_count: {
    ...int('backups', 7, 1, 1000, 'Scheduled backups kept; older completed ones are deleted'),
    visibility: 'private',
  },
  // cloud backups (S3-compatible object storage)
  cloud_endpoint: {
    type: 'url',
    group: 'cloud',
    visibility: 'private',
    default: '',
    maxLength: 255,
    description: 'Address of the S3-compatible storage (e.g. https://s3.eu-central-1.wasabisys.com); empty uses AWS S3',
  },
  cloud_region: { ...str('cloud', 'us-east-1', 'Region of the bucket', { maxLength: 64 }), visibility: 'private' },
  cloud_bucket: { ...str('cloud', '', 'Bucket that holds the backups', { maxLength: 63 }), visibility: 'private' },
  cloud_access_key_id: { ...str('cloud', '', 'Access key id', { maxLength: 128 }), visibility: 'private' },
  cloud_secret_access_key: { ...str('cloud', '', 'Secret access key', { maxLength: 255 }), visibility: 'secret' },
  cloud_path_style: {
    ...flag(false, 'Address the bucket in the path (needed by MinIO and most self-hosted storage)', 'cloud'),
    visibility: 'private',
  },
  cloud_prefix: {
    ...str('cloud', 'hostdeck/', 'Folder (key prefix) in the bucket for the backups', { maxLength: 200 }),
    visibility: 'private',
  },
  // license
  license_key: { ...str('license', '', 'Signed license key', { maxLength: 4096 }), visibility: 'secret' },
  license_public_key: {
    ...str('license', '', 'Ed25519 public key (base64) that license keys are checked against', { maxLength: 512 }),
    visibility: 'private',
  },
};

export const settingsCatalogue: readonly SettingDefinition[] = Object.entries(definitions).map(([key, d]) => ({
  key,
  ...d,
}));
export const settingsByKey: ReadonlyMap<string, SettingDefinition> = new Map(settingsCatalogue.map((d) => [d.key, d]));

export type SettingValue = string | number | boolean;

/** The zod schema a value of this setting must pass. */
export function settingValueSchema(def: SettingDefinition): z.ZodType<SettingValue> {
  switch (def.type) {
    case 'boolean':
      return z.boolean();
    case 'integer':
      return z
        .number()
        .int()
        .min(def.min ?? 0)
        .max(def.max ?? Number.MAX_SAFE_INTEGER);
    case 'select':
      return z.enum((def.options ?? []) as [string, ...string[]]);
    case 'url':
      return z
        .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'Invalid URL' })])
        .pipe(z.string().max(def.maxLength ?? 2048));
    case 'email':
      return z.union([z.literal(''), z.email({ message: 'Invalid email address' })]);
    default: {
      const pattern = def.pattern;
      // 'string' is one line (a name, an address); 'text', 'markdown' and 'code' may span lines.
      const base = def.type === 'string' ? z.string().regex(ONE_LINE, { message: LINE_BREAK_MESSAGE }) : z.string();
      const text = pattern
        ? base
            .max(def.maxLength ?? 255)
            .refine((v) => v.trim() === '' || pattern.regex.test(v.trim()), { message: pattern.message })
        : base.max(def.maxLength ?? 255);
      const valid = def.valid;
      const checked = text
        .refine((v) => !def.required || v.trim() !== '', { message: 'This setting cannot be empty' })
        .refine((v) => !valid || v.trim() === '' || valid.test(v.trim()), { message: valid?.message });
      const allowed = def.subsetOf;
      if (!allowed) return checked;
      const items = (v: string) => v.split(',').map((s) => s.trim());
      return checked
        .refine((v) => items(v).every((i) => allowed.includes(i)) && new Set(items(v)).size === items(v).length, {
          message: `Some of ${allowed.join(', ')}, separated by commas, none twice`,
        })
        .transform((v) => items(v).join(',')); // kept as "png,jpeg": readers split on commas alone
    }
  }
}

/**
 * Settings that bound one another: after a change, `low` (times `scale`) may not exceed `high`, checked
 * on the values the change leaves (a minimum above its maximum would refuse every gift or top-up).
 */
export const settingBounds: readonly { low: string; high: string; scale?: number; message: string }[] = [
  {
    low: 'coins_sharing_min',
    high: 'coins_sharing_max',
    message: 'The smallest gift cannot be larger than the largest',
  },
  {
    low: 'credits_min_cents',
    high: 'credits_max_cents',
    message: 'The smallest top-up cannot be larger than the largest',
  },
  {
    low: 'session_idle_minutes',
    high: 'session_absolute_hours',
    scale: 1 / 60,
    message: 'The idle time cannot be longer than the session lifetime after login',
  },
];

export function settingDefaults(): Record<string, SettingValue> {
  return Object.fromEntries(settingsCatalogue.map((d) => [d.key, d.default]));
}
