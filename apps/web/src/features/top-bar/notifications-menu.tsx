import type { AnnouncementFeed, TicketReadResult } from '@hostdeck/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, Megaphone, MessageSquare } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { useUiSettings } from '../../lib/ui-settings.ts';
import { useMarkRead, useUnreadAnnouncements } from '../announcements/api.ts';
import { type DeferredMenuProps, useFocusFirstItem } from './deferred-menu.tsx';
import { menuLook } from './menu-look.ts';
import { NotificationsTrigger } from './triggers.tsx';
import { ticketUnreadKey, useUnreadTickets } from './unread.ts';

const itemClass =
  'flex cursor-pointer items-start gap-2.5 rounded-lg px-3 py-2 outline-none data-highlighted:bg-brand-500/15';
/** The newest announcements the bell looks through for unread ones. */
const RECENT = 20;
const recentKey = ['announcements', 'bell'] as const;

/**
 * The bell: staff replies to my tickets and unread announcements, with their sum on it. Opening one
 * marks it read and goes to the ticket or the feed; "mark all" clears both. The counts are kept
 * fresh by the notifications socket (live.ts), besides polling; the announcements list is asked
 * for again each time the menu opens. Not modal, like the profile menu (see there).
 */
export function NotificationsMenu({ defaultOpen = false, focusFirst }: DeferredMenuProps) {
  const focusFirstItem = useFocusFirstItem(focusFirst);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [open, setOpen] = useState(defaultOpen);
  const unread = useUnreadAnnouncements().data ?? 0;
  const tickets = useUnreadTickets().data?.data ?? [];
  const recent = useQuery({
    queryKey: recentKey,
    queryFn: () => api<AnnouncementFeed>(`/api/announcements?page=1&per_page=${RECENT}`),
    enabled: open,
    staleTime: 0,
  });
  const markRead = useMarkRead();
  const { enterClass, ...look } = menuLook(useUiSettings().notifications);
  const items = (recent.data?.data ?? []).filter((a) => a.unread);
  const mark = (id: number | 'all') =>
    markRead.mutateAsync(id).then(() => client.invalidateQueries({ queryKey: recentKey }));
  const markTicket = (id: number | 'all') =>
    api<TicketReadResult>(id === 'all' ? '/api/tickets/read-all' : `/api/tickets/${id}/read`, {
      method: 'POST',
    }).then(() => client.invalidateQueries({ queryKey: ticketUnreadKey }));
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger asChild>
        <NotificationsTrigger />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={focusFirstItem}
          align="end"
          sideOffset={6}
          collisionPadding={8}
          {...look}
          className={`surface z-50 flex w-80 max-w-[calc(100vw-1rem)] flex-col p-1 text-sm ${enterClass}`}
          data-testid="notifications-items"
        >
          <DropdownMenu.Label className="px-3 py-2 font-semibold">{t('topBar.notifications.title')}</DropdownMenu.Label>
          <div className="max-h-80 overflow-y-auto">
            {tickets.map((ticket) => (
              <DropdownMenu.Item
                key={`ticket-${ticket.id}`}
                className={itemClass}
                data-testid="notification"
                onSelect={() => {
                  void markTicket(ticket.id);
                  navigate(`/ticket/${ticket.id}`);
                }}
              >
                <MessageSquare className="mt-0.5 size-4 shrink-0 text-brand-500" aria-hidden />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{ticket.subject}</span>
                  <span className="text-xs text-muted">
                    {t('topBar.notifications.ticket', { count: ticket.count })}
                  </span>
                </span>
              </DropdownMenu.Item>
            ))}
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
                  <span className="text-xs text-muted">{t('topBar.notifications.announcement')}</span>
                </span>
              </DropdownMenu.Item>
            ))}
          </div>
          {items.length + tickets.length === 0 && (
            <p className="px-3 py-4 text-center text-muted" data-testid="notifications-empty">
              {recent.isPending ? t('common.loading') : t('topBar.notifications.empty')}
            </p>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          {unread + tickets.length > 0 && (
            <DropdownMenu.Item
              className={itemClass}
              // Stays open: the list empties in place.
              onSelect={(e) => {
                e.preventDefault();
                if (unread > 0) void mark('all');
                if (tickets.length > 0) void markTicket('all');
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
