import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError } from 'arctic';
import { withTimeout } from '../../lib/timeout.ts';

/** GitHub refused, failed or could not be reached; status 400 means it refused the code or verifier. */
export class GitHubError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface GitHubIdentity {
  id: string;
  login: string;
  name: string | null;
  /** The primary address when GitHub says it is verified, else the primary one, else null. */
  email: string | null;
  emailVerified: boolean;
}

/** Where GitHub is: its OAuth pages (https://github.com) and its REST API (https://api.github.com). */
export interface GitHubUrls {
  oauth: string;
  api: string;
}

const TIMEOUT_MS = 10_000;
/** read:user: the profile; user:email: the addresses with their verified flag (GET /user/emails). */
export const GITHUB_SCOPES = ['read:user', 'user:email'];

/**
 * GitHub sign-in over its documented OAuth web flow with PKCE (S256), through arctic's generic
 * client so the addresses can point at a double. GitHub answers a refused token request with
 * HTTP 200 and `{"error": "bad_verification_code"}`, which the generic client does not treat as an
 * error: that case is checked here.
 */
export class GitHubClient {
  constructor(
    private readonly urls: GitHubUrls,
    private readonly app: { clientId: string; clientSecret: string; redirectUri: string },
  ) {}

  private oauth(): OAuth2Client {
    return new OAuth2Client(this.app.clientId, this.app.clientSecret, this.app.redirectUri);
  }

  authorizationUrl(state: string, codeVerifier: string): string {
    return this.oauth()
      .createAuthorizationURLWithPKCE(
        `${this.urls.oauth}/login/oauth/authorize`,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        GITHUB_SCOPES,
      )
      .toString();
  }

  /** Exchanges the code (with the PKCE verifier) for an access token, used for two reads and dropped. */
  async exchange(code: string, codeVerifier: string): Promise<string> {
    let data: Record<string, unknown>;
    try {
      const tokens = await withTimeout(
        this.oauth().validateAuthorizationCode(`${this.urls.oauth}/login/oauth/access_token`, code, codeVerifier),
        TIMEOUT_MS,
        `no answer within ${TIMEOUT_MS / 1000} s`,
      );
      data = tokens.data as Record<string, unknown>;
    } catch (err) {
      if (err instanceof OAuth2RequestError) throw new GitHubError(`GitHub refused the sign-in (${err.code})`, 400);
      throw new GitHubError(`GitHub cannot be reached (${(err as Error).message})`);
    }
    if (typeof data.error === 'string') throw new GitHubError(`GitHub refused the sign-in (${data.error})`, 400);
    if (typeof data.access_token !== 'string') throw new GitHubError('GitHub answered without an access token');
    return data.access_token;
  }

  async identity(accessToken: string): Promise<GitHubIdentity> {
    const [user, emails] = await Promise.all([
      this.call<{ id: number; login: string; name: string | null }>('/user', accessToken),
      this.call<{ email: string; primary: boolean; verified: boolean }[]>('/user/emails', accessToken),
    ]);
    const list = Array.isArray(emails) ? emails : [];
    const chosen = list.find((e) => e.primary && e.verified) ?? list.find((e) => e.primary) ?? null;
    return {
      id: String(user.id),
      login: user.login,
      name: user.name ?? null,
      email: chosen?.email ?? null,
      emailVerified: chosen?.verified === true,
    };
  }

  private async call<T>(path: string, accessToken: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.urls.api}${path}`, {
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
          'user-agent': 'Hostdeck',
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new GitHubError(`GitHub cannot be reached (${(err as Error).message})`);
    }
    const body = (await res.json().catch(() => ({}))) as T & { message?: string };
    if (!res.ok) throw new GitHubError(`GitHub answered HTTP ${res.status}: ${body.message ?? 'error'}`, res.status);
    return body;
  }
}
