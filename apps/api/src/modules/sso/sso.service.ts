import { type SsoProvider, ssoProviders } from '@hostdeck/contracts';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthStates, userIdentities } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import type { TurnstileService } from '../abuse/turnstile.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ClientInfo } from '../auth/sessions.service.ts';
import { NO_PASSWORD_HASH } from '../auth/sign-in-methods.ts';
import { findUserByEmail, findUserWithRole } from '../auth/users.repo.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { type SsoEndpoints, type SsoIdentity, SsoProviders } from './sso-providers.ts';
import { freeUsername } from './username.ts';

const STATE_TTL_MS = 10 * 60_000;
export type SsoMode = 'login' | 'link';

export type SsoOutcome =
  | { kind: 'signed_in'; token: string; twoFactorPending: boolean; created: boolean }
  | { kind: 'linked' };

export interface SsoCallback {
  code?: string;
  state?: string;
  error?: string;
}

export interface SsoCaller {
  /** The state the browser was given at the start (HttpOnly cookie): binds the round trip to it. */
  browserState?: string;
  /** The member signed in on this browser, if any (a link must come back to the one who started it). */
  signedInUserId?: string;
  client: ClientInfo;
  /** The session token the browser had (a sign-in never keeps using it). */
  previousToken?: string;
}

/**
 * Single sign-on with Discord and GitHub: OAuth2 with a single-use state (stored hashed, ten
 * minutes, bound to the browser by a cookie) and PKCE. An outside account signs in to the member it
 * is linked to; it is linked to an existing account only by that account's signed-in owner or when
 * the provider verified the matching address; otherwise it opens a new account through the same
 * sign-up path (and checks) as the form. SSO never skips two-factor.
 */
export class SsoService {
  readonly providers: SsoProviders;

  constructor(
    private readonly db: Db,
    settings: SettingsService,
    /** The human check a sign-in or sign-up round trip passes before it starts. */
    private readonly turnstile: TurnstileService,
    /** The form's sign-up path and the shared sign-in bookkeeping (a getter: built together in app.ts). */
    private readonly auth: () => AuthService,
    publicUrl: () => string,
    endpoints: SsoEndpoints,
  ) {
    this.providers = new SsoProviders(settings, publicUrl, endpoints);
  }

  available(): SsoProvider[] {
    return ssoProviders.filter((p) => this.providers.enabled(p));
  }

  /**
   * The provider's consent page, and the state the browser keeps (in a cookie) until it comes back.
   * A sign-in round trip (which may end in a sign-up) passes Turnstile here, when it is on: no token
   * can travel through the provider, and the state has no room for a verdict, so none is made before
   * the check passed. Holding a live sso_login state therefore means the check passed, and
   * TurnstileService.signUpCheck lets `via: 'sso'` sign-ups through. A link (signed in) needs no check.
   */
  async start(
    provider: SsoProvider,
    mode: SsoMode,
    userId: string | null,
    human: { turnstileToken?: string; ip?: string } = {},
  ): Promise<{ url: string; state: string }> {
    if (!this.providers.enabled(provider))
      throw new AppError('SSO_DISABLED', `Signing in with ${provider} is not available on this panel`);
    if (mode === 'link' && !userId) throw new AppError('UNAUTHORIZED', 'Please log in');
    if (mode === 'login') await this.turnstile.require(human.turnstileToken, human.ip);
    const state = randomToken();
    const codeVerifier = randomToken();
    await this.db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
    await this.db.insert(oauthStates).values({
      stateHash: sha256(state),
      userId: mode === 'link' ? userId : null,
      provider,
      purpose: mode === 'link' ? 'sso_link' : 'sso_login',
      returnTo: mode === 'link' ? 'account' : 'login',
      codeVerifier,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    return { url: this.providers.client(provider).authorizationUrl(state, codeVerifier), state };
  }

  /** Whether a (possibly failing) round trip was a link from /account; read before it is consumed. */
  async modeOf(state: string | undefined): Promise<SsoMode> {
    if (!state) return 'login';
    const [row] = await this.db
      .select({ purpose: oauthStates.purpose })
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, sha256(state)));
    return row?.purpose === 'sso_link' ? 'link' : 'login';
  }

  async complete(provider: SsoProvider, q: SsoCallback, caller: SsoCaller): Promise<SsoOutcome> {
    const invalid = () =>
      new AppError('OAUTH_STATE_INVALID', 'This sign-in expired or was not started here; try again');
    if (!q.state || !caller.browserState || !safeEqual(q.state, caller.browserState)) throw invalid();
    // Single use: the one DELETE that returns the row wins; a replay finds nothing.
    const [row] = await this.db
      .delete(oauthStates)
      .where(
        and(
          eq(oauthStates.stateHash, sha256(q.state)),
          eq(oauthStates.provider, provider),
          inArray(oauthStates.purpose, ['sso_login', 'sso_link']),
        ),
      )
      .returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) throw invalid();
    if (row.purpose === 'sso_link' && (!row.userId || row.userId !== caller.signedInUserId)) throw invalid();
    if (!this.providers.enabled(provider))
      throw new AppError('SSO_DISABLED', `Signing in with ${provider} is not available on this panel`);
    if (q.error || !q.code) throw new AppError('SSO_ACCESS_DENIED', 'The provider did not grant access');
    const identity = await this.providers.client(provider).identify(q.code, row.codeVerifier);

    const [existing] = await this.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.providerUserId, identity.id)));
    if (row.purpose === 'sso_link') {
      const me = row.userId as string;
      if (existing && existing.userId !== me)
        throw new AppError('SSO_ALREADY_LINKED', 'This account of the provider is linked to another member');
      if (!existing) await this.link(me, identity, 'signed_in');
      return { kind: 'linked' };
    }
    if (existing) return this.signIn(existing.userId, identity, caller);

    const owner = identity.email ? await findUserByEmail(this.db, identity.email) : null;
    if (owner) {
      // Never by an address the provider did not verify: the owner signs in and links from /account.
      if (!identity.emailVerified)
        throw new AppError(
          'SSO_EMAIL_UNVERIFIED',
          'An account with this email exists; sign in to it and link the provider from your account page',
        );
      if (owner.deletedAt || owner.banned) return this.signIn(owner.id, identity, caller);
      await this.link(owner.id, identity, 'verified_email');
      return this.signIn(owner.id, identity, caller);
    }
    if (!identity.email)
      throw new AppError('SSO_EMAIL_UNVERIFIED', 'The provider shared no email address; add one there and try again');
    return this.signUp(identity, caller);
  }

  private async signUp(identity: SsoIdentity, caller: SsoCaller): Promise<SsoOutcome> {
    const username = await freeUsername(this.db, identity.username);
    const [first = '', ...rest] = (identity.displayName ?? '').trim().split(/\s+/);
    const created = await this.auth().register(
      {
        username,
        email: identity.email as string,
        // Not used: the account gets NO_PASSWORD_HASH (no password until the member sets one).
        password: randomToken(),
        first_name: (first || username).slice(0, 64),
        last_name: rest.join(' ').slice(0, 64),
      },
      caller.client,
      { via: 'sso' },
      {
        verified: identity.emailVerified,
        passwordHash: NO_PASSWORD_HASH,
        method: `sso:${identity.provider}`,
        onCreated: (tx, user) => this.insertIdentity(tx, user.id, identity).then(() => undefined),
      },
    );
    return { kind: 'signed_in', token: created.token, twoFactorPending: false, created: true };
  }

  private async signIn(userId: string, identity: SsoIdentity, caller: SsoCaller): Promise<SsoOutcome> {
    const account = await findUserWithRole(this.db, userId);
    const user = account?.user;
    if (!user) throw new AppError('ACCOUNT_DELETED', 'This account was deleted');
    const { token } = await this.auth().signIn(user, caller.client, {
      method: `sso:${identity.provider}`,
      twoFactorPending: user.twoFactorEnabled,
      previousToken: caller.previousToken,
    });
    const now = new Date();
    await this.db
      .update(userIdentities)
      .set({
        username: identity.username,
        email: identity.email,
        emailVerified: identity.emailVerified,
        lastUsedAt: now,
      })
      .where(and(eq(userIdentities.userId, user.id), eq(userIdentities.provider, identity.provider)));
    return { kind: 'signed_in', token, twoFactorPending: user.twoFactorEnabled, created: false };
  }

  /** Links in one transaction with its audit entry; the unique keys settle two links racing. */
  private async link(userId: string, identity: SsoIdentity, via: 'signed_in' | 'verified_email'): Promise<void> {
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      if (!(await this.insertIdentity(tx, userId, identity)))
        throw new AppError(
          'SSO_ALREADY_LINKED',
          `Another ${identity.provider} account is linked to this member, or this one to another member`,
        );
      await recordAudit(tx, {
        actorId: userId,
        action: 'account.identity.link',
        targetType: 'user',
        targetId: userId,
        after: { provider: identity.provider, provider_username: identity.username, via },
      });
    });
  }

  private async insertIdentity(tx: Db, userId: string, identity: SsoIdentity): Promise<boolean> {
    const rows = await tx
      .insert(userIdentities)
      .values({
        userId,
        provider: identity.provider,
        providerUserId: identity.id,
        username: identity.username,
        email: identity.email,
        emailVerified: identity.emailVerified,
        lastUsedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: userIdentities.id });
    return rows.length > 0;
  }
}
