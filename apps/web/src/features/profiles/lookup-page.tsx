import { ChevronRight, Gift, SearchX, UsersRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { PageHeader } from '../servers/page-parts.tsx';
import { useLookup } from './api.ts';
import { Avatar, MemberRow, RoleBadge, useProfileOpens } from './member-parts.tsx';

export const LOOKUP_DEBOUNCE_MS = 300;
const MIN = 2;
const MAX = 32;

/** /lookup: find members by username; the search lives in the URL (?q=) so it can be shared and survives a refresh. */
export function LookupPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, MAX);
  const [typed, setTyped] = useState(params.get('q') ?? '');
  useEffect(() => {
    const next = typed.trim();
    if (next === q) return;
    const timer = setTimeout(() => setParams(next ? { q: next } : {}, { replace: true }), LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);
  const ready = q.length >= MIN;
  const lookup = useLookup(ready ? q : '');
  const members = lookup.data ?? [];
  const profilesOpen = useSetting<boolean>('allow_public_profiles') !== false;
  const opens = useProfileOpens();
  const giftable = useSetting<boolean>('allow_coins_sharing') === true;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader title={t('lookup.title')} subtitle={t(profilesOpen ? 'lookup.subtitle' : 'lookup.subtitlePrivate')} />
      {/* biome-ignore lint/a11y/useSemanticElements: a form (Enter searches at once) as the search landmark; <search> is unknown to older browsers */}
      <form
        role="search"
        className="surface p-4 sm:p-5"
        onSubmit={(e) => {
          e.preventDefault();
          const next = typed.trim();
          if (next !== q) setParams(next ? { q: next } : {}, { replace: true });
        }}
      >
        <Field
          label={t('lookup.search')}
          type="search"
          hint={t('lookup.hint', { min: MIN })}
          data-testid="lookup-search"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={MAX}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </form>
      {!ready && (
        <p className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted" data-testid="lookup-idle">
          <UsersRound className="size-10 text-slate-400" aria-hidden />
          {t('lookup.idle', { min: MIN })}
        </p>
      )}
      {ready && lookup.isPending && <Loading label={t('common.loading')} />}
      {ready && lookup.isError && (
        <Alert>{t(`errors.${lookup.error instanceof ApiError ? lookup.error.code : 'SERVER_ERROR'}`)}</Alert>
      )}
      {ready && lookup.isSuccess && members.length === 0 && (
        <p className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted" data-testid="lookup-empty">
          <SearchX className="size-10 text-slate-400" aria-hidden />
          {t('lookup.empty', { q })}
        </p>
      )}
      {ready && members.length > 0 && (
        <ul
          className="surface flex flex-col divide-y divide-slate-200 dark:divide-slate-800"
          aria-label={t('lookup.results')}
        >
          {members.map((m) => (
            <li key={m.uuid}>
              <MemberRow
                uuid={m.uuid}
                data-testid="lookup-result"
                className="flex min-h-14 items-center gap-3 px-4 py-2.5"
                linkClassName="hover:bg-slate-100 dark:hover:bg-slate-800/60"
              >
                <Avatar member={m} />
                <span className="min-w-0 flex-1 truncate font-medium">{m.username}</span>
                <RoleBadge member={m} />
                {opens(m.uuid) && <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden />}
                {/* Profiles private: gifting still works, from here (the gift page gets the member found). */}
                {!opens(m.uuid) && giftable && (
                  <Link
                    to={`/profile/${m.uuid}/gift-coins`}
                    state={{ member: m }}
                    className="flex shrink-0 items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-brand-600 hover:bg-brand-500/10 dark:text-brand-300"
                    aria-label={t('lookup.giftTo', { name: m.username })}
                  >
                    <Gift className="size-4" aria-hidden />
                    <span className="hidden sm:inline">{t('nav.giftCoins')}</span>
                  </Link>
                )}
              </MemberRow>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
