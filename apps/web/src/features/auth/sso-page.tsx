import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Single sign-on (Discord, GitHub, sign-in links) arrives with its own issue; this page says so plainly. */
export function SsoPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <KeyRound className="size-10 text-brand-400" aria-hidden />
      <h1 className="text-2xl font-bold">{t('auth.sso.title')}</h1>
      <p className="text-sm text-slate-500">{t('auth.sso.none')}</p>
      <Link to="/auth/login" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
        {t('auth.backToLogin')}
      </Link>
    </div>
  );
}
