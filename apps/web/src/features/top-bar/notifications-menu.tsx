import type { AnnouncementFeed } from '@hostdeck/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, Megaphone } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { useMarkRead, useUnreadAnnouncements } from '../announcements/api.ts';
import { type DeferredMenuProps, useFocusFirstItem } from './deferred-menu.tsx';
import { NotificationsTrigger } from './triggers.tsx';

const itemClass =
  'flex cursor-pointer items-start gap-2.5 rounded-lg px-3 py-2 outline-none data-highlighted:bg-brand-500/15';
/** The newest announcements the bell looks through for unread ones. */
const RECENT = 20;
const recentKey = ['announcements', 'bell'] as const;

/**
 * The bell: unread announcements with a count on it. Opening one marks it read and goes to the
 * feed; "mark all" clears the count. There is no WebSocket event for announcements, so the count
 * follows the announcements' own polling (and a refresh when the window regains focus) and the list
 * is asked for again each time the menu opens.
 */
export function NotificationsMenu({ defaultOpen = false, focusFirst }: DeferredMenuProps) {
  const focusFirstItem = useFocusFirstItem(focusFirst);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [open, setOpen] = useState(defaultOpen);
  const unread = useUnreadAnnouncements().data ?? 0;
  const recent = useQuery({
    queryKey: recentKey,
    queryFn: () => api<AnnouncementFeed>(`/api/announcements?page=1&per_page=${RECENT}`),
    enabled: open,
    staleTime: 0,
  });
  const markRead = useMarkRead();
  const items = (recent.data?.data ?? []).filter((a) => a.unread);
  const mark = (id: number | 'all') =>
    markRead.mutateAsync(id).then(() => client.invalidateQueries({ queryKey: recentKey }));
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger asChild>
        <NotificationsTrigger />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={focusFirstItem}
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="surface z-50 flex w-80 max-w-[calc(100vw-1rem)] flex-col p-1 text-sm"
          data-testid="notifications-items"
        >
          <DropdownMenu.Label className="px-3 py-2 font-semibold">{t('topBar.notifications.title')}</DropdownMenu.Label>
          <div className="max-h-80 overflow-y-auto">
            {items.map((a) => (
              <DropdownMenu.Item
                key={a.id}
                className={itemClass}
                data-testid="notification"
                onSelect={() => {
                  void mark(a.id);
                  navigate('/announcements');
                }}
              >
                <Megaphone className="mt-0.5 size-4 shrink-0 text-brand-500" aria-hidden />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{a.title}</span>
                  <span className="text-xs text-slate-500">{t('topBar.notifications.announcement')}</span>
                </span>
              </DropdownMenu.Item>
            ))}
          </div>
          {items.length === 0 && (
            <p className="px-3 py-4 text-center text-slate-500" data-testid="notifications-empty">
              {recent.isPending ? t('common.loading') : t('topBar.notifications.empty')}
            </p>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          {unread > 0 && (
            <DropdownMenu.Item
              className={itemClass}
              // Stays open: the list empties in place.
              onSelect={(e) => {
                e.preventDefault();
                void mark('all');
              }}
            >
              <CheckCheck className="size-4" aria-hidden />
              {t('announcements.markAllRead')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/announcements">{t('topBar.notifications.all')}</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
