import type { BillingUpdate, LocaleUpdate, PasswordChange, ProfileUpdate } from '@hostdeck/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { voidTokens } from '../auth/auth-tokens.ts';
import { describeUserAgent } from '../auth/new-login.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { ClientInfo, SessionService } from '../auth/sessions.service.ts';
import { enqueueTemplateMail, mailDate } from '../mail/templates.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/** The current password given is wrong; `field` names the form field that held it. */
export const wrongPassword = (field = 'password') =>
  new AppError('CURRENT_PASSWORD_INVALID', 'Your current password is not right', {
    [field]: 'Your current password is not right',
  });

/** Billing as the session call and receipts show it: an empty field is null. */
export function presentBilling(u: UserRow) {
  return {
    company: u.billingCompany,
    address: u.billingAddress,
    city: u.billingCity,
    state: u.billingState,
    zip: u.billingZip,
    country: u.billingCountry,
    vat: u.billingVat,
  };
}

const orNull = (v: string) => (v === '' ? null : v);

/** The member's own profile, billing details, language and password (/account). */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly sessions: SessionService,
    private readonly publicUrl: () => string,
  ) {}

  async updateProfile(userId: string, body: ProfileUpdate) {
    const row = await this.update(userId, {
      firstName: body.first_name,
      lastName: body.last_name,
      publicProfile: body.public_profile,
    });
    return { first_name: row.firstName, last_name: row.lastName, public_profile: row.publicProfile };
  }

  async updateBilling(userId: string, body: BillingUpdate) {
    const row = await this.update(userId, {
      billingCompany: orNull(body.company),
      billingAddress: orNull(body.address),
      billingCity: orNull(body.city),
      billingState: orNull(body.state),
      billingZip: orNull(body.zip),
      billingCountry: orNull(body.country),
      billingVat: orNull(body.vat),
    });
    return presentBilling(row);
  }

  /** The language mails are written in for this member (the client switches its own at once). */
  async updateLocale(userId: string, body: LocaleUpdate): Promise<void> {
    await this.update(userId, { locale: body.locale });
  }

  /**
   * Needs the current password; the new one is hashed with argon2id, every other session ends (this
   * one stays), and a mail tells the member.
   */
  async changePassword(user: UserRow, keepSessionId: string, body: PasswordChange, client: ClientInfo) {
    if (!(await verifyPassword(user.passwordHash, body.current_password))) throw wrongPassword('current_password');
    const passwordHash = await hashPassword(body.password);
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
      // A reset link mailed earlier, or a pending address change, would undo this: they stop working.
      await voidTokens(tx, user.id, ['password_reset', 'change_email']);
      await enqueueTemplateMail(tx, this.settings, {
        to: user.email,
        template: 'password_changed',
        vars: {
          username: user.username,
          ip: client.ip ?? 'unknown',
          browser: describeUserAgent(client.userAgent),
          time: mailDate(this.settings, new Date()),
          security_url: `${this.publicUrl()}/account#sessions`,
        },
      });
    });
    await this.sessions.revokeAllForUser(user.id, keepSessionId);
  }

  private async update(userId: string, patch: Partial<UserRow>): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new AppError('UNAUTHORIZED', 'Please log in');
    await this.sessions.invalidateUser(userId);
    return row;
  }
}
