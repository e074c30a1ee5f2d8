import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server creation stopped at the gate: its queue item id, and the hand that lets it through. */
export interface HeldCreation {
  externalId: string;
  release(): void;
}

/**
 * A pass-through proxy in front of the simulated panel that can stop the next server creation on its
 * way until the test releases it, so that a build is certainly in flight when the test acts (the
 * simulator's own holdNextServerCreate changes what the panel answers; this changes nothing but the
 * time). Everything else passes untouched.
 */
export class PanelGate {
  private server?: Server;
  private onHeld?: (held: HeldCreation) => void;

  constructor(private readonly target: string) {}

  get url(): string {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address ? `http://127.0.0.1:${address.port}` : '';
  }

  async listen(): Promise<void> {
    this.server = createServer((req, res) => {
      void this.pass(req).then(
        (answer) => {
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
        },
        () => res.destroy(),
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  /** Holds the next server creation (only that one); resolves when it has arrived. */
  holdNext(): Promise<HeldCreation> {
    return new Promise((resolve) => {
      this.onHeld = resolve;
    });
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async pass(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const onHeld = this.onHeld;
    if (req.method === 'POST' && req.url?.endsWith('/servers') && onHeld) {
      this.onHeld = undefined;
      const externalId = String((JSON.parse(body.toString() || '{}') as { external_id?: unknown }).external_id);
      await new Promise<void>((release) => onHeld({ externalId, release }));
    }
    return forward(this.target, req, body);
  }
}

function forward(
  target: string,
  req: IncomingMessage,
  body: Buffer,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(req.url ?? '/', target);
  return new Promise((resolve, reject) => {
    const out = request(
      url,
      { method: req.method, headers: { ...req.headers, host: url.host, 'content-length': String(body.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers = { ...res.headers };
          delete headers['transfer-encoding'];
          delete headers.connection;
          const answer = Buffer.concat(chunks);
          headers['content-length'] = String(answer.length);
          resolve({ status: res.statusCode ?? 502, headers, body: answer });
        });
        res.on('error', reject);
      },
    );
    out.on('error', reject);
    out.end(body);
  });
}
