import { type Passkey, type PasskeyCreateBody, type PasskeyCreationOptions, passkeyLimits } from '@hostdeck/contracts';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys, type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { describeUserAgent } from '../auth/new-login.ts';
import type { ClientInfo } from '../auth/sessions.service.ts';
import { assertNotLastSignInMethod, lockAccount, signInMethodCounts } from '../auth/sign-in-methods.ts';
import { enqueueTemplateMail, mailDate } from '../mail/templates.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { challengeBytes, consumeChallenge, issueChallenge } from './challenges.ts';
import { passkeysOf, toPasskey } from './passkeys.repo.ts';
import type { RelyingParty } from './relying-party.ts';

/** The WebAuthn user handle: the account's id, so a discoverable passkey names its account. */
export const userHandle = (userId: string) => new TextEncoder().encode(userId);

/** The challenge a browser answer was made for (clientDataJSON is base64url JSON). */
export function answeredChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && data.challenge.length > 0 && data.challenge.length <= 256)
      return data.challenge;
  } catch {
    // falls through
  }
  throw new AppError('PASSKEY_INVALID', 'The passkey answer could not be read');
}

/** A member's passkeys on /account: list, add (the registration ceremony), rename, remove. */
export class PasskeysService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly publicUrl: () => string,
  ) {}

  async list(userId: string): Promise<Passkey[]> {
    return (await passkeysOf(this.db, userId)).map(toPasskey);
  }

  /**
   * Options for navigator.credentials.create(): a discoverable credential (residentKey required, so
   * it can sign in without a username), none of the member's existing passkeys again.
   */
  async registrationOptions(user: UserRow, rp: RelyingParty): Promise<PasskeyCreationOptions> {
    const mine = await passkeysOf(this.db, user.id);
    if (mine.length >= passkeyLimits.perMember)
      throw new AppError('PASSKEY_LIMIT_REACHED', `At most ${passkeyLimits.perMember} passkeys per account`);
    const { challenge } = await issueChallenge(this.db, 'register', user.id);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.username,
      userID: userHandle(user.id),
      userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.username,
      challenge: challengeBytes(challenge),
      attestationType: 'none',
      excludeCredentials: mine.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
    });
    // The library's extensions are an interface; the contract's a record.
    return { ...options, extensions: options.extensions && { ...options.extensions } };
  }

  /**
   * Verifies the browser's answer against the stored challenge (used up either way) and keeps the
   * key; the member is mailed (a passkey signs in alone: they must hear of one they did not add).
   */
  async register(user: UserRow, rp: RelyingParty, body: PasskeyCreateBody, client: ClientInfo): Promise<Passkey> {
    const challenge = answeredChallenge(body.response.response.clientDataJSON);
    const expected = await consumeChallenge(this.db, { purpose: 'register', userId: user.id, challenge });
    let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      result = await verifyRegistrationResponse({
        response: body.response,
        expectedChallenge: expected,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        // 'preferred' at registration: a key without a PIN can still be a second factor.
        requireUserVerification: false,
      });
    } catch (err) {
      throw new AppError('PASSKEY_INVALID', `The passkey could not be verified: ${(err as Error).message}`);
    }
    if (!result.verified) throw new AppError('PASSKEY_INVALID', 'The passkey could not be verified');
    const info = result.registrationInfo;
    return this.db.transaction(async (tx) => {
      // The member's row is locked so two registrations at once cannot pass the limit together.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(passkeys)
        .where(eq(passkeys.userId, user.id));
      if (n >= passkeyLimits.perMember)
        throw new AppError('PASSKEY_LIMIT_REACHED', `At most ${passkeyLimits.perMember} passkeys per account`);
      const [row] = await tx
        .insert(passkeys)
        .values({
          userId: user.id,
          name: body.name,
          credentialId: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
          counter: info.credential.counter,
          transports: (body.response.response.transports ?? info.credential.transports ?? []).slice(0, 8),
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          aaguid: info.aaguid,
        })
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning();
      if (!row) throw new AppError('PASSKEY_ALREADY_REGISTERED', 'This passkey is already registered');
      await enqueueTemplateMail(tx as unknown as Db, this.settings, {
        to: user.email,
        template: 'passkey_added',
        vars: {
          username: user.username,
          passkey_name: row.name,
          ip: client.ip ?? 'unknown',
          browser: describeUserAgent(client.userAgent),
          time: mailDate(this.settings, new Date()),
          security_url: `${this.publicUrl()}/account#passkeys`,
        },
      });
      return toPasskey(row);
    });
  }

  async rename(userId: string, id: string, name: string): Promise<Passkey> {
    const [row] = await this.db
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'No such passkey');
    return toPasskey(row);
  }

  /** Removes one of my passkeys, unless it is my last way to sign in. */
  async remove(userId: string, id: string): Promise<void> {
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // Locked: two removals at once must not both count the other passkey as the way in left.
      await lockAccount(tx, userId);
      const [row] = await tx
        .select({ id: passkeys.id })
        .from(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
      if (!row) throw new AppError('NOT_FOUND', 'No such passkey');
      assertNotLastSignInMethod(await signInMethodCounts(tx, userId), 'passkey');
      await tx.delete(passkeys).where(eq(passkeys.id, id));
    });
  }
}
