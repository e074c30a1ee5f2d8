import { TOTP_CODE_PATTERN } from '@hostdeck/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { decrypt, encrypt } from '../../lib/crypto.ts';
import { wrongPassword } from '../account/account.service.ts';
import { enqueueTemplateMail, mailDate } from '../mail/templates.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { describeUserAgent } from './new-login.ts';
import { verifyPassword } from './passwords.ts';
import { replaceRecoveryCodes, unusedRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
import type { ClientInfo, ResolvedSession, SessionMethod, SessionService } from './sessions.service.ts';

const PERIOD = 30;
/** Wrong codes an account may have in a row (within CODE_LOCK_MINUTES) before codes are refused a while. */
export const MAX_CODE_FAILURES = 10;
export const CODE_LOCK_MINUTES = 15;
// One answer for an app code and a recovery code: wrong, or already used (both are single use).
const invalidCode = () => new AppError('TWO_FA_INVALID_CODE', 'That code is not right or was already used');
const notEnabled = () => new AppError('TWO_FA_NOT_ENABLED', 'Two-factor authentication is not on');

/**
 * TOTP (RFC 6238): 6 digits, 30 s, SHA-1 — what every authenticator app reads. One step of drift
 * allowed, and each accepted time step is stored (users.two_factor_last_step) so a code works once:
 * a later request with the same or an older step is refused (RFC 6238 §5.2).
 */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly sessions: SessionService,
    private readonly appKey: string,
    private readonly publicUrl: () => string = () => '',
  ) {}

  private totp(user: UserRow, secret: Secret): TOTP {
    return new TOTP({
      issuer: this.settings.string('app_name'),
      label: user.username,
      secret,
      digits: 6,
      period: PERIOD,
    });
  }

  /** The time step the code belongs to (now ±1), or null when it is not a code of this secret. */
  private matchStep(sealedSecret: string | null, user: UserRow, code: string): number | null {
    if (!sealedSecret) return null;
    const secret = Secret.fromBase32(decrypt(sealedSecret, this.appKey));
    const now = Date.now();
    const delta = this.totp(user, secret).validate({ token: code, window: 1, timestamp: now });
    return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
  }

  /** The stored row, not the session cache: the secret and flags a code is checked against. */
  private async fresh(userId: string): Promise<UserRow> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!row) throw new AppError('UNAUTHORIZED', 'Please log in');
    return row;
  }

  /**
   * Accepts a TOTP code once: the step is claimed by one conditional UPDATE, so two requests
   * carrying the same code (even in parallel) cannot both pass.
   */
  private async claimTotp(user: UserRow, code: string): Promise<void> {
    const step = this.matchStep(user.twoFactorSecret, user, code);
    if (step === null) throw invalidCode();
    const claimed = await this.db
      .update(users)
      .set({ twoFactorLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
      .returning({ id: users.id });
    if (claimed.length === 0)
      throw new AppError('TWO_FA_CODE_USED', 'That code was already used; wait for the next one');
  }

  /**
   * A TOTP code or an unused recovery code of an account with two-factor on. Wrong codes are counted
   * per account, whatever the path and the address: after MAX_CODE_FAILURES within CODE_LOCK_MINUTES
   * every code is refused until that long after the last wrong one. A limit per address alone let
   * someone holding the password, with many addresses, work through the million codes.
   */
  async secondFactor(user: UserRow, code: string): Promise<void> {
    // Each attempt is counted before the code is looked at, in one conditional UPDATE: parallel
    // attempts cannot all read "not locked yet" and be checked past the limit.
    const within = sql`${users.twoFactorFailedAt} > now() - make_interval(mins => ${CODE_LOCK_MINUTES})`;
    const [attempt] = await this.db
      .update(users)
      .set({
        twoFactorFailures: sql`case when ${within} then ${users.twoFactorFailures} + 1 else 1 end`,
        twoFactorFailedAt: sql`now()`,
      })
      .where(and(eq(users.id, user.id), sql`not (${users.twoFactorFailures} >= ${MAX_CODE_FAILURES} and ${within})`))
      .returning({ id: users.id });
    if (!attempt)
      throw new AppError('TWO_FA_LOCKED', `Too many wrong codes: codes are refused for ${CODE_LOCK_MINUTES} minutes`);
    if (TOTP_CODE_PATTERN.test(code)) await this.claimTotp(user, code);
    else if (!(await useRecoveryCode(this.db, user.id, code))) throw invalidCode();
    // A right code: the count starts over.
    await this.db.update(users).set({ twoFactorFailures: 0 }).where(eq(users.id, user.id));
  }

  /** Starts (or restarts) an unfinished setup: a new secret, not yet enforced. */
  async begin(user: UserRow): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
    if (user.twoFactorEnabled) throw new AppError('TWO_FA_ALREADY_ENABLED', 'Two-factor authentication is already on');
    const secret = new Secret({ size: 20 });
    await this.db
      .update(users)
      .set({ twoFactorSecret: encrypt(secret.base32, this.appKey) })
      .where(eq(users.id, user.id));
    await this.sessions.invalidateUser(user.id);
    const otpauthUrl = this.totp(user, secret).toString();
    return { secret: secret.base32, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
  }

  /** Turns two-factor on with a first code; answers the ten recovery codes (shown once). */
  async confirm(sessionUser: UserRow, code: string): Promise<string[]> {
    const user = await this.fresh(sessionUser.id);
    if (user.twoFactorEnabled) throw new AppError('TWO_FA_ALREADY_ENABLED', 'Two-factor authentication is already on');
    if (!user.twoFactorSecret) throw new AppError('TWO_FA_SETUP_NOT_STARTED', 'Start the two-factor setup first');
    if (!TOTP_CODE_PATTERN.test(code)) throw invalidCode();
    const step = this.matchStep(user.twoFactorSecret, user, code);
    if (step === null) throw invalidCode();
    const codes = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // Only if nothing changed since the check: same secret, still off, and the step not used yet.
      const [on] = await tx
        .update(users)
        .set({ twoFactorEnabled: true, twoFactorLastStep: step })
        .where(
          and(
            eq(users.id, user.id),
            eq(users.twoFactorEnabled, false),
            eq(users.twoFactorSecret, user.twoFactorSecret as string),
            or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step)),
          ),
        )
        .returning({ id: users.id });
      if (!on) throw new AppError('TWO_FA_CODE_USED', 'That code was already used; wait for the next one');
      return replaceRecoveryCodes(tx, user.id);
    });
    await this.sessions.invalidateUser(user.id);
    return codes;
  }

  /** Cancels an unfinished setup; an enabled second factor is not touched (turning it off needs a code). */
  async cancelSetup(user: UserRow): Promise<void> {
    if (user.twoFactorEnabled || !user.twoFactorSecret) return;
    await this.db
      .update(users)
      .set({ twoFactorSecret: null })
      .where(and(eq(users.id, user.id), eq(users.twoFactorEnabled, false)));
    await this.sessions.invalidateUser(user.id);
  }

  /** Completes a login with a TOTP or recovery code: the pending session is replaced by a full one. */
  async verifyLogin(pending: ResolvedSession, code: string, client: ClientInfo): Promise<string> {
    if (!pending.session.twoFactorPending) throw new AppError('TWO_FA_NOT_PENDING', 'No sign-in is waiting for a code');
    const user = await this.fresh(pending.account.user.id);
    if (!user.twoFactorEnabled) throw notEnabled();
    await this.secondFactor(user, code);
    await this.sessions.revoke(pending.session.id);
    const method = pending.session.method as SessionMethod;
    const { token } = await this.sessions.create(user.id, client, false, method);
    return token;
  }

  /** Turns two-factor off with a current code or a recovery code; the member is told by mail. */
  async disable(sessionUser: UserRow, code: string, client: ClientInfo): Promise<void> {
    const user = await this.fresh(sessionUser.id);
    if (!user.twoFactorEnabled) throw notEnabled();
    await this.secondFactor(user, code);
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx
        .update(users)
        .set({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      await enqueueTemplateMail(tx, this.settings, {
        to: user.email,
        template: 'two_factor_disabled',
        vars: {
          username: user.username,
          ip: client.ip ?? 'unknown',
          browser: describeUserAgent(client.userAgent),
          time: mailDate(this.settings, new Date()),
          security_url: `${this.publicUrl()}/account#security`,
        },
      });
    });
    await this.sessions.invalidateUser(user.id);
  }

  /** Ten new recovery codes after the password is confirmed; the old ones stop working. */
  async regenerateRecoveryCodes(sessionUser: UserRow, password: string): Promise<string[]> {
    const user = await this.fresh(sessionUser.id);
    // The same refusal as every other check of the current password (account.service.ts).
    if (!(await verifyPassword(user.passwordHash, password))) throw wrongPassword();
    if (!user.twoFactorEnabled) throw notEnabled();
    return this.db.transaction((tx) => replaceRecoveryCodes(tx as unknown as Db, user.id));
  }

  async status(userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const user = await this.fresh(userId);
    return {
      enabled: user.twoFactorEnabled,
      recoveryCodesLeft: user.twoFactorEnabled ? await unusedRecoveryCodes(this.db, userId) : 0,
    };
  }
}
