import type { DiscordAccount } from '@hostdeck/contracts';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { discordAccounts, oauthStates } from '../../db/schema/index.ts';
import { DiscordClient, DiscordError, type DiscordUser } from '../../integrations/discord/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { SettingsService } from '../settings/settings.service.ts';

const STATE_TTL_MS = 10 * 60_000;
export type DiscordPurpose = 'link' | 'j4r';
export type DiscordReturn = 'account' | 'j4r';

/** What a completed round trip through Discord's consent page yields. */
export interface DiscordVisit {
  purpose: DiscordPurpose;
  returnTo: DiscordReturn;
  identity: DiscordUser;
  /** The member's Discord servers, read with the fresh token (the token itself is revoked, never kept). */
  guildIds: Set<string>;
}

/**
 * Discord account linking: an OAuth2 round trip with a single-use state (stored hashed, bound to the
 * member, ten minutes) and PKCE; one member per Discord account and one Discord account per member.
 */
export class DiscordService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly publicUrl: () => string,
    private readonly base: string,
  ) {}

  configured(): boolean {
    return this.settings.string('discord_client_id') !== '' && this.settings.isSet('discord_client_secret');
  }

  client(): DiscordClient {
    return new DiscordClient(this.base, {
      clientId: this.settings.string('discord_client_id'),
      clientSecret: this.settings.string('discord_client_secret'),
      redirectUri: `${this.publicUrl()}/api/auth/discord/callback`,
    });
  }

  async account(userId: string): Promise<DiscordAccount | null> {
    const [row] = await this.db.select().from(discordAccounts).where(eq(discordAccounts.userId, userId));
    return row ? { id: row.discordId, username: row.username, linked_at: row.linkedAt.toISOString() } : null;
  }

  /** The address of Discord's consent page for this member and purpose. */
  async start(userId: string, purpose: DiscordPurpose, returnTo: DiscordReturn): Promise<string> {
    if (!this.configured()) throw new AppError('DISCORD_NOT_CONFIGURED', 'Discord is not set up on this panel');
    const state = randomToken();
    const codeVerifier = randomToken();
    // Old round trips of this member that were never finished go; so do everyone's expired ones.
    await this.db.delete(oauthStates).where(or(lt(oauthStates.expiresAt, new Date()), eq(oauthStates.userId, userId)));
    await this.db.insert(oauthStates).values({
      stateHash: sha256(state),
      userId,
      provider: 'discord',
      purpose,
      returnTo,
      codeVerifier,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    return this.client().authorizationUrl(state, codeVerifier);
  }

  /** Where a failed round trip should send the member back to (their state says; /account when unknown). */
  async returnPage(userId: string, state: string | undefined): Promise<DiscordReturn> {
    if (!state) return 'account';
    const [row] = await this.db
      .select({ returnTo: oauthStates.returnTo })
      .from(oauthStates)
      .where(and(eq(oauthStates.stateHash, sha256(state)), eq(oauthStates.userId, userId)));
    return row?.returnTo === 'j4r' ? 'j4r' : 'account';
  }

  /**
   * Discord sent the member back: the state is consumed (single use, theirs, not expired), the code
   * exchanged with the verifier, the identity and servers read, the token revoked, the account linked.
   */
  async complete(userId: string, q: { code?: string; state?: string; error?: string }): Promise<DiscordVisit> {
    const [row] = q.state
      ? await this.db
          .delete(oauthStates)
          .where(and(eq(oauthStates.stateHash, sha256(q.state)), eq(oauthStates.userId, userId)))
          .returning()
      : [];
    // Sign-in states (modules/sso) never reach this callback's work: they belong to another flow.
    if (!row || row.expiresAt.getTime() <= Date.now() || (row.purpose !== 'link' && row.purpose !== 'j4r'))
      throw new AppError('OAUTH_STATE_INVALID', 'This Discord sign-in expired or was not started here; try again');
    if (q.error || !q.code) throw new AppError('DISCORD_NOT_LINKED', 'Discord access was not granted');
    const client = this.client();
    try {
      const token = await client.exchange(q.code, row.codeVerifier);
      const [identity, guildIds] = await Promise.all([client.me(token), client.guildIds(token)]);
      await client.revoke(token);
      await this.link(userId, identity, row.purpose);
      return { purpose: row.purpose, returnTo: row.returnTo === 'j4r' ? 'j4r' : 'account', identity, guildIds };
    } catch (err) {
      if (err instanceof DiscordError)
        throw err.status === 400
          ? new AppError('OAUTH_STATE_INVALID', err.message)
          : new AppError('DISCORD_UNREACHABLE', err.message);
      throw err;
    }
  }

  private async link(userId: string, identity: DiscordUser, purpose: DiscordPurpose): Promise<void> {
    const username = identity.global_name ? `${identity.username} (${identity.global_name})` : identity.username;
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [mine] = await tx.select().from(discordAccounts).where(eq(discordAccounts.userId, userId)).for('update');
      if (mine && mine.discordId !== identity.id)
        throw new AppError(
          'DISCORD_ACCOUNT_MISMATCH',
          purpose === 'j4r'
            ? 'You signed in to Discord with another account than the one linked here'
            : 'Another Discord account is linked; unlink it first',
        );
      const [taken] = await tx
        .select({ userId: discordAccounts.userId })
        .from(discordAccounts)
        .where(and(eq(discordAccounts.discordId, identity.id), ne(discordAccounts.userId, userId)));
      if (taken) throw new AppError('DISCORD_ALREADY_LINKED', 'This Discord account is linked to another member');
      if (mine) await tx.update(discordAccounts).set({ username }).where(eq(discordAccounts.userId, userId));
      else {
        // The unique discord_id settles two members linking one Discord account at the same moment.
        const [created] = await tx
          .insert(discordAccounts)
          .values({ userId, discordId: identity.id, username })
          .onConflictDoNothing()
          .returning();
        if (!created) throw new AppError('DISCORD_ALREADY_LINKED', 'This Discord account is linked to another member');
      }
    });
  }

  async unlink(userId: string): Promise<void> {
    const removed = await this.db.delete(discordAccounts).where(eq(discordAccounts.userId, userId)).returning();
    if (removed.length === 0) throw new AppError('DISCORD_NOT_LINKED', 'No Discord account is linked');
  }
}
