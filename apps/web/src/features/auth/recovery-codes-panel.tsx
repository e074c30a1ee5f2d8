import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useSetting } from '../../lib/use-settings.ts';

/** The codes as a small text file, one a line, with what they are for. */
export function recoveryCodesText(appName: string, codes: string[], intro: string): string {
  return [`${appName}`, intro, '', ...codes, ''].join('\n');
}

/**
 * Ten recovery codes, shown once (after setup or a regeneration): download as .txt, copy, then
 * "I saved them". The server keeps only hashes, so leaving this screen is the last chance.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const appName = String(useSetting('app_name') ?? 'Hostdeck');
  const [copied, setCopied] = useState(false);
  const text = recoveryCodesText(appName, codes, t('auth.twoFactor.recovery.fileIntro'));
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${appName.replace(/[^\w.-]+/g, '-').toLowerCase()}-recovery-codes.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  const copy = () =>
    navigator.clipboard?.writeText(codes.join('\n')).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes-panel">
      <div>
        <h2 className="text-lg font-semibold">{t('auth.twoFactor.recovery.title')}</h2>
        <p className="mt-1 text-sm text-muted">{t('auth.twoFactor.recovery.explain')}</p>
      </div>
      <ol
        className="grid grid-cols-2 gap-2 rounded-xl border border-slate-300 bg-slate-50 p-3 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="text-center select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={download} data-testid="recovery-codes-download">
          <Download className="size-4" aria-hidden />
          {t('auth.twoFactor.recovery.download')}
        </Button>
        <Button variant="secondary" onClick={copy} data-testid="recovery-codes-copy">
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? t('auth.twoFactor.recovery.copied') : t('auth.twoFactor.recovery.copy')}
        </Button>
      </div>
      <Button onClick={onDone} data-testid="recovery-codes-done">
        {t('auth.twoFactor.recovery.saved')}
      </Button>
    </div>
  );
}
