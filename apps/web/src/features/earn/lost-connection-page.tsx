import { RefreshCw, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

/** Only a path on this site is a place to go back to (never //other.site or a full address). */
export function safeReturnPath(from: string | null): string {
  return from && /^\/(?!\/)/.test(from) ? from : '/dashboard';
}

/** Seconds before retry number n (1, 2, …): 2, 4, 8, 16, then every 30. */
export const retryDelay = (n: number) => Math.min(30, 2 ** n);

/**
 * /ws: the live connection (AFK) dropped. Tries again by itself with growing pauses, or at once on
 * request, and goes back to the page it came from as soon as the server answers.
 */
export function LostConnectionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = safeReturnPath(params.get('from'));
  const [attempt, setAttempt] = useState(1);
  const [left, setLeft] = useState(retryDelay(1));
  const [checking, setChecking] = useState(false);
  const attemptRef = useRef(attempt);
  attemptRef.current = attempt;

  const tryNow = useCallback(async () => {
    setChecking(true);
    const ok = await fetch('/api/system/settings', { cache: 'no-store' }).then(
      (r) => r.ok,
      () => false,
    );
    setChecking(false);
    if (ok) return void navigate(back, { replace: true });
    const next = attemptRef.current + 1;
    setAttempt(next);
    setLeft(retryDelay(next));
  }, [back, navigate]);

  useEffect(() => {
    if (checking) return;
    if (left <= 0) {
      void tryNow();
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, checking, tryNow]);

  return (
    <section
      className="surface mx-auto mt-10 flex max-w-md flex-col items-center gap-3 p-8 text-center"
      data-testid="lost-connection"
    >
      <WifiOff className="size-10 text-amber-500" aria-hidden />
      <h1 className="text-2xl font-bold">{t('ws.title')}</h1>
      <p className="text-slate-600 dark:text-slate-400">{t('ws.message')}</p>
      <p className="text-sm text-muted" aria-live="polite" data-testid="lost-connection-status">
        {checking ? t('ws.checking') : t('ws.retryIn', { count: left })}
      </p>
      <button
        type="button"
        onClick={() => void tryNow()}
        disabled={checking}
        data-testid="lost-connection-retry"
        className="inline-flex min-h-10 items-center gap-2 rounded-xl bg-brand-500 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-brand-400 disabled:opacity-60"
      >
        <RefreshCw className={`size-4 ${checking ? 'animate-spin' : ''}`} aria-hidden /> {t('ws.retryNow')}
      </button>
    </section>
  );
}
