import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { SignUpCheck } from './sign-up-guard.ts';

export const TURNSTILE_BASE = 'https://challenges.cloudflare.com';
/** Longest wait for siteverify; no answer refuses the form (fail closed) with TURNSTILE_UNAVAILABLE. */
export const SITEVERIFY_TIMEOUT_MS = 5_000;
/** How long failed sign-ins are remembered for the "Turnstile after N failures" rule. */
const FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_COUNTERS = 100_000;

/** Cloudflare's siteverify answer (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/). */
interface SiteverifyAnswer {
  success: boolean;
  'error-codes'?: string[];
  challenge_ts?: string;
  hostname?: string;
  action?: string;
  cdata?: string;
}

/**
 * Cloudflare Turnstile: on while turnstile_enabled is on and both keys are set. Tokens are checked
 * with siteverify (JSON body: secret, response, remoteip). Failed sign-ins are counted in memory per
 * address and per login name; past turnstile_login_failures, a sign-in needs a token too.
 */
export class TurnstileService {
  private readonly failures = new Map<string, { count: number; expires: number }>();

  constructor(
    private readonly settings: SettingsService,
    private readonly log: FastifyBaseLogger,
    private readonly base: string = TURNSTILE_BASE,
    private readonly now: () => number = Date.now,
  ) {}

  get active(): boolean {
    return (
      this.settings.bool('turnstile_enabled') &&
      this.settings.string('turnstile_site_key') !== '' &&
      this.settings.string('turnstile_secret_key') !== ''
    );
  }

  /** Refuses unless Turnstile is off or the token passes siteverify. */
  async require(token: string | undefined, ip: string | undefined): Promise<void> {
    if (!this.active) return;
    if (!token) throw new AppError('TURNSTILE_REQUIRED', 'Complete the human check first');
    let answer: SiteverifyAnswer;
    try {
      const res = await fetch(`${this.base.replace(/\/+$/, '')}/turnstile/v0/siteverify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ secret: this.settings.string('turnstile_secret_key'), response: token, remoteip: ip }),
        signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
      });
      answer = (await res.json()) as SiteverifyAnswer;
      if (typeof answer?.success !== 'boolean') throw new Error(`HTTP ${res.status} without a verdict`);
    } catch (err) {
      this.log.error({ err: err instanceof Error ? err.message : String(err) }, 'Turnstile siteverify failed');
      throw new AppError('TURNSTILE_UNAVAILABLE', 'The human check could not be verified; try again in a moment');
    }
    if (!answer.success) {
      const codes = answer['error-codes'] ?? [];
      // A wrong or missing secret is the operator's problem, not the visitor's: say so in the log.
      if (codes.some((c) => c.includes('secret'))) this.log.error({ codes }, 'Turnstile secret key refused');
      throw new AppError('TURNSTILE_FAILED', 'The human check failed or expired; please try again');
    }
  }

  /** The sign-up rule (form sign-ups; SSO sign-ups are checked when the flow starts). */
  signUpCheck(): SignUpCheck {
    return {
      name: 'turnstile',
      check: async (attempt) => {
        if (attempt.via === 'form') await this.require(attempt.turnstileToken, attempt.ip);
        return undefined;
      },
    };
  }

  /**
   * A sign-in attempt: asks for a token once the address or the login name has failed too often,
   * counts a failure on INVALID_CREDENTIALS, and forgets the name's failures after a success.
   */
  async guardLogin<T>(
    ip: string | undefined,
    login: string,
    token: string | undefined,
    attempt: () => Promise<T>,
  ): Promise<T> {
    const keys = [`ip:${ip ?? ''}`, `login:${login.trim().toLowerCase()}`];
    const threshold = this.settings.number('turnstile_login_failures');
    if (this.active && Math.max(...keys.map((k) => this.count(k))) >= threshold) await this.require(token, ip);
    try {
      const result = await attempt();
      this.failures.delete(keys[1]!);
      return result;
    } catch (err) {
      if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') for (const k of keys) this.bump(k);
      throw err;
    }
  }

  private count(key: string): number {
    const entry = this.failures.get(key);
    return entry && entry.expires > this.now() ? entry.count : 0;
  }

  private bump(key: string): void {
    const count = this.count(key) + 1;
    this.failures.delete(key);
    if (this.failures.size >= MAX_COUNTERS) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    this.failures.set(key, { count, expires: this.now() + FAILURE_WINDOW_MS });
  }
}
