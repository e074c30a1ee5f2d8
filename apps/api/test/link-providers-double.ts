import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LinkEndpoints } from '../src/integrations/links/providers.ts';

/**
 * Stand-ins for the link providers, each in its documented wire format, on one local server:
 * - ShareUs easy API: GET /easy_api?key=&link= → the short link as plain text;
 * - AdLinkFly (LinkPays, GyaniLinks): GET /api?api=&url= → {"status":"success","shortenedUrl":…}
 *   or {"status":"error","message":[…]};
 * - Linkvertise dynamic links GET /<publisher>/<n>/dynamic?r=<base64 target>, which redirect to the
 *   target with &hash=<64 hex> after the ad; anti-bypassing POST /api/v1/anti_bypassing?token=&hash=
 *   → TRUE once per hash, then FALSE; "Invalid token." for a wrong token.
 * Short links (GET /s/<id>) and AdLinkFly quick links (GET /st?api=&url=) redirect to their target,
 * as the real ones do after the ad page.
 */
export class LinkProvidersDouble {
  readonly apiKey = 'provider-key';
  readonly antiBypassToken = 'lv-anti-bypass-token';
  readonly publisherId = '424242';
  /** Requests seen, as "METHOD path?query". */
  readonly requests: string[] = [];
  /** Answer every shortening request with this HTTP status (to test a provider that is down). */
  failWith?: number;
  private readonly links = new Map<string, string>();
  private readonly hashes = new Set<string>();
  private server?: Server;
  url = '';

  async listen(): Promise<string> {
    const server = createServer((req, res) => this.handle(req, res));
    this.server = server;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  endpoints(): LinkEndpoints {
    return {
      linkvertiseLinks: this.url,
      linkvertiseApi: this.url,
      shareus: this.url,
      linkpays: this.url,
      gyanilinks: this.url,
    };
  }

  /**
   * The member goes through the provider's page: returns where the provider sends them back
   * (for Linkvertise with a fresh anti-bypass hash, as Linkvertise appends it).
   */
  complete(link: string): string {
    const u = new URL(link);
    const dynamic = u.pathname.match(/^\/(\d+)\/\d+\/dynamic$/);
    if (dynamic) {
      const target = decodeURI(Buffer.from(u.searchParams.get('r') ?? '', 'base64').toString());
      const hash = randomBytes(32).toString('hex');
      this.hashes.add(hash);
      return `${target}${target.includes('?') ? '&' : '?'}hash=${hash}`;
    }
    // AdLinkFly's quick link (/st?api=KEY&url=URL) shortens and redirects in one visit.
    if (u.pathname === '/st' && u.searchParams.get('api') === this.apiKey) return u.searchParams.get('url') as string;
    const target = this.links.get(u.pathname.replace(/^\/s\//, ''));
    if (!target) throw new Error(`Unknown short link ${link}`);
    return target;
  }

  close(): Promise<void> {
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  private shorten(target: string): string {
    const id = randomBytes(5).toString('hex');
    this.links.set(id, target);
    return `${this.url}/s/${id}`;
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? '/', this.url);
    this.requests.push(`${req.method} ${u.pathname}${u.search}`);
    const q = u.searchParams;
    const text = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(body);
    };
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (this.failWith && (u.pathname === '/easy_api' || u.pathname === '/api')) return text(this.failWith, 'down');
    if (req.method === 'GET' && u.pathname === '/easy_api') {
      const link = q.get('link');
      if (q.get('key') !== this.apiKey) return text(200, 'Invalid API key');
      if (!link) return text(200, 'Missing link');
      return text(200, this.shorten(link));
    }
    if (req.method === 'GET' && u.pathname === '/api') {
      const target = q.get('url');
      if (q.get('api') !== this.apiKey) return json({ status: 'error', message: ['Invalid API token.'] });
      if (!target) return json({ status: 'error', message: ['Missing url.'] });
      return json({ status: 'success', shortenedUrl: this.shorten(target) });
    }
    if (req.method === 'POST' && u.pathname === '/api/v1/anti_bypassing') {
      if (q.get('token') !== this.antiBypassToken) return text(200, 'Invalid token.');
      const hash = q.get('hash') ?? '';
      const valid = this.hashes.delete(hash);
      return text(200, valid ? 'TRUE' : 'FALSE');
    }
    // The member's browser following a link (the ad page is skipped): a redirect to the target.
    if (
      req.method === 'GET' &&
      (u.pathname.startsWith('/s/') || u.pathname === '/st' || /\/dynamic$/.test(u.pathname))
    ) {
      try {
        res.writeHead(302, { location: this.complete(u.toString()) });
        return void res.end();
      } catch {
        return text(404, 'Not found');
      }
    }
    text(404, 'Not found');
  }
}
