import type { LoginBody, RegisterBody, SetupBody } from '@hostdeck/contracts';
import { ADMINISTRATOR_ROLE_LEVEL, MEMBER_ROLE_LEVEL } from '@hostdeck/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens, type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { SignUpAttempt, SignUpGuard } from '../abuse/sign-up-guard.ts';
import { enqueueTemplateMail } from '../mail/templates.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { createAccount } from './accounts.service.ts';
import { claimToken, voidTokens } from './auth-tokens.ts';
import { EmailVerificationService } from './email-verification.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { ClientInfo, SessionMethod, SessionService } from './sessions.service.ts';
import { accountUsable, type SignInOptions, signIn } from './sign-in.ts';
import { findUserByEmail, findUserByLogin, hasAdministrator } from './users.repo.ts';

const RESET_TTL_MS = 30 * 60_000;
const SETUP_TTL_MS = 24 * 3_600_000;

/** How a sign-up other than the form differs (single sign-on). */
export interface SignUpOptions {
  /** The provider vouched for the address: no verification mail. */
  verified?: boolean;
  /** Stored instead of a password hash (see sign-in-methods.ts NO_PASSWORD_HASH). */
  passwordHash?: string;
  method?: SessionMethod;
  /** Runs in the account's transaction (e.g. links the provider identity). */
  onCreated?: (tx: Db, user: UserRow) => Promise<void>;
  /** The session token the browser had: the new account's session replaces it (rotation, as at sign-in). */
  previousToken?: string;
}

export interface LoginResult {
  token: string;
  twoFactorRequired: boolean;
}

export class AuthService {
  /** Email verification links (mailed at sign-up and on request). */
  readonly verification: EmailVerificationService;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly sessions: SessionService,
    private readonly publicUrl: () => string,
    /** Anti-alt, anti-VPN and Turnstile: every sign-up passes these first. */
    readonly signUpGuard: SignUpGuard,
    /** Whether mail can go out now (SMTP set); while not, mails wait in the outbox. */
    canMail: () => boolean,
  ) {
    this.verification = new EmailVerificationService(db, settings, sessions, publicUrl, canMail);
  }

  async register(
    body: RegisterBody,
    client: ClientInfo,
    attempt: Pick<SignUpAttempt, 'turnstileToken' | 'via'> = { via: 'form' },
    options: SignUpOptions = {},
  ): Promise<{ token: string; uuid: string; username: string }> {
    if (!this.settings.bool('registration_enabled')) {
      throw new AppError('REGISTRATION_DISABLED', 'Sign-up is closed on this panel');
    }
    const flags = await this.signUpGuard.check({ ...attempt, ip: client.ip, device: client.device });
    const user = await createAccount(
      this.db,
      this.settings,
      {
        ...body,
        roleLevel: MEMBER_ROLE_LEVEL,
        ip: client.ip,
        device: client.device,
        verified: options.verified,
        passwordHash: options.passwordHash,
      },
      // The welcome mail and the verification link commit with the account.
      async (tx, created) => {
        await this.signUpGuard.record(tx, created.id, flags);
        await enqueueTemplateMail(tx, this.settings, {
          to: created.email,
          template: 'welcome',
          vars: { username: created.username, dashboard_url: `${this.publicUrl()}/dashboard` },
        });
        if (!options.verified) await this.verification.issue(tx, created);
        await options.onCreated?.(tx, created);
      },
    );
    const previous = await this.sessions.resolve(options.previousToken);
    if (previous) await this.sessions.revoke(previous.session.id);
    const { token } = await this.sessions.create(user.id, client, false, options.method);
    return { token, uuid: user.id, username: user.username };
  }

  /** Wrong login and wrong password give the same answer; a banned account only after the right password. */
  async login(body: LoginBody, client: ClientInfo, previousToken?: string): Promise<LoginResult> {
    const user = await findUserByLogin(this.db, body.login);
    const ok = await verifyPassword(user?.deletedAt ? undefined : user?.passwordHash, body.password);
    if (!user || !ok || user.deletedAt) throw new AppError('INVALID_CREDENTIALS', 'Wrong username, email or password');
    const { token } = await this.signIn(user, client, {
      method: 'password',
      twoFactorPending: user.twoFactorEnabled,
      previousToken,
    });
    return { token, twoFactorRequired: user.twoFactorEnabled };
  }

  /** The bookkeeping of every sign-in path (see sign-in.ts): passkey, single sign-on and links call it too. */
  signIn(user: UserRow, client: ClientInfo, options: SignInOptions): Promise<{ token: string }> {
    return signIn(
      {
        db: this.db,
        settings: this.settings,
        sessions: this.sessions,
        publicUrl: this.publicUrl,
        watcher: this.signUpGuard,
      },
      user,
      client,
      options,
    );
  }

  /** Always succeeds from the caller's view, whether or not the address is known. */
  async forgotPassword(email: string): Promise<void> {
    const user = await findUserByEmail(this.db, email);
    if (!user || !accountUsable(user)) return;
    const token = randomToken();
    const link = `${this.publicUrl()}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await this.db.transaction(async (tx) => {
      // Only the newest link works.
      await tx
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'password_reset'), isNull(authTokens.usedAt)));
      await tx.insert(authTokens).values({
        kind: 'password_reset',
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      });
      await enqueueTemplateMail(tx as unknown as Db, this.settings, {
        to: user.email,
        template: 'reset_password',
        vars: { username: user.username, reset_url: link, expires_minutes: RESET_TTL_MS / 60_000 },
      });
    });
  }

  /** Single use, enforced by one conditional UPDATE; every session of the account ends. */
  async resetPassword(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const userId = await this.db.transaction(async (tx) => {
      const used = await claimToken(tx as unknown as Db, 'password_reset', token);
      if (!used?.userId) return null;
      // A link mailed before the account was banned or its deletion asked for sets nothing.
      const [owner] = await tx.select().from(users).where(eq(users.id, used.userId));
      if (!owner || !accountUsable(owner)) return null;
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, used.userId));
      // Other reset links and a pending address change (perhaps an intruder's) stop working too.
      await voidTokens(tx as unknown as Db, used.userId, ['password_reset', 'change_email']);
      return used.userId;
    });
    if (!userId)
      throw new AppError('RESET_TOKEN_INVALID', 'This reset link is invalid, used or expired; ask for a new one');
    await this.sessions.revokeAllForUser(userId);
  }

  setupRequired(): Promise<boolean> {
    return hasAdministrator(this.db).then((has) => !has);
  }

  /** Issues the one-time first-run link (older ones stop working); null when an administrator exists. */
  async issueSetupToken(): Promise<string | null> {
    if (!(await this.setupRequired())) return null;
    const token = randomToken();
    await this.db.transaction(async (tx) => {
      await tx
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.kind, 'setup'), isNull(authTokens.usedAt)));
      await tx
        .insert(authTokens)
        .values({ kind: 'setup', tokenHash: sha256(token), expiresAt: new Date(Date.now() + SETUP_TTL_MS) });
    });
    return `${this.publicUrl()}/auth/setup?token=${encodeURIComponent(token)}`;
  }

  /** Answers the new session's token and the administrator's id. */
  async completeSetup(body: SetupBody, client: ClientInfo): Promise<{ token: string; userId: string }> {
    if (!(await this.setupRequired()))
      throw new AppError('SETUP_ALREADY_DONE', 'This panel already has an administrator');
    // Claim the token and create the account together: a refused account leaves the link usable.
    const user = await this.db.transaction(async (tx) => {
      const claimed = await claimToken(tx as unknown as Db, 'setup', body.token);
      if (!claimed)
        throw new AppError(
          'SETUP_TOKEN_INVALID',
          'This setup link is invalid or was already used; restart the server for a new one',
        );
      return createAccount(tx as unknown as Db, this.settings, {
        ...body,
        roleLevel: ADMINISTRATOR_ROLE_LEVEL,
        ip: client.ip,
        verified: true,
      });
    });
    const { token } = await this.sessions.create(user.id, client);
    return { token, userId: user.id };
  }
}
