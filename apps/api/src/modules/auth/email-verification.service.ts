import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens, type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { enqueueTemplateMail } from '../mail/templates.ts';
import { settleReferral } from '../referrals/referrals.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { claimToken } from './auth-tokens.ts';
import type { SessionService } from './sessions.service.ts';

const VERIFY_TTL_HOURS = 48;
/** A member may ask for a new link once a minute (on top of the route's rate limit). */
const RESEND_COOLDOWN_MS = 60_000;

/**
 * Email verification: a single-use, hashed, expiring token mailed at sign-up and on request. Using
 * it marks the address verified, which is also what settles a pending referral.
 */
export class EmailVerificationService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly sessions: SessionService,
    private readonly publicUrl: () => string,
    private readonly canMail: () => boolean,
  ) {}

  /** Issues a new link (older ones stop working) and mails it; pass the transaction that needs it. */
  async issue(tx: Db, user: Pick<UserRow, 'id' | 'email' | 'username'>): Promise<void> {
    const token = randomToken();
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'verify_email'), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({
      kind: 'verify_email',
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + VERIFY_TTL_HOURS * 3_600_000),
    });
    await enqueueTemplateMail(tx, this.settings, {
      to: user.email,
      template: 'verify_email',
      vars: {
        username: user.username,
        verify_url: `${this.publicUrl()}/auth/verify-email?token=${encodeURIComponent(token)}`,
        expires_hours: VERIFY_TTL_HOURS,
      },
    });
  }

  /**
   * "Send me a new link": refused when already verified, asked for less than a minute ago, or while
   * the panel cannot send mail (the link from sign-up waits in the outbox; another would only join it,
   * and "a new link is on its way" would not be true).
   */
  async resend(userId: string): Promise<void> {
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // The member's row is locked so two parallel requests cannot both pass the cooldown.
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw new AppError('UNAUTHORIZED', 'Please log in');
      if (user.emailVerifiedAt) throw new AppError('EMAIL_ALREADY_VERIFIED', 'Your email address is already verified');
      if (!this.canMail())
        throw new AppError('SMTP_NOT_CONFIGURED', 'This panel cannot send e-mail yet; your link goes out once it can');
      const [last] = await tx
        .select({ createdAt: authTokens.createdAt })
        .from(authTokens)
        .where(
          and(
            eq(authTokens.userId, userId),
            eq(authTokens.kind, 'verify_email'),
            gt(authTokens.createdAt, new Date(Date.now() - RESEND_COOLDOWN_MS)),
          ),
        )
        .orderBy(desc(authTokens.createdAt))
        .limit(1);
      if (last)
        throw new AppError('VERIFY_EMAIL_COOLDOWN', 'A link was sent less than a minute ago; check your inbox first');
      await this.issue(tx, user);
    });
  }

  /** Uses a link: single use (one conditional UPDATE), expired or unknown links are refused. */
  async verify(token: string): Promise<void> {
    const userId = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const claimed = await claimToken(tx, 'verify_email', token);
      if (!claimed?.userId) return null;
      await tx
        .update(users)
        .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, claimed.userId), isNull(users.emailVerifiedAt)));
      return claimed.userId;
    });
    if (!userId)
      throw new AppError(
        'VERIFY_TOKEN_INVALID',
        'This verification link is invalid, used or expired; ask for a new one',
      );
    await this.sessions.invalidateUser(userId);
    // A verified email is one of the things that makes a referred member count.
    await settleReferral(this.db, this.settings, userId);
  }
}
