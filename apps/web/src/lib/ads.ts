import { validAdsClientCode } from '@hostdeck/contracts';
import { useEffect } from 'react';

const AD_SCRIPT = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';
/** While the member is on an admin page after the script came in on a member page, no ad shows. */
const HIDE_ADS = '.ads-off ins.adsbygoogle,.ads-off .google-auto-placed{display:none!important}';

let clientCode: Promise<string> | undefined;
let injected = false;

/** GET /api/system/ga-ads once; empty, invalid or failed: a console line, and no ads. */
function loadClientCode(): Promise<string> {
  clientCode ??= fetch('/api/system/ga-ads', { credentials: 'same-origin' })
    .then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.text();
    })
    .then((raw) => {
      const code = validAdsClientCode(raw);
      if (!code) console.info('[ads] No advertising client code: ads skipped');
      return code;
    })
    .catch((err: unknown) => {
      console.warn('[ads] The advertising client code could not be loaded: ads skipped', err);
      return '';
    });
  return clientCode;
}

/** After the page's load event, when the browser is idle (or 3 s later at the latest). */
function whenInteractive(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: 3000 }) : setTimeout(resolve);
    if (document.readyState === 'complete') idle();
    else addEventListener('load', idle, { once: true });
  });
}

/** Admin (/mc-admin) and auth (/auth/*) pages never get the ad script. */
export const isAdFreePath = (path: string) => /^\/(mc-admin|auth)(\/|$)/.test(path);

async function injectAds(): Promise<void> {
  const code = await loadClientCode();
  if (!code) return;
  await whenInteractive();
  // The member may have gone to an admin or auth page in the meantime.
  if (injected || isAdFreePath(location.pathname)) return;
  injected = true;
  const style = document.createElement('style');
  style.textContent = HIDE_ADS;
  const script = document.createElement('script');
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.src = `${AD_SCRIPT}?client=${encodeURIComponent(code)}`;
  document.head.append(style, script);
}

/**
 * Page-level automatic ads (specification §7, GET /api/system/ga-ads) on the member pages: the
 * member layout calls this, so the script is injected only from a member page, once; leaving the
 * member layout hides whatever ads it placed.
 */
export function useMemberAds(): void {
  useEffect(() => {
    document.documentElement.classList.remove('ads-off');
    void injectAds();
    return () => document.documentElement.classList.add('ads-off');
  }, []);
}
