import type { SsoProvider } from '@hostdeck/contracts';
import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetting } from '../../lib/use-settings.ts';
import { useTurnstile, useTurnstileSiteKey } from '../auth/turnstile-widget.tsx';
import { providerNames } from './provider-names.ts';
import { ssoNavigation, ssoStartUrl } from './start-url.ts';

const button =
  'inline-flex w-full items-center justify-center gap-2 rounded-xl border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';

/** The providers staff switched on (public settings sso_<provider>_enabled). */
export function useEnabledProviders(): SsoProvider[] {
  const discord = useSetting<boolean>('sso_discord_enabled');
  const github = useSetting<boolean>('sso_github_enabled');
  const on: Record<SsoProvider, boolean> = { discord: discord === true, github: github === true };
  // The providers' order as providerNames lists them (the contract's list would bring zod to the login page).
  return (Object.keys(providerNames) as SsoProvider[]).filter((p) => on[p]);
}

/**
 * "Continue with Discord / GitHub" on the sign-in and sign-up pages: plain links, since the round
 * trip is a browser navigation through the provider's consent page. Nothing while none is on.
 * While Turnstile is on, the server starts a round trip only with a token (an SSO sign-up cannot
 * carry one through the provider): a click shows the widget, and its token leaves with the browser.
 * The widget appears only on a click, so a page with its own form check does not show two.
 */
export function SsoButtons({ divider = true }: { divider?: boolean }) {
  const { t } = useTranslation();
  const providers = useEnabledProviders();
  const humanCheck = useTurnstileSiteKey() !== null;
  const [chosen, setChosen] = useState<SsoProvider | null>(null);
  const turnstile = useTurnstile('sso', chosen !== null);
  const { token, reset } = turnstile;
  useEffect(() => {
    if (!chosen || !token) return;
    ssoNavigation.go(ssoStartUrl(chosen, 'login', token));
    // Tokens are single use: coming back (history) starts over with a new check.
    setChosen(null);
    reset();
  }, [chosen, token, reset]);
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="sso-buttons">
      {divider && (
        <p className="flex items-center gap-3 text-xs text-muted before:h-px before:flex-1 before:bg-slate-300 after:h-px after:flex-1 after:bg-slate-300 dark:before:bg-slate-700 dark:after:bg-slate-700">
          {t('sso.or')}
        </p>
      )}
      {providers.map((p) => {
        const label = (
          <>
            <KeyRound className="size-4" aria-hidden />
            {t('sso.continueWith', { provider: providerNames[p] })}
          </>
        );
        return humanCheck ? (
          <button
            key={p}
            type="button"
            className={button}
            data-testid={`sso-${p}`}
            aria-pressed={chosen === p}
            onClick={() => setChosen(p)}
          >
            {label}
          </button>
        ) : (
          <a key={p} href={ssoStartUrl(p)} className={button} data-testid={`sso-${p}`}>
            {label}
          </a>
        );
      })}
      {chosen && (
        <div className="flex flex-col gap-2" data-testid="sso-human-check">
          <p className="text-sm text-muted">{t('sso.humanCheck', { provider: providerNames[chosen] })}</p>
          {turnstile.element}
        </div>
      )}
    </div>
  );
}
