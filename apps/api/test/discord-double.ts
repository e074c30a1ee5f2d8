import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpDouble } from './http-double.ts';

interface Grant {
  userId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
}

/**
 * A stand-in for Discord in its documented wire format: the OAuth2 authorize page (answered at once
 * for the member who "is signed in" there), the token endpoint (form body, client credentials by
 * Basic auth or in the body, PKCE S256 checked), token revocation, GET /api/v10/users/@me and
 * /users/@me/guilds with a Bearer token, and GET /api/v10/guilds/{id}/members/{user} with a Bot token
 * (404 {"code":10007,"message":"Unknown Member"}; 403 {"code":50001} when the bot is not in the guild).
 */
export class DiscordDouble extends HttpDouble {
  readonly clientId = '1100000000000000001';
  readonly clientSecret = 'discord-secret';
  readonly botToken = 'bot-token';
  readonly users = new Map<
    string,
    {
      id: string;
      username: string;
      global_name: string | null;
      guilds: Set<string>;
      /** Sent by GET /users/@me only when the token has the `email` scope. */
      email?: string | null;
      verified?: boolean;
    }
  >();
  /** Guilds the bot was added to (it can only see members there). */
  readonly botGuilds = new Set<string>();
  /** Who is signed in on Discord's site: the authorize page grants for them. */
  signedIn?: string;
  /** The member refuses on the consent page. */
  deny = false;
  readonly revoked: string[] = [];
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, string>();
  private readonly tokenScopes = new Map<string, string>();

  addUser(id: string, username: string, guilds: string[] = [], email?: { email: string; verified: boolean }) {
    const user = {
      id,
      username,
      global_name: null,
      guilds: new Set(guilds),
      email: email?.email ?? null,
      verified: email?.verified ?? false,
    };
    this.users.set(id, user);
    return user;
  }

  /** What the authorize page does for the signed-in member: where it sends the browser back. */
  authorize(authorizeUrl: string): string {
    const u = new URL(authorizeUrl);
    const q = u.searchParams;
    const back = new URL(q.get('redirect_uri') ?? '');
    const state = q.get('state');
    if (state) back.searchParams.set('state', state);
    if (this.deny || !this.signedIn) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The resource owner or authorization server denied the request');
      return back.toString();
    }
    if (q.get('client_id') !== this.clientId || q.get('code_challenge_method') !== 'S256')
      throw new Error('Bad authorize request');
    const code = randomBytes(15).toString('hex');
    this.codes.set(code, {
      userId: this.signedIn,
      redirectUri: q.get('redirect_uri') ?? '',
      challenge: q.get('code_challenge') ?? '',
      scope: q.get('scope') ?? '',
    });
    back.searchParams.set('code', code);
    return back.toString();
  }

  protected handle(req: IncomingMessage, raw: string, res: ServerResponse) {
    const u = new URL(req.url ?? '/', this.url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && u.pathname === '/oauth2/authorize') {
      try {
        res.writeHead(302, { location: this.authorize(u.toString()) });
      } catch {
        res.writeHead(400);
      }
      return void res.end();
    }
    if (req.method === 'POST' && u.pathname === '/api/oauth2/token') {
      const form = new URLSearchParams(raw);
      const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
      const [id, secret] = basic
        ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
        : [form.get('client_id'), form.get('client_secret')];
      if (id !== this.clientId || secret !== this.clientSecret) return json(401, { error: 'invalid_client' });
      const grant = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        form.get('grant_type') !== 'authorization_code' ||
        !grant ||
        grant.redirectUri !== form.get('redirect_uri') ||
        grant.challenge !== challenge
      )
        return json(400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
      const token = randomBytes(15).toString('hex');
      this.tokens.set(token, grant.userId);
      this.tokenScopes.set(token, grant.scope);
      return json(200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 604_800,
        refresh_token: randomBytes(15).toString('hex'),
        scope: grant.scope,
      });
    }
    if (req.method === 'POST' && u.pathname === '/api/oauth2/token/revoke') {
      const token = new URLSearchParams(raw).get('token') ?? '';
      this.revoked.push(token);
      this.tokens.delete(token);
      return json(200, {});
    }
    const auth = req.headers.authorization ?? '';
    if (req.method === 'GET' && u.pathname.startsWith('/api/v10/users/@me')) {
      const user = this.users.get(this.tokens.get(auth.replace(/^Bearer /, '')) ?? '');
      if (!user) return json(401, { message: '401: Unauthorized', code: 0 });
      if (u.pathname === '/api/v10/users/@me') {
        const scopes = (this.tokenScopes.get(auth.replace(/^Bearer /, '')) ?? '').split(' ');
        // Discord: `verified` comes with identify, `email` only with the email scope.
        return json(200, {
          id: user.id,
          username: user.username,
          global_name: user.global_name,
          avatar: null,
          verified: user.verified ?? false,
          ...(scopes.includes('email') ? { email: user.email ?? null } : {}),
        });
      }
      if (u.pathname === '/api/v10/users/@me/guilds')
        return json(
          200,
          [...user.guilds].map((id) => ({
            id,
            name: `Guild ${id}`,
            icon: null,
            owner: false,
            permissions: '0',
            features: [],
          })),
        );
    }
    const member = u.pathname.match(/^\/api\/v10\/guilds\/(\d+)\/members\/(\d+)$/);
    if (req.method === 'GET' && member) {
      if (auth !== `Bot ${this.botToken}`) return json(401, { message: '401: Unauthorized', code: 0 });
      const [, guild = '', userId = ''] = member;
      if (!this.botGuilds.has(guild)) return json(403, { message: 'Missing Access', code: 50001 });
      const user = this.users.get(userId);
      if (!user?.guilds.has(guild)) return json(404, { message: 'Unknown Member', code: 10007 });
      return json(200, {
        user: { id: user.id, username: user.username },
        roles: [],
        joined_at: new Date().toISOString(),
      });
    }
    json(404, { message: '404: Not Found', code: 0 });
  }
}
