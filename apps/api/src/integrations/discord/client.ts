import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError } from 'arctic';
import { withTimeout } from '../../lib/timeout.ts';

/** Discord refused, failed or could not be reached. */
export class DiscordError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  /** Sent with the `email` scope only. */
  email?: string | null;
  /** Whether Discord verified the email address. */
  verified?: boolean;
}

const TIMEOUT_MS = 10_000;
/** identify: who the member is; guilds: the servers they are in (read once at a check, never stored). */
export const DISCORD_SCOPES = ['identify', 'guilds'];

/**
 * Discord over its documented HTTP API: OAuth2 with PKCE through arctic's generic client (so the
 * base address can point at a double), the member's identity and servers with their access token,
 * and guild membership with the bot token (GET /guilds/{guild}/members/{user}: 404 code 10007
 * "Unknown Member" when they left).
 */
export class DiscordClient {
  constructor(
    private readonly base: string,
    private readonly app: { clientId: string; clientSecret: string; redirectUri: string },
  ) {}

  private oauth(): OAuth2Client {
    return new OAuth2Client(this.app.clientId, this.app.clientSecret, this.app.redirectUri);
  }

  authorizationUrl(state: string, codeVerifier: string, scopes: string[] = DISCORD_SCOPES): string {
    return this.oauth()
      .createAuthorizationURLWithPKCE(
        `${this.base}/oauth2/authorize`,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        scopes,
      )
      .toString();
  }

  /** Exchanges the code for an access token (used for two reads, then revoked). */
  async exchange(code: string, codeVerifier: string): Promise<string> {
    try {
      // arctic's fetch takes no abort signal: bound the wait instead.
      const tokens = await withTimeout(
        this.oauth().validateAuthorizationCode(`${this.base}/api/oauth2/token`, code, codeVerifier),
        TIMEOUT_MS,
        `no answer within ${TIMEOUT_MS / 1000} s`,
      );
      return tokens.accessToken();
    } catch (err) {
      if (err instanceof OAuth2RequestError) throw new DiscordError(`Discord refused the sign-in (${err.code})`, 400);
      throw new DiscordError(`Discord cannot be reached (${(err as Error).message})`);
    }
  }

  /** Revoking is a courtesy: the token is not kept anywhere, so a failure is ignored. */
  async revoke(accessToken: string): Promise<void> {
    await withTimeout(
      this.oauth().revokeToken(`${this.base}/api/oauth2/token/revoke`, accessToken),
      TIMEOUT_MS,
      'revoke timed out',
    ).catch(() => undefined);
  }

  me(accessToken: string): Promise<DiscordUser> {
    return this.call<DiscordUser>('/users/@me', `Bearer ${accessToken}`);
  }

  /** The ids of the servers the member is in (up to 200, Discord's page size for this call). */
  async guildIds(accessToken: string): Promise<Set<string>> {
    const guilds = await this.call<{ id: string }[]>('/users/@me/guilds?limit=200', `Bearer ${accessToken}`);
    return new Set(guilds.map((g) => g.id));
  }

  /** Whether the Discord user is in the guild, asked with the bot token; null when the bot cannot see the guild. */
  async isMember(guildId: string, userId: string, botToken: string): Promise<boolean | null> {
    try {
      await this.call(`/guilds/${guildId}/members/${userId}`, `Bot ${botToken}`);
      return true;
    } catch (err) {
      if (err instanceof DiscordError && err.status === 404 && err.message.includes('10007')) return false;
      if (err instanceof DiscordError && (err.status === 403 || err.status === 404)) return null;
      throw err;
    }
  }

  private async call<T>(path: string, authorization: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.base}/api/v10${path}`, {
        headers: { authorization, 'user-agent': 'Hostdeck (https://github.com/hostdeck, 0.1)' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new DiscordError(`Discord cannot be reached (${(err as Error).message})`);
    }
    const body = (await res.json().catch(() => ({}))) as T & { code?: number; message?: string };
    if (!res.ok)
      throw new DiscordError(
        `Discord answered HTTP ${res.status}: ${body.message ?? 'error'} (code ${body.code ?? 0})`,
        res.status,
      );
    return body;
  }
}
