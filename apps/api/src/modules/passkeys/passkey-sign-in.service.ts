import type { PasskeyRequestOptions, PasskeySignInBody } from '@hostdeck/contracts';
import {
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ClientInfo, ResolvedSession, SessionMethod, SessionService } from '../auth/sessions.service.ts';
import { challengeBytes, consumeChallenge, issueChallenge } from './challenges.ts';
import { type PasskeyRow, passkeyByCredential, passkeysOf, recordUse } from './passkeys.repo.ts';
import { userHandle } from './passkeys.service.ts';
import type { RelyingParty } from './relying-party.ts';

export interface PasskeyChallenge {
  challengeId: string;
  options: PasskeyRequestOptions;
}

/** The library's options as the contract types them (its extensions are an interface, ours a record). */
const asContract = (o: PublicKeyCredentialRequestOptionsJSON): PasskeyRequestOptions => ({
  ...o,
  extensions: o.extensions && { ...o.extensions },
});

const unknownPasskey = () => new AppError('PASSKEY_UNKNOWN', 'This passkey is not registered on this panel');

/**
 * Signing in with a passkey: alone (a discoverable passkey with user verification is something the
 * member has plus something they are or know, so it stands for both factors), or as the second
 * factor after the password.
 */
export class PasskeySignInService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    /** The sign-in bookkeeping every path shares (a getter: both are built together in app.ts). */
    private readonly auth: () => AuthService,
  ) {}

  /** No allowCredentials: the browser offers the member's passkeys for this site, which names the account. */
  async signInOptions(rp: RelyingParty): Promise<PasskeyChallenge> {
    const { id, challenge } = await issueChallenge(this.db, 'login', null);
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      challenge: challengeBytes(challenge),
      userVerification: 'required',
    });
    return { challengeId: id, options: asContract(options) };
  }

  /** A full session, or an error; a banned account is told so only after the passkey proved it. */
  async signIn(rp: RelyingParty, body: PasskeySignInBody, client: ClientInfo, previousToken?: string): Promise<string> {
    const expected = await consumeChallenge(this.db, { purpose: 'login', userId: null, id: body.challenge_id });
    const key = await passkeyByCredential(this.db, body.response.id);
    if (!key) throw unknownPasskey();
    const handle = body.response.response.userHandle;
    if (handle && handle !== Buffer.from(userHandle(key.userId)).toString('base64url')) throw unknownPasskey();
    const [user] = await this.db.select().from(users).where(eq(users.id, key.userId));
    if (!user || user.deletedAt) throw unknownPasskey();
    await this.verify(rp, key, body, expected, true);
    // The passkey verified the member: no second step.
    const { token } = await this.auth().signIn(user, client, {
      method: 'passkey',
      twoFactorPending: false,
      previousToken,
    });
    return token;
  }

  /** The second step of a password sign-in: only this member's passkeys are offered and accepted. */
  async secondFactorOptions(pending: ResolvedSession, rp: RelyingParty): Promise<PasskeyChallenge> {
    const userId = pending.account.user.id;
    const mine = await passkeysOf(this.db, userId);
    if (mine.length === 0) throw new AppError('PASSKEY_NOT_SET_UP', 'This account has no passkey');
    const { id, challenge } = await issueChallenge(this.db, 'second_factor', userId);
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      challenge: challengeBytes(challenge),
      userVerification: 'preferred',
      allowCredentials: mine.map((p) => ({ id: p.credentialId, transports: p.transports })),
    });
    return { challengeId: id, options: asContract(options) };
  }

  /** Completes the pending sign-in like a TOTP code does: the pending session is replaced by a full one. */
  async completeSecondFactor(
    pending: ResolvedSession,
    rp: RelyingParty,
    body: PasskeySignInBody,
    client: ClientInfo,
  ): Promise<string> {
    if (!pending.session.twoFactorPending) throw new AppError('TWO_FA_NOT_PENDING', 'No sign-in is waiting for a code');
    const userId = pending.account.user.id;
    const expected = await consumeChallenge(this.db, { purpose: 'second_factor', userId, id: body.challenge_id });
    const key = await passkeyByCredential(this.db, body.response.id);
    // Another member's passkey proves nothing about this account.
    if (!key || key.userId !== userId) throw unknownPasskey();
    // The password was the first factor: a key without user verification is enough here.
    await this.verify(rp, key, body, expected, false);
    await this.sessions.revoke(pending.session.id);
    const method = pending.session.method as SessionMethod;
    const { token } = await this.sessions.create(userId, client, false, method);
    return token;
  }

  private async verify(
    rp: RelyingParty,
    key: PasskeyRow,
    body: PasskeySignInBody,
    expectedChallenge: string,
    requireUserVerification: boolean,
  ): Promise<void> {
    let newCounter: number;
    try {
      const result = await verifyAuthenticationResponse({
        response: body.response,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: key.credentialId,
          publicKey: Buffer.from(key.publicKey, 'base64url'),
          counter: key.counter,
          transports: key.transports,
        },
        requireUserVerification,
      });
      if (!result.verified) throw new Error('signature not verified');
      newCounter = result.authenticationInfo.newCounter;
    } catch (err) {
      // Covers a wrong origin or RP id, a bad signature, a missing user verification and a counter
      // that went back (a cloned authenticator).
      throw new AppError('PASSKEY_INVALID', `The passkey answer was refused: ${(err as Error).message}`);
    }
    if (!(await recordUse(this.db, key, newCounter)))
      throw new AppError('PASSKEY_INVALID', 'The passkey was used by another request at the same time');
  }
}
