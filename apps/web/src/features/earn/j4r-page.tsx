import type { J4rOverview } from '@hostdeck/contracts';
import { BadgeCheck, Coins, ExternalLink, Link2, RefreshCw, ServerOff, Settings2, Users } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LazyImage } from '../../components/ui/lazy-image.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useCoinText } from '../coins/coin-text.ts';
import { useErrorText, useLinkDiscord } from '../discord/api.ts';
import { DiscordReturnNotice, useDiscordReturn } from '../discord/return-notice.tsx';
import { LoadError, PageHeader, StatePanel } from '../servers/page-parts.tsx';
import { useJ4r, useJ4rCheck } from './j4r-api.ts';

type J4rServer = J4rOverview['servers'][number];

/**
 * /earn/j4r: Discord servers that pay coins for joining. The member links Discord once, joins the
 * servers through their invites, then lets Discord confirm which ones they joined.
 */
export function J4rPage() {
  const { t } = useTranslation();
  const overview = useJ4r();
  const back = useDiscordReturn();
  const notice = <DiscordReturnNotice result={back.result} onDismiss={back.dismiss} />;
  const frame = (body: ReactNode) => (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      {notice}
      {body}
    </div>
  );
  if (overview.isPending) return <Loading label={t('common.loading')} />;
  const off = (
    <StatePanel
      icon={ServerOff}
      tone="amber"
      testId="j4r-off"
      title={t('j4r.offTitle')}
      message={t('j4r.offMessage')}
    />
  );
  if (overview.isError)
    return frame(
      overview.error instanceof ApiError && overview.error.code === 'FEATURE_DISABLED' ? (
        off
      ) : (
        <LoadError error={overview.error} />
      ),
    );
  const o = overview.data;
  if (!o.enabled) return frame(off);
  if (!o.discord_configured)
    return frame(
      <StatePanel
        icon={Settings2}
        tone="amber"
        testId="j4r-no-discord"
        title={t('j4r.notConfiguredTitle')}
        message={t('j4r.notConfiguredMessage')}
      />,
    );
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <PageHeader title={t('j4r.title')} subtitle={t('j4r.subtitle')} />
      {notice}
      {o.discord ? <Linked overview={o} /> : <LinkFirst />}
      <ServerList servers={o.servers} />
    </div>
  );
}

/** Not linked yet: why Discord, and the button to Discord's consent page. */
function LinkFirst() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const link = useLinkDiscord();
  const busy = link.isPending || link.isSuccess;
  return (
    <section className="surface flex flex-col gap-3 p-4 sm:p-6" data-testid="j4r-link">
      <div className="flex items-start gap-3">
        <Link2 className="size-8 shrink-0 rounded-xl bg-indigo-500/10 p-1.5 text-indigo-500" aria-hidden />
        <div className="min-w-0">
          <h2 className="font-semibold">{t('j4r.linkTitle')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('j4r.linkMessage')}</p>
        </div>
      </div>
      {link.error && <Alert>{errorText(link.error)}</Alert>}
      <Button className="self-start" data-testid="j4r-link-discord" disabled={busy} onClick={() => link.mutate('j4r')}>
        <Link2 className="size-4" aria-hidden />
        {busy ? t('common.working') : t('discord.link')}
      </Button>
    </section>
  );
}

/** Linked: who, what was earned, the re-check rule, and the button that lets Discord confirm the joins. */
function Linked({ overview: o }: { overview: J4rOverview }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const coins = useCoinText();
  const check = useJ4rCheck();
  const busy = check.isPending || check.isSuccess;
  const claimable = o.servers.some((s) => s.state !== 'claimed');
  return (
    <section className="surface flex flex-col gap-4 p-4 sm:p-6" data-testid="j4r-linked">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <p className="flex items-center gap-2 text-sm">
          <BadgeCheck className="size-5 text-indigo-500" aria-hidden />
          <span>
            {t('j4r.linkedAs')} <strong data-testid="j4r-discord-user">{o.discord?.username}</strong>
          </span>
        </p>
        <p className="flex items-center gap-2 rounded-2xl bg-amber-400/10 px-4 py-2 text-sm">
          <Coins className="size-5 text-amber-500 dark:text-coin" aria-hidden />
          {t('j4r.earned')}: <strong data-testid="j4r-earned">{coins(o.earned)}</strong>
        </p>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('j4r.howTo')}</p>
      {o.recheck && (
        <Alert tone="info">
          <span data-testid="j4r-recheck">{t('j4r.recheckNote')}</span>
        </Alert>
      )}
      {check.error && <Alert>{errorText(check.error)}</Alert>}
      <Button
        className="self-start"
        data-testid="j4r-check"
        disabled={busy || !claimable}
        onClick={() => check.mutate()}
      >
        <RefreshCw className={`size-4 ${check.isPending ? 'animate-spin' : ''}`} aria-hidden />
        {busy ? t('common.working') : t('j4r.check')}
      </Button>
    </section>
  );
}

const stateTone: Record<J4rServer['state'], string> = {
  open: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  claimed: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  revoked: 'bg-rose-500/15 text-rose-700 dark:text-rose-300',
};

function ServerList({ servers }: { servers: J4rServer[] }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="flex flex-col gap-3" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {t('j4r.servers')}
      </h2>
      {servers.length === 0 ? (
        <p className="surface p-8 text-center text-sm text-muted" data-testid="j4r-empty">
          {t('j4r.empty')}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {servers.map((s) => (
            <ServerCard key={s.id} server={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ServerCard({ server: s }: { server: J4rServer }) {
  const { t } = useTranslation();
  const f = useFormat();
  const coins = useCoinText();
  const id = useId();
  return (
    <li
      className="surface flex min-w-0 flex-col gap-3 p-4"
      data-testid="j4r-server"
      data-state={s.state}
      aria-labelledby={id}
    >
      <div className="flex items-start gap-3">
        {s.icon_url ? (
          <LazyImage src={s.icon_url} alt="" className="size-12 shrink-0 rounded-2xl object-cover" />
        ) : (
          <Users className="size-12 shrink-0 rounded-2xl bg-indigo-500/10 p-2.5 text-indigo-500" aria-hidden />
        )}
        <div className="min-w-0 flex-1">
          <h3 id={id} className="font-semibold break-words">
            {s.name}
          </h3>
          {s.description && <p className="text-sm break-words text-muted">{s.description}</p>}
        </div>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateTone[s.state]}`}
          data-testid="j4r-server-state"
        >
          {t(`j4r.state.${s.state}`)}
        </span>
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
        <span className="text-sm">
          <strong className="tabular-nums" data-testid="j4r-server-coins">
            +{coins(s.coins)}
          </strong>
          {s.claimed_at && (
            <span className="ml-2 text-xs text-muted">{t('j4r.claimedOn', { date: f.date(s.claimed_at) })}</span>
          )}
        </span>
        <a
          href={s.invite_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-10 items-center gap-2 rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-brand-400 dark:border-slate-700"
          data-testid="j4r-invite"
          aria-label={t('j4r.joinServer', { name: s.name })}
        >
          <ExternalLink className="size-4" aria-hidden />
          {t('j4r.join')}
        </a>
      </div>
      {s.state === 'revoked' && <p className="text-xs text-rose-600 dark:text-rose-400">{t('j4r.revokedHint')}</p>}
    </li>
  );
}
