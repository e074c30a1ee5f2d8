import { type SsoProvider, ssoProviders } from '@hostdeck/contracts';
import { KeyRound, Link2, Unlink } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useFormat } from '../../lib/format.ts';
import { useErrorText } from '../discord/api.ts';
import { errorCodeParam, ssoStartUrl, useSignInMethods, useUnlinkProvider } from '../sso/api.ts';
import { providerNames } from '../sso/provider-names.ts';

const linkClass =
  'inline-flex items-center gap-2 rounded-xl border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';

/** What the provider's round trip came back with (?sso=linked or ?sso_error=CODE), read once. */
function useReturn() {
  const [params, setParams] = useSearchParams();
  const [result] = useState(() =>
    params.get('sso') === 'linked' ? 'linked' : errorCodeParam(params.get('sso_error')),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (!params.has('sso') && !params.has('sso_error')) return;
    const next = new URLSearchParams(params);
    next.delete('sso');
    next.delete('sso_error');
    setParams(next, { replace: true });
  }, []);
  return result;
}

/**
 * Linked sign-in providers (#sign-in-providers on /account): link Discord or GitHub through their
 * consent page, unlink after confirming. The server refuses to remove the last way to sign in.
 */
export function SignInProvidersSection() {
  const { t } = useTranslation();
  const f = useFormat();
  const titleId = useId();
  const errorText = useErrorText();
  const methods = useSignInMethods();
  const unlink = useUnlinkProvider();
  const back = useReturn();
  const [confirming, setConfirming] = useState<SsoProvider | null>(null);
  const data = methods.data;
  const linked = new Map((data?.identities ?? []).map((i) => [i.provider, i]));
  // Linked ones always show (to unlink); the others only while the panel offers them.
  const shown = ssoProviders.filter((p) => linked.has(p) || data?.available.includes(p));
  if (methods.isSuccess && shown.length === 0 && !back) return null;
  return (
    <section
      id="sign-in-providers"
      className="surface flex scroll-mt-20 flex-col gap-4 p-4 sm:p-6"
      aria-labelledby={titleId}
      data-testid="sign-in-providers"
    >
      <div className="flex items-start gap-3">
        <KeyRound className="size-8 shrink-0 rounded-xl bg-brand-500/10 p-1.5 text-brand-500" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold">
            {t('sso.providers.title')}
          </h2>
          <p className="text-sm text-muted">{t('sso.providers.hint')}</p>
        </div>
      </div>
      {back === 'linked' && <Alert tone="success">{t('sso.providers.linked')}</Alert>}
      {back && back !== 'linked' && (
        <Alert>
          <span data-testid="sign-in-providers-error">
            {t(`errors.${back}`, { defaultValue: t('errors.SERVER_ERROR') })}
          </span>
        </Alert>
      )}
      {methods.isError && <Alert>{errorText(methods.error)}</Alert>}
      {unlink.error && <Alert>{errorText(unlink.error)}</Alert>}
      {data && data.password === false && <p className="text-sm text-muted">{t('sso.providers.noPassword')}</p>}
      <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
        {shown.map((p) => {
          const identity = linked.get(p);
          return (
            <li key={p} className="flex flex-wrap items-center gap-3 py-3" data-testid={`provider-${p}`}>
              <div className="min-w-0 flex-1">
                <p className="font-medium">{providerNames[p]}</p>
                <p className="text-sm text-muted break-all">
                  {identity
                    ? t('sso.providers.linkedAs', { username: identity.username, date: f.date(identity.linked_at) })
                    : t('sso.providers.notLinked')}
                </p>
              </div>
              {!identity && (
                <a href={ssoStartUrl(p, 'link')} className={linkClass} data-testid={`provider-${p}-link`}>
                  <Link2 className="size-4" aria-hidden />
                  {t('sso.providers.link')}
                </a>
              )}
              {identity && confirming !== p && (
                <Button
                  variant="secondary"
                  data-testid={`provider-${p}-unlink`}
                  onClick={() => {
                    unlink.reset();
                    setConfirming(p);
                  }}
                >
                  <Unlink className="size-4" aria-hidden />
                  {t('sso.providers.unlink')}
                </Button>
              )}
              {identity && confirming === p && (
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm">{t('sso.providers.unlinkConfirm', { provider: providerNames[p] })}</span>
                  <Button
                    variant="danger"
                    data-testid={`provider-${p}-unlink-yes`}
                    disabled={unlink.isPending}
                    onClick={() => unlink.mutate(p, { onSettled: () => setConfirming(null) })}
                  >
                    {unlink.isPending ? t('common.working') : t('sso.providers.unlink')}
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(null)} disabled={unlink.isPending}>
                    {t('resource.cancel')}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
