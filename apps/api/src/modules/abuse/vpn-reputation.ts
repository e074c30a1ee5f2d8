import type { FastifyBaseLogger } from 'fastify';
import type { SettingsService } from '../settings/settings.service.ts';

/** How long a provider's verdict is kept. */
export const VERDICT_TTL_MS = 60 * 60_000;
/** After a failure (timeout, error answer) the address is let through without asking again for this long. */
const FAILURE_TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  blocked: boolean;
  expires: number;
}

/**
 * The optional IP reputation provider, spoken in the proxycheck.io v2 format:
 * GET <vpn_reputation_url>/<ip>?vpn=1&key=<key> answers
 * `{"status":"ok","<ip>":{"proxy":"yes","type":"VPN"}}` ("warning" also carries a verdict;
 * "denied"/"error" do not). Verdicts are cached in memory; a timeout or failure lets the address
 * through (fail open) and is logged, so a slow provider never locks members out.
 */
export class ReputationClient {
  private readonly cache = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<boolean>>();
  /** Calls made to the provider (tests read it to see the cache work). */
  calls = 0;

  constructor(
    private readonly settings: SettingsService,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  get configured(): boolean {
    return this.settings.string('vpn_reputation_url') !== '';
  }

  /** True when the provider says the address is a proxy or VPN; false when it does not, or cannot say. */
  async isProxy(ip: string): Promise<boolean> {
    if (!this.configured) return false;
    const hit = this.cache.get(ip);
    if (hit && hit.expires > this.now()) return hit.blocked;
    const pending = this.inFlight.get(ip);
    if (pending) return pending;
    const ask = this.ask(ip).finally(() => this.inFlight.delete(ip));
    this.inFlight.set(ip, ask);
    return ask;
  }

  /** Forgets every verdict (the provider's settings changed). */
  clear(): void {
    this.cache.clear();
  }

  private remember(ip: string, blocked: boolean, ttl: number): void {
    if (this.cache.size >= MAX_ENTRIES) {
      // Maps keep insertion order: drop the oldest.
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.delete(ip);
    this.cache.set(ip, { blocked, expires: this.now() + ttl });
  }

  private async ask(ip: string): Promise<boolean> {
    this.calls += 1;
    const base = this.settings.string('vpn_reputation_url');
    const url = new URL(encodeURIComponent(ip), base.endsWith('/') ? base : `${base}/`);
    url.searchParams.set('vpn', '1');
    const key = this.settings.string('vpn_reputation_key');
    if (key) url.searchParams.set('key', key);
    try {
      const res = await fetch(url, {
        signal: AbortSignal.timeout(this.settings.number('vpn_reputation_timeout_ms')),
        headers: { accept: 'application/json' },
      });
      const body = (await res.json()) as Record<string, unknown>;
      const status = body.status;
      const verdict = body[ip] as { proxy?: unknown } | undefined;
      if ((status !== 'ok' && status !== 'warning') || !verdict || typeof verdict !== 'object') {
        throw new Error(`answer without a verdict (status ${String(status)}: ${String(body.message ?? '')})`);
      }
      const blocked = verdict.proxy === 'yes';
      this.remember(ip, blocked, VERDICT_TTL_MS);
      return blocked;
    } catch (err) {
      this.log.warn(
        { err: err instanceof Error ? err.message : String(err), ip },
        'VPN reputation check failed; allowed',
      );
      this.remember(ip, false, FAILURE_TTL_MS);
      return false;
    }
  }
}
