import { ADBLOCK_BAIT_PATH, ADBLOCK_CHECK_HEADER } from '@hostdeck/contracts';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api-client.ts';
import { useCan } from '../../lib/permissions.ts';
import { useSetting } from '../../lib/use-settings.ts';

/** The check token this page earned (one per tab; the server binds it to the session). */
let current: { token: string; expiresAt: number } | null = null;
/** Renewed this long before it expires, so an earning call never carries a stale one. */
const RENEW_EARLY_MS = 60_000;

const blocked = () => new ApiError(403, 'ADBLOCK_DETECTED', 'An ad blocker is active');

/**
 * Whether cosmetic filters hide a bait element with the class names ad blockers target. Filters
 * apply their styles asynchronously: the check looks after the next frame.
 */
async function baitElementVisible(): Promise<boolean> {
  const bait = document.createElement('div');
  bait.className = 'adsbox ad-banner adsbygoogle pub_300x250 text-ad';
  bait.setAttribute('aria-hidden', 'true');
  bait.style.cssText = 'position:absolute;left:-10000px;top:-10000px;width:10px;height:10px;';
  bait.innerHTML = '&nbsp;';
  document.body.appendChild(bait);
  await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  const style = getComputedStyle(bait);
  const visible = style.display !== 'none' && style.visibility !== 'hidden' && bait.isConnected;
  bait.remove();
  return visible;
}

/**
 * The anti-adblock check: load the bait script (a blocker stops the request), read the nonce it
 * carries, look at the bait element, then trade the nonce for a check token. Throws ADBLOCK_DETECTED.
 */
export async function runAdblockCheck(): Promise<string> {
  let script: string;
  try {
    const res = await fetch(ADBLOCK_BAIT_PATH, { credentials: 'same-origin', cache: 'no-store' });
    if (!res.ok) throw blocked();
    script = await res.text();
  } catch {
    throw blocked();
  }
  const nonce = /__hostdeckAdBait="([^"]+)"/.exec(script)?.[1];
  if (!nonce) throw blocked();
  const result = await api<{ token: string; expires_at: string }>('/api/earn/adblock-check', {
    method: 'POST',
    body: { bait: nonce, element_visible: await baitElementVisible() },
  });
  current = { token: result.token, expiresAt: new Date(result.expires_at).getTime() };
  return result.token;
}

/** The header earning calls send (empty when no check ran: the check is off or not needed). */
export function adblockHeaders(): Record<string, string> {
  return current && current.expiresAt > Date.now() ? { [ADBLOCK_CHECK_HEADER]: current.token } : {};
}

export type AdblockState =
  | { status: 'checking' }
  /** Passed (with a token) or not needed (the setting is off, or user.permission.adblocker). */
  | { status: 'ready'; token: string | null }
  | { status: 'blocked' }
  | { status: 'error'; error: unknown };

/**
 * The earning pages' view of the check: runs it when adblock_detection_enabled is on and the member
 * may not bypass it, renews the token before it expires, and offers a retry after a failure.
 */
export function useAdblockCheck(): { state: AdblockState; retry: () => void } {
  const enabled = useSetting<boolean>('adblock_detection_enabled') === true;
  const bypass = useCan('user.permission.adblocker');
  const needed = enabled && !bypass;
  const [state, setState] = useState<AdblockState>(needed ? { status: 'checking' } : { status: 'ready', token: null });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) runs the check again
  useEffect(() => {
    if (!needed) {
      setState({ status: 'ready', token: null });
      return;
    }
    let live = true;
    let renew: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      runAdblockCheck().then(
        (token) => {
          if (!live) return;
          setState((s) => (s.status === 'ready' && s.token ? s : { status: 'ready', token }));
          const wait = Math.max(5_000, (current?.expiresAt ?? 0) - Date.now() - RENEW_EARLY_MS);
          renew = setTimeout(run, wait);
        },
        (error: unknown) => {
          if (!live) return;
          const isBlocked = error instanceof ApiError && error.code === 'ADBLOCK_DETECTED';
          setState(isBlocked ? { status: 'blocked' } : { status: 'error', error });
        },
      );
    };
    setState({ status: 'checking' });
    run();
    return () => {
      live = false;
      clearTimeout(renew);
    };
  }, [needed, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
