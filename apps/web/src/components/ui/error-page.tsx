import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Title, message, optional code; Retry reloads, Go Home routes to / (specification §2). */
export function ErrorPage({
  title,
  message,
  code,
  onHome,
}: {
  title: string;
  message: string;
  code?: string;
  onHome?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <main data-testid="error-page" className="flex min-h-dvh items-center justify-center p-4">
      <div className="surface w-full max-w-md p-8 text-center">
        <AlertTriangle className="mx-auto mb-4 size-10 text-amber-400" aria-hidden />
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{message}</p>
        {code && (
          <p className="mt-3 font-mono text-xs text-muted">
            {t('errorPage.code', 'Error code')}: <span data-testid="error-code">{code}</span>
          </p>
        )}
        <div className="mt-6 flex justify-center gap-3">
          <button
            type="button"
            className="rounded-xl bg-brand-500 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-brand-400"
            onClick={() => window.location.reload()}
          >
            {t('errorPage.retry', 'Retry')}
          </button>
          <button
            type="button"
            className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-700"
            onClick={() => (onHome ? onHome() : window.location.assign('/'))}
          >
            {t('errorPage.home', 'Go Home')}
          </button>
        </div>
      </div>
    </main>
  );
}
