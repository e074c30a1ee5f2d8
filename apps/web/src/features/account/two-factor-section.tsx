import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { RecoveryCodesPanel } from '../auth/recovery-codes-panel.tsx';
import { useErrorText } from '../discord/api.ts';
import { linkButton } from '../servers/page-parts.tsx';
import { useTwoFactorStatus } from './two-factor-api.ts';
import { DisableTwoFactorForm, RegenerateCodesForm } from './two-factor-forms.tsx';

/** Fewer codes than this left: the section suggests making new ones. */
const LOW_CODES = 3;
type Open = 'none' | 'disable' | 'regenerate';

/**
 * /account#two-factor: on or off, a link to set it up, how many recovery codes are left, new codes
 * with the password (shown once), and turning it off with a code.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const status = useTwoFactorStatus();
  const [open, setOpen] = useState<Open>('none');
  const [codes, setCodes] = useState<string[] | null>(null);
  const on = status.data?.enabled ?? false;
  const left = status.data?.recovery_codes_left ?? 0;
  const Icon = on ? ShieldCheck : ShieldOff;
  return (
    <section
      id="two-factor"
      className="surface flex scroll-mt-20 flex-col gap-4 p-4 sm:p-6"
      aria-labelledby={id}
      data-testid="two-factor-section"
    >
      <div className="flex items-start gap-3">
        <Icon
          className={`size-8 shrink-0 rounded-xl p-1.5 ${on ? 'bg-brand-500/10 text-brand-500' : 'bg-slate-500/10 text-muted'}`}
          aria-hidden
        />
        <div className="min-w-0 flex-1">
          <h2 id={id} className="text-lg font-semibold">
            {t('account.twoFactor.title')}
          </h2>
          {status.data && (
            <p className="text-sm text-muted" data-testid="two-factor-status">
              {on ? t('account.twoFactor.on') : t('account.twoFactor.off')}
            </p>
          )}
        </div>
      </div>
      {status.isPending && <Loading label={t('common.loading')} />}
      {status.isError && <Alert>{errorText(status.error)}</Alert>}
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
      ) : status.data && !on ? (
        <>
          <p className="text-sm">{t('account.twoFactor.offExplain')}</p>
          <Link to="/auth/2fa/setup" className={`${linkButton} self-start`} data-testid="two-factor-setup">
            <ShieldCheck className="size-4" aria-hidden />
            {t('account.twoFactor.setUp')}
          </Link>
        </>
      ) : status.data ? (
        <>
          <p className="flex items-center gap-2 text-sm">
            <KeyRound className="size-4 text-muted" aria-hidden />
            <span data-testid="recovery-codes-left">{t('account.twoFactor.codesLeft', { count: left })}</span>
          </p>
          {left <= LOW_CODES && <Alert tone="info">{t('account.twoFactor.codesLow')}</Alert>}
          {open === 'disable' && <DisableTwoFactorForm onClose={() => setOpen('none')} />}
          {open === 'regenerate' && (
            <RegenerateCodesForm
              onCancel={() => setOpen('none')}
              onCodes={(fresh) => {
                setOpen('none');
                setCodes(fresh);
              }}
            />
          )}
          {open === 'none' && (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setOpen('regenerate')} data-testid="recovery-codes-regenerate">
                <KeyRound className="size-4" aria-hidden />
                {t('account.twoFactor.regenerate')}
              </Button>
              <Button variant="secondary" onClick={() => setOpen('disable')} data-testid="two-factor-disable">
                <ShieldOff className="size-4" aria-hidden />
                {t('account.twoFactor.disable')}
              </Button>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
