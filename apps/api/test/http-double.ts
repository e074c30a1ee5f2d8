import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A provider double's HTTP server on 127.0.0.1: it reads each request's whole body, then hands it to
 * the double's own handler (which speaks the provider's wire format).
 */
export abstract class HttpDouble {
  private server?: Server;
  url = '';

  protected abstract handle(req: IncomingMessage, raw: string, res: ServerResponse): void;

  async listen(port = 0): Promise<string> {
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => this.handle(req, raw, res));
    });
    this.server = server;
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  close(): Promise<void> {
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
