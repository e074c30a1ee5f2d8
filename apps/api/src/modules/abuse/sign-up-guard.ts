import type { Db } from '../../db/client.ts';
import { accountFlags } from '../../db/schema/index.ts';

/** Who is trying to open an account, as every sign-up path (form, SSO) sees it. */
export interface SignUpAttempt {
  /** The client address (req.ip: X-Forwarded-For only from a trusted proxy). */
  ip?: string;
  /** The browser's device cookie (lib/cookies.ts deviceId), raw; checks hash it as users.first_device does. */
  device?: string;
  /** The Cloudflare Turnstile token the form sent, if any. */
  turnstileToken?: string;
  via: 'form' | 'sso';
}

/** A reason to show the new account to staff (account_flags), raised by a check that let it through. */
export interface PendingFlag {
  reason: 'shared_ip' | 'shared_device' | 'vpn';
  relatedUserIds: string[];
  ip?: string;
}

/**
 * One rule about sign-ups (anti-alt, anti-VPN, Turnstile...). It refuses by throwing an AppError, or
 * lets the account through, optionally with flags for review.
 */
export interface SignUpCheck {
  readonly name: string;
  check(attempt: SignUpAttempt): Promise<PendingFlag[] | undefined>;
}

/** Runs after every successful sign-in (anti-alt flags an account met on a crowded browser). */
export interface SignInWatcher {
  signedIn(userId: string, client: { ip?: string; device?: string }): Promise<void>;
}

/**
 * Runs every sign-up check in order before an account is created; the flags they raise are written
 * with the account, in its transaction. Every sign-up path goes through here (AuthService.register).
 */
export class SignUpGuard {
  private readonly checks: SignUpCheck[] = [];
  private readonly watchers: SignInWatcher[] = [];

  add(check: SignUpCheck): this {
    this.checks.push(check);
    return this;
  }

  watch(watcher: SignInWatcher): this {
    this.watchers.push(watcher);
    return this;
  }

  /** Call after a sign-in succeeded (the account's last ip and device already written). */
  async signedIn(userId: string, client: { ip?: string; device?: string }): Promise<void> {
    for (const w of this.watchers) await w.signedIn(userId, client);
  }

  async check(attempt: SignUpAttempt): Promise<PendingFlag[]> {
    const flags: PendingFlag[] = [];
    for (const c of this.checks) flags.push(...((await c.check(attempt)) ?? []));
    return flags;
  }

  /** Writes the flags for the new account (call inside the account's transaction). */
  async record(tx: Db, userId: string, flags: PendingFlag[]): Promise<void> {
    if (flags.length === 0) return;
    await tx
      .insert(accountFlags)
      .values(flags.map((f) => ({ userId, reason: f.reason, relatedUserIds: f.relatedUserIds, ip: f.ip })));
  }
}
