import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useUnreadAnnouncements } from '../../features/announcements/api.ts';
import { useMemberAds } from '../../lib/ads.ts';
import { queryClient } from '../../lib/query-client.ts';
import { settingsStore } from '../../lib/settings-store.ts';
import { useSession } from '../../lib/use-session.ts';
import { useSettingsState } from '../../lib/use-settings.ts';
import { adminNav, enabledEntries, memberNav, type NavEntry, visibleEntries } from '../nav.ts';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';

/** Top bar, side navigation and page: the frame of every signed-in page. */
function ShellLayout({
  entries,
  label,
  badges,
  pluginItems,
}: {
  entries: NavEntry[];
  label: string;
  badges?: Parameters<typeof SideNav>[0]['badges'];
  pluginItems?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="min-h-dvh">
      <TopBar onMenu={() => setOpen(true)} menuOpen={open} />
      <div className="flex">
        <SideNav
          entries={entries}
          open={open}
          onClose={() => setOpen(false)}
          label={label}
          badges={badges}
          pluginItems={pluginItems}
        />
        <main className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8 print:p-0">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function MemberLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <MemberShell />
    </QueryClientProvider>
  );
}

/** The member navigation without the areas switched off, with the unread announcements beside their entry. */
export function MemberShell() {
  const { t } = useTranslation();
  const unread = useUnreadAnnouncements().data ?? 0;
  useSettingsState();
  useMemberAds();
  return (
    <ShellLayout
      entries={enabledEntries(memberNav, settingsStore.get)}
      label={t('nav.main')}
      badges={{ '/announcements': { count: unread, label: t('announcements.unreadCount', { count: unread }) } }}
      pluginItems
    />
  );
}

/** The admin area: navigation generated from the registry, filtered by the member's permissions. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { data } = useSession();
  return (
    <QueryClientProvider client={queryClient}>
      <ShellLayout entries={visibleEntries(adminNav, data?.permissions ?? [])} label={t('admin.nav.label')} />
    </QueryClientProvider>
  );
}
