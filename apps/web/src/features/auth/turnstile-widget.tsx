import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { useSetting } from '../../lib/use-settings.ts';

/** The part of Cloudflare's Turnstile browser API we use (explicit rendering). */
interface TurnstileApi {
  render(
    el: HTMLElement,
    options: {
      sitekey: string;
      action?: string;
      callback: (token: string) => void;
      'expired-callback'?: () => void;
      'error-callback'?: () => void;
    },
  ): string;
  remove(id: string): void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
/** How long the script may take before the page says the check cannot load. */
const LOAD_TIMEOUT_MS = 15_000;
let loading: Promise<TurnstileApi> | null = null;

/** Loads Cloudflare's script once per page (only called when a site key is set). */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    const timer = setTimeout(() => reject(new Error('timeout')), LOAD_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      if (window.turnstile) resolve(window.turnstile);
      else reject(new Error('no turnstile'));
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('blocked'));
    };
    document.head.append(script);
  }).catch((err) => {
    loading = null; // a later page may try again
    throw err;
  });
  return loading;
}

/** Whether the panel asks for Turnstile (enabled with a site key; the secret is the server's business). */
export function useTurnstileSiteKey(): string | null {
  const enabled = useSetting<boolean>('turnstile_enabled');
  const siteKey = useSetting<string>('turnstile_site_key');
  return enabled === true && typeof siteKey === 'string' && siteKey !== '' ? siteKey : null;
}

/**
 * The Turnstile check of a form: `element` is the widget (nothing when Turnstile is off or `show` is
 * false), `token` its answer. Tokens are single use: call `reset()` after every submit.
 */
export function useTurnstile(action: string, show = true) {
  const siteKey = useTurnstileSiteKey();
  const [token, setToken] = useState<string | undefined>();
  const [round, setRound] = useState(0);
  const reset = useCallback(() => {
    setToken(undefined);
    setRound((r) => r + 1);
  }, []);
  const element =
    siteKey && show ? <TurnstileWidget key={round} siteKey={siteKey} action={action} onToken={setToken} /> : null;
  return { element, token, reset, active: siteKey !== null && show };
}

export function TurnstileWidget({
  siteKey,
  action,
  onToken,
}: {
  siteKey: string;
  action: string;
  onToken: (token: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let id: string | undefined;
    let api: TurnstileApi | undefined;
    let gone = false;
    loadTurnstile().then(
      (loaded) => {
        if (gone || !box.current) return;
        api = loaded;
        id = loaded.render(box.current, {
          sitekey: siteKey,
          action,
          callback: (value) => onToken(value),
          'expired-callback': () => onToken(undefined),
          'error-callback': () => setFailed(true),
        });
      },
      () => !gone && setFailed(true),
    );
    return () => {
      gone = true;
      if (api && id) api.remove(id);
    };
  }, [siteKey, action, onToken]);
  return (
    <div data-testid="turnstile">
      <div ref={box} />
      {failed && <Alert>{t('auth.turnstile.unavailable')}</Alert>}
    </div>
  );
}
