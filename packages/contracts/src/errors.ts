import { z } from 'zod';

/**
 * Every error code the API can answer, with the HTTP status it goes with.
 * The client translates `errors.<CODE>`; the server never sends a stack trace.
 */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  /** The database refused a value (out of range, wrong form, a missing record): never a 500. */
  DATA_INVALID: 400,
  /** A multipart/form-data body without its boundary, or cut short. */
  MULTIPART_INVALID: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  SESSION_INVALID: 401,
  TW0_FA_BLOCKED: 401,
  TWO_FA_INVALID_CODE: 400,
  TWO_FA_NOT_PENDING: 400,
  TWO_FA_ALREADY_ENABLED: 409,
  TWO_FA_NOT_ENABLED: 409,
  TWO_FA_SETUP_NOT_STARTED: 409,
  /** That TOTP code (or an older one) was already accepted: each code works once. */
  TWO_FA_CODE_USED: 400,
  /** Too many wrong two-factor codes for the account in a short time: codes are refused for a while. */
  TWO_FA_LOCKED: 429,
  /** Staff must turn on two-factor before the admin area answers (two_factor_required_for_staff). */
  TWO_FA_REQUIRED: 403,
  /** The account's current password was wrong (re-confirming a sensitive change). */
  PASSKEY_INVALID: 400,
  PASSKEY_CHALLENGE_INVALID: 400,
  PASSKEY_UNKNOWN: 401,
  PASSKEY_ALREADY_REGISTERED: 409,
  PASSKEY_LIMIT_REACHED: 409,
  PASSKEY_NOT_SET_UP: 409,
  FORBIDDEN: 403,
  CSRF_INVALID: 403,
  ACCOUNT_BANNED: 403,
  ACCOUNT_DELETED: 403,
  REGISTRATION_DISABLED: 403,
  /** Anti-alt refused a sign-up: too many accounts from this network or browser (says nothing about them). */
  ALT_ACCOUNT_LIMIT: 403,
  /** An open anti-alt or anti-VPN flag holds the account's earning until staff review it. */
  EARNING_ON_HOLD: 403,
  /** An earning call without a valid anti-adblock check token (while the check is on). */
  ADBLOCK_DETECTED: 403,
  NOT_FOUND: 404,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  SETUP_ALREADY_DONE: 409,
  SETUP_TOKEN_INVALID: 400,
  RESET_TOKEN_INVALID: 400,
  SETTING_UNKNOWN: 400,
  STALE_RECORD: 409,
  PERMISSION_ESCALATION: 403,
  OWN_ROLE: 403,
  LAST_ADMINISTRATOR: 409,
  ROLE_BUILTIN: 409,
  ROLE_IN_USE: 409,
  INSUFFICIENT_COINS: 409,
  /** A balance would pass COINS_MAX (the largest the ledger keeps). */
  BALANCE_LIMIT: 409,
  CODE_INVALID: 404,
  CODE_EXPIRED: 409,
  CODE_USED_UP: 409,
  CODE_ALREADY_REDEEMED: 409,
  STORE_ITEM_DISABLED: 409,
  STORE_CAP_REACHED: 409,
  GIFT_TO_SELF: 400,
  GIFT_OUT_OF_RANGE: 400,
  RECIPIENT_UNAVAILABLE: 409,
  TOPUP_OUT_OF_RANGE: 400,
  PAYMENT_PROVIDER_UNAVAILABLE: 409,
  PAYMENT_FAILED: 502,
  WEBHOOK_SIGNATURE_INVALID: 400,
  LINK_PROVIDER_NOT_CONFIGURED: 409,
  LINK_PROVIDER_FAILED: 502,
  LINK_DAILY_LIMIT: 409,
  LINK_COOLDOWN: 409,
  LINK_CLAIM_INVALID: 404,
  LINK_CLAIM_USED: 409,
  LINK_CLAIM_EXPIRED: 409,
  LINK_CLAIM_TOO_EARLY: 409,
  LINK_NOT_VERIFIED: 403,
  DISCORD_NOT_CONFIGURED: 409,
  DISCORD_NOT_LINKED: 409,
  DISCORD_ALREADY_LINKED: 409,
  DISCORD_ACCOUNT_MISMATCH: 409,
  DISCORD_UNREACHABLE: 502,
  OAUTH_STATE_INVALID: 400,
  /** Single sign-on with this provider is off or not configured. */
  SSO_DISABLED: 403,
  SSO_ACCESS_DENIED: 400,
  SSO_EMAIL_UNVERIFIED: 409,
  SSO_ALREADY_LINKED: 409,
  SSO_NOT_LINKED: 404,
  SSO_PROVIDER_UNREACHABLE: 502,
  LAST_SIGN_IN_METHOD: 409,
  API_KEY_INVALID: 401,
  SIGN_IN_LINK_INVALID: 400,
  PANEL_NOT_CONFIGURED: 409,
  /** The demo panel is offered only while no real panel is configured. */
  PANEL_ALREADY_CONFIGURED: 409,
  IN_USE: 409,
  DEPARTMENT_IN_USE: 409,
  DEPARTMENT_UNAVAILABLE: 409,
  TICKET_LIMIT_REACHED: 409,
  TICKET_CLOSED: 409,
  ATTACHMENT_TYPE_NOT_ALLOWED: 415,
  ATTACHMENT_TOO_LARGE: 413,
  TOO_MANY_ATTACHMENTS: 400,
  ALREADY_EXISTS: 409,
  FEATURE_DISABLED: 403,
  VIP_ONLY: 403,
  LOCATION_UNAVAILABLE: 409,
  LOCATION_FULL: 409,
  EGG_UNAVAILABLE: 409,
  NO_SERVER_SLOT: 409,
  INSUFFICIENT_RESOURCES: 409,
  SERVER_BUSY: 409,
  SERVER_ON_OTHER_PANEL: 409,
  SERVER_MISSING_ON_PANEL: 409,
  PANEL_UNREACHABLE: 502,
  PANEL_REFUSED: 409,
  /** The panel at the address is the other flavour than Settings → Panel names. */
  PANEL_FLAVOUR_MISMATCH: 409,
  /** The panel's flavour cannot change while servers live on it (migration is not supported). */
  PANEL_FLAVOUR_LOCKED: 409,
  PANEL_AUTH_FAILED: 502,
  LICENSE_INVALID: 400,
  SMTP_NOT_CONFIGURED: 409,
  MAIL_SEND_FAILED: 502,
  MAIL_NOT_RETRYABLE: 409,
  EMAIL_ALREADY_VERIFIED: 409,
  VERIFY_TOKEN_INVALID: 400,
  VERIFY_EMAIL_COOLDOWN: 429,
  /** The current password given to change the password, email or to delete the account is wrong. */
  CURRENT_PASSWORD_INVALID: 400,
  EMAIL_UNCHANGED: 400,
  EMAIL_CHANGE_TOKEN_INVALID: 400,
  /** The typed confirmation of an account deletion is not the username. */
  DELETE_CONFIRM_MISMATCH: 400,
  BACKUP_IN_PROGRESS: 409,
  BACKUP_NOT_READY: 409,
  BACKUP_DAMAGED: 400,
  BACKUP_TOO_NEW: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IMAGE_TYPE_NOT_ALLOWED: 415,
  IMAGE_TOO_LARGE: 413,
  /** Small as a file but too many pixels to decode (a decompression bomb, a huge canvas). */
  IMAGE_TOO_MANY_PIXELS: 413,
  IMAGE_IN_USE: 409,
  /** A member's hosted images would pass their quota (bytes or count). */
  IMAGE_QUOTA_EXCEEDED: 409,
  /** An animated GIF or WebP while image_hosting_animated is "refuse". */
  IMAGE_ANIMATED_NOT_ALLOWED: 415,
  /** A ShareX upload key that is wrong or revoked, or whose owner can no longer upload. */
  UPLOAD_KEY_INVALID: 401,
  /** This visitor or member already has a report of this image waiting for staff. */
  IMAGE_REPORT_DUPLICATE: 409,
  /** The report was already dismissed or resolved: acting on it again would overwrite the outcome. */
  IMAGE_REPORT_HANDLED: 409,
  /** A plugin whose manifest was refused or that is not for this version cannot be enabled. */
  PLUGIN_NOT_LOADABLE: 409,
  /** A plugin's route failed or did not answer in time (the plugin's own errors carry their codes). */
  PLUGIN_FAILED: 502,
  RATE_LIMITED: 429,
  /** The address is on a VPN/proxy list or the reputation service says so (anti-VPN). */
  VPN_BLOCKED: 403,
  TURNSTILE_REQUIRED: 400,
  TURNSTILE_FAILED: 400,
  /** Cloudflare's siteverify did not answer in time: the check fails closed. */
  TURNSTILE_UNAVAILABLE: 502,
  CLOUD_NOT_CONFIGURED: 409,
  CLOUD_UNREACHABLE: 502,
  CLOUD_AUTH_FAILED: 502,
  CLOUD_BUCKET_NOT_FOUND: 502,
  CLOUD_OBJECT_NOT_FOUND: 404,
  CLOUD_FAILED: 502,
  SERVER_ERROR: 500,
  SERVER_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];
export const ErrorCodeSchema = z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]);

/** The one error envelope of every route except the three the specification shapes itself. */
export const ErrorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    error_code: ErrorCodeSchema,
    message: z.string(),
    /** Field errors, keyed by dotted path (`email`, `limits.memory`). */
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const OkSchema = z.object({ success: z.literal(true) }).meta({ id: 'Ok' });
