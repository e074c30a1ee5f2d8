import { Bell } from 'lucide-react';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/use-session.ts';
import { useUnreadAnnouncements } from '../announcements/api.ts';
import { Avatar } from '../profiles/member-parts.tsx';
import { useUnreadTickets } from './unread.ts';

/**
 * The two buttons at the right of the top bar, without their menus: they render at once, and the
 * menus (Radix and its positioning, ~30 KB) load when a member reaches for one (deferred-menu.tsx).
 * The menus use these same buttons as their triggers, so nothing moves when they arrive.
 */
type ButtonProps = ComponentPropsWithoutRef<'button'>;

export const ProfileTrigger = forwardRef<HTMLButtonElement, ButtonProps>(function ProfileTrigger(props, ref) {
  const { t } = useTranslation();
  const { data } = useSession();
  const info = data?.userInfo ?? {};
  const member = {
    username: String(info.username ?? ''),
    avatar: typeof info.avatar === 'string' && info.avatar ? info.avatar : null,
    role_color: String(info.role_color ?? ''),
  };
  return (
    <button
      ref={ref}
      type="button"
      data-testid="profile-menu"
      aria-haspopup="menu"
      aria-label={t('topBar.profile.open', { name: member.username })}
      className="flex items-center gap-2 rounded-full p-0.5 pr-2 hover:bg-slate-200/70 data-[state=open]:bg-slate-200/70 dark:hover:bg-slate-800/70 dark:data-[state=open]:bg-slate-800/70"
      {...props}
    >
      <Avatar member={member} />
      <span className="hidden max-w-32 truncate text-sm font-semibold sm:block">{member.username}</span>
    </button>
  );
});

export const NotificationsTrigger = forwardRef<HTMLButtonElement, ButtonProps>(
  function NotificationsTrigger(props, ref) {
    const { t } = useTranslation();
    // Unread announcements and unread staff replies to my tickets.
    const unread = (useUnreadAnnouncements().data ?? 0) + (useUnreadTickets().data?.unread ?? 0);
    return (
      <button
        ref={ref}
        type="button"
        data-testid="notifications"
        aria-haspopup="menu"
        aria-label={
          unread > 0 ? t('topBar.notifications.openUnread', { count: unread }) : t('topBar.notifications.open')
        }
        className="relative rounded-lg p-2 hover:bg-slate-200/70 data-[state=open]:bg-slate-200/70 dark:hover:bg-slate-800/70 dark:data-[state=open]:bg-slate-800/70"
        {...props}
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 && (
          <span
            aria-hidden
            data-testid="notifications-badge"
            className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-brand-500 px-1 text-center text-[10px] leading-4 font-bold text-slate-950 tabular-nums"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
    );
  },
);
