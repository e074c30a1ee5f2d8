import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

interface Session {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
}

/**
 * A stand-in for Stripe's API that speaks its wire format: the SDK posts form-encoded
 * `POST /v1/checkout/sessions` (with bracketed nested keys) and gets a Checkout Session object;
 * `paidEvent` builds the `checkout.session.completed` event Stripe would send, signed as Stripe signs
 * it, so the production webhook code verifies it unchanged.
 */
export class StripeDouble {
  readonly sessions = new Map<string, Session>();
  readonly secretKey = 'sk_test_hostdeck';
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  private server?: Server;
  private readonly signer = new Stripe('sk_test_signer');

  async listen(): Promise<{ host: string; port: number; protocol: 'http' }> {
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const send = (status: number, body: unknown) => {
          res.writeHead(status, {
            'content-type': 'application/json',
            'request-id': `req_${randomBytes(6).toString('hex')}`,
          });
          res.end(JSON.stringify(body));
        };
        if (req.headers.authorization !== `Bearer ${this.secretKey}`)
          return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
          const f = new URLSearchParams(raw);
          const amount = Number(f.get('line_items[0][price_data][unit_amount]'));
          const currency = f.get('line_items[0][price_data][currency]') ?? '';
          if (!Number.isInteger(amount) || amount < 50 || !currency)
            return send(400, { error: { type: 'invalid_request_error', message: 'Invalid amount or currency' } });
          const id = `cs_test_${randomBytes(12).toString('hex')}`;
          const session: Session = {
            id,
            object: 'checkout.session',
            mode: 'payment',
            status: 'open',
            payment_status: 'unpaid',
            amount_total: amount,
            currency,
            client_reference_id: f.get('client_reference_id'),
            customer_email: f.get('customer_email'),
            metadata: { payment_id: f.get('metadata[payment_id]') ?? '' },
            success_url: f.get('success_url') ?? '',
            cancel_url: f.get('cancel_url') ?? '',
            url: `https://checkout.stripe.com/c/pay/${id}`,
          };
          this.sessions.set(id, session);
          return send(200, session);
        }
        send(404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` },
        });
      });
    });
    this.server = server;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' };
  }

  /** The signed `checkout.session.completed` event for a session the member paid (amount overridable). */
  paidEvent(sessionId: string, override: Partial<Session> = {}): { body: string; signature: string } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: Math.floor(Date.now() / 1000),
      type: 'checkout.session.completed',
      data: { object: { ...session, status: 'complete', payment_status: 'paid', ...override } },
    });
    return { body, signature: this.sign(body) };
  }

  sign(body: string, secret = this.webhookSecret): string {
    return this.signer.webhooks.generateTestHeaderString({ payload: body, secret });
  }

  async close(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
