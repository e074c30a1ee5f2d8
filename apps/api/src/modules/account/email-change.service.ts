import type { EmailChange } from '@hostdeck/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens, type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { claimToken, voidTokens, WAY_IN_LINKS } from '../auth/auth-tokens.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { SessionService } from '../auth/sessions.service.ts';
import { enqueueTemplateMail } from '../mail/templates.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { wrongPassword } from './account.service.ts';

const CHANGE_TTL_HOURS = 24;

const taken = () =>
  new AppError('EMAIL_TAKEN', 'This email is already registered', { email: 'This email is already registered' });
const invalidLink = () =>
  new AppError('EMAIL_CHANGE_TOKEN_INVALID', 'This confirmation link is invalid, used or expired; ask for a new one');

/** Another live account already uses this address (any case). */
async function emailInUse(db: Db, email: string, exceptUserId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, exceptUserId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Changing the email address: a single-use, hashed, expiring link goes to the NEW address; the
 * address changes only when it is followed (which also proves it, so it counts as verified), and
 * the OLD address is then told. Whether the address is free is checked again at that moment.
 */
export class EmailChangeService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly sessions: SessionService,
    private readonly publicUrl: () => string,
  ) {}

  async request(user: UserRow, body: EmailChange): Promise<void> {
    if (!(await verifyPassword(user.passwordHash, body.password))) throw wrongPassword();
    const email = body.email;
    if (email.toLowerCase() === user.email.toLowerCase())
      throw new AppError('EMAIL_UNCHANGED', 'This is already your email address', {
        email: 'This is already your email address',
      });
    if (await emailInUse(this.db, email, user.id)) throw taken();
    const token = randomToken();
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // Only the newest request works.
      await tx
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'change_email'), isNull(authTokens.usedAt)));
      await tx.insert(authTokens).values({
        kind: 'change_email',
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + CHANGE_TTL_HOURS * 3_600_000),
        data: { email },
      });
      await enqueueTemplateMail(tx, this.settings, {
        to: email,
        template: 'email_change',
        vars: {
          username: user.username,
          new_email: email,
          confirm_url: `${this.publicUrl()}/account/email/confirm?token=${encodeURIComponent(token)}`,
          expires_hours: CHANGE_TTL_HOURS,
        },
      });
    });
  }

  /** Follows the link: single use (one conditional UPDATE), then the address changes in the same transaction. */
  async confirm(token: string): Promise<{ userId: string; email: string }> {
    const result = await this.db
      .transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const claimed = await claimToken(tx, 'change_email', token);
        const email = typeof claimed?.data?.email === 'string' ? claimed.data.email : null;
        if (!claimed?.userId || !email) throw invalidLink();
        const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId)).for('update');
        if (!user || user.deletedAt || user.deletionRequestedAt) throw invalidLink();
        // Someone may have taken the address since the request (the unique index decides a tie).
        if (await emailInUse(tx, email, user.id)) throw taken();
        await tx
          .update(users)
          .set({ email, emailVerifiedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, user.id));
        // Links mailed to the old address (password reset, verification) stop working.
        await voidTokens(tx, user.id, WAY_IN_LINKS);
        await enqueueTemplateMail(tx, this.settings, {
          to: user.email,
          template: 'email_changed',
          vars: { username: user.username, new_email: email, security_url: `${this.publicUrl()}/account` },
        });
        return { userId: user.id, email };
      })
      .catch((err: unknown) => {
        const cause = (err as { cause?: { code?: string } }).cause ?? (err as { code?: string });
        if (cause.code === '23505') throw taken();
        throw err;
      });
    await this.sessions.invalidateUser(result.userId);
    return result;
  }
}
