import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the proxycheck.io v2 API in its wire format: GET /v2/<ip>?vpn=1&key=<key> answers
 * `{"status":"ok","<ip>":{"proxy":"yes","type":"VPN"}}` (or `"proxy":"no"`); a wrong key answers
 * `{"status":"denied","message":"..."}`. `delayMs` makes it slow; `calls` counts lookups.
 */
export class ProxycheckDouble {
  readonly key = 'proxycheck-test-key';
  /** Addresses the provider calls a VPN. */
  readonly vpns = new Set<string>();
  delayMs = 0;
  calls = 0;
  private server?: Server;
  url = '';

  async listen(): Promise<string> {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://double');
      const send = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const ip = decodeURIComponent(url.pathname.replace(/^\/v2\//, ''));
      this.calls += 1;
      setTimeout(() => {
        if (url.searchParams.get('key') !== this.key)
          return send({ status: 'denied', message: 'Your API Key is invalid.' });
        if (!url.pathname.startsWith('/v2/') || ip === '') return send({ status: 'error', message: 'No IP supplied.' });
        const vpn = this.vpns.has(ip);
        send({
          status: 'ok',
          [ip]: vpn ? { proxy: 'yes', type: 'VPN', provider: 'Example VPN' } : { proxy: 'no', type: 'Business' },
        });
      }, this.delayMs).unref();
    });
    this.server = server;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`;
    return this.url;
  }

  close(): Promise<void> {
    return new Promise((r) => {
      if (!this.server) return r();
      this.server.closeAllConnections();
      this.server.close(() => r());
    });
  }
}
