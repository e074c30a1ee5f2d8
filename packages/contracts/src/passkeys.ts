import { z } from 'zod';
import { line } from './text.ts';

/**
 * Passkeys (WebAuthn): the JSON forms of the browser ceremonies (as @simplewebauthn/browser sends and
 * reads them) and the member's list of passkeys.
 */
export const passkeyLimits = { nameMax: 64, perMember: 20 } as const;

/** base64url text of at most `max` characters (a credential id is at most 1023 bytes). */
const B64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: 'Expected base64url' });
const Transports = z.array(z.string().max(32)).max(8);
const Extensions = z.record(z.string(), z.unknown());
// Options the server sends (typed loosely like the DOM's own types: a browser ignores unknown values).
const Descriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });

export const PasskeyNameSchema = line().min(1).max(passkeyLimits.nameMax);

/** The browser's answer to navigator.credentials.create() (RegistrationResponseJSON). */
export const PasskeyRegistrationResponseSchema = z.object({
  id: B64url(1400),
  rawId: B64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: Extensions,
  response: z.object({
    clientDataJSON: B64url(8192),
    attestationObject: B64url(32_768),
    authenticatorData: B64url(16_384).optional(),
    transports: Transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: B64url(16_384).optional(),
  }),
});

/** The browser's answer to navigator.credentials.get() (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponseSchema = z.object({
  id: B64url(1400),
  rawId: B64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: Extensions,
  response: z.object({
    clientDataJSON: B64url(8192),
    authenticatorData: B64url(16_384),
    signature: B64url(2048),
    userHandle: B64url(512).optional(),
  }),
});

/** What navigator.credentials.create() needs (PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyCreationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(Descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: Extensions.optional(),
});

export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptionsSchema>;

/** What navigator.credentials.get() needs (PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(Descriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  hints: z.array(z.string()).optional(),
  extensions: Extensions.optional(),
});

export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptionsSchema>;

export const PasskeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    /** multiDevice: synced between the member's devices (e.g. by their password manager). */
    device_type: z.enum(['singleDevice', 'multiDevice']),
    backed_up: z.boolean(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyListResponseSchema = z.object({ success: z.literal(true), passkeys: z.array(PasskeySchema) });
export const PasskeyResponseSchema = z.object({ success: z.literal(true), passkey: PasskeySchema });
export const PasskeyCreationOptionsResponseSchema = z.object({
  success: z.literal(true),
  options: PasskeyCreationOptionsSchema,
});
/** A sign-in ceremony: the challenge's id comes back with the browser's answer. */
export const PasskeyRequestOptionsResponseSchema = z.object({
  success: z.literal(true),
  challenge_id: z.uuid(),
  options: PasskeyRequestOptionsSchema,
});

export const PasskeyCreateBodySchema = z.object({
  name: PasskeyNameSchema,
  response: PasskeyRegistrationResponseSchema,
});
export type PasskeyCreateBody = z.infer<typeof PasskeyCreateBodySchema>;
export const PasskeyRenameBodySchema = z.object({ name: PasskeyNameSchema });
export const PasskeyIdParamsSchema = z.object({ id: z.uuid() });
export const PasskeySignInBodySchema = z.object({
  challenge_id: z.uuid(),
  response: PasskeyAuthenticationResponseSchema,
});
export type PasskeySignInBody = z.infer<typeof PasskeySignInBodySchema>;
