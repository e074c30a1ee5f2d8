import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Order {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  reference: string;
  amount: { currency_code: string; value: string };
  captures: number;
}

/**
 * A stand-in for PayPal's REST API in its wire format: OAuth client credentials
 * (`POST /v1/oauth2/token`, Basic auth, form body), Orders v2 create (with `payer-action` link) and
 * capture (422 ORDER_NOT_APPROVED before the buyer approved; PayPal-Request-Id makes a repeated
 * capture return the same result).
 */
export class PayPalDouble {
  readonly clientId = 'paypal-client';
  readonly secret = 'paypal-secret';
  readonly orders = new Map<string, Order>();
  /** What the next capture reports as captured (to test an amount that differs from the order). */
  captureOverride?: { currency_code: string; value: string };
  private readonly captured = new Map<string, unknown>();
  private readonly tokens = new Set<string>();
  private server?: Server;
  url = '';

  async listen(): Promise<string> {
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => this.handle(req.method ?? 'GET', req.url ?? '/', req.headers, raw, res));
    });
    this.server = server;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  /** The buyer approves the order on PayPal's page. */
  approve(orderId: string): void {
    const o = this.orders.get(orderId);
    if (o) o.status = 'APPROVED';
  }

  private handle(
    method: string,
    url: string,
    headers: Record<string, string | string[] | undefined>,
    raw: string,
    res: import('node:http').ServerResponse,
  ) {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': randomBytes(6).toString('hex') });
      res.end(JSON.stringify(body));
    };
    const issue = (status: number, name: string, issueName: string, description: string) =>
      send(status, { name, message: description, details: [{ issue: issueName, description }] });
    if (method === 'POST' && url === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${this.clientId}:${this.secret}`).toString('base64')}`;
      if (headers.authorization !== basic || raw !== 'grant_type=client_credentials')
        return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      this.tokens.add(token);
      return send(200, {
        scope: 'https://uri.paypal.com/services/payments',
        access_token: token,
        token_type: 'Bearer',
        expires_in: 32400,
      });
    }
    const bearer = String(headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.tokens.has(bearer))
      return send(401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' });
    if (method === 'POST' && url === '/v2/checkout/orders') {
      const body = JSON.parse(raw) as {
        intent: string;
        purchase_units: { reference_id: string; amount: Order['amount'] }[];
      };
      const unit = body.purchase_units?.[0];
      if (body.intent !== 'CAPTURE' || !unit?.amount?.value)
        return issue(422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
      const id = randomBytes(8).toString('hex').toUpperCase().slice(0, 17);
      this.orders.set(id, {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        reference: unit.reference_id,
        amount: unit.amount,
        captures: 0,
      });
      return send(200, {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        links: [
          { href: `${this.url}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
          { href: `https://www.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
        ],
      });
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(url);
    if (method === 'POST' && capture) {
      const requestId = String(headers['paypal-request-id'] ?? '');
      if (requestId && this.captured.has(requestId)) return send(201, this.captured.get(requestId));
      const order = this.orders.get(decodeURIComponent(capture[1] ?? ''));
      if (!order)
        return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      if (order.status === 'COMPLETED')
        return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
      if (order.status !== 'APPROVED')
        return issue(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_NOT_APPROVED',
          'Payer has not yet approved the Order for payment.',
        );
      order.status = 'COMPLETED';
      order.captures += 1;
      const body = {
        id: order.id,
        status: 'COMPLETED',
        purchase_units: [
          {
            reference_id: order.reference,
            payments: {
              captures: [
                {
                  id: randomBytes(8).toString('hex').toUpperCase(),
                  status: 'COMPLETED',
                  amount: this.captureOverride ?? order.amount,
                },
              ],
            },
          },
        ],
      };
      if (requestId) this.captured.set(requestId, body);
      return send(201, body);
    }
    issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
  }

  async close(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
