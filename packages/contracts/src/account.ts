import { z } from 'zod';
import { authLimits, EmailSchema, PasswordSchema } from './auth.ts';
import { line } from './text.ts';

/**
 * The member's own account (/account): profile, email and password changes, billing details,
 * language and deletion. The web forms use these same schemas.
 */

const NameSchema = line().min(1).max(authLimits.nameMax);
/** A password as typed to prove who one is (never checked for strength here: it is the current one). */
const CurrentPasswordSchema = z.string().min(1).max(authLimits.passwordMax);

export const ProfileUpdateSchema = z
  .object({ first_name: NameSchema, last_name: NameSchema, public_profile: z.boolean() })
  .strict();
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
export const AccountProfileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  public_profile: z.boolean(),
});
export const ProfileUpdateResponseSchema = z.object({ success: z.literal(true), data: AccountProfileSchema });

/** Ask for a new address: the password proves it is the member; the link goes to the new address. */
export const EmailChangeSchema = z.object({ email: EmailSchema, password: CurrentPasswordSchema }).strict();
export type EmailChange = z.infer<typeof EmailChangeSchema>;
export const EmailChangeResponseSchema = z.object({ success: z.literal(true), email: z.string() });
export const EmailConfirmSchema = z.object({ token: z.string().min(16).max(128) }).strict();
export const EmailConfirmResponseSchema = z.object({ success: z.literal(true), email: z.string() });

export const PasswordChangeSchema = z
  .object({ current_password: CurrentPasswordSchema, password: PasswordSchema })
  .strict();
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/** Billing details (receipts and the session call's `billing`); an empty field clears it. */
export const billingLimits = { text: 128, zip: 16, vat: 32 } as const;
const billingText = (max: number) => line().max(max);
export const BillingUpdateSchema = z
  .object({
    company: billingText(billingLimits.text),
    address: billingText(billingLimits.text),
    city: billingText(64),
    state: billingText(64),
    zip: billingText(billingLimits.zip).regex(/^[A-Za-z0-9 -]*$/, { message: 'Letters, digits, spaces and - only' }),
    country: billingText(64),
    vat: billingText(billingLimits.vat).regex(/^[A-Za-z0-9 .-]*$/, {
      message: 'Letters, digits, spaces, . and - only',
    }),
  })
  .strict();
export type BillingUpdate = z.infer<typeof BillingUpdateSchema>;
export const BillingSchema = z.object({
  company: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  vat: z.string().nullable(),
});
export const BillingResponseSchema = z.object({ success: z.literal(true), billing: BillingSchema });

/** The same six languages as `locales` in index.ts (which this file cannot import: index imports it). */
export const LocaleUpdateSchema = z.object({ locale: z.enum(['en', 'ro', 'fr', 'de', 'es', 'md']) }).strict();
export type LocaleUpdate = z.infer<typeof LocaleUpdateSchema>;

/**
 * Proof that the person at the keyboard owns the account, asked before what a stolen session must
 * not do alone (deleting the account, adding a passkey): the password or, with two-factor on, a
 * current or recovery code. Either is enough; the message lands on the password field.
 */
export const identityProofFields = {
  password: CurrentPasswordSchema.optional(),
  /** A current two-factor code, or one of the recovery codes. */
  code: line().min(6).max(64).optional(),
};
export const proofGiven = (v: { password?: string; code?: string }) => v.password !== undefined || v.code !== undefined;
export const proofMissing = { path: ['password'], message: 'Enter your password or a two-factor code' };
export const IdentityProofSchema = z.object(identityProofFields).strict().refine(proofGiven, proofMissing);
export type IdentityProof = z.infer<typeof IdentityProofSchema>;

/** Deleting one's account: proof of identity and the username typed out as confirmation. */
export const DeleteAccountSchema = z
  .object({ ...identityProofFields, confirm: line().min(1).max(authLimits.usernameMax) })
  .strict()
  .refine(proofGiven, proofMissing);
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;
