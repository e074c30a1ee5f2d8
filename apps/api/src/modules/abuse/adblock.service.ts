import { createHmac } from 'node:crypto';
import { hasPermission } from '@hostdeck/contracts';
import { AppError } from '../../lib/app-error.ts';
import { safeEqual } from '../../lib/crypto.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/** How long the bait's nonce may be exchanged, and how long a check token is good for. */
export const BAIT_TTL_MS = 2 * 60_000;
export const CHECK_TTL_MS = 15 * 60_000;

type Kind = 'bait' | 'check';

/**
 * Anti-adblock, on the server's side. The browser loads a bait script from a path ad blockers block;
 * it carries a nonce only that browser session can exchange (POST /api/earn/adblock-check) for a check
 * token. Earning calls carry the token. Both are HMACs with the application key, bound to the
 * session id and to an expiry: nothing is stored. A blocker that drops the bait leaves the page
 * without a nonce, so without a token. Best effort by nature: a member who scripts around the page
 * can fake it; it stops the ordinary blocker, which is what operators ask for.
 */
export class AdblockService {
  private readonly key: Buffer;

  constructor(
    private readonly settings: SettingsService,
    appKey: string,
    private readonly now: () => number = Date.now,
  ) {
    // A key of its own, derived from the application key: these signatures can mean nothing else.
    this.key = createHmac('sha256', appKey).update('hostdeck:anti-adblock').digest();
  }

  get enabled(): boolean {
    return this.settings.bool('adblock_detection_enabled');
  }

  bait(sessionId: string): string {
    return this.sign('bait', sessionId, this.now() + BAIT_TTL_MS);
  }

  /** Exchanges the bait's nonce for a check token; refuses a missing bait or a hidden bait element. */
  issue(sessionId: string, bait: string, elementVisible: boolean): { token: string; expiresAt: Date } {
    if (!elementVisible || !this.valid('bait', sessionId, bait))
      throw new AppError('ADBLOCK_DETECTED', 'Turn off your ad blocker for this site, then try again');
    const expires = this.now() + CHECK_TTL_MS;
    return { token: this.sign('check', sessionId, expires), expiresAt: new Date(expires) };
  }

  /** For earning calls: a valid check token, unless the check is off or the member may block ads. */
  assertChecked(sessionId: string, permissions: readonly string[], token: string | undefined): void {
    if (!this.enabled || hasPermission([...permissions], 'user.permission.adblocker')) return;
    if (!token || !this.valid('check', sessionId, token))
      throw new AppError('ADBLOCK_DETECTED', 'Turn off your ad blocker for this site, then reload the page');
  }

  private sign(kind: Kind, sessionId: string, expires: number): string {
    return `${expires.toString(36)}.${this.mac(kind, sessionId, expires)}`;
  }

  private valid(kind: Kind, sessionId: string, value: string): boolean {
    const [exp, mac, extra] = value.split('.');
    if (!exp || !mac || extra !== undefined || !/^[0-9a-z]{1,12}$/.test(exp)) return false;
    const expires = Number.parseInt(exp, 36);
    if (!Number.isSafeInteger(expires) || expires <= this.now()) return false;
    return safeEqual(mac, this.mac(kind, sessionId, expires));
  }

  private mac(kind: Kind, sessionId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${kind}:${sessionId}:${expires}`).digest('base64url');
  }
}
