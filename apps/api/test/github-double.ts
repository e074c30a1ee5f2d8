import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpDouble } from './http-double.ts';

interface Grant {
  userId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
}

export interface GitHubDoubleUser {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

/**
 * A stand-in for GitHub in its documented wire format, on one port for both hosts: the OAuth
 * authorize page (GET /login/oauth/authorize, answered at once for the user "signed in" there), the
 * token endpoint (POST /login/oauth/access_token, form body, credentials in the body or by Basic
 * auth, PKCE S256 checked; JSON when Accept: application/json, else form-encoded; a refused code
 * answers HTTP 200 {"error":"bad_verification_code",...} as GitHub does), and the REST API's
 * GET /user and GET /user/emails with a Bearer token. Point GITHUB_OAUTH_URL and GITHUB_API_URL at it.
 */
export class GitHubDouble extends HttpDouble {
  readonly clientId = 'Iv1.0123456789abcdef';
  readonly clientSecret = 'github-secret-0123456789abcdef0123456789';
  readonly users = new Map<string, GitHubDoubleUser>();
  /** Who is signed in on GitHub's site: the authorize page grants for them. */
  signedIn?: string;
  /** The user presses "Cancel" on the consent page. */
  deny = false;
  /** Every token request's form, for tests that look at what was sent. */
  readonly tokenRequests: URLSearchParams[] = [];
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, string>();

  addUser(id: number, login: string, email: string | null, verified = true, name: string | null = null) {
    const user: GitHubDoubleUser = {
      id,
      login,
      name,
      emails: email ? [{ email, primary: true, verified }] : [],
    };
    this.users.set(String(id), user);
    return user;
  }

  /** What the authorize page does for the signed-in user: where it sends the browser back. */
  authorize(authorizeUrl: string): string {
    const q = new URL(authorizeUrl).searchParams;
    const back = new URL(q.get('redirect_uri') ?? '');
    const state = q.get('state');
    if (this.deny || !this.signedIn) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user has denied your application access.');
      back.searchParams.set(
        'error_uri',
        'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#access-denied',
      );
      if (state) back.searchParams.set('state', state);
      return back.toString();
    }
    if (q.get('client_id') !== this.clientId) throw new Error('Bad authorize request');
    const code = randomBytes(10).toString('hex');
    this.codes.set(code, {
      userId: this.signedIn,
      redirectUri: q.get('redirect_uri') ?? '',
      challenge: q.get('code_challenge_method') === 'S256' ? (q.get('code_challenge') ?? '') : '',
      scope: (q.get('scope') ?? '').replace(/ /g, ','),
    });
    back.searchParams.set('code', code);
    if (state) back.searchParams.set('state', state);
    return back.toString();
  }

  protected handle(req: IncomingMessage, raw: string, res: ServerResponse) {
    const u = new URL(req.url ?? '/', this.url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && u.pathname === '/login/oauth/authorize') {
      try {
        res.writeHead(302, { location: this.authorize(u.toString()) });
      } catch {
        res.writeHead(404);
      }
      return void res.end();
    }
    if (req.method === 'POST' && u.pathname === '/login/oauth/access_token') return this.token(req, raw, res);
    if (req.method === 'GET' && (u.pathname === '/user' || u.pathname === '/user/emails')) {
      const token = (req.headers.authorization ?? '').replace(/^(Bearer|token) /, '');
      const user = this.users.get(this.tokens.get(token) ?? '');
      if (!user)
        return json(401, {
          message: 'Requires authentication',
          documentation_url: 'https://docs.github.com/rest',
          status: '401',
        });
      if (u.pathname === '/user/emails')
        return json(
          200,
          user.emails.map((e) => ({ ...e, visibility: e.primary ? 'private' : null })),
        );
      return json(200, {
        login: user.login,
        id: user.id,
        node_id: `U_${user.id}`,
        avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
        type: 'User',
        name: user.name,
        email: null,
      });
    }
    json(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });
  }

  private token(req: IncomingMessage, raw: string, res: ServerResponse) {
    const form = new URLSearchParams(raw);
    this.tokenRequests.push(form);
    const wantsJson = (req.headers.accept ?? '').includes('application/json');
    const answer = (body: Record<string, string>) => {
      // GitHub answers 200 either way; the body says whether it worked.
      if (wantsJson) {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      } else {
        res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
        res.end(new URLSearchParams(body).toString());
      }
    };
    const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
      : [form.get('client_id'), form.get('client_secret')];
    if (id !== this.clientId || secret !== this.clientSecret)
      return answer({
        error: 'incorrect_client_credentials',
        error_description: 'The client_id and/or client_secret passed are incorrect.',
      });
    const code = form.get('code') ?? '';
    const grant = this.codes.get(code);
    this.codes.delete(code);
    const bad = () =>
      answer({
        error: 'bad_verification_code',
        error_description: 'The code passed is incorrect or expired.',
        error_uri:
          'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code',
      });
    if (!grant) return bad();
    if (form.get('redirect_uri') && form.get('redirect_uri') !== grant.redirectUri)
      return answer({
        error: 'redirect_uri_mismatch',
        error_description: 'The redirect_uri MUST match the registered callback URL for this application.',
      });
    const verifier = form.get('code_verifier') ?? '';
    if (grant.challenge && createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) return bad();
    const token = `gho_${randomBytes(18).toString('hex')}`;
    this.tokens.set(token, grant.userId);
    return answer({ access_token: token, token_type: 'bearer', scope: grant.scope });
  }
}
