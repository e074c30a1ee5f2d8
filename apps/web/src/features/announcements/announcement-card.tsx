import type { AnnouncementFeedItem } from '@hostdeck/contracts';
import { Check, ChevronDown, Pin } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../components/ui/lazy-image.tsx';
import { SafeMarkdown } from '../../components/ui/safe-markdown.tsx';
import { useFormat } from '../../lib/format.ts';

/** Long enough to fold: the card shows the beginning and opens on demand. */
export const isLong = (body: string) => body.length > 320 || body.split('\n').length > 6;

/**
 * One announcement: cover, title, date, tags, the Markdown body (folded when long). Opening it, or
 * marking a short one read, tells the server; the unread dot goes away with the answer.
 */
export function AnnouncementCard({
  item,
  onRead,
  onTag,
}: {
  item: AnnouncementFeedItem;
  onRead: (id: number) => void;
  onTag: (tag: string) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const titleId = useId();
  const bodyId = useId();
  const long = isLong(item.body);
  const [open, setOpen] = useState(false);
  const toggle = () => {
    if (!open && item.unread) onRead(item.id);
    setOpen(!open);
  };
  return (
    <article
      aria-labelledby={titleId}
      data-testid="announcement"
      data-unread={item.unread || undefined}
      className={`surface overflow-hidden ${item.unread ? 'ring-2 ring-brand-500/40' : ''}`}
    >
      {item.cover_image && (
        <LazyImage
          src={item.cover_image}
          alt={t('announcements.coverAlt', { title: item.title })}
          decoding="async"
          referrerPolicy="no-referrer"
          className="aspect-[3/1] w-full object-cover"
        />
      )}
      <div className="flex flex-col gap-3 p-5">
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {item.unread && (
            <span className="flex items-center gap-1.5 text-xs font-semibold text-brand-600 dark:text-brand-300">
              <span className="size-2 rounded-full bg-brand-500" aria-hidden />
              {t('announcements.unread')}
            </span>
          )}
          {item.pinned && (
            <span className="flex items-center gap-1 rounded-full bg-amber-400/15 px-2 py-0.5 text-xs font-semibold text-amber-700 dark:text-amber-300">
              <Pin className="size-3" aria-hidden />
              {t('announcements.pinned')}
            </span>
          )}
          <time dateTime={item.published_at} className="text-xs text-muted" title={f.dateTime(item.published_at)}>
            {f.date(item.published_at)}
          </time>
        </header>
        <h2 id={titleId} className="text-xl font-bold break-words">
          {item.title}
        </h2>
        {item.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('announcements.tags')}>
            {item.tags.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  onClick={() => onTag(tag)}
                  className="rounded-full bg-slate-500/10 px-2.5 py-0.5 text-xs font-medium text-slate-600 hover:bg-brand-500/15 hover:text-brand-700 dark:text-slate-300 dark:hover:text-brand-300"
                  aria-label={t('announcements.filterBy', { tag })}
                >
                  #{tag}
                </button>
              </li>
            ))}
          </ul>
        )}
        {/* Folded: the beginning fades out (a mask, so it suits any surface and theme). */}
        <div
          id={bodyId}
          className={
            long && !open
              ? 'max-h-40 overflow-hidden [mask-image:linear-gradient(to_bottom,black_60%,transparent)]'
              : undefined
          }
        >
          <SafeMarkdown>{item.body}</SafeMarkdown>
        </div>
        <footer className="flex flex-wrap gap-2">
          {long && (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={toggle}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300"
            >
              <ChevronDown className={`size-4 transition ${open ? 'rotate-180' : ''}`} aria-hidden />
              {open ? t('announcements.showLess') : t('announcements.readMore')}
            </button>
          )}
          {!long && item.unread && (
            <button
              type="button"
              onClick={() => onRead(item.id)}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300"
            >
              <Check className="size-4" aria-hidden />
              {t('announcements.markRead')}
            </button>
          )}
        </footer>
      </div>
    </article>
  );
}
