import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { sessionManager } from '../../lib/session-manager.ts';
import { useErrorText } from '../discord/api.ts';
import { redeemSignInLink } from '../sso/api.ts';

/** /auth/link?token=…: a one-time sign-in link an integration minted; used once, on arrival. */
export function SignInLinkPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(null);
  // The link works once: a second effect run (strict mode, a re-render) must not spend it again.
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per token
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    redeemSignInLink(token).then(
      async (res) => {
        if (res.two_factor_required) return navigate('/auth/2fa/verify', { replace: true });
        await sessionManager.reload();
        await navigate('/dashboard', { replace: true });
      },
      (err) => setError(errorText(err)),
    );
  }, [token]);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('sso.linkTitle')}</h1>
      {error ? (
        <>
          <Alert>
            <span data-testid="sign-in-link-error">{error}</span>
          </Alert>
          <Link to="/auth/login" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
            {t('auth.backToLogin')}
          </Link>
        </>
      ) : (
        <Loading label={t('common.loading')} />
      )}
    </div>
  );
}
