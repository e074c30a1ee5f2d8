import type { LinkClaim, LinkClaimRequest } from '@hostdeck/contracts';
import { CircleCheck, CircleX, Clock, Coins, LoaderCircle, PauseCircle, Unlink } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Notice, noticeLink } from '../../components/ui/notice.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCoinText } from '../coins/coin-text.ts';
import { LoadError, PageHeader, StatePanel } from '../servers/page-parts.tsx';
import { useAdblockCheck } from './adblock-check.ts';
import { AdblockNotice } from './adblock-notice.tsx';
import { useClaimLink, useLinks } from './links-api.ts';
import { ProviderCard, RecentClaims } from './links-parts.tsx';
import { clock, useSecondsUntil } from './links-time.ts';

/**
 * /earn/links: coins for completing shortened links. Start sends the member to the provider; the
 * provider sends them back here with `?claim=<token>` (Linkvertise adds `&hash=`), which is posted
 * once and then taken out of the address.
 */
export function LinksPage() {
  const { t } = useTranslation();
  const coins = useCoinText();
  const overview = useLinks();
  // Earning calls carry the anti-adblock token: a returning claim waits for the check.
  const adblock = useAdblockCheck();
  const blocked = adblock.state.status === 'blocked' || adblock.state.status === 'error';
  const claim = useReturningClaim(adblock.state.status === 'ready');
  const { refetch } = overview;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const recent = overview.data?.recent ?? [];
  const notice = (
    <>
      {blocked && <AdblockNotice onRetry={adblock.retry} />}
      <ClaimNotice claim={claim} waitingClaim={recent.find((c) => c.status === 'pending')} />
    </>
  );
  if (overview.isPending)
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-5">
        {notice}
        <Loading label={t('common.loading')} />
      </div>
    );
  const off = overview.error instanceof ApiError && overview.error.code === 'FEATURE_DISABLED';
  if (overview.isError && !off) return <LoadError error={overview.error} />;
  const o = overview.data;
  const providers = o?.providers.filter((p) => p.enabled) ?? [];
  if (!o || providers.length === 0)
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-5">
        {notice}
        {off ? (
          <StatePanel
            icon={PauseCircle}
            tone="amber"
            testId="links-off"
            title={t('links.offTitle')}
            message={t('links.offMessage')}
          />
        ) : (
          <StatePanel
            icon={Unlink}
            testId="links-empty"
            title={t('links.emptyTitle')}
            message={t('links.emptyMessage')}
          />
        )}
      </div>
    );
  const names = Object.fromEntries(o.providers.map((p) => [p.provider, p.name]));
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <PageHeader title={t('links.title')} subtitle={t('links.subtitle')} />
      {notice}
      <p className="flex w-fit items-center gap-2 rounded-2xl bg-amber-400/10 px-4 py-2 text-sm" aria-live="polite">
        <Coins className="size-5 text-amber-500 dark:text-coin" aria-hidden />
        {t('links.earnedToday')}: <strong data-testid="links-earned-today">{coins(o.earned_today)}</strong>
      </p>
      {!blocked && (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('links.providers')}>
          {providers.map((p) => (
            <ProviderCard key={p.provider} provider={p} onAvailable={refresh} />
          ))}
        </ul>
      )}
      <RecentClaims claims={o.recent} names={names} />
    </div>
  );
}

/**
 * The claim the provider sent the member back with: posted once per token (React's double effects
 * in development included), and taken out of the address when paid or finally refused. A claim that
 * came back too early stays in the address and can be tried again.
 */
function useReturningClaim(ready: boolean) {
  const [params, setParams] = useSearchParams();
  const token = params.get('claim');
  const hash = params.get('hash');
  const claim = useClaimLink();
  const { mutate } = claim;
  const posted = useRef<string | null>(null);
  const body = useRef<LinkClaimRequest | null>(null);
  const send = useCallback(() => {
    if (!body.current) return;
    mutate(body.current, {
      onSettled: (_data, error) => {
        if (error instanceof ApiError && error.code === 'LINK_CLAIM_TOO_EARLY') return;
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.delete('claim');
            next.delete('hash');
            return next;
          },
          { replace: true },
        );
      },
    });
  }, [mutate, setParams]);
  useEffect(() => {
    if (!ready || !token || posted.current === token) return;
    posted.current = token;
    body.current = hash ? { token, hash } : { token };
    send();
  }, [ready, token, hash, send]);
  return { ...claim, retry: send };
}

type Claim = ReturnType<typeof useReturningClaim>;

function ClaimNotice({ claim, waitingClaim }: { claim: Claim; waitingClaim: LinkClaim | undefined }) {
  const { t } = useTranslation();
  const coins = useCoinText();
  const wait = useSecondsUntil(waitingClaim?.claimable_at ?? null);
  const dismiss = (
    <button type="button" className={noticeLink} onClick={() => claim.reset()} data-testid="link-claim-dismiss">
      {t('discord.dismiss')}
    </button>
  );
  if (claim.isPending)
    return (
      <Notice icon={LoaderCircle} spin tone="sky" testId="link-claim-checking" title={t('links.checkingTitle')}>
        {t('links.checkingMessage')}
      </Notice>
    );
  if (claim.data)
    return (
      <Notice
        icon={CircleCheck}
        tone="emerald"
        testId="link-claim-done"
        title={t('links.doneTitle', { coins: coins(claim.data.coins) })}
        actions={dismiss}
      >
        {t('links.doneMessage', { balance: coins(claim.data.balance) })}
      </Notice>
    );
  if (!claim.error) return null;
  const code = claim.error instanceof ApiError ? claim.error.code : 'SERVER_ERROR';
  if (code === 'LINK_CLAIM_TOO_EARLY')
    return (
      <Notice
        icon={Clock}
        tone="amber"
        testId="link-claim-early"
        title={t('links.earlyTitle')}
        actions={
          <Button variant="secondary" onClick={claim.retry} data-testid="link-claim-retry">
            {t('links.tryAgain')}
          </Button>
        }
      >
        {t('errors.LINK_CLAIM_TOO_EARLY')}
        {wait > 0 && (
          <span className="block tabular-nums" data-testid="link-claim-wait">
            {t('links.claimableIn', { time: clock(wait) })}
          </span>
        )}
      </Notice>
    );
  return (
    <Notice icon={CircleX} tone="rose" testId="link-claim-failed" title={t('links.failedTitle')} actions={dismiss}>
      {t(`errors.${code === 'VALIDATION_ERROR' ? 'LINK_CLAIM_INVALID' : code}`, {
        defaultValue: claim.error.message,
      })}
    </Notice>
  );
}
