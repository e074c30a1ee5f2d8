import { isAdminRole } from '@hostdeck/contracts';
import type { Db } from '../../db/client.ts';
import { authTokens } from '../../db/schema/index.ts';
import { type Actor, assertHoldsAll, assertRoot } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { claimToken } from '../auth/auth-tokens.ts';
import type { ClientInfo } from '../auth/sessions.service.ts';
import { assertMaySignIn } from '../auth/sign-in.ts';
import { findUserWithRole } from '../auth/users.repo.ts';

/**
 * One-time sign-in links that an integration mints for a member (e.g. "open the panel" from a
 * Discord bot): single use, valid for minutes, only the SHA-256 stored, every one in the audit log.
 * Nobody mints a link into an account holding a permission they do not hold themselves.
 */
export class SignInLinksService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: () => string,
    /** The sign-in bookkeeping every path shares (a getter: both are built together in app.ts). */
    private readonly auth: () => AuthService,
  ) {}

  async mint(
    actor: Actor,
    userId: string,
    minutes: number,
    apiKeyId: string | null,
  ): Promise<{ url: string; expires_at: string }> {
    const target = await findUserWithRole(this.db, userId);
    if (!target || target.user.deletedAt) throw new AppError('NOT_FOUND', 'No such member');
    // Banned or being deleted: the link could never be redeemed.
    assertMaySignIn(target.user);
    assertHoldsAll(actor, target.role.permissions, 'You cannot sign in as a member with permissions you do not hold');
    // Into another staff account it is a takeover of a peer (who holds the same permissions): admin.root's.
    if (target.user.id !== actor.id && isAdminRole(target.role.level))
      assertRoot(actor, 'Only an administrator holding admin.root can sign in as another staff member');
    const token = randomToken();
    const expiresAt = new Date(Date.now() + minutes * 60_000);
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.insert(authTokens).values({
        kind: 'sign_in_link',
        userId,
        tokenHash: sha256(token),
        expiresAt,
        data: { minted_by: actor.id, api_key_id: apiKeyId },
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'user.sign_in_link',
        targetType: 'user',
        targetId: userId,
        // Not named *key*: the audit log masks such fields.
        after: { expires_at: expiresAt.toISOString(), minutes, integration_id: apiKeyId },
      });
    });
    return {
      url: `${this.publicUrl()}/auth/link?token=${encodeURIComponent(token)}`,
      expires_at: expiresAt.toISOString(),
    };
  }

  /** Uses the link (one conditional UPDATE: two browsers racing cannot both sign in) and signs in. */
  async redeem(
    token: string,
    client: ClientInfo,
    previousToken: string | undefined,
  ): Promise<{ token: string; twoFactorRequired: boolean }> {
    const claimed = await claimToken(this.db, 'sign_in_link', token);
    if (!claimed?.userId)
      throw new AppError('SIGN_IN_LINK_INVALID', 'This sign-in link is invalid, used or expired; ask for a new one');
    const account = await findUserWithRole(this.db, claimed.userId);
    if (!account) throw new AppError('ACCOUNT_DELETED', 'This account was deleted');
    // A link stands in for the password, not for the second factor.
    const pending = account.user.twoFactorEnabled;
    const session = await this.auth().signIn(account.user, client, {
      method: 'link',
      twoFactorPending: pending,
      previousToken,
    });
    return { token: session.token, twoFactorRequired: pending };
  }
}
