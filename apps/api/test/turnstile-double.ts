import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpDouble } from './http-double.ts';

/** Cloudflare's documented dummy secret keys (https://developers.cloudflare.com/turnstile/troubleshooting/testing/). */
export const TURNSTILE_TEST_SECRETS = {
  alwaysPasses: '1x0000000000000000000000000000000AA',
  alwaysFails: '2x0000000000000000000000000000000AA',
  alreadySpent: '3x0000000000000000000000000000000AA',
} as const;
/** The token Cloudflare's dummy site keys hand the browser. */
export const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/**
 * A stand-in for Cloudflare Turnstile's siteverify, in its wire format: POST
 * /turnstile/v0/siteverify with a JSON or form body (secret, response, remoteip, idempotency_key),
 * answering HTTP 200 `{success, "error-codes", challenge_ts, hostname, action, cdata}`.
 * The dummy secrets behave as Cloudflare documents; with `secret`, only tokens from issue() pass,
 * once each (a second use is "timeout-or-duplicate").
 */
export class TurnstileDouble extends HttpDouble {
  readonly secret = `0x4AAAAAAA${randomBytes(12).toString('hex')}`;
  readonly siteKey = '0x4AAAAAAAdoubleSiteKey';
  /** What siteverify received, in order. */
  readonly requests: Record<string, string>[] = [];
  private readonly tokens = new Map<string, boolean>();

  /** A token as the widget would get it after a solved challenge (valid once). */
  issue(): string {
    const token = `0.${randomBytes(48).toString('base64url')}`;
    this.tokens.set(token, false);
    return token;
  }

  protected handle(req: IncomingMessage, raw: string, res: ServerResponse) {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/turnstile/v0/siteverify') return send(404, { error: 'not found' });
    let body: Record<string, string>;
    try {
      body = (req.headers['content-type'] ?? '').includes('application/json')
        ? (JSON.parse(raw) as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(raw));
    } catch {
      return send(400, { success: false, 'error-codes': ['bad-request'] });
    }
    this.requests.push(body);
    const fail = (...codes: string[]) => send(200, { success: false, 'error-codes': codes, messages: [] });
    if (!body.secret) return fail('missing-input-secret');
    if (!body.response) return fail('missing-input-response');
    if (body.response.length > 2048) return fail('invalid-input-response');
    const pass = () =>
      send(200, {
        success: true,
        'error-codes': [],
        challenge_ts: new Date().toISOString(),
        hostname: 'localhost',
        action: '',
        cdata: '',
        metadata: { interactive: false },
      });
    if (body.secret === TURNSTILE_TEST_SECRETS.alwaysPasses) return pass();
    if (body.secret === TURNSTILE_TEST_SECRETS.alwaysFails) return fail('invalid-input-response');
    if (body.secret === TURNSTILE_TEST_SECRETS.alreadySpent) return fail('timeout-or-duplicate');
    if (body.secret !== this.secret) return fail('invalid-input-secret');
    const used = this.tokens.get(body.response);
    if (used === undefined) return fail('invalid-input-response');
    if (used) return fail('timeout-or-duplicate');
    this.tokens.set(body.response, true);
    return pass();
  }
}
