import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { decrypt, encrypt } from '../../lib/crypto.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { ClientInfo, ResolvedSession, SessionService } from './sessions.service.ts';

/** TOTP (RFC 6238): 6 digits, 30 s, SHA-1 — what every authenticator app reads. One step of drift allowed. */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly sessions: SessionService,
    private readonly appKey: string,
  ) {}

  private totp(user: UserRow, secret: Secret): TOTP {
    return new TOTP({ issuer: this.settings.string('app_name'), label: user.username, secret, digits: 6, period: 30 });
  }

  private check(user: UserRow, code: string): boolean {
    if (!user.twoFactorSecret) return false;
    const secret = Secret.fromBase32(decrypt(user.twoFactorSecret, this.appKey));
    return this.totp(user, secret).validate({ token: code, window: 1 }) !== null;
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

  async confirm(user: UserRow, code: string): Promise<void> {
    if (user.twoFactorEnabled) throw new AppError('TWO_FA_ALREADY_ENABLED', 'Two-factor authentication is already on');
    if (!user.twoFactorSecret) throw new AppError('TWO_FA_SETUP_NOT_STARTED', 'Start the two-factor setup first');
    if (!this.check(user, code))
      throw new AppError('TWO_FA_INVALID_CODE', 'That code is not right; try the newest one');
    await this.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
    await this.sessions.invalidateUser(user.id);
  }

  /** Cancels an unfinished setup; an enabled second factor is not touched (turning it off needs a code). */
  async cancelSetup(user: UserRow): Promise<void> {
    if (user.twoFactorEnabled || !user.twoFactorSecret) return;
    await this.db.update(users).set({ twoFactorSecret: null }).where(eq(users.id, user.id));
    await this.sessions.invalidateUser(user.id);
  }

  /** Completes a login: the pending session is replaced by a full one (rotation). */
  async verifyLogin(pending: ResolvedSession, code: string, client: ClientInfo): Promise<string> {
    if (!pending.session.twoFactorPending) throw new AppError('TWO_FA_NOT_PENDING', 'No sign-in is waiting for a code');
    if (!this.check(pending.account.user, code))
      throw new AppError('TWO_FA_INVALID_CODE', 'That code is not right; try the newest one');
    await this.sessions.revoke(pending.session.id);
    const { token } = await this.sessions.create(pending.account.user.id, client);
    return token;
  }
}
