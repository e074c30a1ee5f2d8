import type { ImageHostingConfig } from '@hostdeck/contracts';
import { Check, Copy, Download, KeyRound, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { type UploadKeyResult, useCreateKey, useRevokeKey } from './api.ts';
import { downloadSxcu, sxcuFileName } from './sxcu.ts';

const errorText = (t: (k: string) => string, err: unknown) =>
  err instanceof ApiError ? t(`errors.${err.code}`) : err ? t('errors.SERVER_ERROR') : null;

/**
 * ShareX: a personal upload key inside a custom uploader file (.sxcu). A new key stops the old one at
 * once, so replacing asks first; the key itself is shown this once.
 */
export function ShareXSection({ config }: { config: ImageHostingConfig }) {
  const { t } = useTranslation();
  const f = useFormat();
  const appName = useSetting('app_name');
  const create = useCreateKey();
  const revoke = useRevokeKey();
  const [fresh, setFresh] = useState<UploadKeyResult | null>(null);
  const [asking, setAsking] = useState<'replace' | 'revoke' | null>(null);
  const key = config.upload_key;

  const makeKey = () =>
    create.mutate(undefined, {
      onSuccess: (result) => {
        setFresh(result);
        setAsking(null);
        downloadSxcu(result.sharex, appName);
      },
    });
  const close = (open: boolean) => {
    if (open) return;
    setAsking(null);
    create.reset();
    revoke.reset();
  };

  return (
    <section className="surface flex flex-col gap-4 p-5" data-testid="sharex-section">
      <header className="flex items-center gap-2">
        <KeyRound className="size-5 text-brand-500" aria-hidden />
        <h2 className="text-lg font-semibold">{t('hostedImages.sharex.title')}</h2>
      </header>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('hostedImages.sharex.intro')}</p>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-400">
        <li>{t('hostedImages.sharex.step1')}</li>
        <li>{t('hostedImages.sharex.step2')}</li>
        <li>{t('hostedImages.sharex.step3')}</li>
      </ol>
      <p className="text-xs text-muted">
        {t('hostedImages.sharex.endpoint')} <code className="break-all">{config.upload_url}</code>
      </p>
      {key ? (
        <dl
          className="grid gap-2 rounded-xl bg-slate-100 p-3 text-sm sm:grid-cols-3 dark:bg-slate-800/60"
          data-testid="key-info"
        >
          <div>
            <dt className="text-xs text-muted">{t('hostedImages.sharex.hint')}</dt>
            <dd className="font-mono">{key.hint}…</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('hostedImages.sharex.created')}</dt>
            <dd>{f.dateTime(key.created_at)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('hostedImages.sharex.lastUsed')}</dt>
            <dd>{key.last_used_at ? f.dateTime(key.last_used_at) : t('hostedImages.sharex.never')}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-muted" data-testid="key-none">
          {t('hostedImages.sharex.noKey')}
        </p>
      )}
      {fresh && <FreshKey result={fresh} onDownload={() => downloadSxcu(fresh.sharex, appName)} appName={appName} />}
      {!asking && errorText(t, create.error) && <Alert>{errorText(t, create.error)}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          data-testid="create-key"
          disabled={create.isPending}
          onClick={() => (key ? setAsking('replace') : makeKey())}
        >
          <Download className="size-4" aria-hidden />
          {create.isPending
            ? t('common.working')
            : t(key ? 'hostedImages.sharex.replace' : 'hostedImages.sharex.create')}
        </Button>
        {key && (
          <Button variant="secondary" data-testid="revoke-key" onClick={() => setAsking('revoke')}>
            {t('hostedImages.sharex.revoke')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={asking === 'replace'}
        onOpenChange={close}
        title={t('hostedImages.sharex.replaceTitle')}
        message={t('hostedImages.sharex.replaceMessage')}
        confirmLabel={t('hostedImages.sharex.replace')}
        busy={create.isPending}
        error={errorText(t, create.error)}
        onConfirm={makeKey}
        testId="replace-key-dialog"
      />
      <ConfirmDialog
        open={asking === 'revoke'}
        onOpenChange={close}
        title={t('hostedImages.sharex.revokeTitle')}
        message={t('hostedImages.sharex.revokeMessage')}
        confirmLabel={t('hostedImages.sharex.revoke')}
        busy={revoke.isPending}
        error={errorText(t, revoke.error)}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              setFresh(null);
              setAsking(null);
            },
          })
        }
        testId="revoke-key-dialog"
      />
    </section>
  );
}

/** The key just made: shown once, with a copy button, and its file to download again. */
function FreshKey({
  result,
  onDownload,
  appName,
}: {
  result: UploadKeyResult;
  onDownload: () => void;
  appName: unknown;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4"
      data-testid="fresh-key"
    >
      <p className="flex items-start gap-2 text-sm font-semibold text-amber-700 dark:text-amber-300">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('hostedImages.sharex.shownOnce')}
      </p>
      <div className="flex items-center gap-2">
        <input
          readOnly
          value={result.key}
          aria-label={t('hostedImages.sharex.key')}
          data-testid="fresh-key-value"
          onFocus={(e) => e.target.select()}
          className="min-h-10 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-3 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <Button
          variant="secondary"
          aria-label={t('hostedImages.sharex.copyKey')}
          onClick={() => void navigator.clipboard.writeText(result.key).then(() => setCopied(true))}
        >
          {copied ? <Check className="size-4 text-emerald-500" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          <span aria-live="polite">{copied ? t('hostedImages.sharex.copied') : t('hostedImages.copy')}</span>
        </Button>
      </div>
      <Button variant="secondary" className="self-start" onClick={onDownload} data-testid="download-sxcu">
        <Download className="size-4" aria-hidden />
        {t('hostedImages.sharex.downloadAgain', { file: sxcuFileName(appName) })}
      </Button>
    </div>
  );
}
