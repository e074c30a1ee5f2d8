import { z } from 'zod';

/**
 * Every error code the API can answer, with the HTTP status it goes with.
 * The client translates `errors.<CODE>`; the server never sends a stack trace.
 */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  SESSION_INVALID: 401,
  TW0_FA_BLOCKED: 401,
  TWO_FA_INVALID_CODE: 400,
  TWO_FA_NOT_PENDING: 400,
  TWO_FA_ALREADY_ENABLED: 409,
  TWO_FA_NOT_ENABLED: 409,
  TWO_FA_SETUP_NOT_STARTED: 409,
  FORBIDDEN: 403,
  CSRF_INVALID: 403,
  ACCOUNT_BANNED: 403,
  ACCOUNT_DELETED: 403,
  REGISTRATION_DISABLED: 403,
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
  PANEL_NOT_CONFIGURED: 409,
  IN_USE: 409,
  ALREADY_EXISTS: 409,
  FEATURE_DISABLED: 403,
  VIP_ONLY: 403,
  LOCATION_UNAVAILABLE: 409,
  LOCATION_FULL: 409,
  EGG_UNAVAILABLE: 409,
  NO_SERVER_SLOT: 409,
  INSUFFICIENT_RESOURCES: 409,
  SERVER_BUSY: 409,
  PANEL_UNREACHABLE: 502,
  PANEL_REFUSED: 409,
  PANEL_AUTH_FAILED: 502,
  LICENSE_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
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
