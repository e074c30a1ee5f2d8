import { type Leaderboard, leaderboardKinds } from '@hostdeck/contracts';
import { Medal, Trophy } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useSession } from '../../lib/use-session.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { LoadError, PageHeader, StatePanel } from '../servers/page-parts.tsx';
import { useLeaderboard } from './api.ts';
import { Avatar, MemberRow, RoleBadge } from './member-parts.tsx';

type By = Leaderboard['by'];
const isBy = (v: string | null): v is By => (leaderboardKinds as readonly string[]).includes(v ?? '');

/** Gold, silver and bronze for the first three places. */
const podium: Record<number, string> = {
  1: 'bg-amber-400/15 border-amber-400/60',
  2: 'bg-slate-400/15 border-slate-400/60',
  3: 'bg-orange-500/10 border-orange-500/50',
};
const medal: Record<number, string> = { 1: 'text-amber-500', 2: 'text-slate-400', 3: 'text-orange-500' };

/** /leaderboard?by=coins|servers|referrals|afk: the top members, one tab per measure. */
export function LeaderboardPage() {
  const { t } = useTranslation();
  const enabled = useSetting<boolean>('leaderboard_enabled') !== false;
  const [params, setParams] = useSearchParams();
  const raw = params.get('by');
  const by: By = isBy(raw) ? raw : 'coins';
  const board = useLeaderboard(by, enabled);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const off = !enabled || (board.error instanceof ApiError && board.error.code === 'FEATURE_DISABLED');
  if (off)
    return (
      <StatePanel
        icon={Trophy}
        tone="amber"
        testId="leaderboard-off"
        title={t('leaderboard.offTitle')}
        message={t('leaderboard.offMessage')}
      />
    );
  const choose = (next: By, focus = false) => {
    setParams({ by: next }, { replace: true });
    if (focus) tabs.current[leaderboardKinds.indexOf(next)]?.focus();
  };
  // Arrow keys move between the tabs (the WAI-ARIA tabs pattern), Home and End jump to the ends.
  const onKey = (e: KeyboardEvent) => {
    const i = leaderboardKinds.indexOf(by);
    const n = leaderboardKinds.length;
    const to = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    choose(leaderboardKinds[to] as By, true);
  };
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader title={t('leaderboard.title')} subtitle={t('leaderboard.subtitle')} />
      <div
        role="tablist"
        aria-label={t('leaderboard.by')}
        className="surface grid grid-cols-2 gap-1 p-1 sm:flex"
        onKeyDown={onKey}
      >
        {leaderboardKinds.map((k, i) => (
          <button
            key={k}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`leaderboard-tab-${k}`}
            data-testid={`leaderboard-tab-${k}`}
            aria-selected={k === by}
            aria-controls="leaderboard-panel"
            tabIndex={k === by ? 0 : -1}
            onClick={() => choose(k)}
            className={`min-h-10 rounded-xl px-3 py-2 text-sm font-semibold sm:flex-1 ${k === by ? 'bg-brand-500 text-slate-950' : 'text-slate-600 hover:bg-slate-200/70 dark:text-slate-300 dark:hover:bg-slate-800/70'}`}
          >
            {t(`leaderboard.tabs.${k}`)}
          </button>
        ))}
      </div>
      <section
        role="tabpanel"
        id="leaderboard-panel"
        aria-labelledby={`leaderboard-tab-${by}`}
        data-testid="leaderboard-panel"
        data-by={by}
      >
        {board.isPending && <Loading label={t('common.loading')} />}
        {board.isError && <LoadError error={board.error} />}
        {board.data && <Ranking board={board.data} />}
      </section>
    </div>
  );
}

function Ranking({ board }: { board: Leaderboard }) {
  const { t } = useTranslation();
  const f = useFormat();
  const me = useSession().data?.userInfo.uuid;
  if (board.entries.length === 0)
    return (
      <p
        className="surface flex flex-col items-center gap-2 p-8 text-center text-sm text-muted"
        data-testid="leaderboard-empty"
      >
        <Trophy className="size-10 text-slate-400" aria-hidden />
        {t(`leaderboard.empty.${board.by}`)}
      </p>
    );
  return (
    <ol className="flex flex-col gap-2" aria-label={t(`leaderboard.tabs.${board.by}`)}>
      {board.entries.map((e) => {
        const mine = e.uuid === me;
        const top = podium[e.rank];
        return (
          <li key={e.uuid}>
            <MemberRow
              uuid={e.uuid}
              data-testid="leaderboard-row"
              data-rank={e.rank}
              data-me={mine || undefined}
              aria-current={mine ? 'true' : undefined}
              className={`flex min-h-14 items-center gap-3 rounded-2xl border px-3 py-2 sm:px-4 ${top ?? 'surface'} ${mine ? 'ring-2 ring-brand-400' : ''}`}
              linkClassName="hover:border-brand-400"
            >
              <span className="flex w-8 shrink-0 justify-center font-bold tabular-nums" data-testid="leaderboard-rank">
                {medal[e.rank] ? (
                  <>
                    <Medal className={`size-6 ${medal[e.rank]}`} aria-hidden />
                    <span className="sr-only">{f.number(e.rank)}</span>
                  </>
                ) : (
                  f.number(e.rank)
                )}
              </span>
              <Avatar member={e} />
              <span className="flex min-w-0 flex-1 flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-2">
                <span className="max-w-full truncate font-medium">{e.username}</span>
                <span className="flex flex-wrap gap-1.5">
                  <RoleBadge member={e} />
                  {mine && (
                    <span className="rounded-full bg-brand-500/15 px-2.5 py-0.5 text-xs font-semibold text-brand-600 dark:text-brand-300">
                      {t('profiles.you')}
                    </span>
                  )}
                </span>
              </span>
              <span className="shrink-0 text-right text-sm font-semibold tabular-nums" data-testid="leaderboard-value">
                {t(`leaderboard.values.${board.by}`, { count: e.value, amount: f.number(e.value) })}
              </span>
            </MemberRow>
          </li>
        );
      })}
    </ol>
  );
}
