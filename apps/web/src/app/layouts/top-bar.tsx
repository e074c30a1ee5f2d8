import { Coins, Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CustomizationButton } from '../../features/customization/host.tsx';
import { SearchLauncher } from '../../features/search/search-launcher.tsx';
import { NotificationsMenu, ProfileMenu } from '../../features/top-bar/deferred-menu.tsx';
import { useLiveNotifications } from '../../features/top-bar/unread.ts';
import { settingsStore } from '../../lib/settings-store.ts';
import { useUiSettings } from '../../lib/ui-settings.ts';
import { surfaceProps } from '../../lib/ui-surface.ts';
import { useSession } from '../../lib/use-session.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { adminNav, enabledEntries, memberNav, visibleEntries } from '../nav.ts';
import { BrandLogo } from './brand-logo.tsx';
import { SIDE_NAV_ID } from './side-nav.tsx';

/** The bar over every signed-in page: the coin balance is always in view. */
export function TopBar({ onMenu, menuOpen = false }: { onMenu: () => void; menuOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const { data } = useSession();
  const appName = useSetting<string>('app_name');
  const coins = Number(data?.userInfo.credits ?? 0);
  const ui = useUiSettings();
  useLiveNotifications();
  return (
    <header
      {...surfaceProps(ui.topNavigation)}
      data-testid="top-bar"
      className="surface sticky top-0 z-20 flex print:hidden items-center gap-1 rounded-none border-x-0 border-t-0 px-3 py-2 sm:gap-2 sm:px-5"
    >
      <button
        type="button"
        onClick={onMenu}
        className="rounded-lg p-2 lg:hidden"
        aria-label={t('nav.menu')}
        aria-expanded={menuOpen}
        aria-controls={SIDE_NAV_ID}
      >
        <Menu className="size-5" aria-hidden />
      </button>
      {/* A full bar on a phone: the gaps narrow, and the logo gives way to the coins no further than the mark's size. */}
      <Link to="/dashboard" className="mr-auto flex min-w-7 items-center gap-2 font-bold tracking-tight">
        <BrandLogo size="sm" />
        {/* Read out on a phone too, where only the logo shows: the link needs a name. */}
        <span className="sr-only sm:not-sr-only">{appName}</span>
      </Link>
      <SearchLauncher
        pages={() => [
          ...enabledEntries(memberNav, settingsStore.get),
          ...visibleEntries(adminNav, data?.permissions ?? []),
        ]}
      />
      <span
        className="flex shrink-0 items-center gap-1.5 rounded-full bg-amber-400/15 px-3 py-1 text-sm font-semibold text-amber-700 dark:text-coin"
        title={t('dashboard.coins')}
      >
        <Coins className="size-4" aria-hidden />
        <span data-testid="coins">{coins.toLocaleString(i18n.language === 'md' ? 'ro-MD' : i18n.language)}</span>
        <span className="sr-only">{t('dashboard.coins')}</span>
      </span>
      <CustomizationButton />
      <NotificationsMenu />
      <ProfileMenu />
    </header>
  );
}
