import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { errorCodeParam } from '../sso/api.ts';
import { SsoButtons, useEnabledProviders } from '../sso/sso-buttons.tsx';

/**
 * /auth/sso: sign in or sign up with Discord or GitHub. The provider's round trip comes back here
 * with ?error=<CODE> when it was refused (e.g. SSO_EMAIL_UNVERIFIED: sign in and link from /account).
 */
export function SsoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = errorCodeParam(params.get('error'));
  const providers = useEnabledProviders();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 text-center">
        <KeyRound className="size-10 text-brand-400" aria-hidden />
        <h1 className="text-2xl font-bold">{t('auth.sso.title')}</h1>
        {providers.length > 0 && <p className="text-sm text-muted">{t('sso.subtitle')}</p>}
      </div>
      {error && (
        <Alert>
          <span data-testid="sso-error">{t(`errors.${error}`, { defaultValue: t('errors.SERVER_ERROR') })}</span>
        </Alert>
      )}
      {providers.length === 0 ? (
        <p className="text-center text-sm text-muted">{t('auth.sso.none')}</p>
      ) : (
        <SsoButtons divider={false} />
      )}
      <Link to="/auth/login" className="text-center text-sm text-brand-600 hover:underline dark:text-brand-300">
        {t('auth.backToLogin')}
      </Link>
    </div>
  );
}
