import { CheckCheck, Megaphone, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { LoadError, PageHeader, StatePanel } from '../servers/page-parts.tsx';
import { AnnouncementCard } from './announcement-card.tsx';
import { useAnnouncementFeed, useMarkRead, useUnreadAnnouncements } from './api.ts';

/** /announcements: news from the staff, pinned on top then newest first; a tag narrows it (kept in the URL). */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') ?? '';
  const feed = useAnnouncementFeed(tag);
  const unread = useUnreadAnnouncements();
  const read = useMarkRead();
  const setTag = (next: string) => setParams(next ? { tag: next } : {}, { replace: true });

  if (feed.isPending) return <Loading label={t('common.loading')} />;
  if (feed.isError) return <LoadError error={feed.error} />;
  const items = feed.data.pages.flatMap((p) => p.data);
  if (items.length === 0 && !tag)
    return (
      <StatePanel
        icon={Megaphone}
        testId="announcements-empty"
        title={t('announcements.emptyTitle')}
        message={t('announcements.emptyMessage')}
      />
    );
  const readError = read.error instanceof ApiError ? t(`errors.${read.error.code}`) : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader title={t('announcements.title')} subtitle={t('announcements.subtitle')} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        {tag ? (
          <p className="flex items-center gap-2 text-sm" data-testid="announcements-tag">
            {t('announcements.taggedWith')}{' '}
            <span className="rounded-full bg-brand-500/15 px-2.5 py-0.5 font-semibold">#{tag}</span>
            <button
              type="button"
              onClick={() => setTag('')}
              className="rounded-lg p-1 text-muted hover:bg-slate-200/70 dark:hover:bg-slate-800/70"
              aria-label={t('announcements.clearTag')}
            >
              <X className="size-4" aria-hidden />
            </button>
          </p>
        ) : (
          <span />
        )}
        {(unread.data ?? 0) > 0 && (
          <Button variant="secondary" disabled={read.isPending} onClick={() => read.mutate('all')}>
            <CheckCheck className="size-4" aria-hidden />
            {t('announcements.markAllRead')}
          </Button>
        )}
      </div>
      {readError && <Alert>{readError}</Alert>}
      {items.length === 0 ? (
        <p className="surface p-6 text-center text-muted" data-testid="announcements-none-tagged">
          {t('announcements.noneTagged', { tag })}
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {items.map((a) => (
            <li key={a.id}>
              <AnnouncementCard item={a} onRead={(id) => read.mutate(id)} onTag={setTag} />
            </li>
          ))}
        </ul>
      )}
      {feed.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          disabled={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
        >
          {feed.isFetchingNextPage ? t('common.loading') : t('announcements.more')}
        </Button>
      )}
    </div>
  );
}
