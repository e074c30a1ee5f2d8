import type { SsoProvider } from '@hostdeck/contracts';
import { DiscordClient, DiscordError } from '../../integrations/discord/client.ts';
import { GitHubClient, GitHubError, type GitHubUrls } from '../../integrations/github/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/** Who the provider says signed in. */
export interface SsoIdentity {
  provider: SsoProvider;
  id: string;
  username: string;
  displayName: string | null;
  email: string | null;
  /** The provider verified the address (Discord `verified`, GitHub /user/emails `verified`). */
  emailVerified: boolean;
}

export interface SsoClient {
  authorizationUrl(state: string, codeVerifier: string): string;
  /** Exchanges the code (PKCE verifier included) and reads the identity; the token is not kept. */
  identify(code: string, codeVerifier: string): Promise<SsoIdentity>;
}

export interface SsoEndpoints {
  discord: string;
  github: GitHubUrls;
}

/** Sign-in needs the address and whether it is verified: `email` on top of `identify`. */
const DISCORD_SSO_SCOPES = ['identify', 'email'];

/** Provider failures as the API's errors: a refused code or verifier is a state problem, the rest an outage. */
function mapError(err: unknown): never {
  if (err instanceof DiscordError || err instanceof GitHubError)
    throw err.status === 400
      ? new AppError('OAUTH_STATE_INVALID', err.message)
      : new AppError('SSO_PROVIDER_UNREACHABLE', err.message);
  throw err;
}

export class SsoProviders {
  constructor(
    private readonly settings: SettingsService,
    private readonly publicUrl: () => string,
    private readonly endpoints: SsoEndpoints,
  ) {}

  configured(provider: SsoProvider): boolean {
    return this.settings.string(`${provider}_client_id`) !== '' && this.settings.isSet(`${provider}_client_secret`);
  }

  /** Offered for sign-in: switched on by staff and configured. */
  enabled(provider: SsoProvider): boolean {
    return this.settings.bool(`sso_${provider}_enabled`) && this.configured(provider);
  }

  client(provider: SsoProvider): SsoClient {
    const app = {
      clientId: this.settings.string(`${provider}_client_id`),
      clientSecret: this.settings.string(`${provider}_client_secret`),
      redirectUri: `${this.publicUrl()}/api/auth/sso/${provider}/callback`,
    };
    if (provider === 'github') {
      const github = new GitHubClient(this.endpoints.github, app);
      return {
        authorizationUrl: (state, verifier) => github.authorizationUrl(state, verifier),
        identify: async (code, verifier) => {
          try {
            const me = await github.identity(await github.exchange(code, verifier));
            return {
              provider,
              id: me.id,
              username: me.login,
              displayName: me.name,
              email: me.email,
              emailVerified: me.emailVerified,
            };
          } catch (err) {
            return mapError(err);
          }
        },
      };
    }
    const discord = new DiscordClient(this.endpoints.discord, app);
    return {
      authorizationUrl: (state, verifier) => discord.authorizationUrl(state, verifier, DISCORD_SSO_SCOPES),
      identify: async (code, verifier) => {
        try {
          const token = await discord.exchange(code, verifier);
          const me = await discord.me(token);
          await discord.revoke(token);
          return {
            provider,
            id: me.id,
            username: me.username,
            displayName: me.global_name ?? null,
            email: me.email ?? null,
            emailVerified: me.verified === true && !!me.email,
          };
        } catch (err) {
          return mapError(err);
        }
      },
    };
  }
}
