import Stripe from 'stripe';

/** Where the Stripe API is (tests point it at a local double that speaks Stripe's wire format). */
export interface StripeApi {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** The official SDK with a timeout and no automatic retries (a failed call fails the top-up). */
export function stripeClient(secretKey: string, api?: StripeApi): Stripe {
  return new Stripe(secretKey, { timeout: 10_000, maxNetworkRetries: 0, ...(api ?? {}) });
}
