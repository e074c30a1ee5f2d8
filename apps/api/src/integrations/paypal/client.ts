/** What went wrong at PayPal, with its own name for it (e.g. INSTRUMENT_DECLINED, ORDER_NOT_APPROVED). */
export class PayPalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issue: string,
  ) {
    super(message);
  }
}

export interface PayPalOrder {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  links?: { href: string; rel: string; method?: string }[];
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: { currency_code: string; value: string };
    payments?: { captures?: { id: string; status: string; amount: { currency_code: string; value: string } }[] };
  }[];
}

/**
 * PayPal Orders v2 over fetch: an OAuth client-credentials token (kept until shortly before it
 * expires), create an order, capture it. Timeouts on every call; PayPal-Request-Id makes each write
 * idempotent at PayPal's side.
 */
export class PayPalClient {
  private token?: { value: string; until: number };

  constructor(private readonly config: { base: string; clientId: string; secret: string; timeoutMs?: number }) {}

  private async call<T>(method: string, path: string, body?: unknown, requestId?: string): Promise<T> {
    const res = await fetch(`${this.config.base.replace(/\/+$/, '')}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        'content-type': 'application/json',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
    });
    const json = (await res.json().catch(() => ({}))) as T & {
      name?: string;
      message?: string;
      details?: { issue?: string; description?: string }[];
    };
    if (!res.ok) {
      const issue = json.details?.[0]?.issue ?? json.name ?? `HTTP_${res.status}`;
      throw new PayPalError(
        json.details?.[0]?.description ?? json.message ?? 'PayPal refused the request',
        res.status,
        issue,
      );
    }
    return json;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const res = await fetch(`${this.config.base.replace(/\/+$/, '')}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.config.clientId}:${this.config.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
    });
    const json = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error_description?: string;
    };
    if (!res.ok || !json.access_token)
      throw new PayPalError(
        json.error_description ?? 'PayPal refused the credentials',
        res.status,
        'AUTHENTICATION_FAILURE',
      );
    this.token = { value: json.access_token, until: Date.now() + Math.max(0, (json.expires_in ?? 0) - 60) * 1000 };
    return json.access_token;
  }

  createOrder(input: {
    reference: string;
    currency: string;
    value: string;
    description: string;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PayPalOrder> {
    return this.call<PayPalOrder>(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.reference,
            custom_id: input.reference,
            description: input.description,
            amount: { currency_code: input.currency, value: input.value },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: { return_url: input.returnUrl, cancel_url: input.cancelUrl, user_action: 'PAY_NOW' },
          },
        },
      },
      `order:${input.reference}`,
    );
  }

  captureOrder(orderId: string, requestId: string): Promise<PayPalOrder> {
    return this.call<PayPalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, requestId);
  }
}
